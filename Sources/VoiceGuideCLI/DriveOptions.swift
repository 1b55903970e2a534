import Foundation
import SafeIO
import Phrasing
import SpeechBackends

/// `drive`'s voice, verbosity and event options (`--voice`, `--rate`, `--pitch`, `--quiet`, `--verbose`,
/// `--events`), parsed apart from the guidance options.
struct DriveExtras {
    /// The voice instead of the locale's eSpeak NG one (`--voice`).
    var voice: VoiceChoice?
    /// `--rate` and `--pitch`.
    var tuning = VoiceTuning()
    /// How much the log says.
    var verbosity = DriveVerbosity.normal
    /// The `--events` writer, if asked for.
    var events: DriveEventWriter?
    /// True with `--events -`: stdout carries the events, so the human log goes to stderr.
    var eventsToStdout = false

    /// The options `drive` accepts on top of the guidance options.
    static let optionSpecs: [OptionSpec] = [
        VoiceSelection.option,
    ] + VoiceTuning.optionSpecs + [
        OptionSpec("quiet", help: "Print only warnings, errors and the closing summary."),
        OptionSpec("verbose", help: "Also log when each announcement starts and ends, and its spoken form."),
        OptionSpec("events", value: "FILE|-", help: "Write what happens as JSON lines (announcements and their outcome, mute, keys, pause, off route) to FILE, or to stdout with -."),
        OptionSpec("list-voices", help: "List the eSpeak NG and Piper voices for the locale's language and exit."),
        OptionSpec("list-routes", help: "List the example routes that ROUTE may name and exit."),
    ]

    /// Reads the options; `--quiet` with `--verbose` is a usage error, an events file that cannot be created
    /// exit 73.
    static func parse(_ arguments: ParsedArguments, io: CommandIO, command: String) throws -> DriveExtras {
        var extras = DriveExtras()
        extras.voice = arguments.values["voice"].map(VoiceChoice.init)
        // Checked up front: text mode never builds a synthesizer, and a typo should not pass silently.
        if let voice = extras.voice { try VoiceSelection.checkESpeakName(voice) }
        extras.tuning = try VoiceTuning(arguments, command: command)
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

    /// The voice the drive speaks with, through the factory: the locale's unless `--voice`/`--rate`/`--pitch`
    /// say otherwise. An unknown eSpeak `--voice` is a usage error with close matches.
    func voice(_ settings: GuidanceSettings, io: CommandIO) throws -> SpeechBackend.Voice {
        try settings.voice(voice, rate: tuning.rate, pitch: tuning.pitch, io: io)
    }
}

/// What to say when no sound device opens.
enum AudioHint {
    /// Names the outputs that need no sound card.
    static let text = "Use '--output text' for text only, or '--output wav:FILE' to write the speech to a WAV file."
}
