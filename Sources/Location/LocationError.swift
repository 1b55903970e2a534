/// Why a location source cannot be used: one clear line and the exit code the CLI should use.
public struct LocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure, which fixes the exit code.
    public enum Kind: Sendable, Equatable {
        /// A bad `--location` or simulation option value (exit 64).
        case usage
        /// A file that is not usable NMEA/GPX (exit 65).
        case badData
        /// An input file that does not exist (exit 66).
        case missingInput
        /// A receiver that is not there, e.g. gpsd not running (exit 69).
        case unavailable
        /// A file that cannot be created (exit 73).
        case cannotCreate
        /// A read or write that failed (exit 74).
        case io
    }

    /// The kind of failure.
    public var kind: Kind
    /// One line naming the file, line or value.
    public var message: String

    /// Creates an error.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The process exit code for this error (DESIGN.md §6 and sysexits).
    public var exitCode: Int32 {
        switch kind {
        case .usage: 64
        case .badData: 65
        case .missingInput: 66
        case .unavailable: 69
        case .cannotCreate: 73
        case .io: 74
        }
    }

    /// The message.
    public var description: String { message }
}
