import Foundation
import Speech
import SpeechESpeakNG
import SpeechPiper

/// The one place a synthesizer is made from a voice choice: the CLI and `Navigator` users call `make`.
public enum SpeechBackend {
    /// What to build.
    public struct Request: Sendable {
        /// The voice asked for; nil = the locale's eSpeak NG voice.
        public var choice: VoiceChoice?
        /// The locale's eSpeak NG voice.
        public var localeVoice: String
        /// The locale's Piper voice name, if any.
        public var localePiperVoice: String?
        /// The locale's language ("en"), which a Piper voice must speak.
        public var language: String
        /// Words per minute (175 normal).
        public var rate: Int = 175
        /// eSpeak NG pitch 0…100.
        public var pitch: Int = 50
        /// Phrase cache, seconds of audio.
        public var cacheSeconds: Double = 120
        /// The data directory (its `voices/` is searched).
        public var dataDirectory: String?
        /// False to accept a Piper voice of any language (`say` without `--locale`).
        public var checksLanguage = true
        /// The environment (`VOICEGUIDE_VOICES`, `VOICEGUIDE_SHERPA_LIB`).
        public var environment: [String: String] = ProcessInfo.processInfo.environment
        /// Gives a synthesizer its voice's pronunciation layer (`backend`, `voice`): the text as that voice needs
        /// it, applied on the way in (the CLI passes `Pronunciation`'s layers from the data directory). Nil: the
        /// synthesizer reads the text as given.
        public var pronunciation: (@Sendable (_ synthesizer: any SpeechSynthesizer, _ backend: String, _ voice: String) throws -> any SpeechSynthesizer)?

        /// A request for `choice` in a locale.
        public init(choice: VoiceChoice?, localeVoice: String, localePiperVoice: String?, language: String) {
            self.choice = choice
            self.localeVoice = localeVoice
            self.localePiperVoice = localePiperVoice
            self.language = language
        }
    }

    /// A built synthesizer and what to call it.
    public struct Voice: Sendable {
        /// The synthesizer (a `FallbackSynthesizer` over the Piper voice, or eSpeak NG).
        public var synthesizer: any SpeechSynthesizer
        /// The voice name for `Utterance.voice` / `Navigator.Options.voice`.
        public var name: String
        /// "espeak" or "piper".
        public var backend: String
        /// The Piper synthesizer, when that is the backend.
        public var piper: PiperSynthesizer?
        /// The eSpeak NG synthesizer (the voice itself, or the Piper voice's fallback).
        public var espeak: ESpeakSynthesizer

        /// The fast voice that answers duration questions the synthesis ahead did not foresee: eSpeak NG behind a
        /// Piper voice; nil for eSpeak NG itself (it is fast enough to synthesize on the clock's thread). Pass it
        /// as `standIn` to `SynthesizedDurationEstimator.plannedAhead`.
        public var standIn: (any SpeechSynthesizer)? { piper == nil ? nil : espeak }

        /// Urgent announcements said by eSpeak NG so far because their Piper audio was not ready at their moment
        /// (always 0 for an eSpeak NG voice).
        public var fallbacks: Int { (synthesizer as? FallbackSynthesizer)?.fallbacks ?? 0 }
    }

    /// Why a voice could not be built; `insisted` is false when no `--voice` asked for it (the caller may warn
    /// and use eSpeak NG).
    public struct Failure: Error, Sendable, CustomStringConvertible {
        /// The underlying error (`PiperError`, `ESpeakError`, or a language mismatch as `PiperError.badVoice`).
        public var error: any Error
        /// One line for the user.
        public var description: String { String(describing: error) }
    }

    /// Builds the voice for `request`. eSpeak NG errors pass through as `ESpeakError`; Piper ones as `PiperError`
    /// (a voice of another language than the locale is `.badVoice` with key `language`).
    public static func make(_ request: Request) throws -> Voice {
        let espeakName: String
        if case .espeak(let name?) = request.choice { espeakName = name } else { espeakName = request.localeVoice }
        let espeak = try ESpeakSynthesizer(voice: espeakName, rate: request.rate, pitch: request.pitch,
                                           cacheSeconds: request.cacheSeconds)
        let pronouncedESpeak = try request.pronunciation?(espeak, "espeak", espeakName) ?? espeak
        guard case .piper(let asked) = request.choice else {
            return Voice(synthesizer: pronouncedESpeak, name: espeakName, backend: "espeak", piper: nil, espeak: espeak)
        }
        guard let nameOrPath = asked ?? request.localePiperVoice else {
            throw PiperError.missingFile(path: "piper", what: "a Piper voice for this locale (name one: --voice piper:NAME_OR_PATH)")
        }
        let folders = PiperVoiceFolders(dataDirectory: request.dataDirectory, environment: request.environment)
        guard let model = folders.model(nameOrPath) else {
            let searched = folders.folders.isEmpty ? "no voice folder exists" : "searched " + folders.folders.joined(separator: ", ")
            throw PiperError.missingFile(path: nameOrPath, what: "Piper voice (\(searched); run scripts/piper-setup.sh, or give the .onnx path)")
        }
        let piper = try PiperSynthesizer(modelPath: model, rate: request.rate, cacheSeconds: max(request.cacheSeconds, 1800))
        if request.checksLanguage, piper.voice.language != request.language.lowercased() {
            throw PiperError.badVoice(path: piper.voice.configPath, key: "language",
                                      reason: "the voice speaks '\(piper.voice.languageCode)', not the locale's language '\(request.language)'")
        }
        let combined = FallbackSynthesizer(primary: piper, fallback: pronouncedESpeak, urgentPriority: 4)
        return Voice(synthesizer: combined, name: piper.voice.name, backend: "piper", piper: piper, espeak: espeak)
    }
}
