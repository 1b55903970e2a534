import Foundation
import Network
import RouteModel
import Synchronization

/// The reader thread of `GpsdSource`: reads lines, turns them into events, watches for staleness and reconnects.
final class GpsdWorker: Sendable {
    /// The watch request.
    static let watch = "?WATCH={\"enable\":true,\"json\":true}\n"

    private enum Feed: Sendable, Equatable { case unknown, ok, noFix, stale, lost }

    /// What the reader thread remembers between lines.
    private struct Link {
        /// The state last reported.
        var feed = Feed.unknown
        /// The last TPV delivered, to drop a repeat of the same epoch.
        var previous: GpsdMessage.TPV?
        /// Monotonic time of the last fix delivered.
        var lastFix: Double?
    }

    private struct Shared: Sendable {
        var counters = GpsdCounters()
        var device: String?
    }

    private let host: String
    private let port: UInt16
    private let staleAfter: Double
    private let connectTimeout: Double
    /// Monotonic seconds when the source was opened: timestamp 0.
    let opened = Sleep.monotonic()
    /// Seconds since 1970 at timestamp 0 (for recordings in real UTC time).
    let openedWall = Sleep.wall()
    private let shared = Mutex(Shared())
    private let queue = LiveEventQueue()
    private let initial: Mutex<SocketBox?>

    init(host: String, port: UInt16, staleAfter: Double, connectTimeout: Double, connection: TCPSocket) {
        self.host = host
        self.port = port
        self.staleAfter = staleAfter
        self.connectTimeout = connectTimeout
        initial = Mutex(SocketBox(connection))
    }

    /// Starts the thread.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "voiceguide.gpsd"
        thread.start()
    }

    /// Removes the oldest waiting event.
    func take() -> LocationEvent? { queue.take() }

    /// Blocks until an event may be waiting or `timeout` passes.
    func wait(timeout: Double) { queue.wait(timeout: timeout) }

    var counters: GpsdCounters {
        var counters = shared.withLock { $0.counters }
        counters.dropped = queue.dropped
        return counters
    }
    var device: String? { shared.withLock { $0.device } }
    private var isStopped: Bool { queue.isStopped }

    /// Asks the thread to end; it closes the socket within a poll interval.
    func stop() { queue.stop() }

    private func emit(_ event: LocationEvent) { queue.emit(event) }

    private func count(_ update: (inout GpsdCounters) -> Void) { shared.withLock { update(&$0.counters) } }

    /// The thread body: read until stopped; on loss reconnect with back-off.
    private func run() {
        guard var connection = initial.withLock({ box in defer { box = nil }; return box?.connection }) else { return }
        var link = Link()
        while !isStopped {
            read(connection, link: &link)
            connection.close()
            guard !isStopped else { return }
            guard let next = reconnect() else { return }
            connection = next
            count { $0.reconnections += 1 }
            link = Link(feed: .lost)
        }
        connection.close()
    }

    /// Reads lines until the connection closes or the worker stops.
    private func read(_ connection: TCPSocket, link: inout Link) {
        var splitter = LineSplitter(limit: GpsdSource.lineLimit)
        let connected = Sleep.monotonic()
        while !isStopped {
            var bytes: [UInt8] = []
            let result = connection.read(into: &bytes, timeout: 0.05)
            switch result {
            case .data:
                splitter.append(bytes)
                while let line = splitter.next() { handle(line, link: &link) }
            case .wouldBlock:
                break
            case .end, .failed:
                if link.feed != .lost { emit(.status(.lost(result == .end ? "gpsd closed the connection" : result.reason))) }
                link.feed = .lost
                return
            }
            if link.feed == .ok, let last = link.lastFix, Sleep.monotonic() - last > staleAfter {
                link.feed = .stale
                emit(.status(.stale))
            }
            if link.feed == .unknown, Sleep.monotonic() - connected > staleAfter {
                // Connected, but nothing usable (no TPV, or only lines that are cut, malformed or of other classes).
                link.feed = .noFix
                emit(.status(.noFix))
            }
        }
    }

    /// Turns one line into events.
    private func handle(_ line: LineSplitter.Line, link: inout Link) {
        count { c in
            c.lines += 1
            c.longestLine = max(c.longestLine, line.bytes.count)
        }
        if line.truncated {
            count { $0.truncated += 1 }
            return
        }
        let message: GpsdMessage
        do { message = try GpsdMessage.parse(line.bytes) } catch {
            count { $0.malformed += 1 }
            return
        }
        switch message {
        case .other:
            count { $0.ignored += 1 }
        case .devices(let paths):
            shared.withLock { $0.device = paths.first }
        case .device(let path, let active):
            shared.withLock { $0.device = active ? path : nil }
            if !active, link.feed != .lost {
                link.feed = .lost
                emit(.status(.lost("GPS device \(path) went away")))
            }
        case .tpv(let tpv):
            let received = Sleep.monotonic()
            guard tpv.mode >= 2, let lat = tpv.latitude, let lon = tpv.longitude else {
                if link.feed != .noFix, tpv.mode == 1 || link.feed == .unknown {
                    link.feed = .noFix
                    emit(.status(.noFix))
                }
                return
            }
            if let time = tpv.time, Sleep.wall() - time > staleAfter {
                count { $0.staleFixes += 1 }
                if link.feed != .stale {
                    link.feed = .stale
                    emit(.status(.stale))
                }
                return
            }
            if link.feed == .ok, let last = link.previous, last.time != nil, last.time == tpv.time,
               last.latitude == lat, last.longitude == lon {
                return
            }
            link.previous = tpv
            if let path = tpv.device { shared.withLock { s in if s.device == nil { s.device = path } } }
            if link.feed != .ok {
                link.feed = .ok
                emit(.status(.ok))
            }
            link.lastFix = received
            count { $0.fixes += 1 }
            emit(.fix(Position(coordinate: Coordinate(latitude: lat, longitude: lon), speed: tpv.speed,
                               heading: tpv.track, accuracy: tpv.eph.map { $0 * GpsdSource.sigmaPer95 },
                               timestamp: received - opened)))
        }
    }

    /// Reconnects with back-off (0.5 s doubling to 8 s); nil when stopped.
    private func reconnect() -> TCPSocket? {
        var backoff = Backoff()
        var attempt = 0
        while queue.pause(backoff.next()) {
            attempt += 1
            emit(.status(.reconnecting(attempt: attempt)))
            if let connection = try? TCPSocket(host: host, port: port, timeout: connectTimeout),
               connection.write(Array(Self.watch.utf8), by: MonotonicDeadline(secondsFromNow: connectTimeout)) {
                return connection
            }
        }
        return nil
    }
}

/// Hands the first connection from the opening thread to the reader thread.
final class SocketBox: @unchecked Sendable {  // @unchecked: hands a connected socket to the worker thread, which alone uses it after
    /// The connection; only the reader thread uses it after the hand-over.
    let connection: TCPSocket
    init(_ connection: TCPSocket) { self.connection = connection }
}
