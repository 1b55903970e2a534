import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A connected non-blocking TCP socket whose every wait is bounded by a `Deadline` (poll(2)).
struct TCPConnection: Sendable {
    let fd: Int32
    let peer: String

    /// Resolves `host` and connects to the first address that accepts.
    static func connect(host: String, port: UInt16, deadline: Deadline, timeout: Double) throws(HTTPClientError) -> TCPConnection {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw .unreachable("cannot resolve '\(host)': \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        let peer = "\(host):\(port)"
        var lastError = "no address"
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let info = cursor {
            cursor = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = String(cString: strerror(errno)); continue }
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            if Glibc.connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                return TCPConnection(fd: fd, peer: peer)
            }
            guard errno == EINPROGRESS else {
                lastError = String(cString: strerror(errno))
                Glibc.close(fd)
                continue
            }
            var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            let ready = pollRetrying(&pfd, deadline)
            if ready == 0 {
                Glibc.close(fd)
                throw .timeout(timeout)
            }
            var code: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &code, &length)
            if ready > 0 && code == 0 { return TCPConnection(fd: fd, peer: peer) }
            lastError = String(cString: strerror(code != 0 ? code : errno))
            Glibc.close(fd)
        }
        throw .unreachable("cannot connect to \(peer): \(lastError)")
    }

    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8], deadline: Deadline, timeout: Double) throws(HTTPClientError) {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 { offset += sent; continue }
            if sent < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) {
                var pfd = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                if pollRetrying(&pfd, deadline) == 0 { throw .timeout(timeout) }
                continue
            }
            throw .unreachable("cannot send to \(peer): \(String(cString: strerror(errno)))")
        }
    }

    /// Reads what is available (waiting until the deadline); 0 at the end of the stream.
    func read(into buffer: inout [UInt8], deadline: Deadline, timeout: Double, receivedSoFar: Int) throws(HTTPClientError) -> Int {
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count >= 0 { return count }
            if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if pollRetrying(&pfd, deadline) == 0 { throw .timeout(timeout) }
                continue
            }
            let reason = String(cString: strerror(errno))
            if receivedSoFar == 0 { throw .unreachable("\(peer) closed the connection without answering: \(reason)") }
            throw .malformed("connection to \(peer) failed after \(receivedSoFar) bytes: \(reason)")
        }
    }

    func close() { Glibc.close(fd) }
}

/// poll(2) on one descriptor until it is ready or the deadline passes; retries EINTR. Returns 0 on timeout.
private func pollRetrying(_ pfd: inout pollfd, _ deadline: Deadline) -> Int32 {
    while true {
        let remaining = deadline.remainingMilliseconds
        if remaining == 0 { return 0 }
        let result = poll(&pfd, 1, remaining)
        if result < 0 && errno == EINTR { continue }
        if result == 0 && deadline.remainingMilliseconds > 0 { continue }
        return result
    }
}
