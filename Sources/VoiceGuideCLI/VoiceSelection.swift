import Foundation
import Phrasing
import Speech
import SpeechBackends
import SpeechESpeakNG
import SpeechPiper

/// `--voice` for `say`, `drive` and `transcript`: the CLI's one way to a synthesizer (through the
/// `SpeechBackend` factory), with the factory's errors turned into exit codes.
enum VoiceSelection {
    /// The option, shared by the commands.
    static let option = OptionSpec("voice", value: "VOICE", help: "espeak:NAME (or NAME) for an eSpeak NG voice, piper:NAME_OR_PATH for a Piper neural voice (a .onnx path, or a name from $VOICEGUIDE_VOICES, the data directory's voices/ or .build/voices/), or piper for the locale's; see --list-voices.")

    /// The voice for `locale`: `choice` (from `--voice`), else the locale's eSpeak NG voice. Errors: an unknown
    /// eSpeak `--voice` is 64 with close matches; the locale's own unknown voice 65 naming its file; a Piper voice
    /// that is missing 66, bad or of another language 65, the engine absent 69. When the user did not insist on
    /// a voice (`--voice piper` with the locale's Piper voice), a Piper failure is one warning and eSpeak NG.
    static func voice(_ choice: VoiceChoice?, locale: LoadedLocale, data: VoiceGuideData, rate: Int = 175, pitch: Int = 50,
                      cacheSeconds: Double = 120, checksLanguage: Bool = true, io: CommandIO) throws -> SpeechBackend.Voice {
        var request = SpeechBackend.Request(choice: choice, localeVoice: locale.profile.voice,
                                            localePiperVoice: locale.profile.piperVoice, language: locale.profile.language)
        request.rate = rate
        request.pitch = pitch
        request.cacheSeconds = cacheSeconds
        request.checksLanguage = checksLanguage
        request.dataDirectory = data.directory.path
        request.environment = io.environment
        request.pronunciation = { synthesizer, backend, voice in
            try PhrasingSupport.pronouncing(synthesizer, backend: backend, voice: voice, data: data)
        }
        do {
            return try SpeechBackend.make(request)
        } catch let error as ESpeakError {
            throw espeakError(error, choice: choice, locale: locale, data: data)
        } catch let error as PiperError {
            if case .piper(nil) = choice {
                io.error("voiceguide: warning: \(error); speaking with eSpeak NG '\(locale.profile.voice)' instead")
                request.choice = nil
                do { return try SpeechBackend.make(request) } catch let error as ESpeakError {
                    throw espeakError(error, choice: nil, locale: locale, data: data)
                }
            }
            throw cliError(error)
        }
    }

    /// A Piper failure as a CLI error.
    static func cliError(_ error: PiperError) -> CLIError {
        switch error.category {
        case .unavailable: return CLIError(.unavailable, error.description, hint: "Run scripts/piper-setup.sh (or set VOICEGUIDE_SHERPA_LIB).")
        case .missingInput: return CLIError(.noInput, error.description)
        case .badData: return CLIError(.dataError, error.description)
        case .internalError: return CLIError(.software, error.description)
        }
    }

    private static func espeakError(_ error: ESpeakError, choice: VoiceChoice?, locale: LoadedLocale, data: VoiceGuideData) -> CLIError {
        let file = data.localeURL(locale.profile.tag).path
        switch (error, choice) {
        case (.unknownVoice(let name, let close), .espeak(_?)?):
            return VoiceListing.unknownVoice(name, close: close)
        case (.unknownVoice(_, let close), _):
            return CLIError(.dataError, "\(file): voice: unknown eSpeak NG voice '\(locale.profile.voice)'",
                            hint: close.isEmpty ? nil : "Close matches: \(close.joined(separator: ", ")).")
        default:
            return CLIError(.dataError, "\(file): voice: '\(locale.profile.voice)': \(error)")
        }
    }

    /// Checks an eSpeak NG `--voice` name up front (text mode builds no synthesizer): 64 with close matches.
    static func checkESpeakName(_ choice: VoiceChoice) throws {
        guard case .espeak(let name?) = choice else { return }
        do { _ = try ESpeakSynthesizer.resolveVoice(name) } catch ESpeakError.unknownVoice(let name, let close) {
            throw VoiceListing.unknownVoice(name, close: close)
        }
    }
}
