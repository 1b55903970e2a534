import CSherpaOnnx
import Foundation
import Speech

/// One loaded Piper model in sherpa-onnx. The engine is not thread-safe: every call goes through `generate`,
/// under one lock. Models are loaded once per process and kept (`shared`), since loading takes seconds.
final class PiperEngine: @unchecked Sendable {  // @unchecked: the C handle is used only under `lock`; the rest is immutable
    let voice: PiperVoice
    let sampleRate: Int
    /// Seconds the model took to load.
    let loadSeconds: Double
    private let library: SherpaLibrary
    private let handle: OpaquePointer
    private let lock = NSLock()

    private static let engines = Locked<[String: PiperEngine]>([:])

    /// The engine for `voice`, loading it on first use (one at a time; later callers get the same engine).
    static func shared(_ voice: PiperVoice, threads: Int) throws -> PiperEngine {
        try engines.withLock { engines in
            if let engine = engines[voice.modelPath] { return engine }
            let engine = try PiperEngine(voice, threads: threads)
            engines[voice.modelPath] = engine
            return engine
        }
    }

    private init(_ voice: PiperVoice, threads: Int) throws {
        library = try SherpaLibrary.shared()
        self.voice = voice
        let started = Date()
        let model = strdup(voice.modelPath), tokens = strdup(voice.tokensPath), provider = strdup("cpu"), empty = strdup("")
        defer { free(model); free(tokens); free(provider); free(empty) }
        var config = vg_tts_config()
        config.model.vits.model = UnsafePointer(model)
        config.model.vits.tokens = UnsafePointer(tokens)
        config.model.vits.lexicon = UnsafePointer(empty)
        config.model.vits.data_dir = UnsafePointer(empty)
        config.model.vits.dict_dir = UnsafePointer(empty)
        config.model.vits.noise_scale = voice.noiseScale
        config.model.vits.noise_scale_w = voice.noiseW
        config.model.vits.length_scale = voice.lengthScale
        config.model.num_threads = Int32(max(1, threads))
        config.model.provider = UnsafePointer(provider)
        config.rule_fsts = UnsafePointer(empty)
        config.rule_fars = UnsafePointer(empty)
        config.max_num_sentences = 1
        config.silence_scale = 0.2
        guard let created = library.create(&config) else { throw PiperError.loadFailed(path: voice.modelPath) }
        handle = created
        let rate = Int(library.sampleRate(handle))
        sampleRate = rate > 0 ? rate : voice.sampleRate
        loadSeconds = Date().timeIntervalSince(started)
    }

    /// Speech for one sentence of phoneme code points, as float samples in [-1, 1]; `speed` 1 is the voice's own.
    func generate(_ codepoints: [Int32], speed: Float) throws -> [Float] {
        guard !codepoints.isEmpty else { return [] }
        lock.lock()
        defer { lock.unlock() }
        var generation = vg_tts_generation()
        generation.speed = speed
        generation.sid = 0
        generation.silence_scale = 0.2
        var lengths: [Int32] = [Int32(codepoints.count)]
        let audio: UnsafePointer<vg_tts_audio>? = codepoints.withUnsafeBufferPointer { points in
            lengths.withUnsafeMutableBufferPointer { lengths in
                generation.phoneme_codepoints = points.baseAddress
                generation.phoneme_codepoints_lens = UnsafePointer(lengths.baseAddress)
                generation.phoneme_codepoints_num_sentences = 1
                return library.generate(handle, "", &generation, nil, nil)
            }
        }
        guard let audio else { throw PiperError.synthesisFailed("sherpa-onnx returned no audio for \(voice.name)") }
        defer { library.freeAudio(audio) }
        let count = Int(audio.pointee.n)
        guard count > 0, let samples = audio.pointee.samples else { return [] }
        return Array(UnsafeBufferPointer(start: samples, count: count))
    }
}
