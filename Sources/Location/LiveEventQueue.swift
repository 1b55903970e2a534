import Dispatch
import Synchronization

/// The hand-over between a live source's reader thread and its polling consumer: a bounded queue (the newest
/// events are kept), a wake-up for `waitForEvent`, and the stop flag the reader checks.
final class LiveEventQueue: Sendable {
    /// Events kept for a consumer that does not poll.
    static let limit = 1000

    private struct State: Sendable {
        var events: [LocationEvent] = []
        var dropped = 0
        var stopped = false
    }

    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)

    /// Adds an event (dropping the oldest beyond the limit) and wakes a waiting consumer.
    func emit(_ event: LocationEvent) {
        state.withLock { s in
            if s.events.count >= Self.limit {
                s.events.removeFirst()
                s.dropped += 1
            }
            s.events.append(event)
        }
        wake.signal()
    }

    /// Removes the oldest waiting event.
    func take() -> LocationEvent? {
        state.withLock { s in s.events.isEmpty ? nil : s.events.removeFirst() }
    }

    /// Blocks until an event may be waiting or `timeout` passes.
    func wait(timeout: Double) {
        if state.withLock({ !$0.events.isEmpty }) { return }
        _ = wake.wait(timeout: .now() + max(0, min(timeout, 60)))
    }

    /// Events dropped because nobody polled.
    var dropped: Int { state.withLock { $0.dropped } }

    /// Asks the reader to end.
    func stop() { state.withLock { $0.stopped = true } }

    /// True once `stop()` was called.
    var isStopped: Bool { state.withLock { $0.stopped } }

    /// Sleeps `seconds` in short steps; false when stopped meanwhile.
    func pause(_ seconds: Double) -> Bool {
        let until = Sleep.monotonic() + seconds
        while Sleep.monotonic() < until {
            if isStopped { return false }
            Sleep.seconds(min(0.05, until - Sleep.monotonic()))
        }
        return !isStopped
    }
}

/// Reconnection delays: 0.5 s, doubling to 8 s.
struct Backoff: Sendable {
    private var delay = 0.5
    /// The next delay, seconds.
    mutating func next() -> Double {
        defer { delay = min(8, delay * 2) }
        return delay
    }
}
