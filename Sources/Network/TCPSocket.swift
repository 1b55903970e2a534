#if canImport(Glibc)
import Glibc
import SafeIO
#endif

/// A non-blocking TCP socket, the one connection type of the network layer: a client connects with a timeout
/// (the gpsd client), a server adopts what its listener accepted (the event loop). Reads and writes never block
/// the caller beyond the timeout or deadline given, and writes never raise SIGPIPE. Not thread-safe: one owner.
public final class TCPSocket {
    /// Why connecting failed.
    /// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
    /// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
    public enum ConnectError: Error, Sendable, Equatable {
        /// Nothing listens there (ECONNREFUSED).
        case refused
        /// No answer within the timeout.
        case timedOut
        /// The host name does not resolve.
        case unresolved(String)
        /// Another system error.
        case system(Int32)

        /// Short reason for messages.
        public var reason: String {
            switch self {
            case .refused: "connection refused"
            case .timedOut: "no answer"
            case .unresolved(let why): "cannot resolve the host: \(why)"
            case .system(let code): String(cString: strerror(code))
            }
        }
    }

    /// What one non-blocking read found.
    public enum ReadResult: Equatable, Sendable {
        /// This many bytes were appended.
        case data(Int)
        /// Nothing to read yet.
        case wouldBlock
        /// The peer closed its side (end of stream).
        case end
        /// The connection failed (errno).
        case failed(Int32)

        /// A short reason for messages ("end of stream", or the system's words for the error).
        public var reason: String {
            switch self {
            case .data, .wouldBlock: "ok"
            case .end: "end of stream"
            case .failed(let code): String(cString: strerror(code))
            }
        }
    }

    /// The descriptor (-1 once closed).
    public private(set) var fd: Int32

    /// Takes ownership of `fd` (an accepted socket), making it non-blocking, close-on-exec, with TCP_NODELAY.
    public init(adopting fd: Int32) {
        self.fd = fd
        Self.configure(fd)
    }

    /// Connects to `host`:`port` within `timeout` seconds (each resolved address in turn).
    public init(host: String, port: UInt16, timeout: Double) throws(ConnectError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else { throw .unresolved(String(cString: gai_strerror(resolved))) }
        defer { freeaddrinfo(list) }
        let deadline = MonotonicDeadline(secondsFromNow: min(max(timeout, 0.001), 60))
        var lastError = ConnectError.refused
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let socketFD = socket(info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
            guard socketFD >= 0 else { lastError = .system(errno); continue }
            Self.configure(socketFD)
            if connect(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
                fd = socketFD
                return
            }
            var code = errno
            if code == EINPROGRESS {
                var p = pollfd(fd: socketFD, events: Int16(POLLOUT), revents: 0)
                if poll(&p, 1, max(1, deadline.pollMilliseconds())) == 1 {
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

    private static func configure(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Reads what is there (at most 16 KiB) onto the end of `buffer`, without waiting. The buffer grows only by
    /// the bytes read, so an idle connection's buffer stays empty.
    public func readAvailable(into buffer: inout [UInt8]) -> ReadResult {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16_384) { scratch in
            while true {
                let n = recv(fd, scratch.baseAddress, scratch.count, 0)
                if n > 0 {
                    buffer.append(contentsOf: UnsafeBufferPointer(rebasing: scratch[0..<n]))
                    return .data(n)
                }
                if n == 0 { return .end }
                let code = errno
                if code == EINTR { continue }
                return code == EAGAIN || code == EWOULDBLOCK ? .wouldBlock : .failed(code)
            }
        }
    }

    /// Waits up to `timeout` seconds for bytes and reads them onto `buffer`.
    public func read(into buffer: inout [UInt8], timeout: Double) -> ReadResult {
        let first = readAvailable(into: &buffer)
        guard first == .wouldBlock else { return first }
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = poll(&p, 1, Int32(clamping: Int(saturating: (max(0, min(timeout, 3600)) * 1000).rounded(.up))))
        if ready < 0 { return errno == EINTR ? .wouldBlock : .failed(errno) }
        return ready == 0 ? .wouldBlock : readAvailable(into: &buffer)
    }

    /// Writes as much of `bytes[from...]` as the socket takes now; the count written, or nil when the connection
    /// is gone.
    public func writeAvailable(_ bytes: [UInt8], from: Int) -> Int? {
        var offset = from
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { raw in
                Glibc.send(fd, raw.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            if sent > 0 { offset += sent; continue }
            if sent < 0, errno == EINTR { continue }
            if sent < 0, errno == EAGAIN || errno == EWOULDBLOCK { break }
            return nil
        }
        return offset - from
    }

    /// Writes all of `bytes` by `deadline`; false when the peer is gone or too slow.
    public func write(_ bytes: [UInt8], by deadline: MonotonicDeadline) -> Bool {
        var offset = 0
        while offset < bytes.count {
            guard let sent = writeAvailable(bytes, from: offset) else { return false }
            offset += sent
            guard offset < bytes.count else { break }
            if deadline.hasPassed { return false }
            var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
            _ = poll(&p, 1, max(1, deadline.pollMilliseconds(cap: 1)))
        }
        return true
    }

    /// Ends the sending side (the peer reads end of stream once it has the bytes sent so far).
    public func shutdownWrite() { if fd >= 0 { _ = Glibc.shutdown(fd, Int32(SHUT_WR)) } }

    /// Closes the socket (idempotent).
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}

/// A listening TCP socket (non-blocking, close-on-exec, SO_REUSEADDR).
public final class TCPListener {
    /// Why listening failed: one line, e.g. `cannot listen on 127.0.0.1:8080: Address already in use`.
    public struct ListenError: Error, Sendable, CustomStringConvertible {
        /// The line.
        public var description: String
    }

    /// The descriptor (-1 once closed).
    public private(set) var fd: Int32
    /// The port bound (the real one when 0 was asked for).
    public let port: UInt16

    /// Binds `host`:`port` and listens with `backlog`.
    public init(host: String, port: UInt16, backlog: Int32 = 1024) throws(ListenError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICSERV | AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let info = list else {
            throw ListenError(description: "cannot resolve bind address '\(host)': \(String(cString: gai_strerror(resolved)))")
        }
        defer { freeaddrinfo(list) }
        let socketFD = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socketFD >= 0 else { throw ListenError(description: "cannot create a socket: \(String(cString: strerror(errno)))") }
        var one: Int32 = 1
        _ = setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(socketFD, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, Glibc.listen(socketFD, backlog) == 0 else {
            let reason = String(cString: strerror(errno))
            Glibc.close(socketFD)
            throw ListenError(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socketFD, $0, &length) }
        }
        // sin_port and sin6_port sit at the same offset.
        self.port = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
        _ = fcntl(socketFD, F_SETFL, fcntl(socketFD, F_GETFL) | O_NONBLOCK)
        fd = socketFD
    }

    /// The next pending connection, nil when none is waiting (or accepting failed, e.g. out of descriptors).
    public func accept() -> TCPSocket? {
        let client = Glibc.accept(fd, nil, nil)
        return client >= 0 ? TCPSocket(adopting: client) : nil
    }

    /// Closes the listener (idempotent).
    public func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}

/// The per-process limit on open descriptors (RLIMIT_NOFILE).
public enum FileDescriptorLimit {
    /// Raises the soft limit to the hard limit (an unprivileged process may), returning the soft limit in effect.
    @discardableResult
    public static func raiseToHard() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur)
    }
}
