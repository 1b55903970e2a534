import Foundation
import Phrasing
import RouteModel
import SpeechBackends
import SpeechESpeakNG
import SpeechPiper

/// `--list-voices` for `say` and `drive`: the installed eSpeak NG voices that speak the locale's language, then
/// the Piper voices found in the voice folders (each with the locales it fits), the locale's own marked with `*`.
enum VoiceListing {
    /// Prints the voices for `--locale` (default en-US); `--format json` as one document (docs/voices.schema.json).
    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let data = try PhrasingSupport.data(arguments, io: io)
        let locale = try PhrasingSupport.locale(PhrasingSupport.localeTag(arguments, data: data, io: io), data: data, io: io)
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
        let folders = PiperVoiceFolders(dataDirectory: data.directory.path, environment: io.environment)
        let piper = folders.installed().filter { LocaleProfile.piperVoiceLanguage($0.name) == language }
        let fits = piper.isEmpty ? [] : data.availableLocales().filter { tag in
            (try? data.loadLocale(tag: tag).profile.language.lowercased()) == language
        }
        if try arguments.choice("format", of: ["text", "json"], command: "drive") == "json" {
            io.print(JSONValue.ordered([
                "locale": .string(locale.profile.tag), "language": .string(language),
                "espeak": .array(matching.map { v in
                    .ordered(["voice": .string(v.shortName), "languages": .array(v.languages.map { .string($0.tag) }),
                              "name": .string(v.name), "identifier": .string(v.identifier), "default": .bool(v.identifier == own)])
                }),
                "voiceFolders": .array(folders.folders.map(JSONValue.string)),
                "piper": .array(piper.map { voice in
                    .ordered(["voice": .string("piper:" + voice.name), "locales": .array(fits.map(JSONValue.string)),
                              "model": .string(voice.model), "default": .bool(voice.name == locale.profile.piperVoice)])
                }),
            ]).serialized(pretty: true))
            return .ok
        }
        io.print("# eSpeak NG voices for \(locale.profile.tag) (language '\(language)'); * is the locale's own; use the first column with --voice")
        printTable(matching.map { v in
            [(v.identifier == own ? "* " : "  ") + v.shortName, v.languages.map(\.tag).joined(separator: ","), v.name, v.identifier]
        }, io: io)
        io.print("# Piper voices for \(locale.profile.tag) in \(folders.folders.isEmpty ? "(no voice folder)" : folders.folders.joined(separator: ", ")); the locales each fits")
        if piper.isEmpty {
            io.print("  (none: scripts/piper-setup.sh prepares en_US-joe-medium; see the README's \"Neural voices\")")
        }
        printTable(piper.map { voice in
            [(voice.name == locale.profile.piperVoice ? "* " : "  ") + "piper:" + voice.name, fits.joined(separator: ","), voice.model]
        }, io: io)
        return .ok
    }

    private static func printTable(_ rows: [[String]], io: CommandIO) {
        guard let columns = rows.first?.count else { return }
        let widths = (0..<columns).map { i in rows.map { $0[i].count }.max() ?? 0 }
        for row in rows {
            io.print(row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces))
        }
    }

    /// An unknown `--voice`: usage error (64) with close matches.
    static func unknownVoice(_ name: String, close: [String]) -> CLIError {
        CLIError(.usage, "unknown voice '\(name)'",
                 hint: close.isEmpty ? "See '--list-voices'." : "Close matches: \(close.joined(separator: ", ")). See '--list-voices'.")
    }
}
