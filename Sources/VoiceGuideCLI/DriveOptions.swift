import Foundation
import SafeIO
import Phrasing
import Speech
import SpeechESpeakNG

/// `drive`'s voice, verbosity and event options (`--voice`, `--rate`, `--pitch`, `--quiet`, `--verbose`,
/// `--events`), parsed apart from the guidance options.
struct DriveExtras {
    /// eSpeak NG voice instead of the locale's.
    var voice: String?
    /// Words per minute (80–450) instead of 175.
    var rate: Int?
    /// Base pitch 0–100 instead of 50.
    var pitch: Int?
    /// How much the log says.
    var verbosity = DriveVerbosity.normal
    /// The `--events` writer, if asked for.
    var events: DriveEventWriter?
    /// True with `--events -`: stdout carries the events, so the human log goes to stderr.
    var eventsToStdout = false

    /// The options `drive` accepts on top of the guidance options.
    static let optionSpecs: [OptionSpec] = [
        OptionSpec("voice", value: "NAME", help: "eSpeak NG voice instead of the locale's (see --list-voices)."),
        OptionSpec("rate", value: "WPM", help: "Speaking rate in words per minute, 80 to 450 (default 175)."),
        OptionSpec("pitch", value: "P", help: "Voice pitch, 0 to 100 (default 50)."),
        OptionSpec("quiet", help: "Print only warnings, errors and the closing summary."),
        OptionSpec("verbose", help: "Also log when each announcement starts and ends, and its spoken form."),
        OptionSpec("events", value: "FILE|-", help: "Write what happens as JSON lines (announcements and their outcome, mute, keys, pause, off route) to FILE, or to stdout with -."),
        OptionSpec("list-voices", help: "List the eSpeak NG voices for the locale's language and exit."),
        OptionSpec("list-routes", help: "List the example routes that ROUTE may name and exit."),
    ]

    /// Reads the options; `--quiet` with `--verbose` is a usage error, an events file that cannot be created
    /// exit 73.
    static func parse(_ arguments: ParsedArguments, io: CommandIO, command: String) throws -> DriveExtras {
        var extras = DriveExtras()
        extras.voice = arguments.values["voice"]
        if let voice = extras.voice {
            // Checked up front: text mode never builds a synthesizer, and a typo should not pass silently.
            do { _ = try ESpeakSynthesizer.resolveVoice(voice) } catch ESpeakError.unknownVoice(let name, let close) {
                throw VoiceListing.unknownVoice(name, close: close)
            }
        }
        extras.rate = try arguments.number("rate", in: 80...450, command: command).map { Int(saturatingRounded: $0) }
        extras.pitch = try arguments.number("pitch", in: 0...100, command: command).map { Int(saturatingRounded: $0) }
        switch (arguments.flags.contains("quiet"), arguments.flags.contains("verbose")) {
        case (true, true): throw CLIError.usage("--quiet and --verbose cannot go together", command: command)
        case (true, false): extras.verbosity = .quiet
        case (false, true): extras.verbosity = .verbose
        default: break
        }
        if let path = arguments.values["events"] {
            if path == "-" {
                extras.events = DriveEventWriter { line in io.write(line) }
                extras.eventsToStdout = true
            } else {
                extras.events = try DriveEventWriter(path: path)
            }
        }
        return extras
    }

    /// The voice the drive speaks with.
    func voiceName(_ settings: GuidanceSettings) -> String { voice ?? settings.locale.profile.voice }

    /// The synthesizer for the drive: the locale's unless `--voice`/`--rate`/`--pitch` say otherwise. An
    /// unknown `--voice` is a usage error with close matches.
    func synthesizer(_ settings: GuidanceSettings) throws -> any SpeechSynthesizer {
        guard voice != nil || rate != nil || pitch != nil else { return try settings.synthesizer() }
        if voice == nil { _ = try settings.synthesizer() }  // the locale's voice is checked as usual (exit 65)
        do {
            let eSpeak = try ESpeakSynthesizer(voice: voiceName(settings), rate: rate ?? 175, pitch: pitch ?? 50, cacheSeconds: 120)
            return try PhrasingSupport.pronouncing(eSpeak, backend: "espeak", voice: voiceName(settings), data: settings.data)
        } catch ESpeakError.unknownVoice(let name, let close) {
            throw VoiceListing.unknownVoice(name, close: close)
        }
    }
}

/// What to say when no sound device opens.
enum AudioHint {
    /// Names the outputs that need no sound card.
    static let text = "Use '--output text' for text only, or '--output wav:FILE' to write the speech to a WAV file."
}
