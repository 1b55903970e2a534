import Foundation
import Phrasing
import Guidance
import Speech
import SpeechBackends
import Navigation
import VoiceService
import SafeIO

/// `serve --durations speech [--voice VOICE]`: every request's speaking times from real synthesized audio, by
/// the estimator `transcript --durations speech` uses (`SynthesizedDurationEstimator`, a fresh one per request
/// over a voice kept for the server's life, so its phrase cache serves later requests).
///
/// The voice: `--voice espeak:NAME` for every request; `--voice piper:NAME_OR_PATH` for requests in its language
/// (checked against `--locale` at start), a request in another language timed by its locale's eSpeak NG voice;
/// no `--voice` (or `piper` alone), each locale's own voice, made at its first request. Synthesis runs on the
/// render worker that asked; the engines serialize themselves, and the event loop never waits for them.
final class ServeVoice: @unchecked Sendable {  // @unchecked: `byLocale` is read and written under `lock`; the rest is immutable
    private let data: VoiceGuideData
    private let choice: VoiceChoice?
    private let io: CommandIO
    /// The voice `--voice` named, made at start (nil: each locale's own).
    private let fixed: SpeechBackend.Voice?
    /// Voices by locale tag, made at a locale's first request; the lock is held while one is made, so a Piper
    /// model loads once (only render workers wait for it).
    private var byLocale: [String: SpeechBackend.Voice] = [:]
    private let lock = NSLock()

    /// Makes the voice for `locale` (the server's default) now, so a bad `--voice` stops the start with the exit
    /// code `say`, `drive` and `transcript` give it (64 unknown eSpeak voice, 66 missing, 65 bad or of another
    /// language, 69 engine unavailable).
    init(choice: VoiceChoice?, locale: LoadedLocale, data: VoiceGuideData, io: CommandIO) throws {
        self.data = data
        self.choice = choice
        self.io = io
        let first = try VoiceSelection.voice(choice, locale: locale, data: data, io: io)
        switch choice {
        case .espeak(_?), .piper(_?): fixed = first
        default:
            fixed = nil
            byLocale[locale.profile.tag] = first
        }
    }

    /// What the start line says: the voice, or "each locale's voice".
    var label: String {
        if let fixed { return "\(fixed.backend):\(fixed.name)" }
        if case .piper = choice { return "each locale's Piper voice" }
        return "each locale's eSpeak NG voice"
    }

    /// A fresh estimator over the voice for a request in `locale` (the one `transcript --durations speech` uses).
    func estimator(locale: LoadedLocale, builder: PhraseBuilder) throws(VoiceRequestError) -> any DurationEstimator {
        let voice = try self.voice(for: locale)
        return SynthesizedDurationEstimator(builder: builder, synthesizer: voice.synthesizer, voice: voice.name)
    }

    /// The voice that times a request in `locale`.
    func voice(for locale: LoadedLocale) throws(VoiceRequestError) -> SpeechBackend.Voice {
        if let fixed {
            guard let piper = fixed.piper, piper.voice.language != locale.profile.language.lowercased() else { return fixed }
        }
        let tag = locale.profile.tag
        lock.lock()
        defer { lock.unlock() }
        if let made = byLocale[tag] { return made }
        // A fixed Piper voice of another language: the locale's eSpeak NG voice; otherwise the locale's own choice.
        let own: VoiceChoice? = fixed == nil ? choice : nil
        do {
            let made = try VoiceSelection.voice(own, locale: locale, data: data, io: io)
            byLocale[tag] = made
            return made
        } catch {
            throw VoiceRequestError(status: 503, code: 69, message: "voice for \(tag) cannot be made: \(error)")
        }
    }
}

/// The voices of `serve --durations speech`: each `--voice` made at start, the first the default; a request's
/// `voice` parameter picks one of them (written as on the command line; `en-us` is `espeak:en-us`), and only
/// those: the allow-list bounds what a client can make the server load. Without `--voice`, each locale's own.
final class ServeVoices: @unchecked Sendable {  // @unchecked: immutable after init; each ServeVoice guards itself
    /// The voices by their `--voice` form (`espeak:en-us`, `piper:en_US-joe-medium`), in the order given.
    private let voices: [(name: String, voice: ServeVoice)]

    /// Makes every voice now (a bad one stops the start with its exit code, see `ServeVoice.init`).
    init(choices: [VoiceChoice], locale: LoadedLocale, data: VoiceGuideData, io: CommandIO) throws {
        var made: [(name: String, voice: ServeVoice)] = []
        for choice in choices.isEmpty ? [nil] : choices.map(Optional.some) where !made.contains(where: { $0.name == choice?.description ?? "" }) {
            made.append((choice?.description ?? "", try ServeVoice(choice: choice, locale: locale, data: data, io: io)))
        }
        voices = made
    }

    /// What the start line says.
    var label: String {
        voices.count == 1 ? voices[0].voice.label
            : voices[0].voice.label + " (a request may name voice=" + voices.map(\.name).joined(separator: ", ") + ")"
    }

    /// The renderer's `durations` hook.
    var durations: VoiceRenderer.Durations {
        { [self] (locale: LoadedLocale, builder: PhraseBuilder, asked: String?) throws(VoiceRequestError) -> (any DurationEstimator)? in
            guard let asked else { return try voices[0].voice.estimator(locale: locale, builder: builder) }
            let name = VoiceChoice(asked).description
            guard let chosen = voices.first(where: { !$0.name.isEmpty && $0.name == name }) else {
                let allowed = voices.map(\.name).filter { !$0.isEmpty }
                throw .badParameter("voice: '\(ControlCharacters.escaped(String(asked.prefix(200))))' is not a voice of this server"
                                    + (allowed.isEmpty ? " (it times each locale by its own voice)" : "; it has " + allowed.joined(separator: ", ")))
            }
            return try chosen.voice.estimator(locale: locale, builder: builder)
        }
    }
}
