import Foundation
import Network
import RouteModel
import Synchronization

/// Live positions from gpsd over TCP (the JSON protocol, `?WATCH={"enable":true,"json":true}`).
///
/// A reader thread owns the socket; the consumer only polls `nextEvent()` (never blocks on the network).
/// `TPV` reports with `mode` ≥ 2 and a position become fixes: `speed` (m/s), `track`, and `eph` (or the larger of
/// `epx`/`epy`, gpsd's 95 % figures) divided by 2.45 as 1-σ accuracy. Timestamps are seconds on the monotonic
/// receive clock since the source was opened. A fix whose `time` is more than `staleAfter` behind the system
/// clock, or no fix for `staleAfter` seconds, gives `.status(.stale)`; `mode` < 2 gives `.status(.noFix)`;
/// a `DEVICE` that goes away gives `.status(.lost)`; when nothing usable arrives for `staleAfter` seconds after
/// connecting (no TPV, or only lines that cannot be used), `.status(.noFix)`, so the state is never left unsaid. If gpsd drops the connection: `.status(.lost)`, then
/// `.status(.reconnecting(attempt:))` with back-off from 0.5 s doubling to 8 s, and `.status(.ok)` with the next fix.
public final class GpsdSource: LocationSource {
    /// The longest line read (128 KiB: a SKY report of a multi-constellation receiver with every satellite in view
    /// runs to tens of kilobytes); a longer line is cut, skipped and counted (`truncated`), and the next line reads
    /// as usual.
    public static let lineLimit = 128 * 1024
    /// 95 % horizontal error to 1 σ (2D Rayleigh).
    static let sigmaPer95 = 1 / 2.45

    /// "gpsd 127.0.0.1:2947".
    public let label: String
    /// Live: poll it.
    public var timing: LocationTiming { .live }
    private let worker: GpsdWorker

    /// Connects to gpsd at `host`:`port` and starts watching. Throws `LocationError` (.unavailable) at once
    /// when nothing answers there within `connectTimeout` seconds.
    public init(host: String = "127.0.0.1", port: UInt16 = LocationSpec.defaultGpsdPort, staleAfter: Double = 2,
                connectTimeout: Double = 1) throws {
        let endpoint = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        label = "gpsd \(endpoint)"
        let connection: TCPSocket
        do { connection = try TCPSocket(host: host, port: port, timeout: connectTimeout) } catch {
            throw LocationError(.unavailable, "gpsd is not running at \(endpoint) (\(error.reason))")
        }
        guard connection.write(Array(GpsdWorker.watch.utf8), by: MonotonicDeadline(secondsFromNow: connectTimeout)) else {
            throw LocationError(.unavailable, "gpsd at \(endpoint) closed the connection at once")
        }
        worker = GpsdWorker(host: host, port: port, staleAfter: staleAfter, connectTimeout: connectTimeout,
                            connection: connection)
        worker.start()
    }

    /// The next event, or nil when nothing is waiting (never blocks).
    public func nextEvent() throws -> LocationEvent? { worker.take() }

    /// Live sources have no schedule.
    public func peekTime() -> Double? { nil }

    /// Waits up to `timeout` seconds for an event to arrive.
    public func waitForEvent(timeout: Double) { worker.wait(timeout: timeout) }

    /// What has been received so far.
    public var counters: GpsdCounters { worker.counters }

    /// The device gpsd last reported, if any.
    public var device: String? { worker.device }

    /// The CLOCK_MONOTONIC second at which fix timestamps are 0, to relate them to a consumer's own clock
    /// (for example to know how old a fix is when it is used).
    public var clockOrigin: Double { worker.opened }

    /// Seconds since 1970 at which fix timestamps are 0: pass it as a `LocationRecorder`'s epoch so a recording
    /// carries the real UTC times of the fixes.
    public var wallClockOrigin: Double { worker.openedWall }

    /// Stops reading and closes the connection (also done on deinit).
    public func close() { worker.stop() }

    deinit { worker.stop() }
}
