import Foundation
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Street names, signposts and readings as spoken (Phrasebooks/FORMAT.md §4, §7).
@Suite struct StreetNameSpeechTests {
    static let en = try? LocaleSpeaker("en-US")

    /// en: a single N/S/E/W before a street type is the street's name; elsewhere it is a direction.
    @Test(arguments: [
        ("S Street Northwest", "S Street Northwest"),
        ("N Street", "N Street"),
        ("E Street", "E Street"),
        ("W Street NW", "W Street Northwest"),
        ("S St", "S Street"),
        ("S St NW", "S Street Northwest"),
        ("E St.", "E Street"),
        ("S Capitol St", "South Capitol Street"),
        ("N Main St", "North Main Street"),
        ("W Broadway", "West Broadway"),
        ("Avenue N", "Avenue N"),
        ("Aurora Ave N", "Aurora Avenue North"),
        ("Park Ave S", "Park Avenue South"),
        ("Ave Maria Ln", "Ave Maria Lane"),
        ("Oak Ave", "Oak Avenue"),
        ("Dr Martin Luther King Jr Blvd", "Doctor Martin Luther King Junior Boulevard"),
    ])
    func englishNames(written: String, spoken: String) throws {
        let en = try #require(Self.en)
        #expect(en.loaded.builder().book.speech.expand(written) == spoken)
    }

    @Test func letteredStreetInASentence() throws {
        let en = try #require(Self.en)
        let p = en.say(.now, TestData.maneuver(.turn, .left, name: "S Street Northwest"))
        #expect(p.display == "Turn left onto S Street Northwest.")
        #expect(p.spoken == "Turn left onto S Street Northwest.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">Turn left onto S Street Northwest.</speak>")
        #expect(en.say(.now, TestData.maneuver(.turn, .right, name: "S Capitol St")).spoken == "Turn right onto South Capitol Street.")
    }

    @Test func neighbourConditionsCompareWrittenAndExpandedCaseInsensitively() {
        let rules = SpeechRules(abbreviations: [
            .init(abbr: "K", spoken: "King", at: .start, notBefore: ["GATE"]),
            .init(abbr: "Gt", spoken: "Gate", at: .any),
            .init(abbr: "Q", spoken: "Queen", at: .end, notAfterFirst: ["Row"]),
        ])
        #expect(rules.expand("K Gate") == "K Gate")
        #expect(rules.expand("K Gt") == "K Gate")
        #expect(rules.expand("K Gt.") == "K Gate")
        #expect(rules.expand("K Road") == "King Road")
        #expect(rules.expand("Row Q") == "Row Q")
        #expect(rules.expand("Long Row Q") == "Long Row Queen")
        #expect(rules.expand("Gt Q") == "Gate Queen")
    }

    @Test func notStartSkipsTheFirstWordOnly() {
        let rules = SpeechRules(abbreviations: [.init(abbr: "Ave", spoken: "Avenue", at: .notStart)])
        #expect(rules.expand("Ave") == "Ave")
        #expect(rules.expand("Ave Ave") == "Ave Avenue")
        #expect(rules.expand("Main Ave, Ave") == "Main Avenue, Avenue")
    }

    @Test func badConditionIsAnError() throws {
        let book = """
        {"format": 1, "language": "de",
         "templates": {"announce.now": "{instruction|cap}.", "turn": "abbiegen"},
         "words": {"and": "und"}, "grammar": {"forms": {}},
         "speech": {"abbreviations": [{"abbr": "S", "spoken": "Süd", "at": "start", "notBefore": "Straße"}],
                    "pronunciationReplacesHan": "yes"},
         "examples": [{"locale": "de-DE", "kind": "now", "type": "turn"}]}
        """
        let data = try LintAndLoadingTests.fixture(["de": book])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path]).map(\.description)
        #expect(problems.contains { $0.hasSuffix("speech.abbreviations[0].notBefore: must be an array of strings") })
        #expect(problems.contains { $0.hasSuffix("speech.pronunciationReplacesHan: must be true or false") })
    }

    // MARK: destinations

    @Test func englishSignpostRefsAreSpokenLikeRefs() throws {
        let en = try #require(Self.en)
        let p = en.say(.now, TestData.maneuver(.offRamp, .right, destinations: "I 80 East: Bay Bridge, Oakland", exits: "8A"))
        #expect(p.display == "Take exit 8A toward I 80 East – Bay Bridge, Oakland.")
        #expect(p.spoken == "Take exit 8 A toward Interstate 80 East, Bay Bridge and Oakland.")
        let two = en.say(.now, TestData.maneuver(.turn, .left, destinations: "I-580; US 101: Oakland"))
        #expect(two.display == "Turn left toward I-580; US 101 – Oakland.")
        #expect(two.spoken == "Turn left toward Interstate 580 and U S 101, Oakland.")
        let refOnly = en.say(.now, TestData.maneuver(.turn, .left, destinations: "I 80 East:"))
        #expect(refOnly.display == "Turn left toward I 80 East.")
        #expect(refOnly.spoken == "Turn left toward Interstate 80 East.")
        let namesOnly = en.say(.now, TestData.maneuver(.turn, .left, destinations: "Bay Bridge, Oakland"))
        #expect(namesOnly.display == "Turn left toward Bay Bridge, Oakland.")
        #expect(namesOnly.spoken == "Turn left toward Bay Bridge and Oakland.")
    }

    @Test func germanSignpost() throws {
        let de = try LocaleSpeaker("de-DE")
        let p = de.say(.now, TestData.maneuver(.turn, .left, destinations: "A 9: München, Nürnberg"))
        #expect(p.display == "Biegen Sie links Richtung A 9 – München, Nürnberg ab.")
        #expect(p.spoken == "Biegen Sie links Richtung A 9, München und Nürnberg ab.")
        let two = de.say(.now, TestData.maneuver(.turn, .left, destinations: "A 9, A 92: München"))
        #expect(two.spoken == "Biegen Sie links Richtung A 9 und A 92, München ab.")
    }

    // MARK: Japanese readings

    @Test func japaneseKanjiNameIsSpokenByItsReading() throws {
        let ja = try LocaleSpeaker("ja-JP")
        let p = ja.say(.prepare, TestData.maneuver(.turn, .left, name: "明治通り", pronunciation: "めいじどおり"), 310)
        #expect(p.display == "300m先、左折して、明治通りに入ります。")
        // Exported text is written Japanese; the reading goes into SSML as a <sub alias> (the ja voice's kana come
        // from its layer, Voices/espeak/ja.json).
        #expect(p.spoken == "300メートル先、左折して、明治通りに入ります。")
        #expect(p.ssml == "<speak xml:lang=\"ja-JP\">300メートル先、左折して、<sub alias=\"めいじどおり\">明治通り</sub>に入ります。</speak>")
        #expect(SSML.wellFormednessProblem(p.ssml) == nil)
        // Without a pronunciation the name is read from the dictionary (the injected MeCab reader).
        #expect(ja.say(.prepare, TestData.maneuver(.turn, .left, name: "明治通り"), 310).ssml.contains("<sub alias=\"メイジドオリ\">明治通り</sub>"))
    }

    @Test func japaneseReadingOnlyReplacesKanji() throws {
        let ja = try LocaleSpeaker("ja-JP")
        // A kana-only name keeps its text; its pronunciation goes into SSML as a phoneme, as in other languages.
        let kana = ja.say(.now, TestData.maneuver(.turn, .left, name: "いちょうなみき", pronunciation: "itɕoːnamiki"))
        #expect(kana.spoken == "まもなく、左折して、いちょうなみきに入ります。")
        #expect(kana.ssml.contains("<phoneme alphabet=\"ipa\" ph=\"itɕoːnamiki\">いちょうなみき</phoneme>"))
        // A pronunciation that is itself kanji cannot help the voice: the name is read from the dictionary.
        let kanji = ja.say(.now, TestData.maneuver(.turn, .left, name: "明治通り", pronunciation: "明治通"))
        #expect(kanji.spoken == "まもなく、左折して、明治通りに入ります。")
        #expect(kanji.ssml.contains("<sub alias=\"メイジドオリ\">明治通り</sub>"))
    }

    @Test func japaneseRotaryReading() throws {
        let ja = try LocaleSpeaker("ja-JP")
        let m = Maneuver(type: .rotary, location: Coordinate(latitude: 0, longitude: 0), exit: 2)
        let step = Step(maneuver: m, distance: 100, duration: 10, name: "", rotaryName: "駅前ロータリー", rotaryPronunciation: "えきまえロータリー")
        let p = ja.say(.now, ManeuverDescription(id: StepID(leg: 0, step: 1), step: step))
        #expect(p.display == "まもなく、駅前ロータリーで2番目の出口を出ます。")
        #expect(p.spoken == "まもなく、駅前ロータリーで2番目の出口を出ます。")
        #expect(p.ssml.contains("<sub alias=\"えきまえロータリー\">駅前ロータリー</sub>"))
    }

    @Test func otherBooksKeepThePhonemeForHanNames() throws {
        let zh = try LocaleSpeaker("zh-CN")
        let p = zh.say(.now, TestData.maneuver(.turn, .left, name: "长安街", pronunciation: "ʈʂʰɑŋ an tɕjɛ"))
        #expect(p.ssml.contains("<phoneme alphabet=\"ipa\" ph=\"ʈʂʰɑŋ an tɕjɛ\">"))
    }
}
