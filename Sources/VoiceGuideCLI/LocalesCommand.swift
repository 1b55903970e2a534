import Foundation
import Phrasing
import RouteModel

/// `voiceguide locales [--format text|json]`: the locale table.
public enum LocalesCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "locales"
    /// One line for the command list.
    public static let summary = "List locales: tag, language, units, voice, coverage %, checked examples."
    /// Usage after the command name.
    public static let usage = "[--format text|json] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default) or json."),
        PhrasingSupport.dataDirOption,
    ]

    /// One row of the table.
    struct Row {
        var tag: String
        var name: String
        var language: String
        var phrasebook: String
        var units: String
        var voice: String
        var coveragePercent: Double
        /// How many of the book's own examples (Phrasebooks/FORMAT.md §8) lint checks: a property of the data,
        /// so an installed `voiceguide` reports the same as a checkout.
        var examples: Int

        /// The row as a JSON object, in the project's one JSON writer.
        var json: JSONValue {
            .object([
                JSONMember(key: "tag", value: .string(tag)), JSONMember(key: "name", value: .string(name)),
                JSONMember(key: "language", value: .string(language)), JSONMember(key: "phrasebook", value: .string(phrasebook)),
                JSONMember(key: "units", value: .string(units)), JSONMember(key: "voice", value: .string(voice)),
                JSONMember(key: "coveragePercent", value: .number(coveragePercent)),
                JSONMember(key: "examples", value: .number(Double(examples))),
            ])
        }
    }

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("\(name) takes no arguments, got '\(arguments.positionals.joined(separator: " "))'", command: name)
        }
        let format = try arguments.choice("format", of: ["text", "json"], command: name) ?? "text"
        let data = try PhrasingSupport.data(arguments, io: io)
        let english = try? data.ownChain("en").json
        let reference = (english?["templates"]?.objectMembers ?? []).map(\.key)
        var rows: [Row] = []
        for tag in data.availableLocales() {
            let profile: LocaleProfile
            do { profile = try LocaleProfile.parse(try VoiceGuideData.readJSON(at: data.localeURL(tag)), file: data.localeURL(tag).path) } catch {
                throw PhrasingSupport.cliError(error)
            }
            let own = try? data.ownChain(profile.phrasebook).json
            let have = Set((own?["templates"]?.objectMembers ?? []).map(\.key))
            let covered = reference.filter { have.contains($0) }.count
            let coverage = reference.isEmpty ? 0 : (Double(covered) * 1000 / Double(reference.count)).rounded() / 10
            let examples = own?["examples"]?.arrayValue?.count ?? 0
            rows.append(Row(tag: tag, name: profile.name, language: profile.language, phrasebook: profile.phrasebook,
                            units: profile.units.rawValue, voice: profile.voice, coveragePercent: coverage, examples: examples))
        }
        if format == "json" {
            io.print(JSONValue.array(rows.map(\.json)).serialized(pretty: true))
            return .ok
        }
        let header = ["TAG", "LANGUAGE", "UNITS", "VOICE", "COVERAGE", "EXAMPLES", "NAME"]
        let table = rows.map { [$0.tag, $0.language, $0.units, $0.voice, String(format: "%.1f%%", $0.coveragePercent), String($0.examples), $0.name] }
        let widths = header.indices.map { i in ([header] + table).map { $0[i].count }.max() ?? 0 }
        for line in [header] + table {
            io.print(line.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
        return .ok
    }
}
