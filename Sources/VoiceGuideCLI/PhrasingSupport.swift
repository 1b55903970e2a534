import Foundation
import JapaneseReading
import Phrasing
import Pronunciation
import Speech

/// Shared data loading for the phrasing commands, mapping data errors to exit codes (docs/ARCHITECTURE.md §3 rule 7).
enum PhrasingSupport {
    /// The data directory from `--data-dir`, `VOICEGUIDE_DATA` or discovery. A `VOICEGUIDE_DATA` that is not a
    /// data directory is an error (exit 66), like a bad `--data-dir`, not silently passed over.
    static func data(_ arguments: ParsedArguments, io: CommandIO) throws -> VoiceGuideData {
        if arguments.values["data-dir"] == nil, let env = io.environment["VOICEGUIDE_DATA"], !env.isEmpty,
           !VoiceGuideData.isDataDirectory(URL(fileURLWithPath: env)) {
            throw CLIError(.noInput, "VOICEGUIDE_DATA=\(env): not a VoiceGuide data directory (it needs Locales/ and Phrasebooks/)",
                           hint: "Point VOICEGUIDE_DATA at such a directory, or unset it to use the installed data.")
        }
        do {
            var data = try VoiceGuideData.discover(explicit: arguments.values["data-dir"], environment: io.environment)
            data.nameReaders = NameReaders.provider
            return data
        } catch {
            throw cliError(error)
        }
    }

    /// Loads a locale, writing its warnings to stderr.
    /// The locale a command uses: `--locale` (any form `loadLocale` resolves: `de`, `de_DE`, `de-de`), else the
    /// one `LC_ALL`/`LC_MESSAGES`/`LANG` name if we have it, else en-US.
    static func localeTag(_ arguments: ParsedArguments, data: VoiceGuideData, io: CommandIO) -> String {
        arguments.values["locale"]
            ?? VoiceGuideData.environmentLocaleTag(io.environment, in: data.availableLocales())
            ?? VoiceGuideData.defaultLocaleTag
    }

    static func locale(_ tag: String, data: VoiceGuideData, io: CommandIO) throws -> LoadedLocale {
        do {
            let loaded = try data.loadLocale(tag: tag)
            for warning in loaded.warnings { io.error("voiceguide: warning: \(warning)") }
            if loaded.profile.language == "ja", case .failure(let error) = NameReaders.japanese {
                io.error("voiceguide: warning: \(error); kanji names without a pronunciation are left out of speech")
            }
            return loaded
        } catch {
            throw cliError(error)
        }
    }

    /// The synthesizer for `locale`'s own voice (through the factory, with its pronunciation layer); an unknown
    /// voice is exit 65 naming the locale file's `voice` key and the close matches.
    static func synthesizer(for locale: LoadedLocale, data: VoiceGuideData, rate: Int = 175,
                            cacheSeconds: Double = 120, io: CommandIO) throws -> any SpeechSynthesizer {
        try VoiceSelection.voice(nil, locale: locale, data: data, rate: rate, cacheSeconds: cacheSeconds, io: io).synthesizer
    }

    /// `synthesizer` given the text as its voice needs it: the voice's layer (`Voices/<backend>/<voice>.json`)
    /// applied on the way in. The one place a synthesizer gets its pronunciation (the factory calls it through
    /// `SpeechBackend.Request.pronunciation`); a bad layer file is exit 65.
    static func pronouncing(_ synthesizer: any SpeechSynthesizer, backend: String, voice: String,
                            data: VoiceGuideData) throws -> any SpeechSynthesizer {
        do throws(PhrasingError) {
            let pronunciation = try data.voicePronunciation(backend: backend, voice: voice)
            return PronouncingSynthesizer(synthesizer, pronunciation: pronunciation)
        } catch {
            throw cliError(error)
        }
    }

    /// A phrasing error as a CLI error: unknown locale → 64, missing file → 66, bad data → 65.
    static func cliError(_ error: PhrasingError) -> CLIError {
        switch error {
        case .unknownLocale(let tag, let available, let suggestion):
            return CLIError(.usage, "unknown locale '\(tag)'",
                            hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "") + "Available: \(available.joined(separator: ", "))")
        case .missingFile, .noDataDirectory:
            return CLIError(.noInput, error.description)
        default:
            return CLIError(.dataError, error.description)
        }
    }

    /// The `--data-dir` option.
    static let dataDirOption = OptionSpec("data-dir", value: "DIR", help: "Directory with Locales/ and Phrasebooks/ (default: discovered).")
}
