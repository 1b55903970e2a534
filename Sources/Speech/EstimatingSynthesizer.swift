import SafeIO
/// A silent synthesizer for text mode: it "speaks" silence whose length follows a words-per-minute
/// model (plus a sentence-end pause), so timing logic runs without an engine.
public struct EstimatingSynthesizer: SpeechSynthesizer {
    /// Speaking rate, words per minute.
    public var wordsPerMinute: Double
    /// Pause added at the end, seconds.
    public var endPause: Double
    /// Frames per second of the silence produced.
    public let sampleRate: Int

    /// Creates an estimator (eSpeak NG's default rate is 175 wpm).
    public init(wordsPerMinute: Double = 175, endPause: Double = 0.3, sampleRate: Int = 22050) {
        self.wordsPerMinute = max(1, wordsPerMinute)
        self.endPause = max(0, endPause)
        self.sampleRate = sampleRate
    }

    /// Estimated speaking time: words ÷ rate + end pause. Tags are not counted for SSML.
    public func seconds(for utterance: Utterance) -> Double {
        var text = utterance.text
        if utterance.isSSML {
            text = text.replacingTags()
        }
        let words = text.split(whereSeparator: { $0.isWhitespace }).count
        return Double(words) * 60 / wordsPerMinute + endPause
    }

    /// Streams the silence in chunks of about 50 ms; SSML must be well-formed.
    public func synthesize(_ utterance: Utterance,
                           handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        if utterance.isSSML { try SSMLValidator.validate(utterance.text) }
        let total = Int(saturatingRounded: seconds(for: utterance) * Double(sampleRate))
        let chunk = max(1, sampleRate / 20)
        var sent = 0
        while sent < total {
            let n = min(chunk, total - sent)
            if handler(.audio([Int16](repeating: 0, count: n))) == .stop {
                return SynthesisOutcome(frames: sent + n, completed: false)
            }
            sent += n
        }
        return SynthesisOutcome(frames: sent, completed: true)
    }
}

extension String {
    /// The text with every `<…>` tag replaced by a space: what an SSML document says, for estimates.
    public func replacingTags() -> String {
        var out = "", inTag = false
        for c in self {
            if c == "<" { inTag = true; out.append(" ") } else if c == ">" { inTag = false } else if !inTag { out.append(c) }
        }
        return out
    }
}
