import Location
import Guidance

/// A location source whose fixes are restamped `stamp(t)`: a drive fed to a live receiver faster than real time
/// (one simulated second every quarter of a real second) gets its positions back in the drive's own seconds, so
/// their timestamps agree with their speeds and with how far they move, as a real receiver's do. The planner
/// times its speech in those seconds: on the receive clock a 6 s announcement would last 24 s of driving.
final class RescaledLocationSource: LocationSource, @unchecked Sendable {
    private let base: any LocationSource
    private let stamp: @Sendable (Double) -> Double

    /// Wraps `base`, restamping each fix's timestamp with `stamp`.
    init(_ base: any LocationSource, stamp: @escaping @Sendable (Double) -> Double) {
        self.base = base
        self.stamp = stamp
    }

    var label: String { base.label }
    var timing: LocationTiming { base.timing }
    func nextEvent() throws -> LocationEvent? {
        let event = try base.nextEvent()
        guard case .fix(var position)? = event else { return event }
        position.timestamp = stamp(position.timestamp)
        return .fix(position)
    }
    func peekTime() -> Double? { base.peekTime().map(stamp) }
    func waitForEvent(timeout: Double) { base.waitForEvent(timeout: timeout) }
}
