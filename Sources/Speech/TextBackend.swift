/// What became of one utterance, as the text backend recorded it.
public struct SpeechRecord: Sendable, Hashable {
    /// How it ended.
    public enum Outcome: String, Sendable, Hashable {
        /// Said to the end.
        case heard
        /// Cut off by a more urgent utterance.
        case interrupted
        /// Cut off or suppressed by mute.
        case muted
        /// Stale before it could start.
        case dropped
        /// The output failed.
        case failed
    }
    /// The utterance.
    public var utterance: Utterance
    /// Clock time it started to sound; nil when it never did.
    public var startTime: Double?
    /// Clock time it ended (or was suppressed or dropped).
    public var endTime: Double
    /// Seconds of it that sounded.
    public var heardSeconds: Double
    /// How it ended.
    public var outcome: Outcome
}

/// The silent backend: plays nothing, takes each utterance's speaking time from `duration`, and records
/// what was heard, interrupted, muted or dropped, in order of the end. `transcript` and tests use it.
public final class TextBackend: SpeechPlayer, @unchecked Sendable {  // @unchecked: lets only; its state is a Locked
    private let clock: any SpeechClock
    private let duration: @Sendable (Utterance) -> Double
    private struct State {
        var records: [SpeechRecord] = []
        var starts: [Int: Double] = [:]
    }
    private let state = Locked(State())

    /// Creates a backend timed by `clock`; `duration` says how long an utterance would take to say.
    public init(clock: any SpeechClock, duration: @escaping @Sendable (Utterance) -> Double) {
        self.clock = clock
        self.duration = duration
    }

    /// Everything recorded so far, in the order the utterances ended.
    public var records: [SpeechRecord] { state.withLock { $0.records } }

    /// Schedules the end after the utterance's speaking time.
    public func play(_ handle: PlaybackHandle, finished: @escaping @Sendable (String?) -> Void) {
        clock.schedule(at: handle.startTime + max(0, duration(handle.utterance))) {
            if !handle.isCancelled { finished(nil) }
        }
    }

    /// Nothing sounds, so nothing to cut.
    public func stop(_ handle: PlaybackHandle, at time: Double) {}

    /// Volume does not apply to silence.
    public func setVolume(_ volume: Double) {}

    /// Records the event's outcome.
    public func observe(_ event: SpeechEvent) {
        state.withLock { s in
            let outcome: SpeechRecord.Outcome
            switch event.kind {
            case .started:
                s.starts[event.utterance.id] = event.time
                return
            case .finished: outcome = .heard
            case .interrupted: outcome = .interrupted
            case .muted: outcome = .muted
            case .dropped: outcome = .dropped
            case .failed: outcome = .failed
            }
            let start = s.starts.removeValue(forKey: event.utterance.id)
            s.records.append(SpeechRecord(utterance: event.utterance, startTime: start, endTime: event.time,
                                          heardSeconds: event.heardSeconds, outcome: outcome))
        }
    }
}
