import Guidance
import RouteModel
@testable import Phrasing
import Pronunciation

/// One loaded locale for grammar tests: phrases announcements in its default units or another system.
struct LocaleSpeaker {
    /// The locale as loaded (warnings list missing keys and compile problems).
    let loaded: LoadedLocale
    private let defaultBuilder: PhraseBuilder

    /// Loads `tag` from the checkout's data directory.
    init(_ tag: String) throws {
        loaded = try TestData.data.loadLocale(tag: tag)
        defaultBuilder = loaded.builder()
    }

    /// Phrases one announcement.
    func say(_ kind: AnnouncementKind, _ m: ManeuverDescription?, _ meters: Double? = nil,
             then: ChainedManeuver? = nil, units: UnitsSystem? = nil) -> Phrase {
        let builder = units.map { loaded.builder(units: $0) } ?? defaultBuilder
        return builder.phrase(Announcement(kind: kind, maneuver: m, spokenDistanceMeters: meters, then: then))
    }

    /// `text` as the locale's eSpeak voice is given it (its layer in Voices/, readers included).
    func voice(_ text: String) -> String {
        ((try? TestData.data.voicePronunciation(backend: "espeak", voice: loaded.profile.voice))?.spoken(text)) ?? text
    }

    /// A "now" announcement of `m`.
    func now(_ m: ManeuverDescription) -> Phrase { say(.now, m) }

    /// Display text of a "now" announcement of a maneuver with a road name and/or ref.
    func display(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "", ref: String? = nil) -> String {
        now(TestData.maneuver(type, modifier, name: name, ref: ref)).display
    }

    /// A "prepare" announcement of `m` at `meters`, optionally in another units system.
    func prepare(_ m: ManeuverDescription, meters: Double, units: UnitsSystem? = nil) -> Phrase {
        say(.prepare, m, meters, units: units)
    }

    /// `m` followed by `next`, with or without the distance between them.
    func chained(_ kind: AnnouncementKind, _ m: ManeuverDescription, then next: ManeuverDescription,
                 meters: Double, sayDistance: Bool) -> Phrase {
        say(kind, m, then: ChainedManeuver(maneuver: next, distanceMeters: meters, sayDistance: sayDistance))
    }
}

/// The ja voice's layer (Voices/espeak/ja.json with the MeCab reader): ja tests of what the voice hears compare
/// the exported text passed through it, katakana and hiragana alike (the voice says both the same).
enum JaVoice {
    static let layer = try? TestData.data.voicePronunciation(backend: "espeak", voice: "ja")

    /// Katakana as hiragana.
    static func kana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { (0x30A1...0x30F6).contains($0.value) ? Unicode.Scalar($0.value - 0x60) ?? $0 : $0 }))
    }
}

extension String {
    /// This spoken text as eSpeak NG's ja voice is given it, in hiragana.
    var voicedJa: String { JaVoice.kana(JaVoice.layer?.spoken(self) ?? self) }
    /// This SSML as eSpeak NG's ja voice is given it, kana in hiragana.
    var voicedJaSSML: String { JaVoice.kana(JaVoice.layer?.ssml(self) ?? self) }
}
