import Speech

/// A synthesizer that gives its base synthesizer the text as its voice needs it (`VoicePronunciation`), so the
/// exported text stays language and the respellings of one voice reach that voice alone.
public struct PronouncingSynthesizer: SpeechSynthesizer {
    /// The synthesizer that speaks.
    public let base: any SpeechSynthesizer
    /// The layer of the base synthesizer's voice.
    public let pronunciation: VoicePronunciation

    /// Wraps `base`, whose voice the layer was made for.
    public init(_ base: any SpeechSynthesizer, pronunciation: VoicePronunciation) {
        self.base = base
        self.pronunciation = pronunciation
    }

    /// See `SpeechSynthesizer.sampleRate`.
    public var sampleRate: Int { base.sampleRate }

    /// Speaks the utterance through the layer. An utterance that names another voice than the layer's goes
    /// through unchanged (its respellings would be wrong for that voice).
    public func synthesize(_ utterance: Utterance, handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        try base.synthesize(said(utterance), handler: handler)
    }

    /// The utterance as the base synthesizer is given it.
    public func said(_ utterance: Utterance) -> Utterance {
        if let voice = utterance.voice, voice.lowercased() != pronunciation.lexicon.voice.lowercased() { return utterance }
        var out = utterance
        out.text = utterance.isSSML ? pronunciation.ssml(utterance.text) : pronunciation.spoken(utterance.text)
        // The layer changes only text, never markup; should a document it was given still come out otherwise
        // (markup the mapper does not know), the voice says the document as it came rather than failing.
        if utterance.isSSML, (try? SSMLValidator.validate(out.text)) == nil { return utterance }
        return out
    }
}
