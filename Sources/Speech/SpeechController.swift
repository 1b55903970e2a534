import Foundation

/// The speech queue with mute/unmute and volume: exactly one utterance at a time, by the rules of
/// `SpeechArbiter`, on any `SpeechClock`. Safe to call from any task or thread.
///
/// In real time use a `SystemClock` with a `StreamingPlayer`; in virtual time use a `VirtualClock` with a
/// `RenderingPlayer` or `TextBackend`, and move the clock with `advance(to:)` between calls.
/// Event observers run under the controller's lock, in order: they must not call the controller back.
public final class SpeechController: @unchecked Sendable {  // @unchecked: `state` is read and written under `condition`
    private struct State {
        var arbiter: SpeechArbiter
        var handle: PlaybackHandle?
        var volume: Double = 1
        var continuations: [Int: AsyncStream<SpeechEvent>.Continuation] = [:]
        var nextStream = 0
    }
    private let condition = NSCondition()
    private var state: State
    private let player: any SpeechPlayer
    /// The clock decisions are made by.
    public let clock: any SpeechClock
    private let observer: (@Sendable (SpeechEvent) -> Void)?

    /// Creates a controller that plays through `player`, timed by `clock`.
    public init(player: any SpeechPlayer, clock: any SpeechClock, unmutePolicy: UnmutePolicy = .repeatLatestValid,
                observer: (@Sendable (SpeechEvent) -> Void)? = nil) {
        self.player = player
        self.clock = clock
        self.observer = observer
        state = State(arbiter: SpeechArbiter(unmutePolicy: unmutePolicy))
    }

    /// Submits an utterance now (it may start, wait, interrupt, or be dropped or muted).
    public func speak(_ utterance: Utterance) {
        transact { $0.arbiter.submit(utterance, at: clock.now()) }
    }

    /// Stops current speech at once and suppresses everything until `unmute()`.
    public func mute() { transact { $0.arbiter.mute(at: clock.now()) } }

    /// Ends the mute; see `UnmutePolicy` for what may be said again.
    public func unmute() { transact { $0.arbiter.unmute(at: clock.now()) } }

    /// True while muted.
    public var isMuted: Bool { locked { $0.arbiter.isMuted } }

    /// The utterance sounding now.
    public var current: Utterance? { locked { $0.arbiter.current } }

    /// True when nothing sounds and nothing waits.
    public var isIdle: Bool { locked { $0.arbiter.isIdle } }

    /// Output gain 0…1 (clamped), applied from the next chunk on.
    public var volume: Double {
        get { locked { $0.volume } }
        set {
            let v = min(1, max(0, newValue.isFinite ? newValue : 1))
            locked { s in
                s.volume = v
                player.setVolume(v)
            }
        }
    }

    /// A stream of every event from now on.
    public func events() -> AsyncStream<SpeechEvent> {
        let (stream, continuation) = AsyncStream<SpeechEvent>.makeStream()
        let key = locked { s in
            s.nextStream += 1
            s.continuations[s.nextStream] = continuation
            return s.nextStream
        }
        continuation.onTermination = { [weak self] _ in
            self?.locked { s in _ = s.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    /// Moves a virtual clock to `time`, running whatever finishes by then, and drops waiting
    /// utterances that went stale. With a real clock only the stale check runs.
    public func advance(to time: Double) {
        (clock as? VirtualClock)?.advance(to: time)
        transact { $0.arbiter.expire(at: clock.now()) }
    }

    /// Blocks until idle or `timeout` seconds of wall time pass; returns true when idle.
    /// With a virtual clock, runs the clock until idle instead.
    @discardableResult
    public func waitUntilIdle(timeout: Double = 60) -> Bool {
        if let virtual = clock as? VirtualClock {
            virtual.runUntilIdle()
            return isIdle
        }
        let limit = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while !state.arbiter.isIdle {
            if !condition.wait(until: limit) { return state.arbiter.isIdle }
        }
        return true
    }

    /// Ends every event stream.
    public func finishEvents() {
        let all = locked { s in
            defer { s.continuations = [:] }
            return Array(s.continuations.values)
        }
        for c in all { c.finish() }
    }

    private func locked<R>(_ body: (inout State) -> R) -> R {
        condition.lock()
        defer { condition.unlock() }
        return body(&state)
    }

    private func transact(_ step: (inout State) -> SpeechArbiter.Output) {
        condition.lock()
        defer {
            condition.broadcast()
            condition.unlock()
        }
        let out = step(&state)
        apply(out)
    }

    /// Carries out an arbiter decision; called with the lock held.
    private func apply(_ out: SpeechArbiter.Output) {
        if let stopped = out.stop, let handle = state.handle, handle.utterance.id == stopped.id {
            handle.cancel()
            player.stop(handle, at: out.events.last(where: { $0.utterance.id == stopped.id })?.time ?? clock.now())
            state.handle = nil
        }
        for event in out.events { publish(event) }
        if let next = out.start {
            let start = out.events.last(where: { $0.kind == .started && $0.utterance.id == next.id })?.time ?? clock.now()
            let handle = PlaybackHandle(utterance: next, startTime: start)
            state.handle = handle
            player.play(handle) { [weak self] error in self?.playerFinished(handle, error: error) }
        }
    }

    private func publish(_ event: SpeechEvent) {
        player.observe(event)
        observer?(event)
        for c in state.continuations.values { c.yield(event) }
    }

    private func playerFinished(_ handle: PlaybackHandle, error: String?) {
        transact { s in
            guard s.handle === handle else { return SpeechArbiter.Output() }
            s.handle = nil
            return s.arbiter.finished(id: handle.utterance.id, at: clock.now(), error: error)
        }
    }
}
