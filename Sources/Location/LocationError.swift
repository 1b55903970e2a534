/// Why a location source cannot be used: one clear line and the kind of failure. The library carries no exit
/// codes: the CLI maps the kind to one (docs/ARCHITECTURE.md, rule 7).
public struct LocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure (what a caller maps to an exit code or an HTTP status).
    public enum Kind: Sendable, Equatable {
        /// A bad `--location` or simulation option value (a command's usage error).
        case usage
        /// A file that is not usable NMEA/GPX (bad data).
        case badData
        /// An input file that does not exist (missing input).
        case missingInput
        /// A receiver that is not there, e.g. gpsd not running (unavailable).
        case unavailable
        /// A file that cannot be created (a file error).
        case cannotCreate
        /// A read or write that failed (a file error).
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

    /// The message.
    public var description: String { message }
}
