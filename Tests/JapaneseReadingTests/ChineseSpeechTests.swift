import Foundation
import VoiceGuideTestSupport
import Guidance
import JapaneseReading
import Phrasing
import Pronunciation
import RouteModel
import Testing

/// zh-CN speech through eSpeak NG's `cmn-latn-pinyin` voice: numbers, Latin refs and lists as the driver hears them.
@Suite struct ChineseSpeechTests {
    private let builder: PhraseBuilder
    private let voice: VoicePronunciation

    init() throws {
        let directory = Repository.root
        let data = VoiceGuideData(directory: directory, nameReaders: NameReaders.provider)
        builder = try data.loadLocale(tag: "zh-CN").builder()
        voice = try data.voicePronunciation(backend: "espeak", voice: "cmn-latn-pinyin")
    }

    private func say(_ kind: AnnouncementKind, _ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "",
                     ref: String? = nil, destinations: String? = nil, exits: String? = nil, meters: Double? = nil) -> Phrase {
        let m = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0))
        let step = Step(maneuver: m, distance: 100, duration: 10, name: name, ref: ref, destinations: destinations, exits: exits,
                        mode: "driving")
        // The spoken text as the voice is given it (Voices/espeak/cmn-latn-pinyin.json: letters apart from digits).
        let p = builder.phrase(Announcement(kind: kind, maneuver: ManeuverDescription(id: StepID(leg: 0, step: 1), step: step),
                                            spokenDistanceMeters: meters))
        return Phrase(display: p.display, spoken: voice.spoken(p.spoken), ssml: voice.ssml(p.ssml))
    }

    @Test func aLatinRefKeepsItsNumber() throws {
        let p = say(.now, .turn, .right, ref: "G4")
        #expect(p.display == "右转，进入G4。")
        #expect(p.spoken == "右转，进入G 4。")
        let ours = try ESpeakPhonemes.raw(p.spoken, voice: "cmn-latn-pinyin")
        #expect(ours.contains("s'i[51"), "四 (4) is said: \(ours)")
        // The reference: glued to hanzi, "G4" loses its number in this voice.
        #expect(!(try ESpeakPhonemes.raw("右转，进入G4。", voice: "cmn-latn-pinyin")).contains("s'i[51"))
    }

    @Test func signpostRefsAndPlacesAreAListWithPauses() throws {
        let p = say(.prepare, .offRamp, .slightLeft, destinations: "G4: 北京, 天津", exits: "23B", meters: 400)
        #expect(p.display == "前方400米从左侧23B号出口驶出，往G4 – 北京、天津方向。")
        let ours = try ESpeakPhonemes.raw(p.spoken, voice: "cmn-latn-pinyin")
        #expect(ours.contains("si[51p'ai35"), "四百 (400): \(ours)")
        #expect(ours.contains("s'a55n_| p'i51"), "23 B keeps its B: \(ours)")
        #expect(ours.contains("p'ei21_| tS;'i55N") && ours.contains("th'iE55n_| tS;'i55n"), "北京 and 天津: \(ours)")
        #expect(!ours.contains("X'o-35"), "no 和 between signpost items: \(ours)")
    }

    @Test func aLatinRefGluedInsideANameKeepsItsNumber() throws {
        // The signpost names another road (one that repeated the road itself would not be said again).
        let p = say(.now, .turn, .right, name: "G4京港澳高速", destinations: "G45大广高速")
        #expect(p.display == "右转，进入G4京港澳高速，往G45大广高速方向。")
        #expect(p.spoken == "右转，进入G 4京港澳高速，往G 45大广高速方向。")
        let ours = try ESpeakPhonemes.raw(p.spoken, voice: "cmn-latn-pinyin")
        #expect(ours.components(separatedBy: "s'i[51").count == 3, "四 said in G 4 and in G 45: \(ours)")
    }

    @Test func decimalsKeepTheirPoint() throws {
        let p = say(.prepare, .turn, .right, meters: 1450)
        #expect(p.spoken == "前方一点五公里右转。")
        #expect(try ESpeakPhonemes.raw(p.spoken, voice: "cmn-latn-pinyin").contains("t'iE35n"), "点 is said")
    }
}
