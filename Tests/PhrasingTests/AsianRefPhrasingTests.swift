import Foundation
import VoiceGuideTestSupport
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Native-review fixes in tr, ja, zh, ko, ru, vi and id: a ref's direction said in the locale's words while the
/// screen keeps the sign's text with its own ending ("I 80 East'e" shown, "I 80 Doğu'ya" said), the ko ferry
/// called a ferry and its lane counts said naturally, zh spaces between a ref and a Latin name, ru ramps and
/// "МКАД", vi foreign street names without a second street word, and lane counts in vi and id.
@Suite struct AsianRefPhrasingTests {
    /// The direction ending a ref, said in each locale's words; the screen shows what the sign says.
    @Test(arguments: [
        ("tr-TR", "Sola dönün ve I 80 East'e girin.", "Sola dönün ve I 80 Doğu'ya girin."),
        ("ja-JP", "まもなく、左折して、I 80 Eastに入ります。", "まもなく、左折して、I 80東行きに入ります。"),
        ("zh-CN", "左转，进入I 80 East。", "左转，进入I 80东向。"),
        ("ko-KR", "좌회전하여 I 80 East로 진입하세요.", "좌회전하여 I 80 동쪽 방향으로 진입하세요."),
    ])
    func refDirectionInTheLocalesWords(_ tag: String, _ display: String, _ spoken: String) throws {
        let phrase = try TestData.phrase(tag, .now, TestData.maneuver(.turn, .left, ref: "I 80 East"))
        #expect(phrase.display == display)
        #expect(phrase.spoken == spoken)
    }

    /// ja voice: the direction word reaches the voice in kana through its reader, never as raw kanji.
    @Test func japaneseVoiceReadsTheDirection() throws {
        let spoken = try TestData.phrase("ja-JP", .now, TestData.maneuver(.turn, .left, ref: "I 80 East")).spoken
        let given = try #require(JaVoice.layer).spoken(spoken)
        #expect(!SpeechRules.containsHan(given), "\(given)")
        let kana = JaVoice.kana(given)
        #expect(kana.contains("ひがしいき") || kana.contains("ひがしゆき"), "\(given)")
    }

    /// tr: the locative follows the shown and the said word alike ("I 80 West'te" / "I 80 Batı'da").
    @Test func turkishLocativeOfARefDirection() throws {
        let phrase = try TestData.phrase("tr-TR", .now, TestData.maneuver(.roundabout, .right, ref: "I 80 West", exit: 2, rotary: "Großer Stern"))
        #expect(!phrase.spoken.contains("West"))
        #expect(phrase.spoken.contains("Batı"))
    }

    /// ko: a road known by its number alone keeps "번 도로"; with a direction it is not glued after the direction.
    @Test func koreanRefRoad() throws {
        #expect(try TestData.phrase("ko-KR", .now, TestData.maneuver(.turn, .right, ref: "77")).display == "우회전하여 77번 도로로 진입하세요.")
        let east = try TestData.phrase("ko-KR", .now, TestData.maneuver(.turn, .right, ref: "I-80 East"))
        #expect(!east.display.contains("East번") && !east.spoken.contains("번 도로"))
    }

    /// ko: a ferry is called a ferry; a name that already says so keeps its own word.
    @Test func koreanFerry() throws {
        let ystad = try TestData.phrase("ko-KR", .now, TestData.maneuver(.notification, name: "Ystad - Rønne", mode: "ferry"))
        #expect(ystad.display == "Ystad - Rønne 페리를 타세요.")
        let island = try TestData.phrase("ko-KR", .now, TestData.maneuver(.notification, name: "Island Ferry", mode: "ferry"))
        #expect(island.display == "Island Ferry를 타세요.")
    }

    /// Lane counts: ko never says "1개 차로"; vi and id say how many lanes there are.
    @Test(arguments: [
        ("ko-KR", 1, "오른쪽 차로를 이용하세요."), ("ko-KR", 2, "오른쪽 2개 차로 중 하나를 이용하세요."),
        ("vi-VN", 1, "đi vào làn bên phải."), ("vi-VN", 2, "đi vào một trong 2 làn bên phải."),
        ("id-ID", 1, "gunakan lajur kanan."), ("id-ID", 2, "gunakan salah satu dari 2 lajur kanan."),
    ])
    func laneCounts(_ tag: String, _ usable: Int, _ ending: String) throws {
        let lanes = LaneHint(position: .right, usableCount: usable, totalCount: usable + 1)
        let phrase = try TestData.phrase(tag, .prepare, TestData.maneuver(.turn, .right, name: "Hauptstraße", lanes: lanes), meters: 300)
        #expect(phrase.display.lowercased().hasSuffix(ending.lowercased()), "\(phrase.display)")
    }

    /// zh: a ref and a Latin name are apart on the screen ("E 65 Österleden", not "E 65Österleden").
    @Test func chineseRefBeforeALatinName() throws {
        let phrase = try TestData.phrase("zh-CN", .now, TestData.maneuver(.turn, .right, name: "Österleden", ref: "E 65"))
        #expect(phrase.display == "右转，进入E 65 Österleden。")
    }

    /// ru: "МКАД" is said as the word it is, never letter by letter; ramps without "на въезд" or "на съезд на".
    @Test func russianRefsAndRamps() throws {
        let mkad = try TestData.phrase("ru-RU", .now, TestData.maneuver(.turn, .right, ref: "МКАД"))
        #expect(mkad.spoken.contains("МКАД") && !mkad.spoken.contains("М К"))
        let onRamp = try TestData.phrase("ru-RU", .now, TestData.maneuver(.onRamp, .left, ref: "I 80"))
        #expect(onRamp.display == "Поверните налево на съезд и выезжайте на I 80.")
        let offRamp = try TestData.phrase("ru-RU", .now, TestData.maneuver(.offRamp, .right, name: "Victoria"))
        #expect(offRamp.display == "Сверните на съезд и выезжайте на Victoria.")
    }

    /// ru voice: the Latin letter of a ref is said by its Russian name, not through the English voice.
    @Test func russianVoiceSaysRefLettersInRussian() throws {
        let ru = try LocaleSpeaker("ru-RU")
        let spoken = ru.now(TestData.maneuver(.turn, .right, ref: "A 1")).spoken
        #expect(spoken.contains("A 1"))  // the exported text keeps the Latin letter
        let said = try ESpeakPhonemes.of(ru.voice(spoken), voice: ru.loaded.profile.voice)
        #expect(!said.contains("(en)"), "\(said)")
    }

    /// vi: a foreign name that already carries its street word gets no "đường" before it.
    @Test func vietnameseForeignStreetWord() throws {
        let phrase = try TestData.phrase("vi-VN", .now, TestData.maneuver(.turn, .right, name: "Hardenbergstraße"))
        #expect(phrase.display == "Rẽ phải vào Hardenbergstraße.")
        let local = try TestData.phrase("vi-VN", .now, TestData.maneuver(.turn, .right, name: "Lê Lợi"))
        #expect(local.display == "Rẽ phải vào đường Lê Lợi.")
    }
}
