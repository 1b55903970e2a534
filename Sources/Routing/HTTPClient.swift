import Foundation
import Network

/// A strict HTTP/1.1 client over libcurl: HTTP or HTTPS (the system CAs, or `caFile` for a private CA), a
/// connect timeout and a total deadline covering resolve, connect, TLS, send and receive, size limits enforced
/// while receiving, keep-alive reuse of connections across requests, and proxies from the usual environment
/// variables. `send` runs the blocking transfer on a Dispatch thread apart from Swift concurrency, so no caller
/// and no concurrency worker waits on it.
public struct HTTPClient: Sendable {
    /// Seconds for the whole exchange.
    public var timeout: Double
    /// Seconds to connect (TCP and TLS handshake), at most `timeout`.
    public var connectTimeout: Double
    /// The largest response body accepted.
    public var maxBodyBytes: Int
    /// The largest response head accepted.
    public var maxHeadBytes: Int
    /// The User-Agent header value.
    public var userAgent: String
    /// A PEM file of the certificate authorities trusted for https instead of the system's; nil: the system's.
    public var caFile: String?

    /// Creates a client.
    public init(timeout: Double = 5, connectTimeout: Double = 5, maxBodyBytes: Int = 32 << 20, maxHeadBytes: Int = 64 << 10,
                userAgent: String = "VoiceGuide", caFile: String? = nil) {
        self.timeout = timeout
        self.connectTimeout = connectTimeout
        self.maxBodyBytes = maxBodyBytes
        self.maxHeadBytes = maxHeadBytes
        self.userAgent = userAgent
        self.caFile = caFile
    }

    /// Sends `request` to `endpoint` off the caller's thread and returns the complete response (any status).
    public func send(_ request: HTTPRequest, to endpoint: HTTPEndpoint) async throws(HTTPClientError) -> HTTPResponse {
        try await offThread { () throws(HTTPClientError) in try sendBlocking(request, to: endpoint) }
    }

    /// Refuses a request whose method, target or headers would break the request framing (spaces or control
    /// characters in the target, CR/LF in a header: request smuggling when a target comes from a client).
    static func validate(_ request: HTTPRequest) throws(HTTPClientError) {
        let method = request.method.utf8
        guard !method.isEmpty, method.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw .malformed("invalid request method '\(HTTPHeaders.printable(request.method))'")
        }
        guard request.target.hasPrefix("/"), request.target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("invalid request target '\(HTTPHeaders.printable(request.target))': it must start with '/' and be printable ASCII without spaces")
        }
        for header in request.headers {
            guard HTTPToken.isToken(header.name.utf8), HTTPHeaders.isValidValue(header.value) else {
                throw .malformed("invalid request header '\(HTTPHeaders.printable(header.name))'")
            }
        }
    }

    /// Sends `request` and waits for the response on the calling thread (blocking; at most `timeout` seconds).
    public func sendBlocking(_ request: HTTPRequest, to endpoint: HTTPEndpoint) throws(HTTPClientError) -> HTTPResponse {
        try Self.validate(request)
        return try CurlTransfer.perform(CurlTransfer.Exchange(
            url: endpoint.url(for: request.target), host: endpoint.host,
            peer: "\(endpoint.host.contains(":") ? "[\(endpoint.host)]" : endpoint.host):\(endpoint.port)", method: request.method, headers: request.headers,
            body: request.body, userAgent: userAgent, caFile: caFile, connectTimeout: connectTimeout, timeout: timeout,
            maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes))
    }
}

/// Where blocking network work runs: a concurrent queue on Dispatch's overcommitting threads (a busy thread
/// never holds up the next request), apart from the Swift concurrency workers; threads are reused.
let blockingIOQueue = DispatchQueue(label: "voiceguide.routing.io", attributes: .concurrent)

/// Runs blocking `work` on `blockingIOQueue` and awaits its result, so no Swift concurrency worker waits on I/O.
func offThread<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
    let result: Result<T, E> = await withCheckedContinuation { continuation in
        blockingIOQueue.async {
            do throws(E) { continuation.resume(returning: .success(try work())) } catch {
                continuation.resume(returning: .failure(error))
            }
        }
    }
    return try result.get()
}
