/// Process exit codes, after sysexits.h (docs/ARCHITECTURE.md §3 rule 7).
public enum ExitCode: Int32, Sendable {
    /// Success.
    case ok = 0
    /// Bad command line.
    case usage = 64
    /// Bad input data: route, phrasebook, locale, SSML.
    case dataError = 65
    /// An input file is missing.
    case noInput = 66
    /// The audio device is unavailable.
    case unavailable = 69
    /// An internal error.
    case software = 70
    /// An output file cannot be created (WAV path in a missing or read-only directory).
    case cannotCreate = 73
    /// Reading or writing failed (a full disk, a closed stdout, a WAV write error).
    case ioError = 74
    /// Interrupted by SIGINT (128 + 2).
    case interrupted = 130
}

/// An error that ends a command with a one-line message and an exit code.
public struct CLIError: Error, Sendable, CustomStringConvertible {
    /// The exit code.
    public var code: ExitCode
    /// The first stderr line: names the file and the JSON path or key.
    public var message: String
    /// Optional further lines (a hint, a list of close matches).
    public var hint: String?

    /// Creates an error.
    public init(_ code: ExitCode, _ message: String, hint: String? = nil) {
        self.code = code
        self.message = message
        self.hint = hint
    }

    /// The message, then the hint on the next line.
    public var description: String { hint.map { "\(message)\n\($0)" } ?? message }

    /// A usage error with the standard hint.
    public static func usage(_ message: String, command: String? = nil) -> CLIError {
        CLIError(.usage, message, hint: "Try 'voiceguide \(command.map { "\($0) " } ?? "")--help'.")
    }
}
