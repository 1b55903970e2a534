import CEspeakNG
import Foundation
import Speech

/// The one process-wide libespeak-ng instance. eSpeak NG is not thread-safe and must be initialized once
/// (terminate + reinitialize hangs), so every call goes through `withEngine`, under one lock.
final class ESpeakEngine: @unchecked Sendable {  // @unchecked: the C engine and currentVoice are touched only under `lock` (withEngine)
    private static let instance: Result<ESpeakEngine, ESpeakError> = Result { try ESpeakEngine() }.mapError {
        $0 as? ESpeakError ?? .initializationFailed(code: -1)
    }

    /// The shared engine, initialized on first use.
    static func shared() throws -> ESpeakEngine { try instance.get() }

    private let lock = NSLock()
    /// Output rate reported by `espeak_Initialize` (22050).
    let sampleRate: Int
    /// Installed voices, read once.
    let catalog: VoiceCatalog
    private var currentVoice: String?

    private init() throws {
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 50, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { throw ESpeakError.initializationFailed(code: rate) }
        sampleRate = Int(rate)
        espeak_SetSynthCallback(espeakSynthCallback)
        catalog = VoiceCatalog(voices: ESpeakEngine.listVoices())
    }

    private static func listVoices() -> [ESpeakVoice] {
        guard let list = espeak_ListVoices(nil) else { return [] }
        var voices: [ESpeakVoice] = []
        var index = 0
        while let entry = list[index] {
            index += 1
            let v = entry.pointee
            guard let name = v.name, let identifier = v.identifier else { continue }
            var languages: [ESpeakVoice.Language] = []
            if var p = v.languages {
                // Pairs of (priority byte, NUL-terminated tag), ended by an empty tag.
                while p.pointee != 0 {
                    let priority = Int(UInt8(bitPattern: p.pointee))
                    let tag = String(cString: p + 1)
                    guard !tag.isEmpty else { break }
                    languages.append(.init(tag: tag.lowercased(), priority: priority))
                    p += tag.utf8.count + 2
                }
            }
            voices.append(ESpeakVoice(name: String(cString: name), identifier: String(cString: identifier), languages: languages))
        }
        return voices
    }

    /// IPA for `text` in `voice` (all of it, however many clauses eSpeak NG makes of it). Under the engine lock,
    /// like synthesis.
    func phonemes(_ text: String, voice: ESpeakVoice) throws -> String {
        lock.lock()
        defer { lock.unlock() }
        try select(voice)
        var pieces: [String] = []
        let bytes = Array(text.utf8) + [0]
        bytes.withUnsafeBufferPointer { buffer in
            var cursor: UnsafeRawPointer? = buffer.baseAddress.map(UnsafeRawPointer.init)
            var calls = 0
            while cursor != nil, calls < 10_000 {
                calls += 1
                guard let phonemes = espeak_TextToPhonemes(&cursor, Int32(espeakCHARS_UTF8), 0x02) else { break }  // bit 1: IPA
                pieces.append(String(cString: phonemes).trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        return pieces.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Makes `voice` the engine's current voice (a no-op when it already is). Call with the lock held.
    private func select(_ voice: ESpeakVoice) throws {
        guard currentVoice != voice.identifier else { return }
        let code = espeak_SetVoiceByName(voice.identifier)
        guard code == EE_OK else {
            currentVoice = nil
            throw ESpeakError.voiceSelectionFailed(voice.identifier, code: Int32(code.rawValue))
        }
        currentVoice = voice.identifier
    }

    /// One synthesis under the engine lock: selects the voice and parameters, streams through `context`.
    func synthesize(_ text: String, ssml: Bool, voice: ESpeakVoice, rate: Int, pitch: Int, volume: Int,
                    context: SynthesisContext) throws {
        lock.lock()
        defer { lock.unlock() }
        try select(voice)
        espeak_SetParameter(espeakRATE, Int32(rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(pitch), 0)
        espeak_SetParameter(espeakVOLUME, Int32(volume), 0)
        var flags = UInt32(espeakCHARS_UTF8 | espeakENDPAUSE)
        flags |= UInt32(ssml ? espeakSSML : espeakPHONEMES)
        let unmanaged = Unmanaged.passRetained(context)
        defer { unmanaged.release() }
        let code = text.withCString { cText in
            espeak_Synth(cText, strlen(cText) + 1, 0, POS_CHARACTER, 0, flags, nil, unmanaged.toOpaque())
        }
        guard code == EE_OK else { throw ESpeakError.synthesisFailed(code: Int32(code.rawValue)) }
    }
}

/// Per-synthesis state the C callback reaches through `user_data`.
/// Per-synthesis state reached from the C callback. eSpeak NG begins every utterance with about 50 ms of digital
/// silence (exact zeros) and ends it with about 300 ms more; both are dropped here, so speech sounds when the
/// announcement starts and the utterance ends with its last sound (a "now" instruction finishes sooner, a WAV
/// timeline's segments begin at their trigger times, and a next announcement that starts right after is not an
/// interruption). Silence inside an utterance is kept: a run of zeros is held back and delivered only when sound
/// follows it. Mark offsets are shifted by the leading trim.
final class SynthesisContext {
    let sampleRate: Int
    let deliver: (SynthesisEvent) -> SynthesisControl
    /// Frames delivered (after the leading silence).
    var frames = 0
    var stopped = false
    /// True when synthesis was stopped because the audio grew past `Utterance.maxAudioSeconds`.
    private(set) var tooLong = false
    /// The most frames one utterance may produce.
    private var maxFrames: Int { Int(Utterance.maxAudioSeconds) * sampleRate }
    /// Leading zero frames dropped.
    private var trimmed = 0
    /// True once the first non-zero sample was delivered.
    private var soundStarted = false
    /// Zero frames held back after the last sound: delivered if more sound follows, dropped at the end.
    private var heldZeros = 0

    init(sampleRate: Int, deliver: @escaping (SynthesisEvent) -> SynthesisControl) {
        self.sampleRate = sampleRate
        self.deliver = deliver
    }

    /// Hands `samples` on; false (and stopped) when the receiver asked to stop.
    private func emit(_ samples: [Int16]) -> Bool {
        guard fits(samples.count) else { return false }
        frames += samples.count
        guard deliver(.audio(samples)) == .proceed else {
            stopped = true
            return false
        }
        return true
    }

    /// False (and stopped, too long) when `count` more frames would pass the bound on one utterance's audio.
    private func fits(_ count: Int) -> Bool {
        guard frames + count <= maxFrames else {
            stopped = true
            tooLong = true
            return false
        }
        return true
    }

    func handle(samples: UnsafeMutablePointer<Int16>?, count: Int, events: UnsafeMutablePointer<espeak_EVENT>) -> Int32 {
        guard !stopped else { return 1 }
        var event = events
        while event.pointee.type != espeakEVENT_LIST_TERMINATED {
            if event.pointee.type == espeakEVENT_MARK, let name = event.pointee.id.name {
                let offset = Int(event.pointee.audio_position) * sampleRate / 1000 - trimmed
                if deliver(.mark(name: String(cString: name), sampleOffset: max(0, offset))) == .stop { stopped = true; return 1 }
            }
            event += 1
        }
        guard let samples, count > 0 else { return 0 }
        var buffer = UnsafeBufferPointer(start: samples, count: count)
        if !soundStarted {
            guard let first = buffer.firstIndex(where: { $0 != 0 }) else {
                trimmed += count
                return 0
            }
            trimmed += first
            buffer = UnsafeBufferPointer(rebasing: buffer[first...])
            soundStarted = true
        }
        guard let last = buffer.lastIndex(where: { $0 != 0 }) else {
            heldZeros += buffer.count
            return 0
        }
        if heldZeros > 0 {
            guard fits(heldZeros) else { return 1 }
            let zeros = [Int16](repeating: 0, count: heldZeros)
            heldZeros = 0
            guard emit(zeros) else { return 1 }
        }
        heldZeros = buffer.count - 1 - last
        return emit(Array(buffer[...last])) ? 0 : 1
    }
}

/// The C synth callback: no captures; the context comes through the event's `user_data`.
private let espeakSynthCallback: @convention(c) (UnsafeMutablePointer<Int16>?, Int32, UnsafeMutablePointer<espeak_EVENT>?) -> Int32 = {
    samples, count, events in
    guard let events, let data = events.pointee.user_data else { return 0 }
    let context = Unmanaged<SynthesisContext>.fromOpaque(data).takeUnretainedValue()
    return context.handle(samples: samples, count: Int(count), events: events)
}
