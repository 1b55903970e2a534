import Foundation
import Speech
import SpeechBackends
import Phrasing
import AudioALSA
import SafeIO

/// `voiceguide say TEXT`: speaks one text (or SSML) through ALSA, into a WAV file, or as text.
public enum SayCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "say"
    /// One line for the command list.
    public static let summary = "Speak a text or SSML through ALSA, into a WAV file, or as text."
    /// Usage after `voiceguide say`.
    public static let usage = "TEXT [--locale TAG] [--ssml] [--voice VOICE] [--rate WPM] [--pitch P] "
        + "[--output auto|alsa[:DEVICE]|wav:FILE|text] [--data-dir DIR] | --list-voices [--locale TAG] [--format text|json]"
    /// The options `say` accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("locale", value: "TAG", help: "Locale whose voice to use (e.g. de-DE); default en-US."),
        OptionSpec("ssml", help: "TEXT is an SSML <speak> document (checked for well-formedness first)."),
        VoiceSelection.option,
    ] + VoiceTuning.optionSpecs + [
        OptionSpec("output", value: "OUT", help: "auto (default: ALSA 'default', else text, as drive does), alsa, alsa:DEVICE, wav:FILE, or text."),
        OptionSpec("list-voices", help: "List the eSpeak NG and Piper voices for the locale's language and exit."),
        OptionSpec("format", value: "FORMAT", help: "With --list-voices: text (default) or json (docs/voices.schema.json)."),
        PhrasingSupport.dataDirOption,
    ]

    /// Limits and examples.
    public static let notes = """
        TEXT is at most 10,000 bytes; with --output text its length is
        estimated (as transcript does), not synthesized. SSML may use speak,
        voice, prosody, say-as, sub, phoneme, break, emphasis, mark, lang, s
        and p; a break is at most 10 s, all breaks together at most 60 s.
        Examples:
          voiceguide say "Turn left onto Main Street."           through ALSA 'default'
          voiceguide say "Bitte links abbiegen." --locale de-DE  with the German voice
          voiceguide say "Hello" --output wav:hello.wav          into a WAV file
          voiceguide say "Hi" --voice piper:en_US-joe-medium     neural voice
          voiceguide say --list-voices --locale fr-FR            French voices
        """

    /// The longest TEXT, in UTF-8 bytes: an announcement is a sentence, and a whole page read aloud is not what
    /// this command is for (nor should it cost minutes of synthesis).
    public static let maxTextBytes = 10_000

    /// Speaks TEXT to the chosen output; errors map to exit 64/65/69 (docs/ARCHITECTURE.md §3 rule 7).
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if arguments.flags.contains("list-voices") {
            guard arguments.positionals.isEmpty else {
                throw CLIError.usage("--list-voices takes no TEXT, got '\(arguments.positionals.joined(separator: " "))'", command: name)
            }
            return try VoiceListing.run(arguments, io: io)
        }
        if arguments.values["format"] != nil { throw CLIError.usage("--format applies only to --list-voices", command: name) }
        let text = arguments.positionals.joined(separator: " ")
        guard !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw CLIError.usage("say needs a TEXT to speak", command: name)
        }
        guard text.utf8.count <= maxTextBytes else {
            throw CLIError.usage("TEXT is \(text.utf8.count) bytes; say takes at most \(maxTextBytes) (about ten minutes of speech)", command: name)
        }
        let isSSML = arguments.flags.contains("ssml")
        if isSSML {
            do { try SSMLValidator.validate(text) } catch let error as SSMLError {
                throw CLIError(.dataError, "TEXT: \(error)")
            }
        }
        let output = try AudioOutput.parse(arguments.values["output"], command: name)
        let tuning = try VoiceTuning(arguments, command: name)
        let (rate, pitch) = (tuning.rate, tuning.pitch)
        let (voice, locale) = try self.voice(arguments, rate: rate, pitch: pitch, io: io)
        let synthesizer = voice.synthesizer
        let utterance = Utterance(text: text, isSSML: isSSML, label: "say")
        switch output {
        case .text:
            printText(utterance, voice: voice, seconds: estimate(utterance, locale: locale, rate: rate), io: io)
        case .wav(let path):
            let clock = VirtualClock()
            let sink = WAVFileSink(path: path)
            let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
            do { try player.prepare() } catch { throw DriveSetup.wavError(path, error, creating: true) }
            do { try speak(utterance, player: player, clock: clock) } catch let error as CLIError where error.code == .unavailable {
                throw CLIError(.ioError, "\(path): cannot write the WAV file: \(StandardStreams.reason(error.message))")
            }
            do { try player.finish() } catch { throw DriveSetup.wavError(path, error, creating: false) }
            io.error("Wrote \(path) (\(String(format: "%.2f", sink.secondsWritten)) s).")
        case .alsa(let device):
            let player = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do { try player.prepare() } catch let error as AudioDeviceUnavailable {
                throw CLIError(.unavailable, error.description, hint: AudioHint.text)
            }
            defer { try? player.shutdown() }
            try speak(utterance, player: player, clock: SystemClock())
        case .auto:
            let player = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: "default"))
            do { try player.prepare() } catch let error as AudioDeviceUnavailable {
                // The same rule as drive's `auto`: one warning, then text.
                io.error("voiceguide say: no audio output (\(error.description)); printing the text instead. "
                         + AudioHint.text)
                printText(utterance, voice: voice, seconds: estimate(utterance, locale: locale, rate: rate), io: io)
                return .ok
            }
            defer { try? player.shutdown() }
            try speak(utterance, player: player, clock: SystemClock())
        }
        return .ok
    }

    /// The speaking time of `utterance` in text mode, estimated as `transcript` does (the locale's words or
    /// characters per second, `PhraseDurationEstimator`; SSML by its text, tags left out), scaled by `--rate`
    /// against the default 175 wpm: nothing is synthesized, so 10 KB of text returns at once.
    static func estimate(_ utterance: Utterance, locale: LocaleProfile, rate: Int) -> Double {
        var model = locale.speakingRate
        model.perSecond *= Double(rate) / Double(VoiceTuning.defaultRate)
        return PhraseDurationEstimator.duration(of: utterance.isSSML ? utterance.text.replacingTags() : utterance.text,
                                                rate: model)
    }

    /// `--output text`: the text with its estimated length and voice.
    private static func printText(_ utterance: Utterance, voice: SpeechBackend.Voice, seconds: Double, io: CommandIO) {
        let name = voice.piper == nil ? voice.espeak.voice.voice.shortName : "piper:" + voice.name
        io.print("[0.00–\(String(format: "%.2f", seconds))] (\(name)) \(utterance.text)")
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

    /// The voice, through the factory: `--voice` (an unknown eSpeak one is a usage error, 64, with close
    /// matches), else the `--locale` profile's voice (an unknown one there is bad locale data, 65, naming the
    /// file), else en-US's. A Piper voice must speak the locale's language. With the locale it was chosen for.
    static func voice(_ arguments: ParsedArguments, rate: Int, pitch: Int = VoiceTuning.defaultPitch,
                      io: CommandIO) throws -> (SpeechBackend.Voice, LocaleProfile) {
        let data = try PhrasingSupport.data(arguments, io: io)
        let locale = try PhrasingSupport.locale(arguments.values["locale"] ?? VoiceGuideData.defaultLocaleTag, data: data, io: io)
        let choice = arguments.values["voice"].map(VoiceChoice.init)
        if let choice { try VoiceSelection.checkESpeakName(choice) }
        var voice = try VoiceSelection.voice(choice, locale: locale, data: data, rate: rate, pitch: pitch, cacheSeconds: 0,
                                             checksLanguage: arguments.values["locale"] != nil, io: io)
        if case .espeak? = choice, arguments.values["locale"] == nil { voice.name = voice.espeak.voice.voice.shortName }
        return (voice, locale.profile)
    }
}
