import Foundation
import SafeIO

/// Where a command writes, so tests can capture output.
public final class CommandIO: @unchecked Sendable {
    private let lock = NSLock()
    private let writeOut: @Sendable (String) -> Void
    private let writeErr: @Sendable (String) -> Void
    /// Reads all of standard input (for `-`).
    public let readStdin: @Sendable () -> Data
    /// Environment variables.
    public let environment: [String: String]
    /// True when stdout is a terminal.
    public let stdoutIsTTY: Bool

    /// Creates an IO with custom writers.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                stdin: @escaping @Sendable () -> Data = { Data() }, environment: [String: String] = [:],
                stdoutIsTTY: Bool = false) {
        writeOut = out
        writeErr = err
        readStdin = stdin
        self.environment = environment
        self.stdoutIsTTY = stdoutIsTTY
    }

    /// The process's real stdout, stderr and stdin.
    public static func standard() -> CommandIO {
        // Throwing writes: a closed pipe (`voiceguide drive … | head`) must not kill the process mid-render
        // (main ignores SIGPIPE), so a WAV being written is still finalized.
        CommandIO(out: { s in try? FileHandle.standardOutput.write(contentsOf: Data(s.utf8)) },
                  err: { s in try? FileHandle.standardError.write(contentsOf: Data(s.utf8)) },
                  // Bounded while reading (issue 14 item 7): `cat /dev/zero | voiceguide transcript -` stops one byte
                  // past the route limit, which the parser then reports as too big.
                  stdin: { readStandardInput(limit: BoundedReader.defaultLimit) },
                  environment: ProcessInfo.processInfo.environment,
                  stdoutIsTTY: isatty(STDOUT_FILENO) == 1)
    }

    /// Standard input up to `limit + 1` bytes (enough for the parser to report "too big"); what was read before an
    /// error (a closed descriptor, a directory) is returned as is.
    static func readStandardInput(limit: Int) -> Data {
        do { return try BoundedReader.read(fileDescriptor: STDIN_FILENO, limit: limit) } catch {
            if case .tooBig = error { return Data(count: limit + 1) }
            return Data()
        }
    }

    /// Writes `text` to stdout as is.
    public func write(_ text: String) { lock.withLock { writeOut(text) } }
    /// Writes a line to stdout.
    public func print(_ line: String) { write(line + "\n") }
    /// Writes a line to stderr.
    public func error(_ line: String) { lock.withLock { writeErr(line + "\n") } }
}

/// A `voiceguide` subcommand.
public protocol VoiceGuideCommand: Sendable {
    /// The subcommand name.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// Usage line(s) after `voiceguide NAME`.
    static var usage: String { get }
    /// Options the command accepts (besides --help).
    static var options: [OptionSpec] { get }
    /// Extra lines at the end of --help (keys, examples); empty by default.
    static var notes: String { get }
    /// Runs the command with parsed arguments. Throws `CLIError` for anything that is not a success.
    static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode
}

extension VoiceGuideCommand {
    /// No extra help lines.
    public static var notes: String { "" }

    /// The command's --help text.
    public static var helpText: String {
        var lines = ["voiceguide \(name) — \(summary)", "", "Usage: voiceguide \(name) \(usage)"]
        lines.append("")
        lines.append("Options:")
        let rows = options.map { o in ("--\(o.name)" + (o.valueName.map { " \($0)" } ?? ""), o.help) } + [("--help", "Show this help.")]
        let width = rows.map(\.0.count).max() ?? 0
        for (left, right) in rows { lines.append("  " + left.padding(toLength: width + 2, withPad: " ", startingAt: 0) + right) }
        if !notes.isEmpty { lines += ["", notes] }
        return lines.joined(separator: "\n")
    }
}

/// A type-erased command. (Calling through `any VoiceGuideCommand.Type` crashes swift-frontend 6.3.1 in SILGen,
/// so the registry holds these descriptors instead.)
public struct CommandDescriptor: Sendable {
    /// The subcommand name.
    public let name: String
    /// One line for the command list.
    public let summary: String
    /// The command's --help text.
    public let helpText: String
    /// Options the command accepts.
    public let options: [OptionSpec]
    /// Runs the command.
    public let run: @Sendable (ParsedArguments, CommandIO) throws -> ExitCode

    /// Wraps a command type.
    public init<C: VoiceGuideCommand>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        helpText = C.helpText
        options = C.options
        run = { try C.run($0, io: $1) }
    }
}
