import Foundation
import VoiceGuideTestSupport
import Testing
import JapaneseReading
import Phrasing
@testable import Pronunciation

/// Every layer file in `Voices/` lints clean, and each eSpeak entry does what its `phonemes` say: its example,
/// with the layer applied, is said so by `espeak-ng -x` (as the phrasebook speech rules were checked).
@Suite struct VoiceLayerFileTests {
    static let data = VoiceGuideData(directory: Repository.root, nameReaders: NameReaders.provider)

    @Test func everyLayerLintsClean() {
        #expect(!Self.data.availableVoiceLexicons().isEmpty)
        let problems = VoiceLexiconLinter(data: Self.data).lint()
        #expect(problems.isEmpty, "\(problems.map(\.description).joined(separator: "\n"))")
    }

    @Test func eachESpeakEntrySaysItsPhonemes() throws {
        for layer in Self.data.availableVoiceLexicons() where layer.backend == "espeak" {
            let pronunciation = try Self.data.voicePronunciation(backend: layer.backend, voice: layer.voice)
            let entries = pronunciation.lexicon.entries
            guard !entries.isEmpty else { continue }
            let said = try ESpeakBatch.phonemes(entries.map { pronunciation.spoken($0.example) }, voice: layer.voice)
            for (entry, phonemes) in zip(entries, said) {
                #expect(phonemes == entry.phonemes, "Voices/espeak/\(layer.voice).json '\(entry.written)': espeak-ng -x says \(phonemes)")
            }
        }
    }

    /// The uk voice is given what it says in one go; the exported text keeps the apostrophe, й and з.
    @Test func theUkrainianLayerKeepsTheWrittenWordsOutOfTheText() throws {
        let uk = try Self.data.voicePronunciation(backend: "espeak", voice: "uk")
        #expect(uk.spoken("В’їжджайте на кільцеву розв’язку й з’їжджайте на вулицю Хрещатик.")
                == "Вйіжджайте на кільцеву розвйазку і зйіжджайте на вулицю Хрещатик.")
        // Every apostrophe before я, ю, є, ї: typographic (’) and the modifier letter (ʼ, U+02BC, which the voice
        // otherwise spells letter by letter through the English voice).
        #expect(uk.spoken("На дев’ятій розв’язці, біля підʼїзду, на Мʼясницьку.")
                == "На девйатій розвйазці, біля підйізду, на Мйасницьку.")
        let said = try ESpeakBatch.phonemes([uk.spoken("Поверніть на Мʼясницьку вулицю.")], voice: "uk")
        #expect(said.first?.contains("(en)") == false, "the uk voice still switches language: \(said)")
        #expect(uk.spoken("Займіть одну з лівих смуг. З’їжджайте з порома й рухайтеся далі.")
                == "Займіть одну із лівих смуг. Зйіжджайте із порома і рухайтеся далі.")
        #expect(uk.spoken("Скористайтеся з’їздом A, напрямок Київ.") == "Скористайтеся зйіздом А, напрямок Київ.")
        #expect(uk.spoken("E 95, напрямок Одеса.") == "Е 95, напрямок Одеса.")
    }

    /// The hu layer says the ref letter A as the letter's name á, never the sentence's opening article "A"
    /// (hu-HU native review): "A 21 A kijáratnál" keeps its article, the exit and road letters become Á.
    @Test func theHungarianLayerLeavesTheOpeningArticleAlone() throws {
        let hu = try Self.data.voicePronunciation(backend: "espeak", voice: "hu")
        #expect(hu.spoken("A 21 A kijáratnál hajtson le A 99, Oakland felé.") == "A 21 Á kijáratnál hajtson le Á 99, Oakland felé.")
        #expect(hu.spoken("A bal oldali felhajtón hajtson fel az A 99-es útra.") == "A bal oldali felhajtón hajtson fel az Á 99-es útra.")
        #expect(hu.spoken("A MacArthur Maze csomópontnál tartson jobbra. A 7-es úton haladjon tovább.")
                == "A MacArthur Maze csomópontnál tartson jobbra. A 7-es úton haladjon tovább.")
        let said = try ESpeakBatch.phonemes([hu.spoken("A 21 A kijáratnál hajtson le.")], voice: "hu")
        #expect(said.first?.hasPrefix("_|,A h'usonEJ _!'a: ") == true, "the article a, then the letter á: \(said)")
    }

    @Test func theReadersOfJapaneseAndChineseAreNamed() throws {
        let ja = try Self.data.voicePronunciation(backend: "espeak", voice: "ja")
        #expect(ja.reader != nil, "MeCab (mecab-ipadic-utf8) must be installed: run scripts/setup.sh")
        #expect(ja.spoken("西方向に進んでください。") == "ニシホウコウにススンでください。")
        #expect(ja.spoken("佐渡行きのフェリーに乗ります") == "サドユキのフェリーにノリます")   // not サドイキ
        let zh = try Self.data.voicePronunciation(backend: "espeak", voice: "cmn-latn-pinyin")
        #expect(zh.spoken("进入G4") == "进入G 4")
        #expect(try Self.data.voicePronunciation(backend: "espeak", voice: "de").lexicon.entries.isEmpty)
    }
}
