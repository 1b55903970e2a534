import Foundation
import Phrasing
import RouteModel

/// `voiceguide phrases --locale TAG`: every phrase in every variant, rendered with example data, for review.
public enum PhrasesCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "phrases"
    /// One line for the command list.
    public static let summary = "Render every phrase of a locale with example data (display and spoken), for native review."
    /// Usage after the command name.
    public static let usage = "--locale TAG [--units metric|imperial|uk] [--format text|json] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("locale", value: "TAG", help: "Locale to render (required), e.g. de-DE."),
        OptionSpec("units", value: "SYSTEM", help: "metric, imperial or uk (default: the locale's)."),
        OptionSpec("format", value: "FORMAT", help: "text (default) or json (display, spoken and SSML of each phrase; docs/phrases.schema.json)."),
        PhrasingSupport.dataDirOption,
    ]

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("\(name) takes no arguments, got '\(arguments.positionals.joined(separator: " "))'", command: name)
        }
        guard let tag = arguments.values["locale"] else { throw CLIError.usage("--locale TAG is required", command: name) }
        let format = try arguments.choice("format", of: ["text", "json"], command: name) ?? "text"
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name).flatMap(UnitsSystem.init(rawValue:))
        let data = try PhrasingSupport.data(arguments, io: io)
        let loaded = try PhrasingSupport.locale(tag, data: data, io: io)
        let builder = loaded.builder(units: units)
        let entries = PhraseCatalog.entries(builder: builder, keys: Array(loaded.phrasebook.keys),
                                            examples: loaded.phrasebook.examples, file: loaded.profile.phrasebook)
        if format == "json" {
            io.print(JSONValue.ordered([
                "locale": .string(loaded.profile.tag), "name": .string(loaded.profile.name),
                "phrasebook": .string(loaded.profile.phrasebook), "units": .string(builder.units.rawValue),
                "phrases": .array(entries.map { e in
                    .ordered(["key": .string(e.key), "display": .string(e.phrase.display),
                              "spoken": .string(e.phrase.spoken), "ssml": .string(e.phrase.ssml)])
                }),
            ]).serialized(pretty: true))
            return .ok
        }
        io.print("# \(loaded.profile.tag) — \(loaded.profile.name) — phrasebook \(loaded.profile.phrasebook), units \(builder.units.rawValue), \(entries.count) phrases")
        for e in entries {
            io.print(e.key)
            io.print("  display: \(e.phrase.display)")
            if e.phrase.spoken != e.phrase.display { io.print("  spoken:  \(e.phrase.spoken)") }
        }
        return .ok
    }
}
