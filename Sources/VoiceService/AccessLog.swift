import Foundation
import RouteModel
import SafeIO

/// One line per request for operators (`serve` writes them to stderr): method, path, status, bytes, time and the
/// upstream router's time, and for an error its reason, as text or as JSON lines (`--log-format json`).
public struct AccessLog: Sendable {
    /// The line formats.
    public enum Format: String, Sendable, CaseIterable {
        /// `2026-12-02T02:35:16Z POST /v1/voice 200 1834 B 3.2 ms (upstream 1.1 ms)`.
        case text
        /// One JSON object per line: `time`, `method`, `path`, `status`, `bytes`, `ms`, `upstreamMs`, `error`.
        case json
    }

    /// What one request came to.
    public struct Entry: Sendable {
        /// The request method; "-" when the request was refused before its line was read.
        public var method: String
        /// The path (without the query, which may carry an access token); "-" when unknown.
        public var path: String
        /// The status sent.
        public var status: Int
        /// Body bytes sent.
        public var bytes: Int
        /// Seconds from the complete request head to the response being ready.
        public var seconds: Double
        /// Seconds the upstream router took, when asked.
        public var upstreamSeconds: Double?
        /// Why, for a status of 400 or more: the message of its JSON body.
        public var error: String?

        /// Creates an entry.
        public init(method: String, path: String, status: Int, bytes: Int, seconds: Double, upstreamSeconds: Double? = nil,
                    error: String? = nil) {
            self.method = method
            self.path = path
            self.status = status
            self.bytes = bytes
            self.seconds = seconds
            self.upstreamSeconds = upstreamSeconds
            self.error = error
        }
    }

    /// The format of the lines.
    public var format: Format
    /// Where each line goes (without its newline).
    public var write: @Sendable (String) -> Void

    /// A log writing `format` lines to `write`.
    public init(format: Format = .text, write: @escaping @Sendable (String) -> Void) {
        self.format = format
        self.write = write
    }

    /// Writes the line for `entry`, stamped `time`.
    public func record(_ entry: Entry, at time: Date = Date()) {
        write(line(entry, at: time))
    }

    /// The line for `entry`: request text that came from the client is escaped, so a line is always one line.
    public func line(_ entry: Entry, at time: Date) -> String {
        let stamp = Self.timestamp(time)
        let method = ControlCharacters.escaped(entry.method), path = ControlCharacters.escaped(entry.path)
        let ms = (entry.seconds * 10_000).rounded() / 10
        let upstream = entry.upstreamSeconds.map { ($0 * 10_000).rounded() / 10 }
        switch format {
        case .json:
            var members: [JSONMember] = [
                .init(key: "time", value: .string(stamp)), .init(key: "method", value: .string(entry.method)),
                .init(key: "path", value: .string(entry.path)), .init(key: "status", value: .number(Double(entry.status))),
                .init(key: "bytes", value: .number(Double(entry.bytes))), .init(key: "ms", value: .number(ms)),
            ]
            if let upstream { members.append(.init(key: "upstreamMs", value: .number(upstream))) }
            if let error = entry.error { members.append(.init(key: "error", value: .string(error))) }
            return JSONValue.object(members).serialized()
        case .text:
            var text = "\(stamp) \(method) \(path) \(entry.status) \(entry.bytes) B \(String(format: "%.1f", ms)) ms"
            if let upstream { text += " (upstream \(String(format: "%.1f", upstream)) ms)" }
            if let error = entry.error { text += ": " + ControlCharacters.escaped(error) }
            return text
        }
    }

    /// The `message` of a JSON error body, if it has one.
    static func reason(_ response: HTTPServerResponse) -> String? {
        guard response.status >= 400, let json = try? JSONParser(maxBytes: 1 << 16).parse(Data(response.body)) else { return nil }
        return json["message"]?.stringValue
    }

    /// UTC, to the second: `2026-12-02T02:35:16Z`.
    static func timestamp(_ time: Date) -> String {
        var seconds = time_t(Int(saturating: time.timeIntervalSince1970.rounded(.down)))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
                      Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec))
    }
}
