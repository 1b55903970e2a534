import Foundation
import RouteModel
import Guidance
import Phrasing
import SpeechBackends
import Navigation
import VoiceService
import SafeIO

/// `voiceguide transcript ROUTE`: every announcement of a simulated drive, as text, JSON, subtitles, or a
/// Mapbox-style response with our `voiceInstructions` (DESIGN.md §4–§5).
public enum TranscriptCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "transcript"
    /// One line for the command list.
    public static let summary = "Generate a route's instruction transcript (text, json, srt, vtt, mapbox)."
    /// Usage after the command name.
    public static let usage = "ROUTE|NAME|- | --batch [--max-line BYTES] [--locale TAG] [--units metric|imperial|uk] [--speed KMH] "
        + "[--format text|json|srt|vtt|mapbox] [--stats] [--durations words|speech] [--route-index N] "
        + "[--voice VOICE] [--polyline 5|6] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default), json, srt, vtt, or mapbox."),
        OptionSpec("stats", help: "Add a guidance-quality report: at the end of text, as \"stats\" in json, on stderr for srt/vtt/mapbox."),
        OptionSpec("batch", help: "Read route responses from stdin, one JSON per line (or {\"id\",\"locale\",\"units\",\"route\"}), write one NDJSON result per line (json or mapbox)."),
        OptionSpec("max-line", value: "BYTES", help: "With --batch: the longest input line (default 33554432); a longer one is an error result."),
        OptionSpec("durations", value: "MODEL", help: "Speaking times from 'words' (locale words/s, default) or 'speech' (synthesized by the voice: the locale's eSpeak NG voice, or --voice)."),
        VoiceSelection.option,
    ] + GuidanceSettings.optionSpecs

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if arguments.flags.contains("batch") { return try runBatch(arguments, io: io) }
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw CLIError.usage(arguments.positionals.isEmpty ? "transcript needs a ROUTE (a file or - for stdin)"
                                                               : "transcript takes one ROUTE, got \(arguments.positionals.count) ('\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        let format = try arguments.choice("format", of: ["text", "json", "srt", "vtt", "mapbox"], command: name) ?? "text"
        let durations = try arguments.choice("durations", of: ["words", "speech"], command: name) ?? "words"
        let settings = try GuidanceSettings.load(routePath: ExampleRoutes.resolve(path, arguments: arguments, io: io),
                                                 arguments: arguments, command: name, io: io)
        let choice = arguments.values["voice"].map(VoiceChoice.init)
        if choice != nil, durations != "speech" {
            throw CLIError.usage("--voice applies only to --durations speech", command: name)
        }
        let estimator = try durationEstimator(durations, settings: settings, choice: choice, io: io)
        let plan = settings.plan(estimator: estimator)
        let stats = arguments.flags.contains("stats")
        let transcript = Transcript(settings: settings, plan: plan)
        switch format {
        case "json":
            var json = transcript.json()
            if stats { json.setMember("stats", to: TranscriptStats.json(transcript)) }
            json.serialize(pretty: true) { io.write($0) }
            io.write("\n")
        case "srt": io.write(transcript.subtitles(vtt: false))
        case "vtt": io.write(transcript.subtitles(vtt: true))
        case "mapbox": transcript.mapbox().serialize(pretty: true) { io.write($0) }; io.write("\n")
        default: io.write(transcript.text())
        }
        if stats, format != "json" {
            let report = transcript.statsText()
            if format == "text" { io.write("\n" + report) } else { io.error(report.trimmingCharacters(in: .newlines)) }
        }
        return .ok
    }

    /// `--batch`: NDJSON in, one result line per input line out, in order; a bad line is an error result and the
    /// batch goes on. The output is flushed before each read, so a co-process feeding one line at a time gets its
    /// answer. Exit 0 when the input was read to the end (the errors are in the results; a summary on stderr).
    static func runBatch(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty || arguments.positionals == ["-"] else {
            throw CLIError.usage("transcript --batch reads standard input; it takes no ROUTE (got '\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        for option in ["stats", "durations", "speed", "route-index", "polyline"] where arguments.flags.contains(option) || arguments.values[option] != nil {
            throw CLIError.usage("option '--\(option)' does not go with --batch", command: name)
        }
        let format = try arguments.choice("format", of: ["json", "mapbox"], command: name) ?? "json"
        let maxLine = try arguments.number("max-line", in: 2...Double(1 << 30), command: name).map { Int(saturating: $0) } ?? (32 << 20)
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name).flatMap(UnitsSystem.init(rawValue:))
        let data = try PhrasingSupport.data(arguments, io: io)
        let tag = PhrasingSupport.localeTag(arguments, data: data, io: io)
        _ = try PhrasingSupport.locale(tag, data: data, io: io)
        let batch = BatchTranscriber(renderer: VoiceRenderer(data: data, maxBytes: maxLine), locale: tag, units: units,
                                     format: format == "mapbox" ? .mapbox : .json, maxLineBytes: maxLine)
        var pending = ""
        let summary = try batch.run(read: { () throws -> [UInt8]? in
            if !pending.isEmpty { io.write(pending); pending = "" }
            return try io.readStdinChunk()
        }, emit: { line in
            pending += line
            if pending.utf8.count >= 1 << 16 { io.write(pending); pending = "" }
        })
        if !pending.isEmpty { io.write(pending) }
        io.error("voiceguide: transcript --batch: \(summary.lines) line\(summary.lines == 1 ? "" : "s"), \(summary.errors) error\(summary.errors == 1 ? "" : "s")")
        return .ok
    }

    /// The duration estimator for `--durations`.
    static func durationEstimator(_ model: String, settings: GuidanceSettings, choice: VoiceChoice? = nil,
                                  io: CommandIO) throws -> any DurationEstimator {
        guard model == "speech" else { return PhraseDurationEstimator(builder: settings.builder) }
        let voice = try settings.voice(choice, io: io)
        return SynthesizedDurationEstimator(builder: settings.builder, synthesizer: voice.synthesizer, voice: voice.name)
    }
}
