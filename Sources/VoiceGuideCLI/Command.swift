import Foundation
import SafeIO

/// Where a command writes, so tests can capture output.
public final class CommandIO: @unchecked Sendable {  // @unchecked: the vars are read and written under `lock`; the rest is immutable
    private let lock = NSLock()
    private let writeOut: @Sendable (String) throws -> Void
    private let writeErr: @Sendable (String) -> Void
    private let readInput: @Sendable () throws -> Data
    private let readChunk: (@Sendable () throws -> [UInt8])?
    private var wholeInputTaken = false
    private var outputFailure: (any Error)?
    /// Environment variables.
    public let environment: [String: String]
    /// True when stdout is a terminal.
    public let stdoutIsTTY: Bool
    /// True when stderr is a terminal (progress lines go there only then).
    public let stderrIsTTY: Bool
    /// True when this writes to the process's own stdout (`standard()`), whose pipe a drive watches.
    public let isProcessStdout: Bool

    /// Creates an IO with custom writers. `out` may throw: the first failure is remembered (`outputError`)
    /// and the command ends with exit 74.
    public init(out: @escaping @Sendable (String) throws -> Void, err: @escaping @Sendable (String) -> Void,
                stdin: @escaping @Sendable () throws -> Data = { Data() }, environment: [String: String] = [:],
                stdoutIsTTY: Bool = false, isProcessStdout: Bool = false,
                stdinChunk: (@Sendable () throws -> [UInt8])? = nil, stderrIsTTY: Bool = false) {
        self.stderrIsTTY = stderrIsTTY
        self.isProcessStdout = isProcessStdout
        readChunk = stdinChunk
        writeOut = out
        writeErr = err
        readInput = stdin
        self.environment = environment
        self.stdoutIsTTY = stdoutIsTTY
    }

    /// The process's real stdout, stderr and stdin, through `StandardStreams`: a closed pipe on stdout ends the
    /// process at once (as SIGPIPE would), any other write failure is remembered for exit 74, and stdin that is
    /// closed or a directory is an error rather than a trap.
    public static func standard() -> CommandIO {
        CommandIO(out: { s throws in try StandardStreams.write(s, to: STDOUT_FILENO) },
                  err: { s in try? StandardStreams.write(s, to: STDERR_FILENO) },
                  // Bounded while reading, so endless input cannot fill memory: `cat /dev/zero | voiceguide
                  // transcript -` stops one byte past the route limit, which the parser then reports as too big.
                  stdin: { () throws in try StandardStreams.readAll(limit: BoundedReader.defaultLimit) },
                  environment: ProcessInfo.processInfo.environment,
                  stdoutIsTTY: isatty(STDOUT_FILENO) == 1, isProcessStdout: true,
                  stdinChunk: { () throws in try StandardStreams.readChunk() }, stderrIsTTY: isatty(STDERR_FILENO) == 1)
    }

    /// Reads the next piece of standard input as it arrives (empty at the end), for streaming commands
    /// (`transcript --batch`); without a chunk reader, the whole input once. A read error is exit 66.
    public func readStdinChunk() throws(CLIError) -> [UInt8] {
        do {
            if let readChunk { return try readChunk() }
            let taken = lock.withLock { () -> Bool in
                defer { wholeInputTaken = true }
                return wholeInputTaken
            }
            return taken ? [] : Array(try readInput())
        } catch {
            throw CLIError(.noInput, "<stdin>: cannot read standard input: \(error)")
        }
    }

    /// Reads all of standard input (for `-`); a stream that cannot be read is exit 66 naming `<stdin>`.
    public func readStdin() throws(CLIError) -> Data {
        do {
            return try readInput()
        } catch {
            throw CLIError(.noInput, "<stdin>: cannot read standard input: \(error)")
        }
    }

    /// Writes `text` to stdout as is. After a failed write, later writes are skipped.
    public func write(_ text: String) {
        lock.withLock {
            guard outputFailure == nil else { return }
            do { try writeOut(text) } catch { outputFailure = error }
        }
    }
    /// Writes a line to stdout.
    public func print(_ line: String) { write(line + "\n") }
    /// Writes a line to stderr.
    public func error(_ line: String) { lock.withLock { writeErr(line + "\n") } }
    /// Writes `text` to stderr as is (no newline added): a progress line that rewrites itself with `\r`.
    public func writeError(_ text: String) { lock.withLock { writeErr(text) } }

    /// The first failure writing to stdout (disk full, closed descriptor), if any: the command exits 74.
    public var outputError: (any Error)? { lock.withLock { outputFailure } }
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

    /// The command's --help text: usage (every option, wrapped to 80 columns), options with their help wrapped
    /// under each other, then the notes (keys, aligned examples).
    public static var helpText: String {
        var lines = HelpFormatting.wrap("voiceguide \(name) — \(summary)", width: 80, prefix: "  ") + [""]
        let head = "Usage: voiceguide \(name) "
        lines += HelpFormatting.wrap(usage, width: 80, firstPrefix: head, prefix: String(repeating: " ", count: head.count))
        lines += ["", "Options:"]
        let rows = options.map { o in ((o.short.map { "-\($0), " } ?? "    ") + "--\(o.name)" + (o.valueName.map { " \($0)" } ?? ""), o.help) }
            + [("-h, --help", "Show this help.")]
        lines += HelpFormatting.columns(rows, width: 80)
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
    /// Usage after `voiceguide NAME`.
    public let usage: String
    /// Extra help lines (keys, examples).
    public let notes: String
    /// Runs the command.
    public let run: @Sendable (ParsedArguments, CommandIO) throws -> ExitCode

    /// Wraps a command type.
    public init<C: VoiceGuideCommand>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        helpText = C.helpText
        options = C.options
        usage = C.usage
        notes = C.notes
        run = { try C.run($0, io: $1) }
    }
}
