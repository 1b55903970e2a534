/// Why an HTTP exchange failed before a complete response arrived.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum HTTPClientError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Could not connect or send (refused, unknown host, reset before any answer); says what happened.
    case unreachable(String)
    /// No complete response within this many seconds (connect included).
    case timeout(Double)
    /// The response broke the protocol or exceeded a size limit; says how.
    case malformed(String)
    /// The TLS handshake with `host` failed: its certificate is signed by an unknown CA, is for another host
    /// name or has expired, or the handshake itself failed; `reason` says which.
    case tls(host: String, reason: String)

    /// One line.
    public var description: String {
        switch self {
        case .unreachable(let what): return what
        case .timeout(let seconds): return "no complete response within \(seconds) s"
        case .malformed(let what): return what
        case .tls(let host, let reason): return "TLS with \(host) failed: \(reason)"
        }
    }
}
