/// How drive time (the timestamps of the positions fed to a `Navigator`) maps onto the speech controller's clock.
///
/// A drive rendered in virtual time uses `.identity` (the speech clock *is* drive time, so every announcement is
/// spoken at its moment whatever the render speed). Live playback of a simulated drive at a speedup maps drive
/// seconds to wall seconds; a live GPS receiver maps its receive clock to the speech clock. Deadlines of
/// announcements are computed in drive time and converted with `clockTime`; speech events are reported back in
/// drive time with `driveTime`.
public struct SpeechTimebase: Sendable {
    /// The speech-clock time at which drive second `t` is (or was) reached.
    public var clockTime: @Sendable (Double) -> Double
    /// The drive second at speech-clock time `t` (the inverse of `clockTime`).
    public var driveTime: @Sendable (Double) -> Double

    /// Creates a timebase from a mapping and its inverse.
    public init(clockTime: @escaping @Sendable (Double) -> Double, driveTime: @escaping @Sendable (Double) -> Double) {
        self.clockTime = clockTime
        self.driveTime = driveTime
    }

    /// Speech clock and drive time are the same (virtual-time rendering, or positions stamped on the speech clock).
    public static let identity = SpeechTimebase(clockTime: { $0 }, driveTime: { $0 })

    /// Drive time runs `factor` times faster than the speech clock: drive second `t` is clock second `t / factor`.
    /// Speech keeps its natural speed, so at a factor above 1 announcements can collide and stale ones are dropped.
    public static func compressed(by factor: Double) -> SpeechTimebase {
        let f = factor.isFinite && factor > 0 ? factor : 1
        return SpeechTimebase(clockTime: { $0 / f }, driveTime: { $0 * f })
    }

    /// Drive time is the speech clock plus `offset` seconds (a live receiver whose clock started elsewhere).
    public static func offset(by offset: Double) -> SpeechTimebase {
        SpeechTimebase(clockTime: { $0 - offset }, driveTime: { $0 + offset })
    }
}
