import Foundation
import Phrasing
import RouteModel

/// `voiceguide config [--format text|json]`: the settings in effect when no option is given, and where each came
/// from (the settings file, the environment, the locale, or the built-in default).
public enum ConfigCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "config"
    /// One line for the command list.
    public static let summary = "Show the default settings in effect (locale, units, voice, output, router) and where each comes from."
    /// Usage after the command name.
    public static let usage = "[--format text|json] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default) or json."),
        PhrasingSupport.dataDirOption,
    ]
    /// Where the file is and what it may hold.
    public static let notes = """
        Settings file: $XDG_CONFIG_HOME/voiceguide/config.json,
        else ~/.config/voiceguide/config.json; $VOICEGUIDE_CONFIG names another
        file, or none when empty. A JSON object, e.g.
          {"locale": "de-DE", "units": "metric", "output": "text"}
        Keys: locale, units, voice, output, router. Options on the command line
        override them; serve takes none of them.
        """

    /// One setting in effect.
    struct Effective: Equatable {
        /// The setting's name (the option's long name).
        var key: String
        /// Its value; nil when there is none (no router).
        var value: String?
        /// Where it comes from: the file's path, an environment variable, "locale TAG" or "default".
        var source: String
    }

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("\(name) takes no arguments, got '\(arguments.positionals.joined(separator: " "))'", command: name)
        }
        let format = try arguments.choice("format", of: ["text", "json"], command: name) ?? "text"
        let config = try UserConfig.load(io.environment)
        let data = try PhrasingSupport.data(arguments, io: io)
        let rows = try effective(config: config, data: data, environment: io.environment)
        if format == "json" {
            io.print(JSONValue.ordered([
                "file": config.map { .string($0.path) } ?? UserConfig.location(io.environment).map { .string($0) } ?? .null,
                "fileExists": .bool(config != nil),
                "settings": .array(rows.map { row in
                    .ordered(["key": .string(row.key), "value": row.value.map { .string($0) } ?? .null, "source": .string(row.source)])
                }),
            ]).serialized(pretty: true))
            return .ok
        }
        let file = config?.path ?? UserConfig.location(io.environment)
        io.print("# settings file: \(file.map { config == nil ? "\($0) (none there)" : $0 } ?? "none")")
        let width = rows.map(\.key.count).max() ?? 0
        for row in rows {
            io.print(row.key.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + (row.value ?? "(none)") + "  (" + row.source + ")")
        }
        return .ok
    }

    /// What each setting is without options: the file's value, else what the command would derive.
    static func effective(config: UserConfig?, data: VoiceGuideData, environment: [String: String]) throws -> [Effective] {
        func given(_ key: String) -> String? { config?.settings.last { $0.key == key }?.value }
        let file = config?.path ?? ""
        var rows: [Effective] = []
        let available = data.availableLocales()
        let tag: String
        if let value = given("locale") {
            guard let resolved = VoiceGuideData.resolveLocaleTag(value, in: available) else {
                throw CLIError(.dataError, "\(file): locale: no locale '\(value)' in \(data.directory.path)")
            }
            tag = resolved
            rows.append(Effective(key: "locale", value: resolved, source: file))
        } else if let fromEnvironment = VoiceGuideData.environmentLocaleTag(environment, in: available) {
            tag = fromEnvironment
            let variable = ["LC_ALL", "LC_MESSAGES", "LANG"].first { !(environment[$0] ?? "").isEmpty } ?? "LANG"
            rows.append(Effective(key: "locale", value: tag, source: "\(variable)=\(environment[variable] ?? "")"))
        } else {
            tag = VoiceGuideData.defaultLocaleTag
            rows.append(Effective(key: "locale", value: tag, source: "default"))
        }
        let profile = try? data.loadLocale(tag: tag).profile
        rows.append(given("units").map { Effective(key: "units", value: $0, source: file) }
            ?? Effective(key: "units", value: profile?.units.rawValue, source: "locale \(tag)"))
        rows.append(given("voice").map { Effective(key: "voice", value: $0, source: file) }
            ?? Effective(key: "voice", value: profile?.voice, source: "locale \(tag)"))
        rows.append(given("output").map { Effective(key: "output", value: $0, source: file) }
            ?? Effective(key: "output", value: "auto", source: "default"))
        rows.append(given("router").map { Effective(key: "router", value: $0, source: file) }
            ?? Effective(key: "router", value: nil, source: "default"))
        rows.append(given("places").map { Effective(key: "places", value: $0, source: file) }
            ?? Effective(key: "places", value: nil, source: "default"))
        rows.append(given("cameras").map { Effective(key: "cameras", value: $0, source: file) }
            ?? Effective(key: "cameras", value: nil, source: "default"))
        return rows
    }
}
