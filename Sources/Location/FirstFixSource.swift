import Synchronization
import RouteModel

/// A source whose first fix was taken to plan the route from it, with that fix put back in front: guidance
/// starts from the same position the route was planned from, and every later event follows in order.
public final class FirstFixSource: LocationSource {
    /// The source read from.
    public let base: any LocationSource
    /// The fix the route was planned from.
    public let firstFix: Position
    private let pending: Mutex<Bool>

    /// Wraps `base`, from which `firstFix` was the last event read.
    public init(_ base: any LocationSource, firstFix: Position) {
        self.base = base
        self.firstFix = firstFix
        pending = Mutex(true)
    }

    /// Reads a recorded source up to its first fix (receiver states before it are passed over) and returns the
    /// source with that fix put back; nil when it ends without one. Throws the source's `LocationError`.
    public static func reading(_ source: any LocationSource) throws -> FirstFixSource? {
        while let event = try source.nextEvent() {
            switch event {
            case .fix(let position): return FirstFixSource(source, firstFix: position)
            case .status: continue
            case .end: return nil
            }
        }
        return nil
    }

    /// The base source's label.
    public var label: String { base.label }
    /// The base source's timing.
    public var timing: LocationTiming { base.timing }

    /// The first fix once, then the base source's events.
    public func nextEvent() throws -> LocationEvent? {
        if pending.withLock({ p in defer { p = false }; return p }) { return .fix(firstFix) }
        return try base.nextEvent()
    }

    /// The first fix's time while it waits, then the base source's.
    public func peekTime() -> Double? {
        pending.withLock { $0 } ? firstFix.timestamp : base.peekTime()
    }

    /// Returns at once while the first fix waits; otherwise the base source waits.
    public func waitForEvent(timeout: Double) {
        guard !pending.withLock({ $0 }) else { return }
        base.waitForEvent(timeout: timeout)
    }

    /// The base source's NMEA report.
    public var nmeaReport: NMEAReport? { base.nmeaReport }
    /// Passed on to the base source.
    public func routeChanged(to route: RouteIndex) { base.routeChanged(to: route) }
    /// Closes the base source.
    public func close() { base.close() }
}
