import Foundation
import JapaneseReading
import Phrasing
import Pronunciation
import RouteModel

/// `voiceguide lint [FILES…]`: checks phrasebooks and locale files; lists every problem, exit 65 if any.
public enum LintCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "lint"
    /// One line for the command list.
    public static let summary = "Check phrasebook and locale files (syntax, slots, missing keys, plurals, SSML, examples, voices)."
    /// Usage after the command name.
    public static let usage = "[PHRASEBOOK_OR_LOCALE_FILE…] [--format text|json] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default: problems on stderr) or json (a report on stdout, docs/lint.schema.json)."),
        PhrasingSupport.dataDirOption,
    ]

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let format = try arguments.choice("format", of: ["text", "json"], command: name) ?? "text"
        for path in arguments.positionals where !FileManager.default.fileExists(atPath: path) {
            throw CLIError(.noInput, "\(path): file not found")
        }
        let data: VoiceGuideData
        if arguments.values["data-dir"] == nil, let first = arguments.positionals.first {
            // A file inside a data directory lints against that directory.
            var dir = URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent().deletingLastPathComponent()
            if VoiceLexiconLinter.isLayerPath(first) { dir = dir.deletingLastPathComponent() }
            data = VoiceGuideData.isDataDirectory(dir) ? VoiceGuideData(directory: dir, nameReaders: NameReaders.provider) : try PhrasingSupport.data(arguments, io: io)
        } else {
            data = try PhrasingSupport.data(arguments, io: io)
        }
        let layers = arguments.positionals.filter(VoiceLexiconLinter.isLayerPath)
        let books = arguments.positionals.filter { !VoiceLexiconLinter.isLayerPath($0) }
        var problems = books.isEmpty && !layers.isEmpty ? [] : Self.collapse(Linter(data: data).lint(paths: books), data: data)
        if arguments.positionals.isEmpty || !layers.isEmpty { problems += VoiceLexiconLinter(data: data).lint(paths: layers) }
        let count = arguments.positionals.isEmpty
            ? data.availablePhrasebooks().count + data.availableLocales().count + data.availableVoiceLexicons().count
            : arguments.positionals.count
        if format == "json" {
            io.print(report(problems, files: count).serialized(pretty: true))
        } else {
            for p in problems { io.error(p.description) }
        }
        if problems.isEmpty {
            if format == "json" { return .ok }
            io.print("lint: \(count) file(s) OK")
            return .ok
        }
        throw CLIError(.dataError, "\(problems.count) problem(s) in \(count) file(s)")
    }

    /// The machine-readable report of `--format json`: how many files were checked and each problem with its
    /// file, key (JSON path, "" for the whole file) and message.
    static func report(_ problems: [LintProblem], files: Int) -> JSONValue {
        .ordered([
            "files": .number(Double(files)),
            "ok": .bool(problems.isEmpty),
            "problems": .array(problems.map { .ordered(["file": .string($0.file), "key": .string($0.key), "message": .string($0.message)]) }),
        ])
    }

    /// One line per cause: problems of one file with the same message whose keys differ only in array indices
    /// (`examples[0].locale` … `examples[22].locale`) become one line listing the indices. A phrasebook that no
    /// locale uses (a renamed copy) says why, once.
    static func collapse(_ problems: [LintProblem], data: VoiceGuideData) -> [LintProblem] {
        var result: [LintProblem] = []
        var groups: [String: (index: Int, indices: [String])] = [:]
        // "No locale uses this phrasebook" is false when a locale names the book but failed to load: that
        // locale's own problem is the cause, reported once on its own line.
        let problems = problems.filter { p in
            !(p.message.contains("uses this phrasebook")
              && someLocaleNames(URL(fileURLWithPath: p.file).deletingPathExtension().lastPathComponent, data: data))
        }
        for p in problems {
            let (shape, index) = Self.shape(of: p.key)
            guard let index else { result.append(p); continue }
            let id = p.file + "\u{0}" + shape + "\u{0}" + p.message
            if groups[id] != nil {
                groups[id]?.indices.append(index)
            } else {
                groups[id] = (result.count, [index])
                result.append(p)
            }
        }
        for (id, g) in groups where g.indices.count > 1 {
            let parts = id.components(separatedBy: "\u{0}")
            var p = result[g.index]
            p.key = parts[1].replacingOccurrences(of: "[#]", with: "[\(g.indices.first ?? "")…\(g.indices.last ?? "")]")
            p.message += " (\(g.indices.count) times)"
            if p.message.contains("uses this phrasebook") {
                let name = URL(fileURLWithPath: p.file).deletingPathExtension().lastPathComponent
                p.message += "; no locale in \(data.directory.appendingPathComponent("Locales").path) names the phrasebook '\(name)': "
                    + "a locale's \"phrasebook\" is the book's file name, so a renamed copy is used by none"
            }
            result[g.index] = p
        }
        return result
    }

    /// True when some locale file names `book` as its phrasebook, read leniently: a locale that fails to load
    /// for another reason (a bad rounding band) still names its book, and is reported for that reason alone.
    private static func someLocaleNames(_ book: String, data: VoiceGuideData) -> Bool {
        data.availableLocales().contains { tag in
            guard let bytes = FileManager.default.contents(atPath: data.localeURL(tag).path),
                  let json = try? JSONParser().parse(bytes) else { return false }
            return json["phrasebook"]?.stringValue == book
        }
    }

    /// The key with its first array index replaced by `[#]`, and that index; nil when it has none.
    private static func shape(of key: String) -> (String, String?) {
        guard let open = key.firstIndex(of: "["), let close = key[open...].firstIndex(of: "]"),
              key[key.index(after: open)..<close].allSatisfy(\.isNumber), key.index(after: open) < close else { return (key, nil) }
        return (key[..<open] + "[#]" + key[key.index(after: close)...], String(key[key.index(after: open)..<close]))
    }
}
