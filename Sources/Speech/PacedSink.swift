import Foundation
import SafeIO

/// Paces writes to real time for sinks that take audio as fast as it comes (ALSA `null` and `file` PCMs,
/// memory): after `lead` seconds of buffered audio, each write waits until its audio would be playing.
/// `drain` and `drop` restart the pacing, like a device queue that empties.
public final class PacedSink: AudioSink, @unchecked Sendable {  // @unchecked: lets only; its state is a Locked
    /// The sink written through.
    public let inner: any AudioSink
    private let lead: Double
    private struct State {
        var sampleRate = 22050
        var start: Double?
        var frames = 0
    }
    private let state = Locked(State())

    /// Wraps `inner`, keeping at most `lead` seconds ahead of real time.
    public init(_ inner: any AudioSink, lead: Double = 0.1) {
        self.inner = inner
        self.lead = max(0, lead)
    }

    /// Opens the inner sink.
    public func open(sampleRate: Int) throws {
        try inner.open(sampleRate: sampleRate)
        state.withLock { $0 = State(sampleRate: sampleRate) }
    }

    /// Writes through, then sleeps until the written audio is no more than `lead` ahead.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try inner.write(samples)
        let due: Double = state.withLock { s in
            let start = s.start ?? SystemClock.monotonicSeconds()
            s.start = start
            s.frames += samples.count
            return start + Double(s.frames) / Double(s.sampleRate) - lead
        }
        let wait = due - SystemClock.monotonicSeconds()
        if wait > 0 { usleep(UInt32(clamping: Int(saturating: wait * 1_000_000))) }
    }

    /// Drains the inner sink and restarts pacing.
    public func drain() throws {
        try inner.drain()
        restart()
    }

    /// Drops the inner sink and restarts pacing.
    public func drop() throws {
        try inner.drop()
        restart()
    }

    /// Closes the inner sink.
    public func close() throws { try inner.close() }

    private func restart() {
        state.withLock { s in
            s.start = nil
            s.frames = 0
        }
    }
}
