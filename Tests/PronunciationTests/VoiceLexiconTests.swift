import Foundation
import Testing
import Phrasing
import RouteModel
@testable import Pronunciation

/// The layer's matching rules (Voices/FORMAT.md): whole words, lone letters of refs, inside words; SSML markup kept.
@Suite struct VoiceLexiconTests {
    static let en = VoiceLexicon(backend: "espeak", voice: "en-us", entries: [.init(written: "A", said: "eh", match: .ref)])

    @Test(arguments: [
        ("toward V A 193", "toward V eh 193"),
        ("take exit 21 A toward Grand Avenue", "take exit 21 eh toward Grand Avenue"),
        ("merge onto the A 1.", "merge onto the eh 1."),
        ("exits 12 A and 12 B", "exits 12 eh and 12 B"),
        ("A 200 m, turn left", "A 200 m, turn left"),          // a sentence's first word is not a ref letter
        ("Avenue A", "Avenue A"),                              // no number: a street letter, not a ref
        ("Plan A is fine", "Plan A is fine"),
        ("Merge onto P A T P.", "Merge onto P eh T P."),
    ])
    func refLettersOnlyInRefs(_ text: String, _ said: String) {
        #expect(Self.en.apply(text) == said)
    }

    @Test(arguments: [
        ("take exit A toward Grand Avenue", "take exit eh toward Grand Avenue"),   // an exit that is only a letter
        ("take exit A on the left.", "take exit eh on the left."),
        ("Take exit A.", "Take exit eh."),
        ("turn onto A Street", "turn onto A Street"),                            // a letter in a name stays
        ("Take A Break Lane", "Take A Break Lane"),
        ("turn left, A few", "turn left, A few"),                                // after a comma: not between words
    ])
    func aLoneExitLetterBetweenLowerCaseWords(_ text: String, _ said: String) {
        #expect(Self.en.apply(text) == said)
    }

    @Test func aRefThatStartsASentenceInAnotherScript() {
        let hi = VoiceLexicon(backend: "espeak", voice: "hi", entries: [.init(written: "B", said: "बी", match: .ref), .init(written: "A", said: "ए", match: .ref)])
        #expect(hi.apply("B 4 पर दाएं मुड़ें।") == "बी 4 पर दाएं मुड़ें।")
        #expect(hi.apply("निकास संख्या A लें और NH 48 पर जाएं।") == "निकास संख्या ए लें और NH 48 पर जाएं।")
        #expect(hi.apply("B") == "B")                                              // never a letter alone
        let pt = VoiceLexicon(backend: "espeak", voice: "pt", entries: [.init(written: "A", said: "á", match: .ref)])
        #expect(pt.apply("A 200 m, vire à direita. Siga pela A 1.") == "A 200 m, vire à direita. Siga pela á 1.")
        #expect(pt.apply("A 1 km, saia na saída A em direção a Braga.") == "A 1 km, saia na saída á em direção a Braga.")
        let uk = VoiceLexicon(backend: "espeak", voice: "uk", entries: [.init(written: "E", said: "Е", match: .ref)])
        #expect(uk.apply("E 95, Одеса.") == "Е 95, Одеса.")
    }

    @Test func anApostropheBetweenLettersJoinsAWord() {
        let uk = VoiceLexicon(backend: "espeak", voice: "uk", entries: [.init(written: "з", said: "із"), .init(written: "в", said: "ве")])
        #expect(uk.apply("з’їжджайте з порома, в’їжджайте в місто") == "з’їжджайте із порома, в’їжджайте ве місто")
        let en = VoiceLexicon(backend: "espeak", voice: "en-us", entries: [.init(written: "don", said: "dawn")])
        #expect(en.apply("don't, don 'quoted'") == "don't, dawn 'quoted'")
    }

    @Test func wordsAndInWordMatches() {
        let nb = VoiceLexicon(backend: "espeak", voice: "nb", entries: [.init(written: "og", said: "å")])
        #expect(nb.apply("sving til høyre og fortsett") == "sving til høyre å fortsett")
        #expect(nb.apply("Ogden og Logan") == "Ogden å Logan")
        let tr = VoiceLexicon(backend: "espeak", voice: "tr", entries: [.init(written: "'", said: "", match: .inWord)])
        #expect(tr.apply("Kadıköy'e girin, 'tırnak'") == "Kadıköye girin, 'tırnak'")
    }

    @Test func ssmlKeepsMarkupAndSkipsSubContent() {
        let tr = VoicePronunciation(lexicon: VoiceLexicon(backend: "espeak", voice: "tr",
                                                          entries: [.init(written: "'", said: "", match: .inWord)]))
        let ssml = "<speak xml:lang=\"tr-TR\">Kadıköy&apos;e <sub alias=\"Moda&apos;ya\">Moda'ya</sub> &amp; girin.</speak>"
        #expect(tr.ssml(ssml) == "<speak xml:lang=\"tr-TR\">Kadıköye <sub alias=\"Modaya\">Moda'ya</sub> &amp; girin.</speak>")
    }

    @Test func aLayerFileThatIsWrongNamesFileAndKey() throws {
        let json = #"{"format": 1, "backend": "espeak", "voice": "xx", "entries": [{"written": "A", "said": "A", "why": "x", "phonemes": "a"}]}"#
        let value = try JSONParser(rejectsDuplicateKeys: true, recordsKeyPath: true).parse(Data(json.utf8))
        #expect(throws: PhrasingError.invalidData(file: "x.json", key: "entries[0].said", message: "is the same as written")) {
            try VoiceLexicon.parse(value, file: "x.json")
        }
    }
}
