import Foundation
import Speech
import SpeechESpeakNG
import AudioALSA
import SafeIO

/// `voiceguide say TEXT`: speaks one text (or SSML) through ALSA, into a WAV file, or as text.
public enum SayCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "say"
    /// One line for the command list.
    public static let summary = "Speak a text or SSML through ALSA, into a WAV file, or as text."
    /// Usage after `voiceguide say`.
    public static let usage = "TEXT [--locale TAG] [--ssml] [--voice NAME] [--rate WPM] [--output alsa[:DEVICE]|wav:FILE|text]"
    /// The options `say` accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("locale", value: "TAG", help: "Locale whose voice to use (e.g. de-DE); default en-US."),
        OptionSpec("ssml", help: "TEXT is an SSML <speak> document (checked for well-formedness first)."),
        OptionSpec("voice", value: "NAME", help: "eSpeak NG voice (e.g. en-gb, fr-fr, cmn); overrides --locale."),
        OptionSpec("rate", value: "WPM", help: "Speaking rate in words per minute, 80 to 450 (default 175)."),
        OptionSpec("output", value: "OUT", help: "alsa (default device), alsa:DEVICE, wav:FILE, or text."),
        PhrasingSupport.dataDirOption,
    ]

    /// Where the speech goes.
    enum Output: Equatable {
        case alsa(String)
        case wav(String)
        case text
    }

    /// Speaks TEXT to the chosen output; errors map to exit 64/65/69 (see DESIGN.md §6).
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CLIError.usage("say needs a TEXT to speak", command: name)
        }
        let isSSML = arguments.flags.contains("ssml")
        if isSSML {
            do { try SSMLValidator.validate(text) } catch let error as SSMLError {
                throw CLIError(.dataError, "TEXT: \(error)")
            }
        }
        let output = try parseOutput(arguments.values["output"])
        let rate = try arguments.number("rate", in: 80...450, command: name).map { Int(saturatingRounded: $0) } ?? 175
        let synthesizer = try self.synthesizer(arguments, rate: rate, io: io)
        let utterance = Utterance(text: text, isSSML: isSSML, label: "say")
        switch output {
        case .text:
            let seconds = try synthesizer.render(utterance).duration
            io.print("[0.00–\(String(format: "%.2f", seconds))] (\(synthesizer.voice.voice.shortName)) \(text)")
        case .wav(let path):
            let clock = VirtualClock()
            let sink = WAVFileSink(path: path)
            let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
            do { try player.prepare() } catch let error as AudioDeviceUnavailable {
                throw CLIError(.unavailable, error.description)
            }
            try speak(utterance, player: player, clock: clock)
            try player.finish()
            io.error("Wrote \(path) (\(String(format: "%.2f", sink.secondsWritten)) s).")
        case .alsa(let device):
            let player = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do { try player.prepare() } catch let error as AudioDeviceUnavailable {
                throw CLIError(.unavailable, error.description)
            }
            defer { try? player.shutdown() }
            try speak(utterance, player: player, clock: SystemClock())
        }
        return .ok
    }

    /// Runs one utterance through a controller and turns a failure event into a CLI error.
    private static func speak(_ utterance: Utterance, player: any SpeechPlayer, clock: any SpeechClock) throws {
        let failure = Locked<String?>(nil)
        let controller = SpeechController(player: player, clock: clock) { event in
            if event.kind == .failed { failure.withLock { $0 = event.reason ?? "unknown failure" } }
        }
        controller.speak(utterance)
        guard controller.waitUntilIdle(timeout: 600) else { throw CLIError(.software, "speech did not finish") }
        if let reason = failure.snapshot { throw CLIError(.unavailable, "audio output failed: \(reason)") }
    }

    /// The synthesizer: `--voice` (an unknown one is a usage error, 64, with close matches), else the locale
    /// profile's voice (an unknown one there is bad locale data, 65, naming the file), else en-us.
    static func synthesizer(_ arguments: ParsedArguments, rate: Int, io: CommandIO) throws -> ESpeakSynthesizer {
        if arguments.values["voice"] == nil, let tag = arguments.values["locale"] {
            let data = try PhrasingSupport.data(arguments, io: io)
            let locale = try PhrasingSupport.locale(tag, data: data, io: io)
            return try PhrasingSupport.synthesizer(for: locale, data: data, rate: rate, cacheSeconds: 0)
        }
        do {
            return try ESpeakSynthesizer(voice: arguments.values["voice"] ?? "en-us", rate: rate, cacheSeconds: 0)
        } catch ESpeakError.unknownVoice(let voice, let close) {
            throw CLIError(.usage, "unknown voice '\(voice)'",
                           hint: close.isEmpty ? "Installed voices are listed by 'espeak-ng --voices'." : "Close matches: \(close.joined(separator: ", ")).")
        }
    }

    /// Parses `--output`: `alsa`, `alsa:DEVICE` (passed through unchanged), `wav:FILE`, `text`.
    static func parseOutput(_ raw: String?) throws -> Output {
        guard let raw else { return .alsa("default") }
        if raw == "text" { return .text }
        if raw == "alsa" { return .alsa("default") }
        if raw.hasPrefix("alsa:"), raw.count > 5 { return .alsa(String(raw.dropFirst(5))) }
        if raw.hasPrefix("wav:"), raw.count > 4 { return .wav(String(raw.dropFirst(4))) }
        throw CLIError.usage("option '--output' must be alsa, alsa:DEVICE, wav:FILE or text, got '\(raw)'", command: name)
    }
}
