import Foundation
import Synchronization

/// Counters for `GET /metrics` in the Prometheus text format: requests by endpoint and status, errors, a latency
/// histogram, requests in flight, open and refused connections. Safe to share between threads.
public final class ServiceMetrics: Sendable {
    /// Upper bounds of the latency histogram buckets, in seconds.
    public static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

    private struct Counters {
        var requests: [String: Int] = [:]
        var errors: [String: Int] = [:]
        var bucketCounts = [Int](repeating: 0, count: ServiceMetrics.buckets.count)
        var latencySum = 0.0
        var latencyCount = 0
        var inFlight = 0
        var connections = 0
        var refused = 0
        var timeouts = 0

        mutating func record(endpoint: String, status: Int, seconds: Double) {
            requests["endpoint=\"\(endpoint)\",code=\"\(status)\"", default: 0] += 1
            if status >= 400 { errors["endpoint=\"\(endpoint)\",code=\"\(status)\"", default: 0] += 1 }
            if endpoint != "protocol" {
                for (i, bound) in ServiceMetrics.buckets.enumerated() where seconds <= bound { bucketCounts[i] += 1 }
                latencySum += seconds
                latencyCount += 1
            }
        }
    }
    private let counters = Mutex(Counters())

    /// Creates empty counters.
    public init() {}

    /// A request started being handled.
    public func begin() { counters.withLock { $0.inFlight += 1 } }

    /// A request ended with `status` after `seconds` (from its head being read to its response being ready).
    public func end(endpoint: String, status: Int, seconds: Double) {
        counters.withLock {
            $0.inFlight -= 1
            $0.record(endpoint: endpoint, status: status, seconds: seconds)
        }
    }

    /// A response the server wrote without a handler (malformed request, limits): counted, not in flight.
    public func rejected(status: Int) {
        counters.withLock { $0.record(endpoint: "protocol", status: status, seconds: 0) }
    }

    /// A connection was accepted (`true`) or closed (`false`).
    public func connection(opened: Bool) { counters.withLock { $0.connections += opened ? 1 : -1 } }
    /// A connection was refused at the limit.
    public func refusedConnection() { counters.withLock { $0.refused += 1 } }
    /// A connection was closed because a client was too slow.
    public func timedOut() { counters.withLock { $0.timeouts += 1 } }

    /// Requests being handled now.
    public var requestsInFlight: Int { counters.withLock { $0.inFlight } }

    /// The Prometheus text exposition.
    public func text() -> String {
        let c = counters.withLock { $0 }
        var out = ""
        func family(_ name: String, _ type: String, _ help: String) { out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n" }
        family("voiceguide_http_requests_total", "counter", "HTTP requests answered, by endpoint and status code.")
        for key in c.requests.keys.sorted() { out += "voiceguide_http_requests_total{\(key)} \(c.requests[key] ?? 0)\n" }
        family("voiceguide_http_errors_total", "counter", "HTTP responses with a status of 400 or more, by endpoint and status code.")
        for key in c.errors.keys.sorted() { out += "voiceguide_http_errors_total{\(key)} \(c.errors[key] ?? 0)\n" }
        family("voiceguide_http_request_duration_seconds", "histogram", "Time from a complete request head to its response being ready.")
        for (i, bound) in Self.buckets.enumerated() {
            out += "voiceguide_http_request_duration_seconds_bucket{le=\"\(bound)\"} \(c.bucketCounts[i])\n"
        }
        out += "voiceguide_http_request_duration_seconds_bucket{le=\"+Inf\"} \(c.latencyCount)\n"
        out += "voiceguide_http_request_duration_seconds_sum \(c.latencySum)\n"
        out += "voiceguide_http_request_duration_seconds_count \(c.latencyCount)\n"
        family("voiceguide_http_requests_in_flight", "gauge", "Requests being handled now.")
        out += "voiceguide_http_requests_in_flight \(c.inFlight)\n"
        family("voiceguide_http_connections_open", "gauge", "Client connections open now.")
        out += "voiceguide_http_connections_open \(c.connections)\n"
        family("voiceguide_http_connections_refused_total", "counter", "Connections answered 503 at --max-connections.")
        out += "voiceguide_http_connections_refused_total \(c.refused)\n"
        family("voiceguide_http_client_timeouts_total", "counter", "Connections closed because the client was too slow.")
        out += "voiceguide_http_client_timeouts_total \(c.timeouts)\n"
        return out
    }
}
