import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import RouteMap
import SafeIO

/// `voiceguide map ROUTE --output FILE.html|FILE.svg|FILE.geojson`: a picture of the route and of where each
/// instruction is said, for translators, operators and demo audiences.
public enum MapCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "map"
    /// One line for the command list.
    public static let summary = "Draw the route and where each instruction is said (html, svg, geojson)."
    /// Usage after the command name.
    public static let usage = "ROUTE|NAME|- --output FILE.html|FILE.svg|FILE.geojson [--locale TAG...] [--units metric|imperial|uk] "
        + "[--speed KMH] [--no-audio] [--route-index N] [--polyline 5|6] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("output", value: "FILE", help: "The file to write; its extension chooses the format: .html (one self-contained page), .svg or .geojson."),
        OptionSpec("no-audio", help: "HTML without the synthesized speech of each announcement (a much smaller file)."),
    ] + GuidanceSettings.optionSpecs.map { spec in
        spec.name == "locale" ? OptionSpec("locale", value: "TAG", help: "Locale of the guidance (default en-US); repeat it, or give TAG,TAG, for a page with a locale switcher.") : spec
    }
    /// Examples at the end of `--help`.
    public static let notes = """
        Examples:
          voiceguide map city-berlin --output berlin.html                a page to click
          voiceguide map uk-oxford --locale en-GB,fr-FR --output o.html  two locales
          voiceguide map route.json --output route.geojson               for QGIS
        """

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw CLIError.usage(arguments.positionals.isEmpty ? "map needs a ROUTE (a file, an example route name, or - for stdin)"
                                                               : "map takes one ROUTE, got \(arguments.positionals.count)", command: name)
        }
        guard let output = arguments.values["output"], !output.isEmpty else {
            throw CLIError.usage("map needs --output FILE.html, FILE.svg or FILE.geojson", command: name)
        }
        guard let format = RouteMap.Format(fileName: output) else {
            throw CLIError.usage("--output '\(ControlCharacters.escaped(output))' needs the extension .html, .svg or .geojson", command: name)
        }
        let tags = localeTags(arguments, default: PhrasingSupport.localeTag(arguments, data: try PhrasingSupport.data(arguments, io: io), io: io))
        var first = arguments
        first.values["locale"] = tags.first
        let settings = try GuidanceSettings.load(routePath: ExampleRoutes.resolve(path, arguments: arguments, io: io),
                                                 arguments: first, command: name, io: io)
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name).flatMap(UnitsSystem.init(rawValue:))
        var layers: [RouteMapLayer] = []
        for tag in tags {
            let isFirst = tag == tags.first
            let locale = isFirst ? settings.locale : try PhrasingSupport.locale(tag, data: settings.data, io: io)
            let builder = isFirst ? settings.builder : locale.builder(units: units)
            let run = OfflineGuidance.run(settings.index, estimator: PhraseDurationEstimator(builder: builder), options: settings.simulatorOptions)
            let phrases = run.announcements.map(builder.phrase)
            let audio = format == .html && !arguments.flags.contains("no-audio")
                ? try speech(phrases, locale: locale, data: settings.data, io: io) : phrases.map { _ in nil }
            let announcements = zip(zip(run.announcements, phrases), audio).map { MapAnnouncement($0.0, phrase: $0.1, audioWAV: $1) }
            layers.append(RouteMapLayer(localeTag: locale.profile.tag, localeName: locale.profile.name, announcements: announcements))
        }
        let map = RouteMap(index: settings.index, title: settings.routeName == "<stdin>" ? "Route" : (settings.routeName as NSString).lastPathComponent,
                           layers: layers)
        try OutputFiles.write(map.rendered(format), to: output)
        return .ok
    }

    /// The `--locale` values in order, each given once: repeated options and comma lists both count.
    static func localeTags(_ arguments: ParsedArguments, default fallback: String) -> [String] {
        var tags: [String] = []
        for value in arguments.allValues["locale"] ?? [] {
            for tag in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !tag.isEmpty && !tags.contains(tag) {
                tags.append(tag)
            }
        }
        return tags.isEmpty ? [fallback] : tags
    }

    /// Each phrase synthesized by the locale's voice, as a WAV file to embed.
    private static func speech(_ phrases: [Phrase], locale: LoadedLocale, data: VoiceGuideData, io: CommandIO) throws -> [Data?] {
        let synthesizer = try PhrasingSupport.synthesizer(for: locale, data: data, io: io)
        return try phrases.map { phrase in
            do {
                return try synthesizer.render(Utterance(text: phrase.ssml, isSSML: true, voice: locale.profile.voice, label: "map")).wavData
            } catch {
                throw CLIError(.software, "cannot synthesize '\(ControlCharacters.escaped(phrase.display))': \(error)")
            }
        }
    }
}
