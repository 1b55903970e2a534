import Foundation
import Network

/// An HTTP/1.1 request to send: method, target (path and query) and an optional body.
public struct HTTPRequest: Sendable, Hashable {
    /// "GET", "POST", …
    public var method: String
    /// The request target below the endpoint's path prefix, starting with "/", query included.
    public var target: String
    /// Extra header fields (Host, Content-Length, Connection and User-Agent are added by the client).
    public var headers: HTTPHeaders
    /// The request body, if any.
    public var body: Data?

    /// Creates a request.
    public init(method: String, target: String, headers: HTTPHeaders = [], body: Data? = nil) {
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
    public var headers: HTTPHeaders
    /// The body, de-chunked.
    public var body: Data

    /// Creates a response.
    public init(status: Int, reason: String = "", headers: HTTPHeaders = [], body: Data = Data()) {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = body
    }

    /// The value of header `name` (case-insensitive; a repeated field reads as `HTTPHeaders` says), or nil.
    public func header(_ name: String) -> String? { headers[name] }

    /// True for 2xx statuses.
    public var isSuccess: Bool { (200..<300).contains(status) }
}
