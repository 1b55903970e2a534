import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small strict HTTP/1.1 client on POSIX sockets: one request per connection (`Connection: close`), a total
/// deadline covering resolve, connect, send and receive, and a response size limit. `send` runs the blocking
/// I/O on a Dispatch thread apart from Swift concurrency, so no caller and no concurrency worker waits on it.
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

    /// Sends `request` to `endpoint` off the caller's thread and returns the complete response (any status).
    public func send(_ request: HTTPRequest, to endpoint: HTTPEndpoint) async throws(HTTPClientError) -> HTTPResponse {
        try await offThread { () throws(HTTPClientError) in try sendBlocking(request, to: endpoint) }
    }

    /// Refuses a request whose method, target or headers would break the request framing (spaces or control
    /// characters in the target, CR/LF in a header: request smuggling when a target comes from a client).
    static func validate(_ request: HTTPRequest) throws(HTTPClientError) {
        let method = request.method.utf8
        guard !method.isEmpty, method.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            throw .malformed("invalid request method '\(HTTPResponseParser.printable(request.method))'")
        }
        guard request.target.hasPrefix("/"), request.target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformed("invalid request target '\(HTTPResponseParser.printable(request.target))': it must start with '/' and be printable ASCII without spaces")
        }
        for header in request.headers {
            guard !header.name.isEmpty, header.name.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: ":") }),
                  !header.value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                throw .malformed("invalid request header '\(HTTPResponseParser.printable(header.name))'")
            }
        }
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
        try Self.validate(request)
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
        return Int32(clamping: (end - now + 999_999) / 1_000_000)
    }
}
