import Foundation
import SafeIO

/// A TCP client socket with a connect timeout, polled reads and SIGPIPE-free writes.
final class TCPConnection {
    /// Why connecting failed.
    enum ConnectError: Error, Sendable, Equatable {
        /// Nothing listens there (ECONNREFUSED).
        case refused
        /// No answer within the timeout.
        case timedOut
        /// The host name does not resolve.
        case unresolved(String)
        /// Another system error.
        case system(Int32)

        /// Short reason for messages.
        var reason: String {
            switch self {
            case .refused: "connection refused"
            case .timedOut: "no answer"
            case .unresolved(let why): "cannot resolve the host: \(why)"
            case .system(let code): String(cString: strerror(code))
            }
        }
    }

    private(set) var fd: Int32

    /// Connects to `host`:`port` within `timeout` seconds.
    init(host: String, port: UInt16, timeout: Double) throws(ConnectError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw .unresolved(String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(list) }
        var lastError = ConnectError.refused
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socketFD = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard socketFD >= 0 else { lastError = .system(errno); continue }
            _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
            if connect(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                fd = socketFD
                return
            }
            var code = errno
            if code == EINPROGRESS {
                var p = pollfd(fd: socketFD, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&p, 1, Int32(clamping: Int(saturating: max(1, min(timeout, 60) * 1000))))
                if ready == 1 {
                    var soError: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(socketFD, SOL_SOCKET, SO_ERROR, &soError, &length)
                    if soError == 0 {
                        fd = socketFD
                        return
                    }
                    code = soError
                } else {
                    code = ETIMEDOUT
                }
            }
            Glibc.close(socketFD)
            lastError = code == ECONNREFUSED ? .refused : code == ETIMEDOUT ? .timedOut : .system(code)
        }
        throw lastError
    }

    /// Sends all of `text`; false when the connection is gone.
    func send(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    if poll(&p, 1, 1000) <= 0 { return false }
                    continue
                }
                return false
            }
            bytes = bytes.dropFirst(n)
        }
        return true
    }

    /// What a read found.
    enum ReadResult {
        case data([UInt8])
        case nothing
        case closed(String)
    }

    /// Waits up to `timeout` seconds for data.
    func read(timeout: Double) -> ReadResult {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, Int32(clamping: Int(saturating: max(0, min(timeout, 10) * 1000))))
        if ready < 0 { return errno == EINTR ? .nothing : .closed(String(cString: strerror(errno))) }
        if ready == 0 { return .nothing }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n > 0 { return .data(Array(buffer.prefix(n))) }
        if n == 0 { return .closed("gpsd closed the connection") }
        let code = errno
        if code == EAGAIN || code == EINTR || code == EWOULDBLOCK { return .nothing }
        return .closed(String(cString: strerror(code)))
    }

    /// Closes the socket (idempotent).
    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
