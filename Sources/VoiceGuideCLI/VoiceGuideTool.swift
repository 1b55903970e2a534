import Foundation
import Phrasing

/// The `voiceguide` entry point as a library, so tests can run commands in-process.
public enum VoiceGuideTool {
    /// The version string printed by `--version`.
    public static let version = "0.1.0"

    /// Every subcommand, in help order.
    public static let commands: [CommandDescriptor] = [
        CommandDescriptor(DriveCommand.self),
        CommandDescriptor(TranscriptCommand.self),
        CommandDescriptor(InspectCommand.self),
        CommandDescriptor(SayCommand.self),
        CommandDescriptor(LocalesCommand.self),
        CommandDescriptor(LintCommand.self),
        CommandDescriptor(PhrasesCommand.self),
    ]

    /// Top-level help.
    public static var helpText: String {
        let width = commands.map { $0.name.count }.max() ?? 8
        var lines = ["voiceguide \(version) — spoken turn-by-turn guidance", "",
                     "Usage: voiceguide COMMAND [OPTIONS]", "", "Commands:"]
        for c in commands { lines.append("  " + c.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + c.summary) }
        lines += ["", "Run 'voiceguide COMMAND --help' for a command's options.",
                  "Exit codes: 0 ok, 64 usage, 65 bad data, 66 missing file, 69 audio unavailable, 70 internal error."]
        return lines.joined(separator: "\n")
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], io: CommandIO = .standard()) -> Int32 {
        guard let first = arguments.first else {
            io.error(helpText)
            return ExitCode.usage.rawValue
        }
        if first == "--help" || first == "-h" || first == "help" { io.print(helpText); return 0 }
        if first == "--version" { io.print("voiceguide \(version)"); return 0 }
        guard let command = commands.first(where: { $0.name == first }) else {
            let hint = closest(to: first, in: commands.map(\.name)).map { "Did you mean '\($0)'? " } ?? ""
            io.error("voiceguide: unknown command '\(first)'")
            io.error("\(hint)Try 'voiceguide --help'.")
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if rest.prefix(while: { $0 != "--" }).contains("--help") || rest.first == "-h" {
            io.print(command.helpText)
            return 0
        }
        do {
            let parsed = try ParsedArguments.parse(rest, specs: command.options, command: command.name)
            return try command.run(parsed, io).rawValue
        } catch let error as CLIError {
            io.error("voiceguide \(command.name): \(error.message)")
            if let hint = error.hint { io.error(hint) }
            return error.code.rawValue
        } catch {
            io.error("voiceguide \(command.name): internal error: \(error)")
            return ExitCode.software.rawValue
        }
    }

    /// The candidate nearest to `word` by edit distance, when it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, VoiceGuideData.editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
