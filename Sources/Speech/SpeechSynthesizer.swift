/// Something the synthesizer reports while it streams an utterance.
public enum SynthesisEvent: Sendable, Hashable {
    /// The next chunk of PCM at the synthesizer's `sampleRate`.
    case audio([Int16])
    /// An SSML `<mark name=…/>` was reached; `sampleOffset` is where it falls in the audio so far.
    case mark(name: String, sampleOffset: Int)
}

/// What the event handler tells the synthesizer to do next.
public enum SynthesisControl: Sendable, Hashable {
    /// Keep going.
    case proceed
    /// Abort now: no further events are delivered.
    case stop
}

/// How a synthesis ended.
public struct SynthesisOutcome: Sendable, Hashable {
    /// Frames delivered through `.audio` events.
    public var frames: Int
    /// False when the handler returned `.stop` before the end.
    public var completed: Bool

    /// Creates an outcome.
    public init(frames: Int, completed: Bool) {
        self.frames = frames
        self.completed = completed
    }
}

/// Turns an utterance into PCM, streamed in chunks.
///
/// Implementation requirements (checked by `SpeechConformance.checkSynthesizer`):
/// - Safe to call from any thread; concurrent calls are serialized internally when the engine is not thread-safe.
/// - `synthesize` delivers events in order, synchronously, before it returns; at least one non-empty
///   `.audio` chunk for non-empty text; all audio at `sampleRate`, mono, Int16.
/// - When the handler returns `.stop`, no further events are delivered and the outcome has `completed == false`.
/// - A voice that cannot be honoured is an error, never a silent switch to another language.
/// - SSML (`isSSML`) that is not well-formed is an error before anything is spoken.
public protocol SpeechSynthesizer: Sendable {
    /// Frames per second of the PCM it produces.
    var sampleRate: Int { get }
    /// Streams `utterance` as events to `handler`, which may stop it early.
    func synthesize(_ utterance: Utterance,
                    handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome
}

extension SpeechSynthesizer {
    /// The whole utterance as one buffer.
    public func render(_ utterance: Utterance) throws -> PCMBuffer {
        var samples: [Int16] = []
        _ = try synthesize(utterance) { event in
            if case .audio(let chunk) = event { samples += chunk }
            return .proceed
        }
        return PCMBuffer(samples: samples, sampleRate: sampleRate)
    }

    /// How long the utterance takes to say, in seconds (from an actual synthesis).
    public func durationEstimate(_ utterance: Utterance) throws -> Double {
        try render(utterance).duration
    }
}
