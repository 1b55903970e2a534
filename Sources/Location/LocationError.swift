/// Why a location source cannot be used: one clear line and the kind of failure. The library carries no exit
/// codes: the CLI maps the kind to one (docs/ARCHITECTURE.md, rule 7).
public struct LocationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kind of failure (what a caller maps to an exit code or an HTTP status).
    public enum Kind: Sendable, Equatable {
        /// A bad location or simulation value given by the caller (a command's usage error).
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

    /// A value the caller gave the library that an error is about. The library names it by this field; the CLI
    /// words it as its command-line flag (`--location`, `--gps-noise`, …), which the library never names.
    public enum Field: String, Sendable, Equatable, CaseIterable {
        /// Where positions come from (`LocationSpec.parse`).
        case location
        /// The file positions are recorded to (`LocationRecorder`).
        case record
        /// GPS noise in meters (`SimulationSpec.parseNoise`).
        case noise
        /// The noise seed (`SimulationSpec.parseSeed`).
        case seed
        /// Fixes per second (`SimulationSpec.parseRate`).
        case rate
        /// Seconds without fixes (`SimulationSpec.parseDropout`, `checkDropout`).
        case dropout
        /// A wrong turn onto another route (`SimulationSpec.parseDetour`, `loadDetourRoute`).
        case detour
    }

    /// The kind of failure.
    public var kind: Kind
    /// The value the error is about, if the caller gave it as a value.
    public var field: Field?
    /// That value as the message shows it (quoted for a message), if the error is about the value itself.
    public var value: String?
    /// Why: one line naming the file, line or value (without the field, when there is one).
    public var reason: String

    /// Creates an error that is not about one of the caller's values.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.reason = message
    }

    /// Creates an error about the value `value` (already quoted for a message) of `field`, or about `field` as a whole.
    public init(_ kind: Kind, field: Field, value: String? = nil, _ reason: String) {
        self.kind = kind
        self.field = field
        self.value = value
        self.reason = reason
    }

    /// The line, naming the field as `name` says: `NAME 'VALUE': REASON`, `NAME: REASON` or just the reason.
    public func message(naming name: (Field) -> String) -> String {
        guard let field else { return reason }
        guard let value else { return "\(name(field)): \(reason)" }
        return "\(name(field)) '\(value)': \(reason)"
    }

    /// The line, naming the field by its library name (`noise '-1': expected …`).
    public var message: String { message(naming: \.rawValue) }

    /// The message.
    public var description: String { message }
}
