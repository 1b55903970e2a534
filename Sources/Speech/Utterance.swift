/// One thing to say. Speech knows nothing about routes: the caller maps its own notions
/// (announcement kinds, trigger times) onto `priority`, `deadline` and `label`.
public struct Utterance: Sendable, Hashable, Identifiable {
    /// The most audio one utterance may produce, in seconds: a synthesizer stops there and fails the utterance,
    /// so no input (text, SSML pauses, a slow rate) can fill memory or a disk with one announcement.
    public static let maxAudioSeconds = 15.0 * 60
    /// Identifies the utterance in events and records; unique within a run.
    public var id: Int
    /// The text to say: plain text, or an SSML document when `isSSML` is true.
    public var text: String
    /// True when `text` is SSML (a `<speak>` document).
    public var isSSML: Bool
    /// The voice name to use (e.g. "en-us"); nil means the synthesizer's default voice.
    public var voice: String?
    /// Urgency: a higher value interrupts a lower one that is speaking (e.g. now > prepare > continue).
    public var priority: Int
    /// Clock time (seconds, on the controller's clock) after which it is stale and must not start; nil = never stale.
    public var deadline: Double?
    /// A short kind or label for logs and transcripts (e.g. "prepare").
    public var label: String

    /// Creates an utterance. Without an explicit `id`, a process-wide increasing one is assigned.
    public init(id: Int? = nil, text: String, isSSML: Bool = false, voice: String? = nil,
                priority: Int = 0, deadline: Double? = nil, label: String = "") {
        self.id = id ?? Utterance.nextID.withLock { value in value += 1; return value }
        self.text = text
        self.isSSML = isSSML
        self.voice = voice
        self.priority = priority
        self.deadline = deadline
        self.label = label
    }

    private static let nextID = Locked(0)

    /// True when the deadline has passed at `time` (an utterance exactly at its deadline is stale).
    public func isStale(at time: Double) -> Bool {
        guard let deadline else { return false }
        return time >= deadline
    }
}
