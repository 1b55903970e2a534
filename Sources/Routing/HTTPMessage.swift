import Foundation

/// One HTTP header field.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name as sent (compare case-insensitively).
    public var name: String
    /// The field value, without surrounding whitespace.
    public var value: String

    /// Creates a header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }

    /// Parses one received field line (`Name: value`, CR LF already removed or not); nil when it has no
    /// colon, an empty or invalid name, or starts with whitespace (obsolete line folding, RFC 9112 §5.2).
    public init?(fieldLine line: String) {
        guard let colon = line.firstIndex(of: ":") else { return nil }
        let name = String(line[line.startIndex..<colon])
        guard Self.isValidName(name) else { return nil }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n"))
        guard Self.isValidValue(value) else { return nil }
        self.init(name, value)
    }

    /// True when `name` is a token (RFC 9110 §5.1): printable ASCII without spaces, separators or a colon.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && !separators.contains($0) }
    }

    /// The delimiters that may not appear in a field name.
    private static let separators = Set("\"(),/:;<=>?@[\\]{}".utf8)

    /// True when `value` has no control character but tab (so no CR or LF that would end the field).
    public static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    /// `text` with control characters replaced by "?", for one-line error messages.
    public static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}

/// An HTTP/1.1 request to send: method, target (path and query) and an optional body.
public struct HTTPRequest: Sendable, Hashable {
    /// "GET", "POST", …
    public var method: String
    /// The request target below the endpoint's path prefix, starting with "/", query included.
    public var target: String
    /// Extra header fields (Host, Content-Length, Connection and User-Agent are added by the client).
    public var headers: [HTTPHeader]
    /// The request body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, target: String, headers: [HTTPHeader] = [], body: Data? = nil) {
        self.method = method
        self.target = target
        self.headers = headers
        self.body = body
    }
}

/// A complete HTTP response.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, 100…999.
    public var status: Int
    /// The reason phrase (may be empty).
    public var reason: String
    /// The header fields in order.
    public var headers: [HTTPHeader]
    /// The body, de-chunked.
    public var body: Data

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: [HTTPHeader] = [], body: Data = Data()) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The value of the last header field named `name` (case-insensitive), or nil.
    public func header(_ name: String) -> String? {
        headers.last { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
