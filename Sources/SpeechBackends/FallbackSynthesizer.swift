import Speech
import SpeechPiper

/// The neural voice with eSpeak NG behind it: what `prepare` synthesized ahead plays in the Piper voice at once;
/// an utterance that is not ready when it is due and is urgent (priority ≥ `urgentPriority`, a "now") is said by
/// eSpeak NG instead, which starts in milliseconds, rather than late. Others stream in the Piper voice.
public final class FallbackSynthesizer: SpeechSynthesizer, @unchecked Sendable {  // @unchecked: lets only; the counter is a Locked
    /// The neural voice.
    public let primary: PiperSynthesizer
    /// The fast voice for what is urgent and not ready.
    public let fallback: any SpeechSynthesizer
    /// The lowest priority that falls back.
    public let urgentPriority: Int
    /// Utterances said by the fallback so far.
    public var fallbacks: Int { count.snapshot }
    private let count = Locked(0)

    /// Combines the two; both must produce the same sample rate.
    public init(primary: PiperSynthesizer, fallback: any SpeechSynthesizer, urgentPriority: Int) {
        self.primary = primary
        self.fallback = fallback
        self.urgentPriority = urgentPriority
    }

    /// The Piper voice's rate.
    public var sampleRate: Int { primary.sampleRate }

    /// Piper when ready or not urgent, else eSpeak NG (with its own default voice).
    public func synthesize(_ utterance: Utterance,
                           handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        if primary.isReady(utterance) || utterance.priority < urgentPriority {
            return try primary.synthesize(utterance, handler: handler)
        }
        count.withLock { $0 += 1 }
        var plain = utterance
        plain.voice = nil
        return try fallback.synthesize(plain, handler: handler)
    }
}
