import RouteModel

/// Positions in time order from a receiver, a recording or the simulator.
///
/// Timestamps: recorded sources give seconds from their first fix (the simulator from its start time);
/// live sources give seconds on a monotonic receive clock since the source was opened.
/// A live source reports `.status(.ok)` before its first fix, `.status(.stale)` once its last fix is older than 2 s
/// and `.status(.ok)` again before the next fresh fix, so a consumer never needs to age fixes itself. Recorded
/// sources start with fixes; a gap without fixes is `.status(.noFix)` … `.status(.ok)`.
public protocol LocationSource: AnyObject, Sendable {
    /// What the status line names: "gpsd 127.0.0.1:2947", "nmea drive.nmea", "simulated".
    var label: String { get }
    /// Recorded (consumer-paced) or live (wall-clock).
    var timing: LocationTiming { get }
    /// Non-blocking for live sources (nil when nothing is waiting); for recorded sources the next event in order
    /// (nil only after `.end` has been returned). Throws `LocationError` for unusable input.
    func nextEvent() throws -> LocationEvent?
    /// The next event's timestamp without consuming it (recorded sources), so a clock can wait for it;
    /// nil for live sources and at the end.
    func peekTime() -> Double?
    /// Blocks up to `timeout` seconds until `nextEvent()` may have something (live sources wake early on arrival).
    func waitForEvent(timeout: Double)
    /// What an NMEA reader used and skipped so far (fixes, garbled lines, epochs skipped for their times);
    /// nil for sources that do not read NMEA.
    var nmeaReport: NMEAReport? { get }
    /// The drive now follows `route` (after a reroute): the simulator drives it; other sources ignore it.
    func routeChanged(to route: RouteIndex)
    /// Stops reading and releases the receiver (a live source's thread, socket or device); recordings need nothing.
    func close()
}

extension LocationSource {
    /// Default wait: a short sleep (live sources override it with a real wake-up).
    public func waitForEvent(timeout: Double) {
        guard timing == .live, timeout > 0 else { return }
        Sleep.seconds(min(timeout, 0.005))
    }

    /// No NMEA read.
    public var nmeaReport: NMEAReport? { nil }

    /// Positions that come from outside do not follow a new route.
    public func routeChanged(to route: RouteIndex) {}

    /// Nothing to release.
    public func close() {}
}
