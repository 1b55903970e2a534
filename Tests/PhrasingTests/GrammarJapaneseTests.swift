import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Japanese (ja-JP): distance-first word order ("300m先、…です"), particles after the road, 方面 before the verb,
/// 番目 ordinals, 号線 for numeric refs, and spoken text in kana because eSpeak NG's ja voice cannot read kanji:
/// names read through MeCab (the CLI's `NameReaders`), numbers and letters in native readings.
@Suite struct GrammarJapaneseTests {
    private let ja: LocaleSpeaker

    init() throws { ja = try LocaleSpeaker("ja-JP") }

    @Test func loadsWithoutMissingKeysOrProblems() {
        #expect(ja.loaded.warnings == [])
    }

    @Test func distanceComesFirstAndTheRoadTakesNi() {
        let p = ja.say(.prepare, TestData.maneuver(.turn, .left, name: "明治通り"), 310)
        #expect(p.display == "300m先、左折して、明治通りに入ります。")
        #expect(p.spoken.voicedJa == JaVoice.kana("さんびゃくメートルさき、させつして、メイジドオリにはいります。"))
        #expect(p.ssml.voicedJaSSML == JaVoice.kana("<speak xml:lang=\"ja-JP\">さんびゃくメートルさき、させつして、<sub alias=\"メイジドオリ\">明治通り</sub>にはいります。</speak>"))
    }

    @Test func destinationsStandBeforeTheVerbWithHoumen() {
        let p = ja.say(.now, TestData.maneuver(.turn, .slightRight, destinations: "名古屋, 大阪"))
        #expect(p.display == "まもなく、名古屋・大阪方面、斜め右方向です。")
        #expect(p.spoken.voicedJa == JaVoice.kana("まもなく、ナゴヤ、オオサカほうめん、ななめみぎほうこうです。"))
        let three = ja.say(.now, TestData.maneuver(.turn, .left, destinations: "E1: 名古屋; 大阪"))
        #expect(three.display == "まもなく、E1 – 名古屋・大阪方面、左折です。")
        #expect(three.spoken.voicedJa == JaVoice.kana("まもなく、イー いち、ナゴヤ、オオサカほうめん、させつです。"))
    }

    @Test func numericRefBecomesGousenButLetteredRefIsSpelled() {
        let numeric = ja.say(.early, TestData.maneuver(.turn, .right, ref: "16"), 2000)
        #expect(numeric.display == "およそ2km先、右折して、16号線に入ります。")
        #expect(numeric.spoken.voicedJa == JaVoice.kana("およそにキロさき、うせつして、じゅうろくごうせんにはいります。"))
        let expressway = ja.say(.now, TestData.maneuver(.merge, .slightLeft, ref: "E1"))
        #expect(expressway.display == "まもなく、左に寄ってE1に合流します。")
        #expect(expressway.spoken.voicedJa == JaVoice.kana("まもなく、ひだりによってイー いちにごうりゅうします。"))
    }

    @Test func stayingOnTheRoadIsASecondSentence() {
        let p = ja.say(.prepare, TestData.maneuver(.continue, .slightLeft, name: "首都高速4号線"), 600)
        #expect(p.display == "600m先、左方向です。引き続き首都高速4号線を進みます。")
    }

    @Test func roundaboutExitsUseBanmeOrdinals() {
        let roundabout = ja.say(.prepare, TestData.maneuver(.roundabout, name: "駅前通り", exit: 3), 120)
        #expect(roundabout.display == "100m先、環状交差点で3番目の出口を出て、駅前通りに入ります。")
        #expect(roundabout.spoken.voicedJa == JaVoice.kana("ひゃくメートルさき、かんじょうこうさてんでさんばんめのでぐちをでて、エキマエドオリにはいります。"))
        let rotary = ja.say(.now, TestData.maneuver(.rotary, exit: 12, rotary: "駅前ロータリー"))
        #expect(rotary.display == "まもなく、駅前ロータリーで12番目の出口を出ます。")
        let unnamed = ja.say(.now, TestData.maneuver(.rotary, exit: 13))
        #expect(unnamed.display == "まもなく、ロータリーで13番目の出口を出ます。")
    }

    @Test func exitNumbersAreSaidWithBanDeguchi() {
        let p = ja.say(.prepare, TestData.maneuver(.offRamp, .slightLeft, destinations: "横浜", exits: "23B"), 800)
        #expect(p.display == "800m先、横浜方面、左方向、23B番出口です。")
        #expect(p.spoken.voicedJa == JaVoice.kana("はっぴゃくメートルさき、ヨコハマほうめん、ひだりほうこう、にじゅうさん ビーばんでぐちです。"))
        let right = ja.say(.now, TestData.maneuver(.offRamp, .right, name: "国道16号"))
        #expect(right.display == "まもなく、右方向の出口を出て、国道16号に入ります。")
    }

    @Test func expresswayAbbreviationsAreExpandedForSpeechOnly() {
        let p = ja.say(.now, TestData.maneuver(.turn, .left, name: "横浜町田IC"))
        #expect(p.display == "まもなく、左折して、横浜町田ICに入ります。")
        #expect(p.spoken.voicedJa == JaVoice.kana("まもなく、させつして、ヨコハママチダインターにはいります。"))
    }

    @Test(arguments: [(1450.0, "1.5km", "いってんごキロ"), (2000, "2km", "にキロ"), (8400, "8.5km", "はってんごキロ"),
                      (12300, "12km", "じゅうにキロ"), (340, "350m", "さんびゃくごじゅうメートル"),
                      (400, "400m", "よんひゃくメートル")])
    func decimalDistancesAreSpokenInKana(meters: Double, display: String, spoken: String) {
        let p = ja.say(.prepare, TestData.maneuver(.turn, .left), meters)
        #expect(p.display == "\(display)先、左折です。")
        #expect(p.spoken.voicedJa == JaVoice.kana("\(spoken)さき、させつです。"))
    }

    @Test func imperialFractionsAreSpokenAsWords() {
        let p = ja.say(.prepare, TestData.maneuver(.turn, .right), 402, units: .imperial)
        #expect(p.display == "0.25mi先、右折です。")
        #expect(p.spoken.voicedJa == JaVoice.kana("よんぶんのいちマイルさき、うせつです。"))
    }

    @Test(arguments: [(0.0, "北", "きた"), (45, "北東", "ほくとう"), (95, "東", "ひがし"), (135, "南東", "なんとう"),
                      (180, "南", "みなみ"), (225, "南西", "なんせい"), (270, "西", "にし"), (315, "北西", "ほくせい")])
    func departHeadingIsReadInKana(bearing: Double, kanji: String, kana: String) {
        let p = ja.say(.depart, TestData.maneuver(.depart, name: "明治通り", bearing: bearing))
        #expect(p.display == "明治通りを\(kanji)方向に進んでください。")
        #expect(p.spoken.voicedJa == JaVoice.kana("メイジドオリを\(kana)ほうこうにすすんでください。"))
    }

    @Test func thenClausesAndLanesAreSeparateSentences() {
        let next = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right), distanceMeters: 150, sayDistance: true)
        let lanes = LaneHint(position: .left, usableCount: 2, totalCount: 4)
        let p = ja.say(.prepare, TestData.maneuver(.turn, .left, name: "明治通り", lanes: lanes), 200, then: next)
        #expect(p.display == "200m先、左折して、明治通りに入ります。続いて150m先、右折です。左側の車線を進んでください。")
        let near = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right), distanceMeters: 40, sayDistance: false)
        let q = ja.say(.now, TestData.maneuver(.turn, .left), then: near)
        #expect(q.spoken.voicedJa == JaVoice.kana("まもなく、させつです。そのさき、うせつです。"))
    }

    @Test func arrivalIsPresentWhenNearAndPastOnArrival() {
        #expect(ja.say(.prepare, TestData.maneuver(.arrive, side: .left), 100).display == "100m先、目的地は左側です。")
        #expect(ja.say(.now, TestData.maneuver(.arrive)).display == "まもなく、目的地です。")
        #expect(ja.say(.arrive, TestData.maneuver(.arrive)).spoken.voicedJa == JaVoice.kana("もくてきちにとうちゃくしました。"))
        #expect(ja.say(.arrive, TestData.maneuver(.arrive, side: .straight)).display == "目的地は正面です。")
    }

    @Test func waypointsByOrdinalAndByName() {
        var second = TestData.maneuver(.arrive, side: .right)
        second.waypointOrdinal = 2
        let p = ja.say(.waypoint, second)
        #expect(p.display == "2番目の経由地は右側です。")
        #expect(p.spoken.voicedJa == JaVoice.kana("にばんめのけいゆちはみぎがわです。"))
        second.waypointName = "海老名SA"
        #expect(ja.say(.waypoint, second).spoken.voicedJa == JaVoice.kana("エビナサービスエリアはみぎがわです。"))
    }

    @Test func ferryOffRouteAndReroute() {
        #expect(ja.say(.now, TestData.maneuver(.notification, destinations: "佐渡", mode: "ferry")).display == "まもなく、佐渡行きのフェリーに乗ります。")
        #expect(ja.say(.offRoute, nil).spoken.voicedJa == JaVoice.kana("ルートをはずれました。"))
        #expect(ja.say(.reroute, nil).display == "ルートを再検索しました。")
    }

    /// Our own words must reach eSpeak NG as kana: for every maneuver type and modifier with no names, the spoken
    /// text contains no kanji (CJK unified ideographs).
    @Test(arguments: ManeuverType.allCases)
    func spokenPhrasesContainNoKanji(type: ManeuverType) {
        let kinds: [AnnouncementKind] = [.early, .prepare, .now, .continue, .depart, .arrive]
        for modifier in [nil] + ManeuverModifier.allCases {
            for kind in kinds {
                let m = TestData.maneuver(type, modifier, destinations: nil, exit: type == .roundabout ? 2 : nil, bearing: 10)
                let p = ja.say(kind, m, 1450)
                let kanji = p.spoken.voicedJa.unicodeScalars.filter { (0x4E00...0x9FFF).contains($0.value) }
                #expect(kanji.isEmpty, "\(type) \(String(describing: modifier)) \(kind): \(p.spoken.voicedJa)")
            }
        }
    }
}
