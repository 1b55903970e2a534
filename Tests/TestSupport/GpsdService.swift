import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real gpsd for tests: it reads NMEA from a TCP server that this helper serves on a free loopback port
/// (`gpsd -N -n -S PORT -F SOCKET tcp://127.0.0.1:NMEAPORT`) and serves clients on `port`.
/// `send(_:)` writes NMEA to gpsd; `stopGpsd()` and `startGpsd()` kill and restart it on the same port.
public final class GpsdService: @unchecked Sendable {
    /// The Debian gpsd binary.
    public static let executable = "/usr/sbin/gpsd"
    /// Where gpsd serves clients (127.0.0.1).
    public let port: UInt16
    /// Where this helper serves NMEA to gpsd.
    public let nmeaPort: UInt16
    private let feed: NMEAFeedServer
    private let socketPath: String
    private let lock = NSLock()
    private var gpsd: ExternalProcess?

    /// Starts the NMEA server and gpsd, and waits until gpsd listens and has connected to the feed.
    public init() throws {
        feed = try NMEAFeedServer()
        nmeaPort = feed.port
        port = try FreePort.tcp()
        socketPath = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-gpsd-\(UUID().uuidString).sock").path
        try startGpsd()
    }

    /// (Re)starts gpsd on `port` and waits until it listens and reads the feed.
    public func startGpsd() throws {
        let process = try ExternalProcess(Self.executable, ["-N", "-n", "-S", String(port), "-F", socketPath,
                                                            "tcp://127.0.0.1:\(nmeaPort)"])
        lock.withLock { gpsd = process }
        try process.waitForPort(port, timeout: 10)
        guard feed.waitForClient(timeout: 10) else {
            throw TestServiceError.notReady("gpsd did not connect to the NMEA feed on \(nmeaPort): \(process.logTail())")
        }
    }

    /// Kills gpsd (SIGKILL: as if it crashed) and waits for it to be gone.
    public func killGpsd() {
        guard let process = lock.withLock({ () -> ExternalProcess? in defer { gpsd = nil }; return gpsd }) else { return }
        kill(process.process.processIdentifier, SIGKILL)
        process.process.waitUntilExit()
        feed.dropClient()
    }

    /// Writes NMEA text to gpsd; false when gpsd is not connected to the feed.
    @discardableResult
    public func send(_ text: String) -> Bool { feed.send(text) }

    /// Closes the NMEA connection (the receiver goes away; gpsd stays up and may reconnect to the feed).
    public func dropFeed() { feed.dropClient() }

    /// Tells gpsd through its control socket to open the NMEA feed again (what `gpsdctl add` does on hotplug),
    /// and waits until it has connected.
    public func addFeedDevice(timeout: Double = 10) throws {
        let device = "tcp://127.0.0.1:\(nmeaPort)"
        _ = try control("-\(device)")
        let reply = try control("+\(device)")
        guard feed.waitForClient(timeout: timeout) else {
            throw TestServiceError.notReady("gpsd did not reopen the NMEA feed (control reply \(reply)): \(logTail())")
        }
    }

    /// Sends one command to gpsd's control socket and returns its reply ("OK" or "ERROR").
    private func control(_ command: String) throws -> String {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServiceError.system("socket", errno) }
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8.prefix(107)) + [0]
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.enumerated() { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { throw TestServiceError.system("connect \(socketPath)", errno) }
        let bytes = Array("\(command)\r\n".utf8)
        guard bytes.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw TestServiceError.system("send", errno)
        }
        var reply = [UInt8](repeating: 0, count: 16)
        let n = reply.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        return String(decoding: reply.prefix(max(0, n)), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits until gpsd has (re)connected to the NMEA feed.
    public func waitForFeed(timeout: Double) -> Bool { feed.waitForClient(timeout: timeout) }

    /// gpsd's log, for failure messages.
    public func logTail() -> String { lock.withLock { gpsd?.logTail() ?? "" } }

    /// Stops gpsd and the feed.
    public func stop() {
        lock.withLock { gpsd }?.stop()
        feed.stop()
        unlink(socketPath)
    }

    deinit { stop() }
}

/// A one-client TCP server on 127.0.0.1 that gpsd reads NMEA from.
final class NMEAFeedServer: @unchecked Sendable {
    let port: UInt16
    private let listener: Int32
    private let lock = NSLock()
    private var client: Int32 = -1
    private var stopped = false

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestServiceError.system("socket", errno) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = FreePort.loopback(port: 0)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 4) == 0 else {
            close(fd)
            throw TestServiceError.system("bind/listen", errno)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    private func acceptLoop() {
        while !lock.withLock({ stopped }) {
            var p = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 50) == 1 else { continue }
            let fd = accept(listener, nil, nil)
            guard fd >= 0 else { continue }
            lock.withLock {
                if client >= 0 { close(client) }
                client = fd
            }
        }
    }

    /// Waits until a client is connected.
    func waitForClient(timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if lock.withLock({ client >= 0 }) { return true }
            usleep(10_000)
        }
        return false
    }

    /// Forgets the client (after gpsd died).
    func dropClient() {
        lock.withLock {
            if client >= 0 { close(client) }
            client = -1
        }
    }

    /// Writes to the client.
    func send(_ text: String) -> Bool {
        lock.withLock {
            guard client >= 0 else { return false }
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress?.advanced(by: offset), bytes.count - offset, Int32(MSG_NOSIGNAL)) }
                if n <= 0 { return false }
                offset += n
            }
            return true
        }
    }

    func stop() {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first else { return }
        dropClient()
        close(listener)
    }

    deinit { stop() }
}
