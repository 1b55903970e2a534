import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small strict HTTP/1.1 client on POSIX sockets: one request per connection (`Connection: close`), a total
/// deadline covering resolve, connect, send and receive, and a response size limit. `send` runs the blocking
/// I/O on a thread of its own, so no caller (and no Swift concurrency worker) ever waits on the network.
public struct HTTPClient: Sendable {
    /// Seconds for the whole exchange.
    public var timeout: Double
    /// The largest response body accepted.
    public var maxBodyBytes: Int
    /// The largest response head accepted.
    public var maxHeadBytes: Int
    /// The User-Agent header value.
    public var userAgent: String

    /// Creates a client.
    public init(timeout: Double = 5, maxBodyBytes: Int = 32 << 20, maxHeadBytes: Int = 64 << 10,
                userAgent: String = "VoiceGuide") {
        self.timeout = timeout
        self.maxBodyBytes = maxBodyBytes
        self.maxHeadBytes = maxHeadBytes
        self.userAgent = userAgent
    }

    /// Sends `request` to `endpoint` on a dedicated thread and returns the complete response (any status).
    public func send(_ request: HTTPRequest, to endpoint: HTTPEndpoint) async throws(HTTPClientError) -> HTTPResponse {
        let result: Result<HTTPResponse, HTTPClientError> = await withCheckedContinuation { continuation in
            let thread = Thread {
                do throws(HTTPClientError) {
                    continuation.resume(returning: .success(try self.sendBlocking(request, to: endpoint)))
                } catch {
                    continuation.resume(returning: .failure(error))
                }
            }
            thread.name = "voiceguide-http"
            thread.start()
        }
        return try result.get()
    }

    /// The bytes of `request` as sent to `endpoint`.
    public func encode(_ request: HTTPRequest, for endpoint: HTTPEndpoint) -> [UInt8] {
        var head = "\(request.method) \(endpoint.pathPrefix)\(request.target) HTTP/1.1\r\n"
        head += "Host: \(endpoint.hostHeader)\r\n"
        head += "User-Agent: \(userAgent)\r\n"
        head += "Accept: application/json\r\n"
        head += "Connection: close\r\n"
        for header in request.headers { head += "\(header.name): \(header.value)\r\n" }
        if let body = request.body { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if let body = request.body { bytes.append(contentsOf: body) }
        return bytes
    }

    /// Sends `request` and waits for the response on the calling thread (blocking; at most `timeout` seconds).
    public func sendBlocking(_ request: HTTPRequest, to endpoint: HTTPEndpoint) throws(HTTPClientError) -> HTTPResponse {
        let deadline = Deadline(seconds: timeout)
        let socket = try TCPConnection.connect(host: endpoint.host, port: endpoint.port, deadline: deadline, timeout: timeout)
        defer { socket.close() }
        try socket.write(encode(request, for: endpoint), deadline: deadline, timeout: timeout)
        var parser = HTTPResponseParser(maxHeadBytes: maxHeadBytes, maxBodyBytes: maxBodyBytes)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var received = 0
        while true {
            let count = try socket.read(into: &buffer, deadline: deadline, timeout: timeout, receivedSoFar: received)
            do throws(HTTPParseError) {
                if count == 0 { return try parser.finish() }
                received += count
                if let response = try parser.feed(buffer[0..<count]) { return response }
            } catch {
                throw .malformed(error.description)
            }
        }
    }
}

/// A point in monotonic time by which an exchange must finish.
struct Deadline: Sendable {
    let end: UInt64

    init(seconds: Double) {
        let nanos = seconds.isFinite && seconds > 0 ? min(seconds, 86_400) * 1e9 : 0
        end = DispatchTime.now().uptimeNanoseconds + UInt64(nanos)
    }

    /// Milliseconds left, 0 when passed, for poll(2).
    var remainingMilliseconds: Int32 {
        let now = DispatchTime.now().uptimeNanoseconds
        guard end > now else { return 0 }
        return Int32(min(UInt64(Int32.max), (end - now + 999_999) / 1_000_000))
    }
}
