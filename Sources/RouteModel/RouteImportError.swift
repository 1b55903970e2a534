import SafeIO

/// Why a route could not be imported: the file, the JSON path and what was wrong.
/// The description reads like `city.json: routes[0].legs[2].steps[5].maneuver: missing`.
public struct RouteImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Equatable {
        /// The text is not JSON.
        case notJSON(line: Int, column: Int, reason: String)
        /// The input is binary data.
        case binary
        /// Arrays/objects nested deeper than the limit.
        case tooDeep(limit: Int, line: Int, column: Int)
        /// The input is larger than the limit.
        case tooBig(bytes: Int, limit: Int)
        /// A stream (pipe, device) went past the limit; reading stopped there.
        case streamTooBig(limit: Int)
        /// A member has the wrong JSON type.
        case wrongType(expected: String, found: String)
        /// A required member is absent.
        case missing
        /// The response has no routes (with the response's `code` and `message` when given).
        case noRoutes(code: String?, message: String?)
        /// The route has no legs.
        case noLegs
        /// A leg has no steps (the route was requested without `steps=true`).
        case emptyRoute
        /// `--route-index` is past the end of `routes`.
        case routeIndexOutOfRange(index: Int, count: Int)
        /// A coordinate is outside WGS84 ranges.
        case coordinateOutOfRange(latitude: Double, longitude: Double)
        /// A number is NaN or infinite (e.g. `1e999`).
        case notFinite
        /// A distance or duration is negative.
        case negative(Double)
        /// Geometry that does not decode.
        case undecodableGeometry(reason: String)
        /// A value that is the right type but unusable.
        case invalidValue(reason: String)
    }

    /// The file as the user named it ("-" or "<stdin>" for standard input).
    public var file: String
    /// The JSON path, e.g. `routes[0].legs[0].steps[3].maneuver.location`; empty for the whole document.
    public var path: String
    /// What was wrong.
    public var kind: Kind

    /// Creates an error.
    public init(file: String, path: String, kind: Kind) {
        self.file = file
        self.path = path
        self.kind = kind
    }

    /// The message after the path.
    public var message: String {
        switch kind {
        case .notJSON(let line, let column, let reason): "line \(line), column \(column): not JSON: \(reason)"
        case .binary: "binary data, not JSON text"
        case .tooDeep(let limit, let line, let column): "line \(line), column \(column): nested deeper than \(limit) levels"
        case .tooBig(let bytes, let limit): "too big: \(bytes) bytes, the limit is \(limit)"
        case .streamTooBig(let limit): "too big: more than \(limit) bytes (reading stopped at the limit)"
        case .wrongType(let expected, let found): "expected \(expected), found \(found)"
        case .missing: "missing"
        case .noRoutes(let code, let message):
            "no routes" + (code.map { " (code \($0)" + (message.map { ": \($0)" } ?? "") + ")" } ?? "")
        case .noLegs: "no legs"
        case .emptyRoute: "no steps (request the route with steps=true)"
        case .routeIndexOutOfRange(let index, let count): "route index \(index) is out of range (\(count) route\(count == 1 ? "" : "s"))"
        case .coordinateOutOfRange(let lat, let lon): "coordinate out of range (latitude \(lat), longitude \(lon))"
        case .notFinite: "not a finite number"
        case .negative(let v): "negative value \(JSONValue.numberText(v))"
        case .undecodableGeometry(let reason): "geometry does not decode: \(reason)"
        case .invalidValue(let reason): reason
        }
    }

    /// `file: path: message` (the path is left out when empty).
    public var description: String {
        let text = path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
        return ControlCharacters.escaped(text)
    }
}
