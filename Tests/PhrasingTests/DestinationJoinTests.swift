import Foundation
import Guidance
@testable import Phrasing
import Testing

/// How the destination list joins its items: with spaces around `and`, without (`andSpacing`), or with list marks (`list`).
@Suite struct DestinationJoinTests {
    @Test func chineseAndJapaneseJoinWithTheirListMarks() throws {
        // `words.list`: every item joined with a mark, no "and" (zh 、, ja ・ on screen and 、 in speech).
        let zh = try LocaleSpeaker("zh-CN")
        let three = zh.say(.now, TestData.maneuver(.turn, .right, destinations: "北京, 天津, 石家庄"))
        #expect(three.display == "右转，往北京、天津、石家庄方向。")
        #expect(three.spoken == "右转，往北京、天津、石家庄方向。")
        let ja = try LocaleSpeaker("ja-JP")
        let two = ja.say(.now, TestData.maneuver(.turn, .left, destinations: "名古屋, 大阪"))
        #expect(two.display == "まもなく、名古屋・大阪方面、左折です。")
        #expect(two.spoken.voicedJa == JaVoice.kana("まもなく、ナゴヤ、オオサカほうめん、させつです。"))
    }

    @Test func spacedLanguagesKeepTheSpaces() throws {
        let de = try LocaleSpeaker("de-DE")
        #expect(de.say(.now, TestData.maneuver(.turn, .left, destinations: "A 9: München, Nürnberg")).spoken
                == "Biegen Sie links Richtung A 9, München und Nürnberg ab.")
    }

    @Test func andSpacingMustBeABoolean() throws {
        let book = """
        {"format": 1, "language": "de",
         "templates": {"announce.now": "{instruction|cap}.", "turn": "abbiegen[ nach {dest}]"},
         "words": {"and": "und", "andSpacing": "no"}, "grammar": {"forms": {}}, "speech": {},
         "examples": [{"locale": "de-DE", "kind": "now", "type": "turn"}]}
        """
        let data = try LintAndLoadingTests.fixture(["de": book])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path]).map(\.description)
        #expect(problems.contains { $0.hasSuffix("words.andSpacing: must be true or false") })
    }
}
