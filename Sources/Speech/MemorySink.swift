/// A sink that keeps everything written, in memory: for tests and benchmarks.
public final class MemorySink: AudioSink, @unchecked Sendable {  // @unchecked: its only state is a Locked
    private struct State {
        var isOpen = false
        var sampleRate = 0
        var samples: [Int16] = []
        var drains = 0
        var drops = 0
        var firstWriteTime: Double?
    }
    private let state = Locked(State())

    /// Creates a closed sink.
    public init() {}

    /// Everything written so far.
    public var samples: [Int16] { state.withLock { $0.samples } }
    /// The sample rate given to `open` (0 before).
    public var sampleRate: Int { state.withLock { $0.sampleRate } }
    /// How many times `drain` / `drop` were called.
    public var counts: (drains: Int, drops: Int) { state.withLock { ($0.drains, $0.drops) } }
    /// `SystemClock.monotonicSeconds()` at the first non-empty write since the last `resetFirstWrite()`.
    public var firstWriteTime: Double? { state.withLock { $0.firstWriteTime } }

    /// Forgets the first-write time (for repeated measurements).
    public func resetFirstWrite() { state.withLock { $0.firstWriteTime = nil } }

    /// Marks the sink open.
    public func open(sampleRate: Int) throws {
        state.withLock { s in
            s.isOpen = true
            s.sampleRate = sampleRate
        }
    }

    /// Appends the samples.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try state.withLock { s in
            guard s.isOpen else { throw AudioSinkError.notOpen }
            if s.firstWriteTime == nil && !samples.isEmpty { s.firstWriteTime = SystemClock.monotonicSeconds() }
            s.samples.append(contentsOf: samples)
        }
    }

    /// Counts the drain.
    public func drain() throws {
        try state.withLock { s in
            guard s.isOpen else { throw AudioSinkError.notOpen }
            s.drains += 1
        }
    }

    /// Counts the drop (what was written stays: memory has no device queue).
    public func drop() throws {
        try state.withLock { s in
            guard s.isOpen else { throw AudioSinkError.notOpen }
            s.drops += 1
        }
    }

    /// Marks the sink closed.
    public func close() throws { state.withLock { $0.isOpen = false } }
}
