/// What can go wrong with a Piper voice or the sherpa-onnx engine; the CLI maps `category` to an exit code.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum PiperError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The sherpa-onnx C API library was not found or lacks a function (exit 69).
    case libraryUnavailable(String)
    /// A file of the voice is missing (exit 66).
    case missingFile(path: String, what: String)
    /// A file of the voice is not what a Piper voice has (exit 65): the file and the key or reason.
    case badVoice(path: String, key: String, reason: String)
    /// The engine refused the model (exit 65).
    case loadFailed(path: String)
    /// Generation failed (exit 70).
    case synthesisFailed(String)

    /// What kind of failure, for exit codes.
    public enum Category: Sendable { case unavailable, missingInput, badData, internalError }

    /// The kind of failure.
    public var category: Category {
        switch self {
        case .libraryUnavailable: return .unavailable
        case .missingFile: return .missingInput
        case .badVoice, .loadFailed: return .badData
        case .synthesisFailed: return .internalError
        }
    }

    /// One line for the user.
    public var description: String {
        switch self {
        case .libraryUnavailable(let reason):
            return "the neural voice engine (sherpa-onnx) is not available: \(reason)"
        case .missingFile(let path, let what):
            return "\(path): \(what) not found"
        case .badVoice(let path, let key, let reason):
            return "\(path): \(key): \(reason)"
        case .loadFailed(let path):
            return "\(path): sherpa-onnx could not load this Piper model"
        case .synthesisFailed(let reason):
            return "neural synthesis failed: \(reason)"
        }
    }
}
