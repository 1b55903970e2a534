/// What happened to an utterance, for the UI, the log and recorders.
public struct SpeechEvent: Sendable, Hashable {
    /// The kind of event.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// It began to sound.
        case started
        /// It was said to the end.
        case finished
        /// A more urgent utterance cut it off.
        case interrupted
        /// Mute cut it off, or suppressed it before it started.
        case muted
        /// Its deadline passed before it could start, so it was never said.
        case dropped
        /// The synthesizer or the sink failed while saying it.
        case failed
    }
    /// The kind of event.
    public var kind: Kind
    /// The utterance concerned.
    public var utterance: Utterance
    /// Clock time of the event, seconds.
    public var time: Double
    /// Seconds of it that sounded (0 when it never started).
    public var heardSeconds: Double
    /// Why, for interrupted/dropped/failed (e.g. "interrupted by #7 now").
    public var reason: String?

    /// Creates an event.
    public init(kind: Kind, utterance: Utterance, time: Double, heardSeconds: Double = 0, reason: String? = nil) {
        self.kind = kind
        self.utterance = utterance
        self.time = time
        self.heardSeconds = heardSeconds
        self.reason = reason
    }
}
