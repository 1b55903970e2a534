import Foundation
import SafeIO
import Speech
import SpeechESpeakNG

/// Neural speech from a Piper voice through sherpa-onnx, in-process. eSpeak NG (in-process too) phonemizes the
/// text clause by clause, keeping the punctuation between clauses as Piper's own phonemizer does; the IPA goes
/// through the voice's `phoneme_id_map` into the model. Audio streams per sentence; each sentence is brought to
/// eSpeak NG's loudness (`Loudness.targetDBFS`, peak-limited), and the silence before the first sound and after
/// the last is trimmed. Every call into the model is serialized by its engine. Phrases are cached (bounded LRU),
/// so what `prepare` synthesized ahead replays at once.
public final class PiperSynthesizer: SpeechSynthesizer, @unchecked Sendable {  // @unchecked: lets only; the engine serializes itself, the cache is a Locked
    /// The voice.
    public let voice: PiperVoice
    /// Output rate (the voice's, 22050 for medium voices).
    public let sampleRate: Int
    /// Speaking rate in eSpeak's words per minute (175 is the voice's own speed).
    public let rate: Int
    /// Seconds the model took to load in this process (0 when it was loaded before).
    public let loadSeconds: Double
    private let engine: PiperEngine
    private let phonemizer: ESpeakPhonemizer
    private let cache: Locked<PCMCache>
    private let chunkFrames = 1024
    private let synthesisLock = NSLock()
    /// Pause between two sentences, seconds.
    static let sentencePause = 0.25

    /// Loads the voice at `modelPath` (once per process) with the eSpeak NG voice it was trained on as phonemizer.
    /// `cacheSeconds` bounds the phrase cache; `threads` the model's inference threads.
    public init(modelPath: String, rate: Int = 175, cacheSeconds: Double = 1800, threads: Int = 1) throws {
        let voice = try PiperVoice.load(modelPath: modelPath)
        let started = Date()
        engine = try PiperEngine.shared(voice, threads: threads)
        loadSeconds = Date().timeIntervalSince(started)
        phonemizer = try ESpeakPhonemizer(voice: voice.espeakVoice)
        self.voice = voice
        self.rate = min(450, max(80, rate))
        sampleRate = engine.sampleRate
        cache = Locked(PCMCache(capacityFrames: Int(saturating: max(0, cacheSeconds) * Double(engine.sampleRate))))
    }

    /// Cache hits and misses so far.
    public var cacheStatistics: (hits: Int, misses: Int) { cache.withLock { ($0.hits, $0.misses) } }

    /// True when `utterance` is synthesized and waiting in the cache (it will start at once).
    public func isReady(_ utterance: Utterance) -> Bool { cache.withLock { $0.contains(key(utterance)) } }

    /// Synthesizes `utterance` into the cache unless it is there (call it ahead, off the clock's thread).
    public func prepare(_ utterance: Utterance) throws {
        guard !isReady(utterance) else { return }
        _ = try synthesize(utterance) { _ in .proceed }
    }

    private func key(_ utterance: Utterance) -> PCMCache.Key {
        PCMCache.Key(text: utterance.text, isSSML: utterance.isSSML, voice: voice.modelPath, settings: [rate])
    }

    /// The sentences of `utterance` as phoneme code points the voice knows (punctuation kept, one entry each).
    func sentences(_ utterance: Utterance) throws -> [[Int32]] {
        var sentences: [String] = []
        var current = ""
        func close() {
            let trimmed = current.trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty { sentences.append(trimmed) }
            current = ""
        }
        for part in SpeakableText.parts(utterance.text, isSSML: utterance.isSSML) {
            switch part {
            case .ipa(let ipa):
                current += (current.isEmpty || current.hasSuffix(" ") ? "" : " ") + ipa
            case .pause:
                if !current.isEmpty, !(current.last.map { ",.;:!?".contains($0) } ?? false) { current += "," }
            case .text(let text):
                guard text.contains(where: { !$0.isWhitespace }) else { continue }
                for clause in try phonemizer.clauses(text) {
                    if clause.ipa.isEmpty, current.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                    if clause.ipa.isEmpty { current = current.trimmingCharacters(in: .whitespaces) }
                    current += (current.isEmpty || current.hasSuffix(" ") || clause.ipa.isEmpty ? "" : " ") + clause.ipa
                    if let terminator = clause.terminator { current.append(terminator) }
                    if clause.endsSentence { close() } else if clause.terminator != nil { current += " " }
                }
            }
        }
        close()
        let known = voice.phonemeIDs
        return sentences.map { sentence in
            sentence.unicodeScalars.filter { known[$0] != nil }.map { Int32(bitPattern: $0.value) }
        }.filter { !$0.isEmpty }
    }

    /// Streams the utterance, sentence by sentence. SSML is checked first; `utterance.voice`, if set, must name
    /// this voice (its name, or `piper:` and its name or path).
    public func synthesize(_ utterance: Utterance,
                           handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        if utterance.isSSML { try SSMLValidator.validate(utterance.text) }
        if let requested = utterance.voice, !names(requested) {
            throw PiperError.badVoice(path: voice.modelPath, key: "voice", reason: "this synthesizer speaks \(voice.name), not '\(requested)'")
        }
        let key = key(utterance)
        if let hit = cache.withLock({ $0.get(key) }) { return PCMCache.replay(hit, chunkFrames: chunkFrames, handler) }
        // One synthesis at a time per synthesizer (the engine is serialized anyway): a second call for the same
        // text waits and replays the first one's audio, which VITS's noise would otherwise make differ slightly.
        synthesisLock.lock()
        defer { synthesisLock.unlock() }
        if let hit = cache.withLock({ $0.get(key) }) { return PCMCache.replay(hit, chunkFrames: chunkFrames, handler) }
        let sentences = try sentences(utterance)
        var all: [Int16] = []
        var frames = 0
        let speed = Float(rate) / 175
        for (index, sentence) in sentences.enumerated() {
            let raw = try engine.generate(sentence, speed: speed)
            var pcm = Self.leveled(Self.trimmed(raw, sampleRate: sampleRate))
            if index + 1 < sentences.count {
                pcm += [Int16](repeating: 0, count: Int(saturatingRounded: Self.sentencePause * Double(sampleRate)))
            }
            all += pcm
            var start = 0
            while start < pcm.count {
                let end = min(pcm.count, start + chunkFrames)
                frames = all.count - pcm.count + end
                if handler(.audio(Array(pcm[start..<end]))) == .stop { return SynthesisOutcome(frames: frames, completed: false) }
                start = end
            }
        }
        if all.isEmpty {
            // Nothing the voice can say (punctuation only): a short silence, as the contract wants audio.
            all = [Int16](repeating: 0, count: sampleRate / 20)
            frames = all.count
            if handler(.audio(all)) == .stop { return SynthesisOutcome(frames: frames, completed: false) }
        }
        cache.withLock { $0.put(key, PCMCache.Entry(samples: all, marks: [])) }
        return SynthesisOutcome(frames: all.count, completed: true)
    }

    private func names(_ requested: String) -> Bool {
        let bare = requested.hasPrefix("piper:") ? String(requested.dropFirst(6)) : requested
        return bare == voice.name || bare == voice.modelPath || bare == voice.espeakVoice
    }

    /// `samples` without what is below -40 dBFS before the first sound and after the last (5 ms kept before,
    /// 30 ms after, so no consonant is clipped).
    static func trimmed(_ samples: [Float], sampleRate: Int) -> [Float] {
        let threshold: Float = 0.01
        guard let first = samples.firstIndex(where: { abs($0) > threshold }),
              let last = samples.lastIndex(where: { abs($0) > threshold }) else { return [] }
        let from = max(0, first - sampleRate / 200)
        let to = min(samples.count - 1, last + sampleRate * 3 / 100)
        return Array(samples[from...to])
    }

    /// Float samples at the target loudness as Int16, the gain limited so the peak stays below full scale.
    static func leveled(_ samples: [Float]) -> [Int16] {
        guard !samples.isEmpty else { return [] }
        var gain: Float = 1
        if let level = Loudness.activeRMS(samples, sampleRate: 22050) {
            gain = Float(pow(10, (Loudness.targetDBFS - level) / 20))
        }
        let peak = samples.map { abs($0) }.max() ?? 0
        if peak > 0 { gain = min(gain, 0.97 / peak) }
        return samples.map { Int16(clamping: Int(saturatingRounded: Double($0 * gain) * 32767)) }
    }
}
