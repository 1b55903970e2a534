import Foundation

/// The time base the speech controller decides by. The same controller logic runs in real time
/// (live playback) and in virtual time (rendering a whole drive as fast as possible).
public protocol SpeechClock: Sendable {
    /// Seconds since the clock's origin.
    func now() -> Double
    /// Runs `action` once the clock reaches `time` (at once, asynchronously, when it already has).
    func schedule(at time: Double, _ action: @escaping @Sendable () -> Void)
}

/// Wall-clock time from a monotonic source; its origin is the moment it was created.
public struct SystemClock: SpeechClock {
    private let origin: Double

    /// Creates a clock reading 0 now.
    public init() { origin = SystemClock.monotonicSeconds() }

    /// Seconds since creation.
    public func now() -> Double { SystemClock.monotonicSeconds() - origin }

    /// Runs `action` on a global queue after the remaining wall time.
    public func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) {
        let delay = max(0, time - now())
        DispatchQueue.global().asyncAfter(deadline: .now() + delay, execute: action)
    }

    /// CLOCK_MONOTONIC in seconds.
    public static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// Time that moves only when told to. Scheduled actions run inside `advance(to:)`, in time order
/// (ties in scheduling order), each seeing `now()` equal to its own time.
public final class VirtualClock: SpeechClock, @unchecked Sendable {  // @unchecked: its only state is a Locked
    private struct Timer {
        var time: Double
        var sequence: Int
        var action: @Sendable () -> Void
    }
    private struct State {
        var now: Double
        var timers: [Timer] = []
        var sequence = 0
    }
    private let state: Locked<State>

    /// Creates a clock at `start` seconds.
    public init(start: Double = 0) { state = Locked(State(now: start)) }

    /// The current virtual time.
    public func now() -> Double { state.withLock { $0.now } }

    /// Queues `action` for `time` (never earlier than now).
    public func schedule(at time: Double, _ action: @escaping @Sendable () -> Void) {
        state.withLock { s in
            s.sequence += 1
            s.timers.append(Timer(time: max(time, s.now), sequence: s.sequence, action: action))
        }
    }

    /// Moves to `time`, running every action due by then. Time never goes backwards.
    public func advance(to time: Double) {
        while let timer = popDue(upTo: time) { timer.action() }
        state.withLock { s in s.now = max(s.now, time) }
    }

    /// Runs every pending action (including ones they schedule), ending at the last one's time.
    public func runUntilIdle() {
        while let timer = popDue(upTo: .infinity) { timer.action() }
    }

    /// How many actions are pending.
    public var pendingCount: Int { state.withLock { $0.timers.count } }

    private func popDue(upTo limit: Double) -> Timer? {
        state.withLock { s in
            guard let index = s.timers.indices.min(by: { a, b in
                (s.timers[a].time, s.timers[a].sequence) < (s.timers[b].time, s.timers[b].sequence)
            }), s.timers[index].time <= limit else { return nil }
            let timer = s.timers.remove(at: index)
            s.now = max(s.now, timer.time)
            return timer
        }
    }
}
