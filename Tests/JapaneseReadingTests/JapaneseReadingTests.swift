import Foundation
import VoiceGuideTestSupport
import Guidance
import JapaneseReading
import Phrasing
import Pronunciation
import RouteModel
import Testing

/// ja-JP speech through the real MeCab dictionary and eSpeak NG's `ja` voice: what the driver hears, asserted on
/// the phonemes `espeak-ng -x` gives for our spoken text.
@Suite struct JapaneseReadingTests {
    private let builder: PhraseBuilder
    private let voice: VoicePronunciation

    init() throws {
        let reader = try NameReaders.japanese.get()
        let directory = Repository.root
        let data = VoiceGuideData(directory: directory, nameReaders: { $0 == "ja" ? reader : nil })
        builder = try data.loadLocale(tag: "ja-JP").builder()
        voice = try data.voicePronunciation(backend: "espeak", voice: "ja")
    }

    /// Katakana as hiragana: the ja voice says both alike, so readings compare in one script.
    static func kana(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { (0x30A1...0x30F6).contains($0.value) ? Unicode.Scalar($0.value - 0x60) ?? $0 : $0 }))
    }

    private func say(_ kind: AnnouncementKind, _ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "",
                     ref: String? = nil, destinations: String? = nil, exits: String? = nil, exit: Int? = nil,
                     pronunciation: String? = nil, meters: Double? = nil) -> Phrase {
        let m = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0), exit: exit)
        let step = Step(maneuver: m, distance: 100, duration: 10, name: name, ref: ref, pronunciation: pronunciation,
                        destinations: destinations, exits: exits, mode: "driving")
        let d = ManeuverDescription(id: StepID(leg: 0, step: 1), step: step)
        return voiced(builder.phrase(Announcement(kind: kind, maneuver: d, spokenDistanceMeters: meters)))
    }

    /// The phrase as the ja voice is given it (the exported spoken text and SSML through Voices/espeak/ja.json),
    /// spoken text in hiragana; `exported` keeps the exported text.
    private func voiced(_ p: Phrase) -> Phrase {
        Phrase(display: p.display, spoken: Self.kana(voice.spoken(p.spoken)), ssml: Self.kana(voice.ssml(p.ssml)))
    }

    @Test(arguments: [
        ("渋谷", "シブヤ"), ("新宿通り", "シンジュクドオリ"), ("首都高速都心環状線", "シュトコウソクトシンカンジョウセン"),
        ("国道246号", "コクドウにひゃくよんじゅうろくゴウ"), ("東名高速道路", "トウメイコウソクドウロ"), ("表参道", "オモテサンドウ"),
        ("青山通り", "アオヤマドオリ"), ("環状七号線", "カンジョウナナゴウセン"), ("名古屋", "ナゴヤ"), ("大阪", "オオサカ"),
        ("日本橋", "ニホンバシ"), ("霞ケ関", "カスミガセキ"), ("六本木ヒルズ", "ロッポンギヒルズ"), ("晴海通り", "ハルミドオリ"),
        ("山手通り", "ヤマテドオリ"), ("四条通", "シジョウドオリ"), ("烏丸通", "カラスマドオリ"), ("大通り", "オオドオリ"), ("表通り", "オモテドオリ"), ("外堀通り", "ソトボリドオリ"), ("首都高速C1", "シュトコウソクシーいち"),
        ("JR東日本", "ジェイアールヒガシニッポン"), ("ロータリー", "ロータリー"),
    ])
    func namesAreReadFromTheDictionary(_ name: String, _ reading: String) throws {
        let reader = try NameReaders.japanese.get()
        #expect(reader.reading(of: name) == reading)
    }

    @Test(arguments: ["서울로", "虹桥路", "𠮷野家通り", "Victoria서울"])
    func namesWithoutAReadingHaveNone(_ name: String) throws {
        #expect(try NameReaders.japanese.get().reading(of: name) == nil)
    }

    /// A foreign (Latin-script) name is said in katakana, never dropped nor spelled through the English voice
    /// (eSpeak's ja voice says "Victoria" as "v i c t o r i a" in English letter names).
    @Test(arguments: [
        ("Victoria", "ヴィクトリア"), ("Großer Stern", "グローサー ステルン"), ("Hardenbergstraße", "ハルデンベルグストラーセ"),
        ("Tokyo Midtown", "ときょ ミドトウン"), ("Straße des 17. Juni", "ストラーセ デス じゅうなな. じゅに"),
        ("Kanavakatu", "カナヴァカトゥ"), ("Bay Bridge", "ベイ ブリジ"), ("MacArthur Maze", "マカルトゥル まぜ"),
        ("Mannerheimintie", "マンネルハイミンティエ"), ("Friedrichstraße", "フリードリチストラーセ"), ("High Street", "ハイ ストリート"),
        ("Magdalen Road", "マグダレン ロード"), ("20th Street Northwest", "にじゅう ストリート ノルトウェスト"), ("Unter den Linden", "ウンター でん リンデン"),
    ])
    func foreignNamesAreSaidInKatakana(_ name: String, _ reading: String) throws {
        let said = try #require(try NameReaders.japanese.get().reading(of: name))
        #expect(said == reading)
        let phonemes = try ESpeakPhonemes.raw(said, voice: "ja")
        #expect(!phonemes.contains("(en)"), "the voice spelled something in English: \(phonemes)")
        #expect(try ESpeakPhonemes.raw(name, voice: "ja").contains("(en)"), "eSpeak's ja voice now reads Latin names: revisit the reader")
    }

    /// The screen and the exported spoken text keep the name as written; SSML gives its katakana as the alias,
    /// and the ja voice (through its layer) says it.
    @Test func aForeignStreetNameIsSaid() throws {
        let p = builder.phrase(Announcement(kind: .prepare, maneuver: ManeuverDescription(id: StepID(leg: 0, step: 1), step: Step(
            maneuver: Maneuver(type: .turn, modifier: .left, location: Coordinate(latitude: 0, longitude: 0)), distance: 100,
            duration: 10, name: "Kaisaniemenkatu Victoria", mode: "driving")), spokenDistanceMeters: 400))
        #expect(p.display == "400m先、左折して、Kaisaniemenkatu Victoriaに入ります。")
        #expect(p.spoken == "400メートル先、左折して、Kaisaniemenkatu Victoriaに入ります。")
        #expect(p.ssml.contains("<sub alias=\"カイサニーメンカトゥ ヴィクトリア\">Kaisaniemenkatu Victoria</sub>"), "\(p.ssml)")
        let voiced = voice.spoken(p.spoken)
        #expect(Self.kana(voiced).contains(Self.kana("ヴィクトリアにはいります")), "\(voiced)")
        let phonemes = try ESpeakPhonemes.raw(voiced, voice: "ja")
        #expect(!phonemes.contains("(en)"), "\(phonemes)")
        #expect(try plainPhonemes(voiced, voice: "ja").contains("vikutor"), "\(phonemes)")
    }

    @Test func distancesAreReadNatively() throws {
        let p = say(.prepare, .turn, .left, meters: 400)
        #expect(p.display == "400m先、左折です。")
        #expect(p.spoken == Self.kana("よんひゃくメートルさき、させつです。"))
        let ours = try plainPhonemes(p.spoken, voice: "ja")
        #expect(ours.contains("jouCaku"), "\(ours)")
        #expect(!ours.contains("siCaku"), "\(ours)")
        // The reference: eSpeak reads the digits as "shi-hyaku".
        #expect(try plainPhonemes("400メートル", voice: "ja").contains("siCaku"))
    }

    @Test func ordinalsAreReadNatively() throws {
        let p = say(.now, .roundabout, exit: 4)
        #expect(p.spoken == Self.kana("まもなく、かんじょうこうさてんでよんばんめのでぐちをでます。"))
        let ours = try plainPhonemes(p.spoken, voice: "ja")
        #expect(ours.contains("joubamme") && !ours.contains("sibamme"), "\(ours)")
    }

    @Test func kanjiNameWithoutPronunciationIsSpokenFromTheDictionary() throws {
        let p = say(.now, .turn, .left, name: "渋谷")
        #expect(p.display == "まもなく、左折して、渋谷に入ります。")
        #expect(p.spoken == Self.kana("まもなく、させつして、シブヤにはいります。"))
        #expect(p.ssml == Self.kana("<speak xml:lang=\"ja-JP\">まもなく、させつして、<sub alias=\"シブヤ\">渋谷</sub>にはいります。</speak>"))
        let ours = try ESpeakPhonemes.raw(p.spoken, voice: "ja")
        #expect(ours.filter { !"',".contains($0) }.contains("s\\ibuja"), "\(ours)")
        #expect(!ours.contains("(en)"), "the voice spelled something in English: \(ours)")
        #expect(try ESpeakPhonemes.raw("渋谷", voice: "ja").contains("(en)"), "eSpeak's ja voice now reads kanji: revisit the reader")
    }

    @Test func aPronunciationStillWins() {
        let p = say(.now, .turn, .left, name: "本町通り", pronunciation: "ほんちょうどおり")
        #expect(p.spoken == Self.kana("まもなく、させつして、ほんちょうどおりにはいります。"))
    }

    @Test func latinRefLettersAreNotDropped() throws {
        let exit = say(.prepare, .offRamp, .slightLeft, destinations: "横浜", exits: "23B", meters: 800)
        #expect(exit.spoken == Self.kana("はっぴゃくメートルさき、ヨコハマほうめん、ひだりほうこう、にじゅうさん ビーばんでぐちです。"))
        let exitPhonemes = try plainPhonemes(exit.spoken, voice: "ja")
        #expect(exitPhonemes.contains("dz\\uusaN\\bibandeguts"), "\(exitPhonemes)")
        #expect(!exitPhonemes.contains("(en)"))
        // The reference: eSpeak switches to English for "23 B".
        #expect(try ESpeakPhonemes.raw("23 B", voice: "ja").contains("(en)"))
        let ref = say(.now, .merge, .slightLeft, ref: "E1")
        #expect(ref.spoken == Self.kana("まもなく、ひだりによってイー いちにごうりゅうします。"))
        let refPhonemes = try plainPhonemes(ref.spoken, voice: "ja")
        #expect(refPhonemes.contains("eiits\\ini") && !refPhonemes.contains("(en)"), "\(refPhonemes)")
    }

    @Test func aNameWithoutReadingIsLeftOutOfSpeechButShown() throws {
        let p = say(.now, .turn, .left, name: "테헤란로", destinations: "서울, 名古屋")
        #expect(p.display == "まもなく、서울・名古屋方面、左折して、테헤란로に入ります。")
        #expect(p.spoken == Self.kana("まもなく、ナゴヤほうめん、させつです。"))
        let refOnly = say(.now, .merge, .slightLeft, name: "테헤란로", ref: "E1")
        #expect(refOnly.display == "まもなく、左に寄って테헤란로に合流します。")
        #expect(refOnly.spoken == Self.kana("まもなく、ひだりによってイー いちにごうりゅうします。"))
        let nothing = say(.now, .turn, .right, destinations: "서울")
        #expect(nothing.spoken == Self.kana("まもなく、うせつです。"))
        #expect(!(try ESpeakPhonemes.raw(p.spoken + nothing.spoken, voice: "ja")).contains("(en)"))
    }

    @Test func romajiAndAcronymsAreRead() {
        #expect(say(.now, .turn, .left, name: "Ginza").spoken == Self.kana("まもなく、させつして、ぎんざにはいります。"))
        #expect(say(.now, .turn, .left, name: "NHK通り").spoken == Self.kana("まもなく、させつして、エヌエイチケードオリにはいります。"))
    }

    @Test func theTaggerIsSafeFromManyTasks() async throws {
        // Fresh readers (no memo) over one tagger, so every call reaches MeCab.
        let tagger = try MeCabTagger()
        let names = ["渋谷", "新宿通り", "首都高速都心環状線", "東名高速道路", "表参道", "名古屋", "大阪", "日本橋"]
        let expected = names.map(JapaneseReader(tagger: tagger).reading(of:))
        let results = await withTaskGroup(of: [String?].self) { group in
            for _ in 0..<8 { group.addTask { (0..<20).flatMap { _ in names.map(JapaneseReader(tagger: tagger).reading(of:)) } } }
            var all: [[String?]] = []
            for await r in group { all.append(r) }
            return all
        }
        #expect(results.count == 8)
        #expect(results.allSatisfy { $0 == Array((0..<20).map { _ in expected }.joined()) })
    }

    @Test func aMissingDictionaryIsAClearError() {
        #expect(throws: MeCabError.self) { try MeCabTagger(dictionary: "/nonexistent/ipadic") }
        #expect((try? MeCabTagger(dictionary: "/nonexistent/ipadic")) == nil)
        do { _ = try MeCabTagger(dictionary: "/nonexistent/ipadic") } catch { #expect(error.description.contains("run scripts/setup.sh")) }
    }
}

/// Whole drives in ja-JP: the SSML the drive gives eSpeak NG never makes the ja voice fall back to its English
/// voice (which spells Latin names and says "Chinese letter" for kanji).
@Suite struct JapaneseDriveSpeechTests {
    static let root = Repository.root

    @Test(arguments: ["city-berlin", "city-dc", "motorway-bay-bridge", "multi-stop-manhattan", "uk-oxford"])
    func everyAnnouncementIsReadByTheJapaneseVoice(route: String) throws {
        let data = VoiceGuideData(directory: Self.root, nameReaders: NameReaders.provider)
        let builder = try data.loadLocale(tag: "ja-JP").builder()
        let voice = try data.voicePronunciation(backend: "espeak", voice: "ja")  // what the ja voice is given
        let file = Self.root.appendingPathComponent("Examples/Routes/\(route).json")
        let document = try RouteImporter().read(try Data(contentsOf: file), fileName: file.lastPathComponent)
        let run = OfflineGuidance.run(RouteIndex(route: document.route), estimator: PhraseDurationEstimator(builder: builder))
        #expect(run.announcements.count > 5)
        let bodies = run.announcements.map { voice.ssml(builder.phrase($0).ssml) }.map { ssml in
            ssml.replacingOccurrences(of: "<speak xml:lang=\"ja-JP\">", with: "").replacingOccurrences(of: "</speak>", with: "")
        }
        let phonemes = try ESpeakPhonemes.raw("<speak xml:lang=\"ja-JP\">" + bodies.joined(separator: " ") + "</speak>", voice: "ja", ssml: true)
        #expect(!phonemes.contains("(en)"), "\(route): the ja voice switched to English: \(phonemes)")
        #expect(!phonemes.isEmpty)
    }
}
