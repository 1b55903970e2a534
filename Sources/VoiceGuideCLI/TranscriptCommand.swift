import Foundation
import RouteModel
import Guidance
import Phrasing
import SpeechBackends
import Navigation
import VoiceService
import SafeIO

/// `voiceguide transcript ROUTE`: every announcement of a simulated drive, as text, JSON, subtitles, or a
/// Mapbox-style response with our `voiceInstructions` (docs/transcript-format.md).
public enum TranscriptCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "transcript"
    /// One line for the command list.
    public static let summary = "Generate a route's instruction transcript (\(TranscriptFormat.allCases.map(\.rawValue).joined(separator: ", ")))."
    /// Usage after the command name.
    public static let usage = "ROUTE|NAME|- | --batch [--max-line BYTES] [--jobs N] [--locale TAG] [--units metric|imperial|uk] [--speed KMH] "
        + "[--format \(TranscriptFormat.allCases.map(\.rawValue).joined(separator: "|"))] [--keep-banners] [--speed-limits] [--cameras FILE] [--stats] [--durations words|speech] [--route-index N] "
        + "[--voice VOICE] [--polyline 5|6] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: TranscriptFormat.names(TranscriptFormat.allCases.map { $0 == .text ? "text (default)" : $0.rawValue }) + "."),
        OptionSpec("keep-banners", help: "With mapbox: leave the router's bannerInstructions as they are (default: ours, in the locale)."),
        OptionSpec("stats", help: "Add a guidance-quality report: at the end of text, as \"stats\" in json, on stderr for srt/vtt/mapbox."),
        OptionSpec("batch", help: "Read route responses from stdin, one JSON per line (or {\"id\",\"locale\",\"units\",\"route\"}), write one NDJSON result per line (json or mapbox)."),
        OptionSpec("max-line", value: "BYTES", help: "With --batch: the longest input line (default 33554432); a longer one is an error result."),
        OptionSpec("jobs", value: "N", help: "With --batch: transcribe N lines at once, 1 to 64 (default: the number of cores); results stay in input order."),
        OptionSpec("durations", value: "MODEL", help: "Speaking times from 'words' (locale words/s, default) or 'speech' (synthesized by the voice: the locale's eSpeak NG voice, or --voice)."),
        VoiceSelection.option,
        GuidanceSettings.speedLimitsOption,
        GuidanceSettings.camerasOption,
    ] + GuidanceSettings.optionSpecs

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if arguments.flags.contains("batch") { return try runBatch(arguments, io: io) }
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw CLIError.usage(arguments.positionals.isEmpty ? "transcript needs a ROUTE (a file or - for stdin)"
                                                               : "transcript takes one ROUTE, got \(arguments.positionals.count) ('\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        let format = try arguments.choice("format", of: TranscriptFormat.allCases.map(\.rawValue), command: name)
            .flatMap(TranscriptFormat.init(rawValue:)) ?? .text
        let durations = try arguments.choice("durations", of: ["words", "speech"], command: name) ?? "words"
        var settings = try GuidanceSettings.load(routePath: ExampleRoutes.resolve(path, arguments: arguments, io: io),
                                                 arguments: arguments, command: name, io: io)
        let choice = arguments.values["voice"].map(VoiceChoice.init)
        if choice != nil, durations != "speech" {
            throw CLIError.usage("--voice applies only to --durations speech", command: name)
        }
        if format == .mapbox { settings = try exportSettings(settings, arguments: arguments, io: io) }
        let estimator = try durationEstimator(durations, settings: settings, choice: choice, io: io)
        var voice = settings.plan(estimator: estimator)
        voice.keepsBanners = arguments.flags.contains("keep-banners")
        let stats = arguments.flags.contains("stats")
        var transcript = Transcript(settings: settings, voice: voice)
        if stats {
            // Compared as exported: planned at free-flow speeds.
            var exported = settings
            exported.index = format == .mapbox ? settings.index : RouteIndex(route: FreeFlowSpeeds.route(settings.document))
            var exportedVoice = format == .mapbox ? voice : exported.plan(estimator: estimator)
            exportedVoice.keepsBanners = false
            transcript.leadRatio = RouterLeadRatio(exportedVoice)
        }
        let extra = stats && format == .json ? [JSONMember(key: "stats", value: TranscriptStats.json(transcript))] : []
        voice.write(format, routeName: settings.routeName, extraMembers: extra) { io.write($0) }
        if stats, format != .json {
            let report = transcript.statsText()
            if format == .text { io.write("\n" + report) } else { io.error(report.trimmingCharacters(in: .newlines)) }
        }
        return .ok
    }

    /// `--batch`: NDJSON in, one result line per input line out, in order; a bad line is an error result and the
    /// batch goes on. The output is flushed before each read, so a co-process feeding one line at a time gets its
    /// answer. Exit 0 when every line had a result, 65 when any line failed (the errors are in the results; the
    /// counts on stderr), so that `set -e` pipelines notice.
    static func runBatch(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty || arguments.positionals == ["-"] else {
            throw CLIError.usage("transcript --batch reads standard input; it takes no ROUTE (got '\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        for option in ["stats", "durations", "speed", "route-index", "polyline"] where arguments.flags.contains(option) || arguments.values[option] != nil {
            throw CLIError.usage("option '--\(option)' does not go with --batch", command: name)
        }
        let formats = TranscriptFormat.allCases.filter(\.isJSON)
        let format = try arguments.choice("format", of: formats.map(\.rawValue), command: name).flatMap(TranscriptFormat.init(rawValue:)) ?? .json
        let maxLine = try arguments.number("max-line", in: 2...Double(1 << 30), command: name).map { Int(saturating: $0) } ?? (32 << 20)
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name).flatMap(UnitsSystem.init(rawValue:))
        let data = try PhrasingSupport.data(arguments, io: io)
        let tag = PhrasingSupport.localeTag(arguments, data: data, io: io)
        _ = try PhrasingSupport.locale(tag, data: data, io: io)
        var batch = BatchTranscriber(renderer: VoiceRenderer(data: data, maxBytes: maxLine), locale: tag, units: units,
                                     format: format == .mapbox ? .mapbox : .json, maxLineBytes: maxLine)
        batch.prefersRouteLocale = arguments.values["locale"] == nil
        batch.keepsBanners = arguments.flags.contains("keep-banners")
        let jobs = try arguments.number("jobs", in: 1...64, command: name).map { Int(saturating: $0) }
            ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        var pending = ""
        // On a terminal, stderr shows how far the batch is (lines, errors, rate), at most twice a second.
        let started = Date()
        var shown = Date.distantPast
        let progress: ((BatchTranscriber.Summary) -> Void)? = io.stderrIsTTY ? { counts in
            let now = Date()
            guard now.timeIntervalSince(shown) >= 0.5 else { return }
            shown = now
            let rate = Double(counts.lines) / max(0.001, now.timeIntervalSince(started))
            io.writeError("\rtranscript --batch: \(counts.lines) done, \(counts.errors) failed, \(String(format: "%.1f", rate)) lines/s\u{1B}[K")
        } : nil
        let summary = try batch.run(jobs: jobs, read: { () throws -> [UInt8]? in
            if !pending.isEmpty { io.write(pending); pending = "" }
            return try io.readStdinChunk()
        }, emit: { line in
            pending += line
            if pending.utf8.count >= 1 << 16 { io.write(pending); pending = "" }
        }, progress: progress)
        if !pending.isEmpty { io.write(pending) }
        if progress != nil, shown != .distantPast { io.writeError("\r\u{1B}[K") }
        io.error("voiceguide: transcript --batch: \(summary.lines) line\(summary.lines == 1 ? "" : "s"), \(summary.errors) error\(summary.errors == 1 ? "" : "s")")
        return summary.errors > 0 ? .dataError : .ok
    }

    /// The settings `--format mapbox` plans with: without `--locale`, the route's own `voiceLocale` when that
    /// locale is available (a warning when it is not), so that the text and the label agree; every step driven
    /// at the higher of its own and its road's free-flow speed (`FreeFlowSpeeds`), as clients fire by distance.
    static func exportSettings(_ settings: GuidanceSettings, arguments: ParsedArguments, io: CommandIO) throws -> GuidanceSettings {
        var settings = settings
        if arguments.values["locale"] == nil, let own = VoiceTranscript.routerVoiceLocale(of: settings.document) {
            if let tag = VoiceGuideData.resolveLocaleTag(own, in: settings.data.availableLocales()) {
                if tag != settings.locale.profile.tag {
                    let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name).flatMap(UnitsSystem.init(rawValue:))
                    settings.locale = try PhrasingSupport.locale(tag, data: settings.data, io: io)
                    settings.builder = settings.locale.builder(units: units)
                }
            } else {
                io.error("voiceguide: warning: \(settings.routeName): the route's voiceLocale '\(ControlCharacters.escaped(own))' is not available: spoke \(settings.locale.profile.tag)")
            }
        }
        settings.index = RouteIndex(route: FreeFlowSpeeds.route(settings.document))
        return settings
    }

    /// The duration estimator for `--durations`.
    static func durationEstimator(_ model: String, settings: GuidanceSettings, choice: VoiceChoice? = nil,
                                  io: CommandIO) throws -> any DurationEstimator {
        guard model == "speech" else { return PhraseDurationEstimator(builder: settings.builder) }
        let voice = try settings.voice(choice, io: io)
        return SynthesizedDurationEstimator(builder: settings.builder, synthesizer: voice.synthesizer, voice: voice.name)
    }
}
