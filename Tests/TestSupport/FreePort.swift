import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loopback ports for services that tests start themselves.
public enum FreePort {
    /// A TCP port on 127.0.0.1 that was free a moment ago: the kernel picks it for a socket bound to port 0.
    public static func tcp() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServiceError.system("socket", errno) }
        defer { close(fd) }
        var address = loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0 else { throw TestServiceError.system("bind", errno) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else { throw TestServiceError.system("getsockname", errno) }
        return UInt16(bigEndian: address.sin_port)
    }

    /// True when something accepts TCP connections on 127.0.0.1:`port`.
    public static func isAccepting(_ port: UInt16) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        return connected == 0
    }

    /// A blocking TCP connection to 127.0.0.1:`port` with TCP_NODELAY, or -1 (errno says why).
    public static func connect(_ port: UInt16) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            errno = code
            return -1
        }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        return fd
    }

    /// A `sockaddr_in` for 127.0.0.1:`port`.
    static func loopback(port: UInt16) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        return address
    }
}

/// Why a test service could not be started.
public enum TestServiceError: Error, CustomStringConvertible {
    /// A system call failed with this errno.
    case system(String, Int32)
    /// A tool or data file the test needs is not installed; the message says how to install it.
    case missing(String)
    /// The service started but did not become ready in time; its log is quoted.
    case notReady(String)

    /// One clear line for the test log.
    public var description: String {
        switch self {
        case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        case .missing(let what): return what
        case .notReady(let what): return what
        }
    }
}
