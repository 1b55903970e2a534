import SafeIO
import RouteModel

/// Errors from loading locale and phrasebook data. Each names the file and the key.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum PhrasingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No locale file for the tag; `available` lists the known tags, `suggestion` the closest one.
    case unknownLocale(tag: String, available: [String], suggestion: String?)
    /// A data file is missing.
    case missingFile(path: String)
    /// A file is not valid JSON (the error has line, column and the key path being read).
    case syntax(file: String, error: JSONParseError)
    /// A member has a wrong type or value.
    case invalidData(file: String, key: String, message: String)
    /// A template does not compile (unknown slot, unknown filter, bad brackets).
    case template(file: String, key: String, message: String)
    /// No data directory with `Locales/` and `Phrasebooks/` was found.
    case noDataDirectory(searched: [String])

    /// One line naming the file and key; control characters from the data are written visibly, never raw.
    public var description: String { ControlCharacters.escaped(rawDescription) }

    private var rawDescription: String {
        switch self {
        case .unknownLocale(let tag, let available, let suggestion):
            return "unknown locale '\(tag)'" + (suggestion.map { ". Did you mean '\($0)'?" } ?? "") + " Available: \(available.joined(separator: ", "))"
        case .missingFile(let path): return "\(path): file not found"
        case .syntax(let file, let error): return "\(file):\(error.line):\(error.column): JSON syntax error: \(error.reason)" + (error.keyPath.isEmpty ? "" : " (key '\(error.keyPath)')")
        case .invalidData(let file, let key, let message): return "\(file): \(key): \(message)"
        case .template(let file, let key, let message): return "\(file): templates.\(key): \(message)"
        case .noDataDirectory(let searched): return "no VoiceGuide data directory (Locales/ + Phrasebooks/) found; searched: \(searched.joined(separator: ", "))"
        }
    }
}
