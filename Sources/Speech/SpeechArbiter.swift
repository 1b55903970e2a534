/// What to do after unmute.
public enum UnmutePolicy: Sendable, Hashable {
    /// Say nothing: everything suppressed while muted stays unsaid.
    case sayNothing
    /// Say once the single most urgent suppressed utterance that is still valid: it must have a deadline
    /// still in the future (without one its relevance cannot be known, so it is not repeated); ties go to
    /// the newest. Anything stale is never replayed. This is the default: after unmute the driver hears
    /// the instruction for the maneuver that is still ahead, and nothing older.
    case repeatLatestValid
}

/// The decision rules of the speech queue, as a pure value: given what happens at which time, it says
/// which utterance sounds, and emits the events. `SpeechController` runs it on any `SpeechClock`.
///
/// Rules: one utterance at a time; a stale utterance (deadline reached) never starts; a newer utterance of
/// strictly higher priority interrupts the one speaking; others wait, most urgent first, then oldest first;
/// while muted everything is suppressed and reported as muted.
public struct SpeechArbiter: Sendable {
    /// What the caller must do after a step, besides publishing the events.
    public struct Output: Sendable, Equatable {
        /// Events in order.
        public var events: [SpeechEvent] = []
        /// The utterance to stop sounding now, if any (always before `start`).
        public var stop: Utterance?
        /// The utterance to start sounding now, if any.
        public var start: Utterance?
    }

    private struct Speaking: Sendable {
        var utterance: Utterance
        var startedAt: Double
    }

    /// What to do after unmute.
    public var unmutePolicy: UnmutePolicy
    private var speaking: Speaking?
    private var waiting: [Utterance] = []
    private var suppressed: [Utterance] = []
    /// True while muted.
    public private(set) var isMuted = false

    /// Creates an idle, unmuted arbiter.
    public init(unmutePolicy: UnmutePolicy = .repeatLatestValid) { self.unmutePolicy = unmutePolicy }

    /// The utterance sounding now.
    public var current: Utterance? { speaking?.utterance }
    /// Utterances waiting their turn, in the order they would start.
    public var queue: [Utterance] { waiting }
    /// True when nothing sounds and nothing waits.
    public var isIdle: Bool { speaking == nil && waiting.isEmpty }

    /// A new utterance arrives at `time`.
    public mutating func submit(_ utterance: Utterance, at time: Double) -> Output {
        var out = Output()
        if utterance.isStale(at: time) {
            out.events.append(SpeechEvent(kind: .dropped, utterance: utterance, time: time, reason: "deadline passed"))
        } else if isMuted {
            suppress(utterance, at: time, into: &out)
        } else if let now = speaking {
            if utterance.priority > now.utterance.priority {
                out.events.append(SpeechEvent(kind: .interrupted, utterance: now.utterance, time: time,
                                              heardSeconds: time - now.startedAt,
                                              reason: "interrupted by #\(utterance.id) \(utterance.label)"))
                out.stop = now.utterance
                begin(utterance, at: time, into: &out)
            } else {
                let index = waiting.firstIndex { $0.priority < utterance.priority } ?? waiting.count
                waiting.insert(utterance, at: index)
            }
        } else {
            begin(utterance, at: time, into: &out)
        }
        return out
    }

    /// The utterance with `id` finished sounding by itself at `time` (ignored unless it is the current one).
    public mutating func finished(id: Int, at time: Double, error: String? = nil) -> Output {
        var out = Output()
        guard let now = speaking, now.utterance.id == id else { return out }
        speaking = nil
        out.events.append(SpeechEvent(kind: error == nil ? .finished : .failed, utterance: now.utterance, time: time,
                                      heardSeconds: time - now.startedAt, reason: error))
        startNext(at: time, into: &out)
        return out
    }

    /// Drops waiting utterances whose deadline has passed at `time` (the controller calls this as time moves).
    public mutating func expire(at time: Double) -> Output {
        var out = Output()
        waiting.removeAll { u in
            guard u.isStale(at: time) else { return false }
            out.events.append(SpeechEvent(kind: .dropped, utterance: u, time: time, reason: "deadline passed"))
            return true
        }
        return out
    }

    /// Mutes at `time`: the current utterance is cut, waiting ones are suppressed.
    public mutating func mute(at time: Double) -> Output {
        var out = Output()
        guard !isMuted else { return out }
        isMuted = true
        if let now = speaking {
            speaking = nil
            out.stop = now.utterance
            out.events.append(SpeechEvent(kind: .muted, utterance: now.utterance, time: time,
                                          heardSeconds: time - now.startedAt))
            remember(now.utterance)
        }
        let pending = waiting
        waiting = []
        for u in pending { suppress(u, at: time, into: &out) }
        return out
    }

    /// Unmutes at `time`; never replays anything stale (see `UnmutePolicy`).
    public mutating func unmute(at time: Double) -> Output {
        var out = Output()
        guard isMuted else { return out }
        isMuted = false
        let candidates = suppressed.filter { !$0.isStale(at: time) }
        suppressed = []
        guard unmutePolicy == .repeatLatestValid,
              let best = candidates.reversed().max(by: { $0.priority < $1.priority }) else { return out }
        begin(best, at: time, into: &out)
        return out
    }

    private mutating func suppress(_ utterance: Utterance, at time: Double, into out: inout Output) {
        out.events.append(SpeechEvent(kind: .muted, utterance: utterance, time: time))
        remember(utterance)
    }

    private mutating func remember(_ utterance: Utterance) {
        guard utterance.deadline != nil else { return }
        suppressed.append(utterance)
        if suppressed.count > 32 { suppressed.removeFirst() }
    }

    private mutating func begin(_ utterance: Utterance, at time: Double, into out: inout Output) {
        speaking = Speaking(utterance: utterance, startedAt: time)
        out.start = utterance
        out.events.append(SpeechEvent(kind: .started, utterance: utterance, time: time))
    }

    private mutating func startNext(at time: Double, into out: inout Output) {
        while !waiting.isEmpty {
            let next = waiting.removeFirst()
            if next.isStale(at: time) {
                out.events.append(SpeechEvent(kind: .dropped, utterance: next, time: time, reason: "deadline passed"))
                continue
            }
            begin(next, at: time, into: &out)
            return
        }
    }
}
