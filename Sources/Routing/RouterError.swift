import Foundation

/// Why a route could not be had from the router. `description` is one line for the log.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum RouterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The server could not be reached (connection refused, unknown host, network down); says what happened.
    case unreachable(String)
    /// No complete response within this many seconds.
    case timeout(Double)
    /// The server answered with a non-2xx HTTP status and no routing error code; the first line of its body.
    case httpStatus(Int, String)
    /// The router answered with a routing error code ("NoRoute", "InvalidUrl", Valhalla's error number…).
    case notOk(code: String, message: String)
    /// The response (or the request) is not usable: broken HTTP, not JSON, not a route, too large.
    case malformed(String)

    /// One clear line.
    public var description: String {
        switch self {
        case .unreachable(let what): return "router unreachable: \(what)"
        case .timeout(let seconds): return "router timed out after \(Self.seconds(seconds)) s"
        case .httpStatus(let status, let body): return body.isEmpty ? "router answered HTTP \(status)" : "router answered HTTP \(status): \(body)"
        case .notOk(let code, let message): return message.isEmpty ? "router found no route: \(code)" : "router found no route: \(code): \(message)"
        case .malformed(let what): return "router response unusable: \(what)"
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e9 ? String(Int(value)) : String(format: "%.1f", value)
    }
}
