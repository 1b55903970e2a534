/// Where `drive` and `say` send their speech (`--output`, or `output` in the settings file): one type and one
/// parser for both commands and the settings file, so the accepted forms cannot drift apart.
enum AudioOutput: Equatable {
    /// ALSA `default`, falling back to text with one warning.
    case auto
    /// This ALSA device, its name passed through unchanged (`alsa:file:'/tmp/x.raw',raw`); failing to open it is
    /// exit 69.
    case alsa(String)
    /// Render to this WAV file.
    case wav(String)
    /// Silent, log only.
    case text

    /// The forms, for messages.
    static let forms = "auto, alsa, alsa:DEVICE, wav:FILE or text"

    /// Reads one value: `auto`, `alsa`, `alsa:DEVICE`, `wav:FILE` or `text`; nil for anything else (an empty
    /// device or file name included).
    init?(_ raw: String) {
        switch raw {
        case "auto": self = .auto
        case "text": self = .text
        case "alsa": self = .alsa("default")
        case _ where raw.hasPrefix("alsa:") && raw.count > 5: self = .alsa(String(raw.dropFirst(5)))
        case _ where raw.hasPrefix("wav:") && raw.count > 4: self = .wav(String(raw.dropFirst(4)))
        default: return nil
        }
    }

    /// Parses `--output` of `command` (not given: `auto`); anything else is a usage error.
    static func parse(_ raw: String?, command: String) throws -> AudioOutput {
        guard let raw else { return .auto }
        guard let output = AudioOutput(raw) else {
            throw CLIError.usage("option '--output' must be \(forms), got '\(raw)'", command: command)
        }
        return output
    }
}
