import Foundation
import Phrasing
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
        extras.rate = try arguments.number("rate", in: 80...450, command: command).map { Int($0.rounded()) }
        extras.pitch = try arguments.number("pitch", in: 0...100, command: command).map { Int($0.rounded()) }
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
    func synthesizer(_ settings: GuidanceSettings) throws -> ESpeakSynthesizer {
        guard voice != nil || rate != nil || pitch != nil else { return try settings.synthesizer() }
        if voice == nil { _ = try settings.synthesizer() }  // the locale's voice is checked as usual (exit 65)
        do {
            return try ESpeakSynthesizer(voice: voiceName(settings), rate: rate ?? 175, pitch: pitch ?? 50, cacheSeconds: 120)
        } catch ESpeakError.unknownVoice(let name, let close) {
            throw VoiceListing.unknownVoice(name, close: close)
        }
    }
}

/// `--list-voices` for `say` and `drive`: the installed eSpeak NG voices that speak the locale's language.
enum VoiceListing {
    /// Prints the voices for `--locale` (default en-US), the locale's own voice marked with `*`.
    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let data = try PhrasingSupport.data(arguments, io: io)
        let locale = try PhrasingSupport.locale(arguments.values["locale"] ?? "en-US", data: data, io: io)
        let language = locale.profile.language.lowercased()
        let voices: [ESpeakVoice]
        do { voices = try ESpeakSynthesizer.installedVoices() } catch {
            throw CLIError(.unavailable, "eSpeak NG is not usable: \(error)", hint: "Run scripts/setup.sh.")
        }
        let own = try? ESpeakSynthesizer.resolveVoice(locale.profile.voice).voice.identifier
        let matching = voices.filter { v in v.languages.contains { $0.tag == language || $0.tag.hasPrefix(language + "-") } }
            .sorted { $0.identifier < $1.identifier }
        guard !matching.isEmpty else {
            throw CLIError(.unavailable, "no installed eSpeak NG voice speaks '\(language)' (\(locale.profile.tag))",
                           hint: "Run scripts/setup.sh (espeak-ng-data).")
        }
        io.print("# eSpeak NG voices for \(locale.profile.tag) (language '\(language)'); * is the locale's own; use the first column with --voice")
        let rows = matching.map { v in
            [(v.identifier == own ? "* " : "  ") + v.shortName, v.languages.map(\.tag).joined(separator: ","), v.name, v.identifier]
        }
        let widths = (0..<4).map { i in rows.map { $0[i].count }.max() ?? 0 }
        for row in rows {
            io.print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return .ok
    }

    /// An unknown `--voice`: usage error (64) with close matches.
    static func unknownVoice(_ name: String, close: [String]) -> CLIError {
        CLIError(.usage, "unknown voice '\(name)'",
                 hint: close.isEmpty ? "See '--list-voices'." : "Close matches: \(close.joined(separator: ", ")). See '--list-voices'.")
    }
}

/// The example routes shipped in the data's `Examples/Routes/`: listed by `drive --list-routes`, and a ROUTE that
/// is not a file but names one of them (`city-berlin` or `city-berlin.json`) is that route.
enum ExampleRoutes {
    /// The example routes' file names, sorted.
    static func names(_ data: VoiceGuideData) -> [String] {
        let dir = data.directory.appendingPathComponent("Examples/Routes")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// `path` itself when it exists (or is `-`); else the example route it names; else `path` (whose load then
    /// reports it missing).
    static func resolve(_ path: String, arguments: ParsedArguments, io: CommandIO) -> String {
        guard path != "-", !path.contains("/"), !FileManager.default.fileExists(atPath: path),
              let data = try? PhrasingSupport.data(arguments, io: io) else { return path }
        let file = path.hasSuffix(".json") ? path : path + ".json"
        guard names(data).contains(file) else { return path }
        return data.directory.appendingPathComponent("Examples/Routes/\(file)").path
    }

    /// Prints the example routes, one per line: name and path; the default route marked with `*`.
    static func list(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let data = try PhrasingSupport.data(arguments, io: io)
        let names = names(data)
        guard !names.isEmpty else {
            throw CLIError(.noInput, "\(data.directory.appendingPathComponent("Examples/Routes").path): no example routes")
        }
        let width = names.map(\.count).max() ?? 0
        io.print("# example routes in \(data.directory.appendingPathComponent("Examples/Routes").path); * is drive's default")
        for name in names {
            let base = String(name.dropLast(5))
            io.print((name == RouteLoading.defaultRouteName ? "* " : "  ")
                     + base.padding(toLength: width - 5, withPad: " ", startingAt: 0) + "  "
                     + data.directory.appendingPathComponent("Examples/Routes/\(name)").path)
        }
        return .ok
    }
}

/// Reports the edges of the scripted mute window (`--mute-from/--mute-until`) to `--events` when the drive
/// reaches them (the loop mutes the controller at exactly those simulated seconds).
final class WindowEvents: @unchecked Sendable {
    private let window: MuteWindow?
    private let console: DriveConsole
    private var muted = false
    private var done = false

    init(window: MuteWindow?, console: DriveConsole) {
        self.window = window
        self.console = console
    }

    /// Called with each simulated second the loop reaches.
    func reach(_ t: Double) {
        guard let window, !done else { return }
        if !muted, t >= window.from {
            muted = true
            console.event(DriveEvent("mute", at: window.from, [("source", .string("window"))]))
        }
        if muted, t >= window.until {
            done = true
            console.event(DriveEvent("unmute", at: window.until, [("source", .string("window"))]))
        }
    }
}

/// What to say when no sound device opens.
enum AudioHint {
    /// Names the outputs that need no sound card.
    static let text = "Use '--output text' for text only, or '--output wav:FILE' to write the speech to a WAV file."
}
