import Speech
import SafeIO

/// Speech synthesis with the in-process libespeak-ng (never a subprocess). All instances share the one
/// process-wide engine, whose every call is serialized. Phrases are cached (bounded LRU) per voice and settings.
public final class ESpeakSynthesizer: SpeechSynthesizer, @unchecked Sendable {  // @unchecked: immutable settings; the engine serializes every call and the cache is a Locked
    /// The default voice, resolved at creation.
    public let voice: VoiceResolution
    /// Speaking rate, words per minute (80…450).
    public let rate: Int
    /// Base pitch, 0…100 (50 normal).
    public let pitch: Int
    /// Volume, 0…200 (100 normal).
    public let volume: Int
    /// Output rate (22050).
    public let sampleRate: Int
    private let engine: ESpeakEngine
    private let cache: Locked<PCMCache>
    private let chunkFrames = 1024

    /// Creates a synthesizer for `voice` (see `VoiceCatalog.resolve`); values are clamped to eSpeak's ranges.
    /// `cacheSeconds` bounds the phrase cache (0 disables it).
    public init(voice: String = "en-us", rate: Int = 175, pitch: Int = 50, volume: Int = 100,
                cacheSeconds: Double = 120) throws {
        engine = try ESpeakEngine.shared()
        self.voice = try engine.catalog.resolve(voice)
        self.rate = min(450, max(80, rate))
        self.pitch = min(100, max(0, pitch))
        self.volume = min(200, max(0, volume))
        sampleRate = engine.sampleRate
        cache = Locked(PCMCache(capacityFrames: Int(saturating: max(0, cacheSeconds) * Double(engine.sampleRate))))
    }

    /// Every installed voice.
    public static func installedVoices() throws -> [ESpeakVoice] { try ESpeakEngine.shared().catalog.voices }

    /// Resolves a voice name against the installed voices.
    public static func resolveVoice(_ name: String) throws -> VoiceResolution { try ESpeakEngine.shared().catalog.resolve(name) }

    /// Cache hits and misses so far.
    public var cacheStatistics: (hits: Int, misses: Int) { cache.withLock { ($0.hits, $0.misses) } }

    /// Streams the utterance (its own `voice` if set, else the default). SSML is checked first. A name in a script
    /// the voice cannot read is said by the voice that reads it (`ESpeakScriptSwitch`).
    public func synthesize(_ utterance: Utterance,
                           handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        if utterance.isSSML { try SSMLValidator.validate(utterance.text) }
        let chosen = try utterance.voice.map { try engine.catalog.resolve($0).voice } ?? voice.voice
        let key = PCMCache.Key(text: utterance.text, isSSML: utterance.isSSML, voice: chosen.identifier,
                               settings: [rate, pitch, volume])
        if let hit = cache.withLock({ $0.get(key) }) { return PCMCache.replay(hit, chunkFrames: chunkFrames, handler) }

        var entry = PCMCache.Entry(samples: [], marks: [])
        return try withoutActuallyEscaping(handler) { handler in
            let context = SynthesisContext(sampleRate: sampleRate) { event in
                switch event {
                case .audio(let chunk): entry.samples += chunk
                case .mark(let name, let offset): entry.marks.append((name, offset))
                }
                return handler(event)
            }
            let said = ESpeakScriptSwitch(voice: chosen).apply(utterance.text, isSSML: utterance.isSSML)
            try engine.synthesize(said.text, ssml: said.isSSML, voice: chosen, rate: rate, pitch: pitch,
                                  volume: volume, context: context)
            if context.tooLong { throw ESpeakError.utteranceTooLong(seconds: Utterance.maxAudioSeconds) }
            if !context.stopped { cache.withLock { $0.put(key, entry) } }
            return SynthesisOutcome(frames: context.frames, completed: !context.stopped)
        }
    }
}
