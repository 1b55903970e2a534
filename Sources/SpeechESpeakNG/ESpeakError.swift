import Foundation

/// A failure of the eSpeak NG engine or of voice selection.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum ESpeakError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `espeak_Initialize` failed (no data directory?).
    case initializationFailed(code: Int32)
    /// No installed voice or language matches; `closeMatches` lists likely intended names.
    case unknownVoice(String, closeMatches: [String])
    /// The engine refused a voice it listed (never silently replaced by another language).
    case voiceSelectionFailed(String, code: Int32)
    /// `espeak_Synth` returned an error code.
    case synthesisFailed(code: Int32)
    /// The utterance's audio grew past the bound (`Utterance.maxAudioSeconds`); synthesis was stopped there.
    case utteranceTooLong(seconds: Double)

    /// One line for the user.
    public var description: String {
        switch self {
        case .initializationFailed(let code):
            return "eSpeak NG could not start (code \(code)); is espeak-ng-data installed?"
        case .unknownVoice(let name, let close):
            let hint = close.isEmpty ? "" : "; close matches: \(close.joined(separator: ", "))"
            return "unknown voice '\(name)'\(hint)"
        case .voiceSelectionFailed(let name, let code):
            return "eSpeak NG refused voice '\(name)' (code \(code))"
        case .synthesisFailed(let code):
            return "eSpeak NG synthesis failed (code \(code))"
        case .utteranceTooLong(let seconds):
            return "the text would take more than \(String(format: "%.0f", seconds / 60)) minutes to say; synthesis stopped there"
        }
    }
}
