/// A voice as the user names it: `espeak:NAME` (or a plain `NAME`) for eSpeak NG, `piper:NAME_OR_PATH` for a
/// Piper voice (a path to its `.onnx`, or a name found in the voice folders), `piper` alone for the locale's.
public enum VoiceChoice: Sendable, Hashable, CustomStringConvertible {
    /// An eSpeak NG voice (nil: the locale's).
    case espeak(String?)
    /// A Piper voice by name or path (nil: the locale's `piperVoice`).
    case piper(String?)

    /// Reads `--voice`'s value.
    public init(_ text: String) {
        if text == "piper" { self = .piper(nil); return }
        if text == "espeak" { self = .espeak(nil); return }
        if text.hasPrefix("piper:") { self = .piper(String(text.dropFirst(6))); return }
        if text.hasPrefix("espeak:") { self = .espeak(String(text.dropFirst(7))); return }
        self = .espeak(text)
    }

    /// The backend's name.
    public var backend: String {
        switch self {
        case .espeak: return "espeak"
        case .piper: return "piper"
        }
    }

    /// As written on the command line.
    public var description: String {
        switch self {
        case .espeak(let name): return name.map { "espeak:" + $0 } ?? "espeak"
        case .piper(let name): return name.map { "piper:" + $0 } ?? "piper"
        }
    }
}
