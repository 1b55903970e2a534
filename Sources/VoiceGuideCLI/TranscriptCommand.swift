import Foundation
import RouteModel
import Guidance
import Phrasing
import SpeechESpeakNG
import Navigation

/// `voiceguide transcript ROUTE`: every announcement of a simulated drive, as text, JSON, subtitles, or a
/// Mapbox-style response with our `voiceInstructions` (DESIGN.md §4–§5).
public enum TranscriptCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "transcript"
    /// One line for the command list.
    public static let summary = "Generate a route's instruction transcript (text, json, srt, vtt, mapbox)."
    /// Usage after the command name.
    public static let usage = "ROUTE|NAME|- [--locale TAG] [--units metric|imperial|uk] [--speed KMH] "
        + "[--format text|json|srt|vtt|mapbox] [--stats] [--durations words|speech] [--route-index N] "
        + "[--polyline 5|6] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default), json, srt, vtt, or mapbox."),
        OptionSpec("stats", help: "Add a guidance-quality report: at the end of text, as \"stats\" in json, on stderr for srt/vtt/mapbox."),
        OptionSpec("durations", value: "MODEL", help: "Speaking times from 'words' (locale words/s, default) or 'speech' (synthesized by eSpeak NG)."),
    ] + GuidanceSettings.optionSpecs

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw CLIError.usage(arguments.positionals.isEmpty ? "transcript needs a ROUTE (a file or - for stdin)"
                                                               : "transcript takes one ROUTE, got \(arguments.positionals.count) ('\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        let format = try arguments.choice("format", of: ["text", "json", "srt", "vtt", "mapbox"], command: name) ?? "text"
        let durations = try arguments.choice("durations", of: ["words", "speech"], command: name) ?? "words"
        let settings = try GuidanceSettings.load(routePath: ExampleRoutes.resolve(path, arguments: arguments, io: io),
                                                 arguments: arguments, command: name, io: io)
        let estimator = try durationEstimator(durations, settings: settings)
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

    /// The duration estimator for `--durations`.
    static func durationEstimator(_ model: String, settings: GuidanceSettings) throws -> any DurationEstimator {
        guard model == "speech" else { return PhraseDurationEstimator(builder: settings.builder) }
        return SynthesizedDurationEstimator(builder: settings.builder, synthesizer: try settings.synthesizer(),
                                            voice: settings.locale.profile.voice)
    }
}
