import Foundation
import Phrasing
import SafeIO

/// The `voiceguide` entry point as a library, so tests can run commands in-process.
public enum VoiceGuideTool {
    /// The version string printed by `--version`.
    public static let version = "0.1.0"

    /// Every subcommand, in help order.
    public static let commands: [CommandDescriptor] = [
        CommandDescriptor(DriveCommand.self),
        CommandDescriptor(RouteCommand.self),
        CommandDescriptor(TranscriptCommand.self),
        CommandDescriptor(ServeCommand.self),
        CommandDescriptor(InspectCommand.self),
        CommandDescriptor(MapCommand.self),
        CommandDescriptor(SayCommand.self),
        CommandDescriptor(LocalesCommand.self),
        CommandDescriptor(LintCommand.self),
        CommandDescriptor(PhrasesCommand.self),
        CommandDescriptor(ConfigCommand.self),
    ]

    /// Top-level help.
    public static var helpText: String {
        let width = commands.map { $0.name.count }.max() ?? 8
        var lines = ["voiceguide \(version) — spoken turn-by-turn guidance", "",
                     "Usage: voiceguide COMMAND [OPTIONS]", "       voiceguide help COMMAND | --help | --version",
                     "       voiceguide help --man [COMMAND] | --completion bash|zsh|fish", "",
                     "Commands:"]
        for c in commands {
            lines += HelpFormatting.wrap(c.summary, width: 80, firstPrefix: "  " + c.name.padding(toLength: width + 2, withPad: " ", startingAt: 0),
                                         prefix: String(repeating: " ", count: width + 4))
        }
        lines += [""] + HelpFormatting.wrap("Run 'voiceguide help COMMAND' or 'voiceguide COMMAND --help' for a command's options.", width: 80)
        lines += HelpFormatting.wrap("Exit codes: 0 ok, 64 usage, 65 bad data, 66 missing input, 69 audio unavailable, "
                                     + "70 internal error, 73 cannot create an output file, 74 read/write error, "
                                     + "130 interrupted.", width: 80)
        return lines.joined(separator: "\n")
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], io: CommandIO = .standard()) -> Int32 {
        guard let first = arguments.first else {
            io.error(helpText)
            return ExitCode.usage.rawValue
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            // `voiceguide help drive` is `voiceguide drive --help`.
            guard let topic = rest.first else { return finish(io) { io.print(helpText) } }
            if topic == "--man" { return manualPage(Array(rest.dropFirst()), io: io) }
            if topic == "--completion" { return completion(Array(rest.dropFirst()), io: io) }
            guard rest.count == 1 else { return usageError("'\(first)' takes at most one COMMAND, got '\(rest.joined(separator: " "))'", io: io) }
            guard let command = commands.first(where: { $0.name == topic }) else { return unknownCommand(topic, io: io) }
            return finish(io) { io.print(command.helpText) }
        case "--version", "-V":
            guard rest.isEmpty else { return usageError("'--version' takes no arguments, got '\(rest.joined(separator: " "))'", io: io) }
            return finish(io) { io.print("voiceguide \(version)") }
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else { return unknownCommand(first, io: io) }
        if rest.prefix(while: { $0 != "--" }).contains(where: { $0 == "--help" || $0 == "-h" }) {
            return finish(io) { io.print(command.helpText) }
        }
        var configured: (config: UserConfig, keys: [String])?
        do {
            var parsed = try ParsedArguments.parse(rest, specs: command.options, command: command.name)
            if let config = try UserConfig.load(io.environment) {
                let (withSettings, keys) = config.applied(to: parsed, command: command.name, options: command.options)
                parsed = withSettings
                if !keys.isEmpty { configured = (config, keys) }
            }
            let code = try command.run(parsed, io).rawValue
            // A signal's clean-up is finalizing a file: the process ends by that signal, not with this code.
            SignalFinalizer.parkIfStopping()
            if let failure = io.outputError { return outputFailed(failure, command: command.name, io: io) }
            return code
        } catch let error as CLIError {
            SignalFinalizer.parkIfStopping()
            if let failure = io.outputError { return outputFailed(failure, command: command.name, io: io) }
            io.error("voiceguide \(command.name): \(error.message)")
            if let hint = error.hint { io.error(hint) }
            if let (config, keys) = configured {
                // A value the user did not type may be the cause: say where it came from.
                let given = config.settings.filter { keys.contains($0.key) }.map { "\($0.key) \($0.value)" }
                io.error("(settings from \(config.path): \(given.joined(separator: ", ")); options on the command line override them)")
            }
            return error.code.rawValue
        } catch {
            SignalFinalizer.parkIfStopping()
            io.error("voiceguide \(command.name): internal error: \(error)")
            return ExitCode.software.rawValue
        }
    }

    /// `help --man [COMMAND]`: the manual page (roff) of the tool or of one command.
    private static func manualPage(_ rest: [String], io: CommandIO) -> Int32 {
        guard rest.count <= 1 else { return usageError("'help --man' takes at most one COMMAND", io: io) }
        guard let topic = rest.first else { return finish(io) { io.write(ManualPage.page(nil)) } }
        guard let command = commands.first(where: { $0.name == topic }) else { return unknownCommand(topic, io: io) }
        return finish(io) { io.write(ManualPage.page(command)) }
    }

    /// `help --completion SHELL`: the completion script for bash, zsh or fish.
    private static func completion(_ rest: [String], io: CommandIO) -> Int32 {
        guard rest.count == 1, let shell = rest.first else {
            return usageError("'help --completion' needs one SHELL: \(ShellCompletion.shells.joined(separator: ", "))", io: io)
        }
        let locales = (try? VoiceGuideData.discover(environment: io.environment))?.availableLocales() ?? []
        guard let script = ShellCompletion.script(shell, locales: locales) else {
            return usageError("'help --completion' knows \(ShellCompletion.shells.joined(separator: ", ")), not '\(shell)'", io: io)
        }
        return finish(io) { io.write(script) }
    }

    /// Runs `body` (which writes to stdout) and maps a failed write to exit 74.
    private static func finish(_ io: CommandIO, _ body: () -> Void) -> Int32 {
        body()
        if let failure = io.outputError { return outputFailed(failure, command: nil, io: io) }
        return ExitCode.ok.rawValue
    }

    /// Stdout could not be written (disk full, closed): one line, exit 74.
    private static func outputFailed(_ failure: any Error, command: String?, io: CommandIO) -> Int32 {
        io.error("voiceguide\(command.map { " \($0)" } ?? ""): cannot write to standard output: \(failure)")
        return ExitCode.ioError.rawValue
    }

    private static func usageError(_ message: String, io: CommandIO) -> Int32 {
        io.error("voiceguide: \(message)")
        io.error("Try 'voiceguide --help'.")
        return ExitCode.usage.rawValue
    }

    /// An unknown command or top-level option, with the nearest one when it is a likely typo.
    private static func unknownCommand(_ word: String, io: CommandIO) -> Int32 {
        let isOption = word.hasPrefix("-")
        let candidates = isOption ? ["--help", "--version"] : commands.map(\.name) + ["help"]
        let hint = closest(to: word, in: candidates).map { "Did you mean '\($0)'? " } ?? ""
        io.error("voiceguide: unknown \(isOption ? "option" : "command") '\(word)'")
        io.error("\(hint)Try 'voiceguide --help'.")
        return ExitCode.usage.rawValue
    }

    /// The candidate nearest to `word` by edit distance, when it is close enough to be a likely typo.
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, VoiceGuideData.editDistance(word.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }
}
