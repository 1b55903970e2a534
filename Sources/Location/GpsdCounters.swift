/// What a gpsd client has received, for diagnostics and tests.
public struct GpsdCounters: Sendable, Equatable {
    /// Lines received.
    public var lines = 0
    /// Fixes delivered.
    public var fixes = 0
    /// Bytes of the longest line received (cut ones count as the limit).
    public var longestLine = 0
    /// Lines longer than `GpsdSource.lineLimit` (cut), skipped.
    public var truncated = 0
    /// Lines that are not a JSON object with a `class`, skipped.
    public var malformed = 0
    /// Messages of classes that guidance does not use (VERSION, SKY, …), ignored.
    public var ignored = 0
    /// TPV reports older than the stale limit, not delivered.
    public var staleFixes = 0
    /// Events dropped because the consumer did not poll (the queue keeps the newest).
    public var dropped = 0
    /// Successful reconnections after a loss.
    public var reconnections = 0
    /// Creates zero counters.
    public init() {}
}
