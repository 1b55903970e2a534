import Foundation
import Routing
import SafeIO
#if canImport(Glibc)
import Glibc
#endif

/// The limits and timeouts of `HTTPServer`.
public struct HTTPServerLimits: Sendable {
    /// The longest request line (method, target, version), in bytes (longer: 414).
    public var maxRequestLineBytes = 8 << 10
    /// The largest request head (request line and headers), in bytes (larger: 431).
    public var maxHeadBytes = 32 << 10
    /// The most header fields (more: 431).
    public var maxHeaderCount = 100
    /// The largest body, in bytes (larger: 413, refused before it is read).
    public var maxBodyBytes = 32 << 20
    /// Seconds a client has for a whole request head once it started one (slowloris; then 408 and close).
    public var headTimeout = 10.0
    /// Seconds a client has for the body once the head is read (then 408 and close).
    public var bodyTimeout = 30.0
    /// Seconds a kept-alive connection may sit idle between requests.
    public var idleTimeout = 15.0
    /// Seconds for writing one response to a client that does not read.
    public var writeTimeout = 30.0
    /// The most open client connections; one more is answered 503 and closed.
    public var maxConnections = 512
    /// Seconds shutdown waits for in-flight requests before it returns anyway.
    public var drainTimeout = 30.0
    /// Seconds the server goes on accepting and answering after `shutdown()` begins, with `isDraining` true (so
    /// `/health` says 503 "draining" and every response closes its connection), before it stops accepting: the
    /// time a load balancer's health check needs to see the drain and stop sending. 0 stops accepting at once.
    public var drainWindow = 5.0

    /// The defaults.
    public init() {}
}

/// Why the server could not start.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// One line, e.g. `cannot bind 127.0.0.1:8080: Address already in use`.
    public var description: String
}

/// A small strict HTTP/1.1 server on POSIX sockets: one thread per connection (each blocking read and write
/// bounded by poll(2) timeouts), keep-alive and pipelining (responses in request order), bodies by Content-Length or
/// chunked, and a JSON error for every request it refuses. `shutdown()` stops accepting, lets in-flight requests
/// finish, and closes idle connections.
public final class HTTPServer: @unchecked Sendable {
    /// The limits in effect.
    public let limits: HTTPServerLimits
    /// The request handler.
    public let handler: any HTTPServerHandler
    /// What every response gets on the way out (gzip, CORS).
    public let policy: HTTPResponsePolicy
    /// Where a line per request goes, if anywhere.
    public let accessLog: AccessLog?
    /// The counters (shared with the handler for `/metrics`); a request's latency runs from its complete head to its
    /// response being ready to write.
    public let metrics: ServiceMetrics
    /// The address bound.
    public let host: String
    /// The port bound (the real one when 0 was asked for).
    public private(set) var port: UInt16 = 0

    private let lock = NSLock()
    private var listener: Int32 = -1
    /// Set when `shutdown()` begins: requests are still served, each on a closing connection.
    private var draining = false
    /// Set when the drain window has passed: no more connections are accepted.
    private var stopping = false
    private var open = 0
    private let stopped = DispatchSemaphore(value: 0)

    /// Creates a server; `start()` binds it.
    public init(host: String = "127.0.0.1", port: UInt16 = 8080, limits: HTTPServerLimits = HTTPServerLimits(),
                policy: HTTPResponsePolicy = HTTPResponsePolicy(), metrics: ServiceMetrics = ServiceMetrics(),
                accessLog: AccessLog? = nil, handler: any HTTPServerHandler) {
        self.accessLog = accessLog
        self.host = host
        self.port = port
        self.limits = limits
        self.policy = policy
        self.metrics = metrics
        self.handler = handler
    }

    /// True once `shutdown()` was called: kept-alive connections close after their response; new connections are
    /// still served during `limits.drainWindow`, then refused.
    public var isDraining: Bool { lock.withLock { draining } }

    /// True once the drain window has passed and the listener no longer accepts.
    private var isStopping: Bool { lock.withLock { stopping } }

    /// Binds, listens and starts accepting on a thread of its own.
    public func start() throws(HTTPServerError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let info = list else {
            throw HTTPServerError(description: "cannot resolve bind address '\(host)': \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw HTTPServerError(description: "cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 1024) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            throw HTTPServerError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(fd, $0, &length) }
        }
        let bound: UInt16 = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        lock.withLock {
            listener = fd
            port = bound
        }
        let thread = Thread { [self] in acceptLoop(fd) }
        thread.name = "voiceguide-accept"
        thread.start()
    }

    /// Drains: for `limits.drainWindow` it goes on serving with `isDraining` true (health checks see 503), then
    /// stops accepting, waits (at most `limits.drainTimeout`) until every connection has finished its request in
    /// flight and closed, and returns.
    public func shutdown() {
        let wasDraining = lock.withLock { () -> Bool in
            let was = draining
            draining = true
            return was
        }
        guard !wasDraining else { return }
        let windowEnd = Date().addingTimeInterval(limits.drainWindow)
        while !isStopping && Date() < windowEnd { usleep(20_000) }
        lock.withLock { stopping = true }
        let end = Date().addingTimeInterval(limits.drainTimeout)
        while lock.withLock({ open > 0 }) && Date() < end { usleep(20_000) }
        stopped.signal()
    }

    /// Blocks until `shutdown()` has finished.
    public func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    private func acceptLoop(_ fd: Int32) {
        defer { Glibc.close(fd) }
        while !isStopping {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 200) > 0 else { continue }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            var one: Int32 = 1
            _ = setsockopt(client, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let admitted = lock.withLock { () -> Bool in
                guard open < limits.maxConnections, !stopping else { return false }
                open += 1
                return true
            }
            guard admitted else {
                metrics.refusedConnection()
                metrics.rejected(status: 503)
                var connection = Connection(fd: client, server: self)
                connection.write(response: HTTPServerResponse.error(503, isStopping ? "the server is shutting down" :
                                                    "too many connections (--max-connections \(limits.maxConnections)); retry later"),
                                 keepAlive: false, head: false)
                Glibc.close(client)
                continue
            }
            metrics.connection(opened: true)
            let thread = Thread { [self] in
                var connection = Connection(fd: client, server: self)
                connection.serve()
                Glibc.close(client)
                metrics.connection(opened: false)
                lock.withLock { open -= 1 }
            }
            thread.stackSize = 1 << 20
            thread.start()
        }
    }
}

/// One client connection, served on its own thread.
private struct Connection {
    let fd: Int32
    let server: HTTPServer
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)

    init(fd: Int32, server: HTTPServer) {
        self.fd = fd
        self.server = server
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    }

    enum ReadResult { case data, end, timeout, failed, draining }

    /// Reads more into `buffer`, waiting until `deadline`; when `idle`, gives up as soon as the server drains.
    mutating func readMore(until deadline: Date, idle: Bool) -> ReadResult {
        while true {
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                buffer.append(contentsOf: chunk[0..<count])
                return .data
            }
            if count == 0 { return .end }
            guard errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return .failed }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return .timeout }
            if idle && server.isDraining { return .draining }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&pfd, 1, Int32(clamping: Int(saturating: min(left, 0.25) * 1000)) + 1)
        }
    }

    /// Serves requests until the client closes, a limit is hit, or the server drains.
    mutating func serve() {
        let limits = server.limits
        var first = true
        while true {
            // The head: idle wait for the first byte, then `headTimeout` for the whole head.
            var headEnd: Int?
            var started = buffer.isEmpty ? nil : Date()
            var searchFrom = 0
            while headEnd == nil {
                headEnd = Self.find(buffer, from: searchFrom)
                if headEnd != nil { break }
                searchFrom = max(0, buffer.count - 3)
                if buffer.count > limits.maxHeadBytes {
                    return refuse(431, "the request head is larger than \(limits.maxHeadBytes) bytes")
                }
                if !buffer.contains(0x0A), buffer.count > limits.maxRequestLineBytes {
                    return refuse(414, "the request line is longer than \(limits.maxRequestLineBytes) bytes")
                }
                let deadline = started.map { $0.addingTimeInterval(limits.headTimeout) }
                    ?? Date().addingTimeInterval(first ? limits.headTimeout : limits.idleTimeout)
                // A kept-alive connection waiting for its next request closes when the drain starts; a new one
                // (accepted during the drain window) is served its first request.
                switch readMore(until: deadline, idle: started == nil && !first) {
                case .data: if started == nil { started = Date() }
                case .timeout:
                    if started != nil {
                        server.metrics.timedOut()
                        return refuse(408, "the request head did not arrive within \(Self.seconds(limits.headTimeout)) s")
                    }
                    return
                case .end:
                    if started != nil { refuse(400, "the connection was closed in the middle of a request head") }
                    return
                case .failed, .draining: return
                }
            }
            first = false
            guard let headEnd else { return }
            if headEnd + 4 > limits.maxHeadBytes {
                return refuse(431, "the request head is larger than \(limits.maxHeadBytes) bytes")
            }
            let began = Date()
            var request: HTTPServerRequest
            var framing = BodyFraming.length(0)
            switch Self.parseHead(Array(buffer[0..<headEnd]), limits: limits) {
            case .failure(let refusal): return refuse(refusal.status, refusal.message)
            case .success(let parsed): (request, framing) = parsed
            }
            buffer.removeFirst(headEnd + 4)
            if case .length(let bodyLength) = framing, bodyLength > limits.maxBodyBytes {
                return refuse(413, "the body is \(bodyLength) bytes, more than the limit of \(limits.maxBodyBytes) (--max-body)")
            }
            let waiting: Bool
            switch framing {
            case .length(let bodyLength): waiting = bodyLength > buffer.count
            case .chunked: waiting = buffer.isEmpty
            }
            if waiting, request.header("Expect")?.lowercased() == "100-continue" {
                guard send(Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)) else { return }
            }
            let bodyDeadline = Date().addingTimeInterval(limits.bodyTimeout)
            var failure: (status: Int, message: String)?
            var body: [UInt8] = []
            switch framing {
            case .length(let bodyLength):
                (body, failure) = readBody(length: bodyLength, until: bodyDeadline)
            case .chunked:
                (body, failure) = readChunkedBody(until: bodyDeadline)
            }
            if let failure {
                guard failure.status != 0 else { return }
                return refuse(failure.status, failure.message)
            }
            request.body = body
            let connectionHeader = request.header("Connection")?.lowercased() ?? ""
            var keepAlive = request.version == "HTTP/1.1" ? !connectionHeader.contains("close") : connectionHeader.contains("keep-alive")
            server.metrics.begin()
            let response = server.policy.preflight(request)
                ?? server.policy.finish(server.handler.respond(to: request), for: request)
            if server.isDraining { keepAlive = false }
            // Counted before the write, so a client that has its answer also sees it in /metrics.
            let seconds = Date().timeIntervalSince(began)
            server.metrics.end(endpoint: response.endpoint, status: response.status, seconds: seconds)
            let written = write(response: response, keepAlive: keepAlive, head: request.method == "HEAD")
            server.accessLog?.record(AccessLog.Entry(method: request.method, path: request.path, status: response.status,
                                                     bytes: request.method == "HEAD" ? 0 : response.body.count, seconds: seconds,
                                                     upstreamSeconds: response.upstreamSeconds, error: AccessLog.reason(response)))
            guard written, keepAlive else { return }
        }
    }

    /// Reads a body of `length` bytes. A failure is the status and message to refuse with (status 0: just close).
    mutating func readBody(length: Int, until deadline: Date) -> (body: [UInt8], failure: (status: Int, message: String)?) {
        while buffer.count < length {
            if let failure = readFailure(until: deadline, received: "\(buffer.count) of \(length) body bytes") { return ([], failure) }
        }
        let body = Array(buffer[0..<length])
        buffer.removeFirst(length)
        return (body, nil)
    }

    /// Reads a chunked body (RFC 9112 §7.1), at most `maxBodyBytes` of data, the whole of it by `deadline`.
    mutating func readChunkedBody(until deadline: Date) -> (body: [UInt8], failure: (status: Int, message: String)?) {
        let limits = server.limits
        var body: [UInt8] = []
        var at = 0
        while true {
            switch Self.chunk(in: buffer, from: at, maxTrailerBytes: limits.maxHeadBytes) {
            case .needMore:
                if let failure = readFailure(until: deadline, received: "\(body.count) bytes of a chunked body") { return ([], failure) }
            case .malformed(let reason):
                return ([], (400, "malformed chunked body: \(reason)"))
            case .data(let start, let size, let next):
                guard body.count + size <= limits.maxBodyBytes else {
                    return ([], (413, "the chunked body is more than the limit of \(limits.maxBodyBytes) bytes (--max-body)"))
                }
                body.append(contentsOf: buffer[start..<(start + size)])
                at = next
                // Consumed chunks leave the buffer, so it holds at most one chunk beyond the body.
                if at > 65_536 { buffer.removeFirst(at); at = 0 }
            case .end(let length):
                buffer.removeFirst(at + length)
                return (body, nil)
            }
        }
    }

    /// Reads more of a body: nil when bytes came; otherwise why reading stops (status 0: close without an answer).
    mutating func readFailure(until deadline: Date, received: String) -> (status: Int, message: String)? {
        switch readMore(until: deadline, idle: false) {
        case .data: return nil
        case .timeout:
            server.metrics.timedOut()
            return (408, "the body did not arrive within \(Self.seconds(server.limits.bodyTimeout)) s")
        case .end: return (400, "the connection was closed after \(received)")
        case .failed, .draining: return (0, "")
        }
    }

    /// Answers with an error and closes: the connection cannot be trusted to continue.
    mutating func refuse(_ status: Int, _ message: String) {
        server.metrics.rejected(status: status)
        server.accessLog?.record(AccessLog.Entry(method: "-", path: "-", status: status, bytes: 0, seconds: 0, error: message))
        _ = write(response: .error(status, message), keepAlive: false, head: false)
        shutdown(fd, Int32(SHUT_WR))
        // Let the client read the answer before the close resets the connection (bytes it sent are unread).
        var drain = [UInt8](repeating: 0, count: 4096)
        let end = Date().addingTimeInterval(0.5)
        while Date() < end {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&pfd, 1, 100) >= 0 else { break }
            let count = drain.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { break }
        }
    }

    /// Writes `response`; false when the client is gone or too slow.
    @discardableResult
    mutating func write(response: HTTPServerResponse, keepAlive: Bool, head: Bool) -> Bool {
        var text = "HTTP/1.1 \(response.status) \(HTTPServerResponse.reason(response.status))\r\n"
        for header in response.headers { text += "\(header.name): \(header.value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\n"
        text += keepAlive ? "Connection: keep-alive\r\n" : "Connection: close\r\n"
        text += "Server: voiceguide\r\n\r\n"
        var bytes = Array(text.utf8)
        if !head { bytes.append(contentsOf: response.body) }
        return send(bytes)
    }

    func send(_ bytes: [UInt8]) -> Bool {
        let deadline = Date().addingTimeInterval(server.limits.writeTimeout)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 { offset += sent; continue }
            guard sent < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return false }
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { server.metrics.timedOut(); return false }
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&pfd, 1, Int32(clamping: Int(saturating: min(left, 1) * 1000)) + 1)
        }
        return true
    }

    /// The index of the first CRLFCRLF at or after `from`.
    static func find(_ bytes: [UInt8], from: Int) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var i = from
        while i + 3 < bytes.count {
            if bytes[i] == 0x0D, bytes[i + 1] == 0x0A, bytes[i + 2] == 0x0D, bytes[i + 3] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    struct Refusal: Error {
        var status: Int
        var message: String
    }

    /// How a request's body is delimited.
    enum BodyFraming: Equatable {
        /// `Content-Length` bytes (0 without the header).
        case length(Int)
        /// `Transfer-Encoding: chunked` (RFC 9112 §7.1).
        case chunked
    }

    /// Parses a request head strictly (RFC 9112): the request line, then header fields without obsolete
    /// folding; the body by Content-Length or, in HTTP/1.1, by the chunked transfer coding alone (any other coding
    /// is 501; both headers at once, a form of request smuggling, is 400).
    static func parseHead(_ head: [UInt8], limits: HTTPServerLimits) -> Result<(HTTPServerRequest, BodyFraming), Refusal> {
        guard !head.contains(0) else { return .failure(Refusal(status: 400, message: "a NUL byte in the request head")) }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0]
        if requestLine.utf8.count > limits.maxRequestLineBytes {
            return .failure(Refusal(status: 414, message: "the request line is longer than \(limits.maxRequestLineBytes) bytes"))
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(Refusal(status: 400, message: "malformed request line '\(ControlCharacters.escapedForMessage(requestLine))': expected METHOD TARGET HTTP/1.1"))
        }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            return .failure(Refusal(status: 400, message: "malformed method '\(ControlCharacters.escapedForMessage(method))'"))
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(Refusal(status: 400, message: "malformed request target '\(ControlCharacters.escapedForMessage(target))': it must start with '/' and be printable ASCII"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Refusal(status: version.hasPrefix("HTTP/") ? 505 : 400, message: "unsupported protocol '\(ControlCharacters.escapedForMessage(version))': HTTP/1.1 or HTTP/1.0"))
        }
        var headers: [(name: String, value: String)] = []
        let tokenBytes = Set("!#$%&'*+-.^_`|~".utf8)
        for line in lines.dropFirst() {
            guard headers.count < limits.maxHeaderCount else {
                return .failure(Refusal(status: 431, message: "more than \(limits.maxHeaderCount) header fields"))
            }
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Refusal(status: 400, message: "malformed header line '\(ControlCharacters.escapedForMessage(line))'"))
            }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard !name.isEmpty, name.utf8.allSatisfy({ tokenBytes.contains($0) || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                return .failure(Refusal(status: 400, message: "malformed header name '\(ControlCharacters.escapedForMessage(name))' (no spaces or folding)"))
            }
            guard !value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                return .failure(Refusal(status: 400, message: "control characters in header '\(name)'"))
            }
            headers.append((name, value))
        }
        let request = HTTPServerRequest(method: method, target: target, version: version, headers: headers)
        if version == "HTTP/1.1", request.header("Host") == nil {
            return .failure(Refusal(status: 400, message: "an HTTP/1.1 request needs a Host header"))
        }
        let lengths = headers.filter { $0.name.caseInsensitiveCompare("Content-Length") == .orderedSame }.map(\.value)
        let encodings = headers.filter { $0.name.caseInsensitiveCompare("Transfer-Encoding") == .orderedSame }
        if !encodings.isEmpty {
            let codings = encodings.flatMap { $0.value.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard version == "HTTP/1.1" else {
                return .failure(Refusal(status: 400, message: "Transfer-Encoding in an HTTP/1.0 request"))
            }
            guard lengths.isEmpty else {
                return .failure(Refusal(status: 400, message: "both Transfer-Encoding and Content-Length: send one of them"))
            }
            guard codings == ["chunked"] else {
                return .failure(Refusal(status: 501, message: "Transfer-Encoding '\(ControlCharacters.escapedForMessage(codings.joined(separator: ", ")))' is not supported: send the body chunked or with a Content-Length"))
            }
            return .success((request, .chunked))
        }
        var length = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
                  first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(first) else {
                return .failure(Refusal(status: 400, message: "invalid Content-Length '\(ControlCharacters.escapedForMessage(lengths.joined(separator: ", ")))'"))
            }
            length = value
        }
        return .success((request, .length(length)))
    }

    /// The longest chunk-size line accepted (size, extensions and CRLF), in bytes.
    static let maxChunkLineBytes = 1024

    /// One step of reading a chunked body from the front of `buffer` (RFC 9112 §7.1).
    enum ChunkStep: Equatable {
        /// More bytes are needed.
        case needMore
        /// A chunk of data: `size` bytes starting at `start`; `next` is where the following chunk-size line begins.
        case data(start: Int, size: Int, next: Int)
        /// The last chunk and its trailer section, `length` bytes in all (trailer fields are read and ignored).
        case end(length: Int)
        /// Malformed framing.
        case malformed(String)
    }

    /// Reads the chunk whose size line starts at `from` in `buffer`.
    static func chunk(in buffer: [UInt8], from: Int, maxTrailerBytes: Int) -> ChunkStep {
        guard let lineEnd = crlf(in: buffer, from: from) else {
            return buffer.count - from > maxChunkLineBytes ? .malformed("a chunk-size line longer than \(maxChunkLineBytes) bytes") : .needMore
        }
        guard lineEnd - from <= maxChunkLineBytes else { return .malformed("a chunk-size line longer than \(maxChunkLineBytes) bytes") }
        let size: Int
        do {
            size = try HTTPChunkedCoding.chunkSize(buffer[from..<lineEnd])
        } catch {
            return .malformed(error.description)
        }
        let start = lineEnd + 2
        guard size > 0 else {
            // The trailer section: field lines up to an empty line.
            var at = start
            while true {
                guard let end = crlf(in: buffer, from: at) else {
                    return buffer.count - start > maxTrailerBytes ? .malformed("a trailer section larger than \(maxTrailerBytes) bytes") : .needMore
                }
                if end == at { return .end(length: end + 2 - from) }
                at = end + 2
                if at - start > maxTrailerBytes { return .malformed("a trailer section larger than \(maxTrailerBytes) bytes") }
            }
        }
        guard buffer.count >= start + size + 2 else { return .needMore }
        guard buffer[start + size] == 0x0D, buffer[start + size + 1] == 0x0A else { return .malformed("a chunk not followed by CRLF") }
        return .data(start: start, size: size, next: start + size + 2)
    }

    /// The offset of the next CRLF at or after `from`.
    static func crlf(in buffer: [UInt8], from: Int) -> Int? {
        var i = from
        while i + 1 < buffer.count {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }

    static func seconds(_ value: Double) -> String { value == value.rounded() ? String(Int(saturating: value)) : String(value) }
}
