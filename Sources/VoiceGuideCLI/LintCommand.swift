import Foundation
import JapaneseReading
import Phrasing

/// `voiceguide lint [FILES…]`: checks phrasebooks and locale files; lists every problem, exit 65 if any.
public enum LintCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "lint"
    /// One line for the command list.
    public static let summary = "Check phrasebook and locale files (syntax, slots, missing keys, plurals, SSML, examples, voices)."
    /// Usage after the command name.
    public static let usage = "[PHRASEBOOK_OR_LOCALE_FILE…] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [PhrasingSupport.dataDirOption]

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        for path in arguments.positionals where !FileManager.default.fileExists(atPath: path) {
            throw CLIError(.noInput, "\(path): file not found")
        }
        let data: VoiceGuideData
        if arguments.values["data-dir"] == nil, let first = arguments.positionals.first {
            // A file inside a data directory lints against that directory.
            let dir = URL(fileURLWithPath: first).standardizedFileURL.deletingLastPathComponent().deletingLastPathComponent()
            data = VoiceGuideData.isDataDirectory(dir) ? VoiceGuideData(directory: dir, nameReaders: NameReaders.provider) : try PhrasingSupport.data(arguments, io: io)
        } else {
            data = try PhrasingSupport.data(arguments, io: io)
        }
        let problems = Linter(data: data).lint(paths: arguments.positionals)
        for p in problems { io.error(p.description) }
        let count = arguments.positionals.isEmpty ? data.availablePhrasebooks().count + data.availableLocales().count : arguments.positionals.count
        if problems.isEmpty {
            io.print("lint: \(count) file(s) OK")
            return .ok
        }
        throw CLIError(.dataError, "\(problems.count) problem(s) in \(count) file(s)")
    }
}
