import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real TCP server on 127.0.0.1 that records each HTTP request it receives and answers it as a test scripts:
/// fixed bytes, silence (accept and never answer), or an endless stream. For the client's fault tests and for
/// checking the exact request the OSRM router sends.
public final class ScriptedHTTPServer: @unchecked Sendable {
    /// One request as received: the request line, the headers and the body.
    public struct Received: Sendable {
        /// The request head (request line and headers).
        public var head: String
        /// The body.
        public var body: Data
        /// "GET /route/v1/… HTTP/1.1".
        public var requestLine: String { head.components(separatedBy: "\r\n").first ?? "" }
    }

    /// How to answer.
    public enum Reply: Sendable {
        /// Send these bytes, then close.
        case bytes([UInt8])
        /// Keep the connection open and say nothing until the server stops.
        case silence
        /// Send `prefix`, then `chunk` again and again until the client goes away.
        case endless(prefix: [UInt8], chunk: [UInt8])
        /// Send `bytes` in pieces of `piece` bytes, `pause` seconds apart, then close (a slow server).
        case drip([UInt8], piece: Int, pause: Double)
    }

    /// The port it listens on.
    public let port: UInt16
    private let listener: Int32
    private let reply: @Sendable (Received) -> Reply
    private let lock = NSLock()
    private var received: [Received] = []
    private var stopped = false
    private var openConnections: [Int32] = []

    /// Starts listening (on `port`, or a free one) and serving on a thread of its own.
    public init(port requested: UInt16? = nil, reply: @escaping @Sendable (Received) -> Reply) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw TestServiceError.system("socket", errno) }
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let chosen = try requested ?? FreePort.tcp()
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = chosen.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 16) == 0 else {
            let code = errno
            close(fd)
            throw TestServiceError.system("bind/listen", code)
        }
        listener = fd
        port = chosen
        self.reply = reply
        let thread = Thread { [weak self] in
            // Holds the server only while accepting, so dropping the last reference stops it.
            while let server = self, server.acceptOnce() {}
            close(fd)
        }
        thread.start()
    }

    /// Answers every request with `response`.
    public convenience init(response: String) throws {
        let bytes = Array(response.utf8)
        try self.init { _ in .bytes(bytes) }
    }

    /// `http://127.0.0.1:PORT`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far.
    public var requests: [Received] { lock.withLock { received } }

    /// Stops accepting and closes every connection.
    public func stop() {
        let connections = lock.withLock { () -> [Int32] in
            stopped = true
            return openConnections
        }
        for fd in connections { shutdown(fd, Int32(SHUT_RDWR)) }
    }

    deinit { stop() }

    private var isStopped: Bool { lock.withLock { stopped } }

    /// Waits up to 50 ms for a connection and serves it on a thread of its own; false once stopped.
    private func acceptOnce() -> Bool {
        guard !isStopped else { return false }
        var pfd = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&pfd, 1, 50) > 0 else { return true }
        let connection = accept(listener, nil, nil)
        guard connection >= 0 else { return true }
        lock.withLock { openConnections.append(connection) }
        let thread = Thread { [self] in serve(connection) }
        thread.start()
        return true
    }

    private func serve(_ fd: Int32) {
        defer {
            lock.withLock { openConnections.removeAll { $0 == fd } }
            close(fd)
        }
        guard let request = readRequest(fd) else { return }
        lock.withLock { received.append(request) }
        switch reply(request) {
        case .bytes(let bytes):
            _ = sendAll(fd, bytes)
        case .silence:
            while !isStopped { usleep(20_000) }
        case .endless(let prefix, let chunk):
            guard sendAll(fd, prefix) else { return }
            while !isStopped, sendAll(fd, chunk) {}
        case .drip(let bytes, let piece, let pause):
            var offset = 0
            while offset < bytes.count, !isStopped {
                usleep(useconds_t(pause * 1e6))
                let end = min(bytes.count, offset + max(1, piece))
                guard sendAll(fd, Array(bytes[offset..<end])) else { return }
                offset = end
            }
        }
    }

    private func readRequest(_ fd: Int32) -> Received? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        var headEnd: Int?
        var needed = Int.max
        while bytes.count < needed {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return nil }
            bytes.append(contentsOf: buffer[0..<count])
            if headEnd == nil, let end = Self.find([13, 10, 13, 10], in: bytes) {
                headEnd = end
                let head = String(decoding: bytes[0..<end], as: UTF8.self)
                let length = head.components(separatedBy: "\r\n")
                    .first { $0.lowercased().hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                needed = end + 4 + length
            }
        }
        guard let end = headEnd else { return nil }
        return Received(head: String(decoding: bytes[0..<end], as: UTF8.self), body: Data(bytes[(end + 4)...]))
    }

    private func sendAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for i in 0...(haystack.count - needle.count) where Array(haystack[i..<(i + needle.count)]) == needle { return i }
        return nil
    }
}
