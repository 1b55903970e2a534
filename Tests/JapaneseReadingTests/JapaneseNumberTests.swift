import JapaneseReading
import Testing

/// Numbers and Latin letters in native Japanese readings.
@Suite struct JapaneseNumberTests {
    @Test(arguments: [
        ("0", "ゼロ"), ("4", "よん"), ("7", "なな"), ("9", "きゅう"), ("10", "じゅう"), ("16", "じゅうろく"), ("23", "にじゅうさん"),
        ("100", "ひゃく"), ("300", "さんびゃく"), ("400", "よんひゃく"), ("600", "ろっぴゃく"), ("800", "はっぴゃく"),
        ("246", "にひゃくよんじゅうろく"), ("1000", "せん"), ("3000", "さんぜん"), ("8000", "はっせん"), ("1905", "せんきゅうひゃくご"),
        ("10000", "いちまん"), ("12345", "いちまんにせんさんびゃくよんじゅうご"), ("100000000", "いちおく"),
        ("1.5", "いってんご"), ("8.5", "はってんご"), ("10.5", "じゅってんご"), ("2.25", "にてんにご"), ("05", "ゼロご"),
    ])
    func numbers(_ digits: String, _ reading: String) {
        #expect(JapaneseNumbers.reading(of: Substring(digits)) == reading)
    }

    @Test func lettersAndWords() {
        #expect(LatinReading.letters("B") == "ビー")
        #expect(LatinReading.word("JR") == "ジェイアール")
        #expect(LatinReading.word("NHK") == "エヌエイチケー")
        #expect(LatinReading.word("Shibuya") == "しぶや")
        #expect(LatinReading.word("Ginza") == "ぎんざ")
        #expect(LatinReading.word("Nippombashi") == "にっぽんばし")
        #expect(LatinReading.word("Midtown") == nil)
        #expect(LatinReading.word("Street") == nil)
        #expect(LatinReading.word("Oak") == nil)
        #expect(LatinReading.word("S") == "エス")
        #expect(LatinReading.word("Ota") == "おた")
    }

    @Test func spokenText() {
        #expect(JapaneseSpokenText.normalize("400メートルさき") == "よんひゃくメートルさき")
        #expect(JapaneseSpokenText.normalize("4ばんめのでぐち") == "よんばんめのでぐち")
        #expect(JapaneseSpokenText.normalize("23 Bばんでぐち") == "にじゅうさん ビーばんでぐち")
        #expect(JapaneseSpokenText.normalize("23Bばんでぐち") == "にじゅうさんビーばんでぐち")
        #expect(JapaneseSpokenText.normalize("イー 1にごうりゅう") == "イー いちにごうりゅう")
        #expect(JapaneseSpokenText.normalize("１６ごうせん") == "じゅうろくごうせん")
        #expect(JapaneseSpokenText.normalize("なごや・おおさか") == "なごや、おおさか")
        #expect(JapaneseSpokenText.normalize("まもなく、させつです。") == "まもなく、させつです。")
        #expect(JapaneseSpokenText.normalize("アイ 80 Eastほうめん") == "アイ はちじゅう イーエーエスティーほうめん")
        #expect(JapaneseSpokenText.normalize("アイ 80 Eastほうめん") { LatinReading.word($0) ?? "" } == "アイ はちじゅうほうめん")
    }
}
