import Foundation
import Network
import RouteModel

/// One parsed HTTP/1.1 request as the server hands it to a handler.
public struct HTTPServerRequest: Sendable {
    /// The method, e.g. "GET".
    public var method: String
    /// The request target as sent (path and query).
    public var target: String
    /// The path, percent-decoded.
    public var path: String
    /// The query parameters, percent-decoded, in order (a repeated name keeps every value).
    public var query: [(name: String, value: String)]
    /// "HTTP/1.1" or "HTTP/1.0".
    public var version: String
    /// The header fields in order, names as sent.
    public var headers: HTTPHeaders
    /// The body (empty without Content-Length).
    public var body: [UInt8]

    /// Creates a request.
    public init(method: String, target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = [],
                body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        let question = target.firstIndex(of: "?")
        path = Self.percentDecoded(String(target[..<(question ?? target.endIndex)]))
        query = question.map { Self.parseQuery(String(target[target.index(after: $0)...])) } ?? []
    }

    /// The value of header `name` (case-insensitive; a repeated field reads as `HTTPHeaders` says).
    public func header(_ name: String) -> String? { headers[name] }

    /// The first value of query parameter `name`.
    public func parameter(_ name: String) -> String? { query.first { $0.name == name }?.value }

    static func parseQuery(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (percentDecoded(String(parts[0]), plus: true), parts.count > 1 ? percentDecoded(String(parts[1]), plus: true) : "")
        }
    }

    /// `text` with %XX escapes (and `+` in a query) decoded; an invalid escape stays as it is.
    static func percentDecoded(_ text: String, plus: Bool = false) -> String {
        guard text.contains("%") || (plus && text.contains("+")) else { return text }
        var bytes = [UInt8]()
        let utf8 = Array(text.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count, let high = hex(utf8[i + 1]), let low = hex(utf8[i + 2]) {
                bytes.append(high << 4 | low)
                i += 3
            } else {
                bytes.append(plus && utf8[i] == UInt8(ascii: "+") ? 0x20 : utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hex(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x41...0x46: return c - 0x41 + 10
        case 0x61...0x66: return c - 0x61 + 10
        default: return nil
        }
    }
}

/// A response a handler returns; the server adds Content-Length, Connection and Server.
public struct HTTPServerResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra header fields (Content-Type among them).
    public var headers: HTTPHeaders
    /// The body.
    public var body: [UInt8]
    /// The endpoint label the metrics count this response under ("voice", "route", "health"…).
    public var endpoint: String
    /// Seconds the upstream router took for this response, when one was asked (for the access log).
    public var upstreamSeconds: Double?

    /// Creates a response.
    public init(status: Int, headers: HTTPHeaders = [], body: [UInt8] = [], endpoint: String = "other") {
        self.status = status
        self.headers = headers
        self.body = body
        self.endpoint = endpoint
    }

    /// A JSON response (compact, newline-terminated).
    public static func json(_ status: Int, _ value: JSONValue, endpoint: String = "other") -> HTTPServerResponse {
        jsonBytes(status, value.serializedBytes(), endpoint: endpoint)
    }

    /// A JSON response from JSON text already written (a newline is added).
    public static func jsonBytes(_ status: Int, _ text: [UInt8], endpoint: String = "other") -> HTTPServerResponse {
        var body = text
        body.append(0x0A)
        return HTTPServerResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: body,
                                  endpoint: endpoint)
    }

    /// A JSON error body: `{"code":"NotFound","status":404,"message":"…"}` (OSRM's `code`/`message` shape).
    public static func error(_ status: Int, _ message: String, endpoint: String = "other") -> HTTPServerResponse {
        json(status, .object([.init(key: "code", value: .string(reasonCode(status))),
                              .init(key: "status", value: .number(Double(status))),
                              .init(key: "message", value: .string(message))]), endpoint: endpoint)
    }

    /// The reason phrase of `status`.
    public static func reason(_ status: Int) -> String {
        switch status {
        case 100: return "Continue"
        case 200: return "OK"
        case 400: return "Bad Request"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 414: return "URI Too Long"
        case 422: return "Unprocessable Content"
        case 431: return "Request Header Fields Too Large"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 505: return "HTTP Version Not Supported"
        default: return "Status \(status)"
        }
    }

    /// The reason phrase without spaces, for the `code` of an error body.
    static func reasonCode(_ status: Int) -> String { reason(status).replacingOccurrences(of: " ", with: "") }
}

/// Serves one request; called on one of the server's render workers, so it may block (an upstream call) without
/// holding up other connections.
public protocol HTTPServerHandler: Sendable {
    /// The response to `request`.
    func respond(to request: HTTPServerRequest) -> HTTPServerResponse
}
