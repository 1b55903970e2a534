/// A scripted mute in drive seconds: speech is muted from `from` until `until` (once), at those exact moments.
public struct MuteWindow: Sendable, Equatable {
    /// Drive second at which speech is muted (speech sounding then is cut off).
    public var from: Double
    /// Drive second at which it is unmuted again.
    public var until: Double

    /// Creates a window; `from` should be before `until`.
    public init(from: Double, until: Double) {
        self.from = from
        self.until = until
    }
}
