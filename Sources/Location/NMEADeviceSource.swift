import Foundation
import RouteModel
import Synchronization

/// Live positions from a receiver that speaks NMEA 0183 on a character device (a USB GPS at /dev/ttyACM0, a
/// serial port, a pseudo-terminal), for machines without gpsd. `nmea:PATH` opens one when PATH is a character
/// device or a socket; files and pipes are recordings (`NMEASource`).
///
/// A reader thread owns the device; the consumer polls. The same sentences, checks and counts as `NMEASource`
/// apply; timestamps are seconds on the monotonic receive clock since opening. `.status(.ok)` comes before the
/// first fix, `.status(.stale)` after 2 s without one, `.status(.noFix)` for epochs without a fix; when the device
/// goes away (unplugged): `.status(.lost)`, then reopening with back-off and `.status(.reconnecting(attempt:))`.
public final class NMEADeviceSource: LocationSource {
    /// "nmea /dev/ttyACM0".
    public let label: String
    /// Live: poll it.
    public var timing: LocationTiming { .live }
    private let reader: NMEADeviceReader

    /// Opens the device at `path` (raw mode for a terminal, the line speed left as it is).
    public init(path: String, staleAfter: Double = 2) throws {
        label = "nmea \(path)"
        let fd = try NMEADeviceReader.open(path)
        reader = NMEADeviceReader(path: path, staleAfter: staleAfter)
        reader.start(fd: fd)
    }

    /// True when `path` names a live device (a character device or a socket) rather than a recording.
    public static func isDevice(_ path: String) -> Bool {
        var info = stat()
        guard path != "-", stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFCHR || type == S_IFSOCK
    }

    /// The next event, or nil when nothing is waiting (never blocks).
    public func nextEvent() throws -> LocationEvent? { reader.queue.take() }

    /// Live sources have no schedule.
    public func peekTime() -> Double? { nil }

    /// Waits up to `timeout` seconds for an event to arrive.
    public func waitForEvent(timeout: Double) { reader.queue.wait(timeout: timeout) }

    /// What has been read since the device was last (re)opened.
    public var report: NMEAReport { reader.report }

    /// The same as `report`, for any `LocationSource`.
    public var nmeaReport: NMEAReport? { report }

    /// The CLOCK_MONOTONIC second at which fix timestamps are 0.
    public var clockOrigin: Double { reader.opened }

    /// Seconds since 1970 at which fix timestamps are 0 (a `LocationRecorder` epoch for real UTC times).
    public var wallClockOrigin: Double { reader.openedWall }

    /// Stops reading and closes the device (also done on deinit).
    public func close() { reader.queue.stop() }

    deinit { reader.queue.stop() }
}

/// The reader thread of `NMEADeviceSource`.
final class NMEADeviceReader: Sendable {
    let path: String
    let staleAfter: Double
    let queue = LiveEventQueue()
    /// Monotonic seconds at timestamp 0.
    let opened = Sleep.monotonic()
    /// Seconds since 1970 at timestamp 0.
    let openedWall = Sleep.wall()
    private let counts: Mutex<NMEAReport>

    init(path: String, staleAfter: Double) {
        self.path = path
        self.staleAfter = staleAfter
        counts = Mutex(NMEAReport(name: path))
    }

    var report: NMEAReport { counts.withLock { $0 } }

    /// Opens `path` non-blocking, in raw mode when it is a terminal; `.missingInput` when missing, `.unavailable` when unusable.
    static func open(_ path: String) throws -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw LocationError(code == ENOENT ? .missingInput : .unavailable,
                                "nmea:\(path): cannot open the receiver: \(String(cString: strerror(code))) (errno \(code))")
        }
        if isatty(fd) == 1 {
            var settings = termios()
            if tcgetattr(fd, &settings) == 0 {
                cfmakeraw(&settings)
                _ = tcsetattr(fd, TCSANOW, &settings)
            }
        }
        return fd
    }

    /// Starts the thread on an open descriptor.
    func start(fd: Int32) {
        let thread = Thread { [self] in run(fd: fd) }
        thread.name = "voiceguide.nmea-device"
        thread.start()
    }

    private enum Feed { case unknown, ok, noFix, stale, lost }

    private func run(fd first: Int32) {
        var fd = first
        while true {
            let why = read(fd)
            Glibc.close(fd)
            guard let why, !queue.isStopped else { return }
            queue.emit(.status(.lost(why)))
            var backoff = Backoff()
            var attempt = 0
            var reopened: Int32?
            while reopened == nil {
                guard queue.pause(backoff.next()) else { return }
                attempt += 1
                queue.emit(.status(.reconnecting(attempt: attempt)))
                reopened = try? Self.open(path)
            }
            fd = reopened ?? -1
        }
    }

    /// Reads until the device goes away (the reason) or the source stops (nil).
    private func read(_ fd: Int32) -> String? {
        var splitter = LineSplitter(limit: NMEASource.lineLimit)
        var assembler = NMEAAssembler(undatedLimit: 0)
        var feed = Feed.unknown
        var lastFix: Double?
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !queue.isStopped {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&p, 1, 50)
            if ready > 0 {
                let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n == 0 { return "the receiver closed" }
                if n < 0, errno != EAGAIN, errno != EINTR { return "the receiver went away: \(String(cString: strerror(errno)))" }
                if n > 0 { splitter.append(buffer.prefix(n)) }
            } else if ready < 0, errno != EINTR {
                return "the receiver went away: \(String(cString: strerror(errno)))"
            }
            while let line = splitter.next() {
                counts.withLock { report in
                    report.lines += 1
                    assembler.add(line: line, number: report.lines, report: &report)
                }
                for timed in assembler.take() {
                    switch timed.event {
                    case .fix(var position):
                        let now = Sleep.monotonic()
                        position.timestamp = now - opened
                        if feed != .ok { queue.emit(.status(.ok)) }
                        feed = .ok
                        lastFix = now
                        queue.emit(.fix(position))
                    case .status(.noFix):
                        feed = .noFix
                        queue.emit(.status(.noFix))
                    default:
                        break
                    }
                }
            }
            if feed == .ok, let last = lastFix, Sleep.monotonic() - last > staleAfter {
                feed = .stale
                queue.emit(.status(.stale))
            }
        }
        return nil
    }
}
