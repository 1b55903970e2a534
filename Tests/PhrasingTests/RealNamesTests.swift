import Foundation
import VoiceGuideTestSupport
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Real names, refs and signposts as routing engines give them, in every locale.
@Suite struct RealNamesTests {
    static let tags = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU", "ja-JP", "zh-CN"]

    private static func occurrences(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    // MARK: item 2 — signposts on every maneuver type

    static let signedManeuvers: [(ManeuverType, ManeuverModifier?, Int?)] = [
        (.continue, nil, nil), (.continue, .left, nil), (.continue, .uturn, nil), (.newName, nil, nil), (.newName, .right, nil),
        (.endOfRoad, .left, nil), (.endOfRoad, .right, nil), (.roundabout, nil, 2), (.roundabout, nil, nil), (.rotary, nil, 3),
        (.roundaboutTurn, .left, nil), (.exitRoundabout, nil, nil), (.exitRotary, nil, nil), (.turn, .uturn, nil),
    ]

    @Test(arguments: tags)
    func everyManeuverTypeSaysItsSignpost(tag: String) throws {
        let speaker = try LocaleSpeaker(tag)
        for (type, modifier, exit) in Self.signedManeuvers {
            let m = TestData.maneuver(type, modifier, name: "Way Name", destinations: "A 7: Hamburg", exit: exit)
            let p = speaker.say(.now, m)
            #expect(p.display.contains("Hamburg"), "\(tag) \(type) \(String(describing: modifier)): \(p.display)")
            if tag == "ja-JP" {
                // The Japanese voice is given readings only: a Latin place name is said in katakana, the
                // signpost's ref is read ("エー なな") and stays before 方面.
                #expect(speaker.voice(p.spoken).contains("エー なな") && p.spoken.contains("Hamburg"), "\(tag) \(type): \(p.spoken)")
            } else {
                #expect(p.spoken.contains("Hamburg"), "\(tag) \(type): \(p.spoken)")
            }
            #expect(p.display.contains("Way Name"), "\(tag) \(type): the road is said with the signpost: \(p.display)")
            #expect(SSML.wellFormednessProblem(p.ssml) == nil, "\(tag) \(type): \(p.ssml)")
        }
    }

    @Test func roadAndSignpostTogether() throws {
        let en = try LocaleSpeaker("en-US")
        #expect(en.now(TestData.maneuver(.endOfRoad, .left, name: "Way Name", destinations: "Hamburg")).display
                == "At the end of the road, turn left onto Way Name toward Hamburg.")
        #expect(en.now(TestData.maneuver(.roundabout, nil, name: "Way Name", destinations: "Hamburg", exit: 2)).display
                == "At the roundabout, take the second exit onto Way Name toward Hamburg.")
        let de = try LocaleSpeaker("de-DE")
        #expect(de.now(TestData.maneuver(.newName, .left, name: "Hauptstraße", destinations: "A 96: München")).spoken
                == "Biegen Sie links in die Hauptstraße Richtung A 96, München ab.")
    }

    /// Every real `destinations` form: refs and places, refs alone (spoken as refs, like roads), places alone.
    @Test(arguments: [
        ("A 1, A 7: Hamburg, Bremen", "A 1, A 7 – Hamburg, Bremen", "A 1 and A 7, Hamburg and Bremen"),
        ("US 29 North", "US 29 North", "U S 29 North"),
        ("I 95 North: Baltimore", "I 95 North – Baltimore", "Interstate 95 North, Baltimore"),
        ("I 95 North, Baltimore", "I 95 North, Baltimore", "Interstate 95 North, Baltimore"),
        ("A 96, München", "A 96, München", "A 96, München"),
        ("Bay Bridge, Oakland", "Bay Bridge, Oakland", "Bay Bridge and Oakland"),
        ("I 80:", "I 80", "Interstate 80"),
    ])
    func signpostForms(text: String, display: String, spoken: String) throws {
        let en = try LocaleSpeaker("en-US")
        let p = en.now(TestData.maneuver(.turn, .left, destinations: text))
        #expect(p.display == "Turn left toward \(display).")
        #expect(p.spoken == "Turn left toward \(spoken).")
    }

    @Test func refOnlySignpostIsARoadForGrammar() throws {
        let signpost = Destinations("US 29 North")
        #expect(signpost.isRefOnly)
        #expect(!Destinations("US 29 North: Charlottesville").isRefOnly)
        #expect(Destinations("Charlottesville").refs.isEmpty)
    }

    // MARK: item 7 — a ref is never repeated

    @Test(arguments: tags)
    func legacyNameWithItsRefInParentheses(tag: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let p = speaker.now(TestData.maneuver(.turn, .left, name: "Ohio Turnpike (I-80 East)", ref: "I-80 East"))
        // ja shows the name alone when there is one (road.nameRef); every other book shows the ref once.
        #expect(Self.occurrences("I-80 East", in: p.display) == (tag == "ja-JP" ? 0 : 1), "\(tag): \(p.display)")
        #expect(Self.occurrences("Ohio Turnpike", in: p.display) == 1, "\(tag): \(p.display)")
        #expect(!p.spoken.contains("(") && SSML.wellFormednessProblem(p.ssml) == nil, "\(tag): \(p.spoken)")
        let same = speaker.now(TestData.maneuver(.turn, .left, name: "CA 174", ref: "CA 174"))
        #expect(Self.occurrences("174", in: same.display) == 1, "\(tag): \(same.display)")
        // Without a ref, the parenthesized ref becomes the ref.
        let inferred = speaker.now(TestData.maneuver(.turn, .left, name: "Ohio Turnpike (I-80 East)"))
        #expect(Self.occurrences("I-80 East", in: inferred.display) == (tag == "ja-JP" ? 0 : 1), "\(tag): \(inferred.display)")
    }

    @Test func legacyNamesInEnglishAndChinese() throws {
        let en = try LocaleSpeaker("en-US")
        let p = en.now(TestData.maneuver(.turn, .left, name: "Ohio Turnpike (I-80 East)", ref: "I-80 East"))
        #expect(p.display == "Turn left onto Ohio Turnpike (I-80 East).")
        #expect(p.spoken == "Turn left onto Ohio Turnpike.")
        #expect(en.now(TestData.maneuver(.turn, .left, name: "CA 174", ref: "CA 174")).spoken == "Turn left onto C A 174.")
        // A parenthesis that is not a ref stays in the name.
        #expect(en.now(TestData.maneuver(.turn, .left, name: "Main Street (Old Town)")).display == "Turn left onto Main Street (Old Town).")
        let zh = try LocaleSpeaker("zh-CN")
        #expect(zh.now(TestData.maneuver(.turn, .left, name: "Ohio Turnpike (I-80 East)", ref: "I-80 East")).display
                == "左转，进入I-80 East Ohio Turnpike。")
        #expect(zh.now(TestData.maneuver(.turn, .left, name: "京港澳高速", ref: "G4")).display == "左转，进入G4京港澳高速。")
    }

    @Test func roadNameCleaning() {
        #expect(RoadName(name: "Ohio Turnpike (I-80 East)", ref: "I 80 East") == RoadName(name: "Ohio Turnpike", ref: "I 80 East"))
        #expect(RoadName(name: "Turnpike (I 80; I 90)", ref: "I 80;I 90").name == "Turnpike")
        #expect(RoadName(name: "Turnpike (I 80, I 90)", ref: nil).refs.items == ["I 80", "I 90"])
        #expect(RoadName(name: "Turnpike (US 6)", ref: "I 80").name == "Turnpike (US 6)")
        #expect(RoadName(name: " \t ", ref: nil).name.isEmpty)
        #expect(RoadName(name: "Невский проспект;Nevsky Prospekt", ref: nil).name == "Невский проспект")
        #expect(RoadName(name: "I 80; US 6", ref: "I 80; US 6").name.isEmpty)
    }

    // MARK: item 8 — several refs, one spoken form everywhere

    @Test func refListsAreShownAndSaidWhole() throws {
        let en = try LocaleSpeaker("en-US")
        let p = en.now(TestData.maneuver(.merge, nil, ref: "I 80; US 6"))
        #expect(p.display == "Merge onto I 80 / US 6.")
        #expect(p.spoken == "Merge onto Interstate 80 and U S 6.")
        // The same ref reads the same in a road, a signpost and a "then" clause.
        let next = TestData.maneuver(.onRamp, .right, ref: "I-80", destinations: "I 80: Chicago")
        let chained = en.chained(.now, TestData.maneuver(.turn, .left, ref: "I 80"), then: next, meters: 100, sayDistance: false)
        // The signpost does not say again the road just said ("onto I 80 toward Chicago", not "toward I 80, Chicago").
        #expect(chained.spoken == "Turn left onto Interstate 80, then take the ramp on the right onto Interstate 80 toward Chicago.")
        let three = en.now(TestData.maneuver(.merge, nil, ref: "I-76 East; PATP; US 30"))
        #expect(three.spoken == "Merge onto Interstate 76 East, P A T P and U S 30.")
        #expect(try ESpeakPhonemes.of(en.voice(three.spoken), voice: en.loaded.profile.voice).contains("p'i:; 'eI t'i: p'i:"))
        #expect(!three.spoken.contains(";"))
    }

    @Test(arguments: tags)
    func refListsNeverBreakTheSentence(tag: String) throws {
        let p = try LocaleSpeaker(tag).now(TestData.maneuver(.merge, nil, ref: "I 80; US 6"))
        #expect(!p.display.contains(";") && !p.spoken.contains(";"), "\(tag): \(p.display) / \(p.spoken)")
        #expect(p.display.contains("US 6") && p.display.contains("I 80"), "\(tag): \(p.display)")
    }

    // MARK: item 9 — exit lists and ranges

    @Test func exitListsAndRanges() throws {
        let en = try LocaleSpeaker("en-US")
        let list = en.now(TestData.maneuver(.offRamp, .right, exits: "12A;12B"))
        #expect(list.display == "Take exit 12A/12B.")
        #expect(list.spoken == "Take exit 12 A and 12 B.")
        let range = en.now(TestData.maneuver(.offRamp, .right, exits: "43-44"))
        #expect(range.display == "Take exit 43-44.")
        #expect(range.spoken == "Take exit 43 and 44.")
        let de = try LocaleSpeaker("de-DE")
        #expect(de.now(TestData.maneuver(.offRamp, .right, exits: "43-44")).spoken == "Nehmen Sie die Ausfahrt 43 und 44.")
    }

    @Test(arguments: tags)
    func everyExitNumberIsSaid(tag: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let p = speaker.now(TestData.maneuver(.offRamp, .right, exits: "12A;12B"))
        #expect(p.display.contains("12A") && p.display.contains("12B"), "\(tag): \(p.display)")
        // ja numbers are read as words and ru Latin letters by their Russian names (by each voice's layer).
        let twelveB = tag == "ja-JP" ? "じゅうに ビー" : tag == "ru-RU" ? "12 Бэ" : "12 B"
        #expect(speaker.voice(p.spoken).contains(twelveB) && !p.spoken.contains(";"), "\(tag): \(p.spoken)")
    }

    // MARK: item 10 — lettered and blank names

    @Test(arguments: tags)
    func blankNamesAreNoName(tag: String) throws {
        let speaker = try LocaleSpeaker(tag)
        for type in [ManeuverType.turn, .newName, .continue] {
            let blank = speaker.now(TestData.maneuver(type, .left, name: " \t "))
            #expect(blank == speaker.now(TestData.maneuver(type, .left)), "\(tag) \(type): \(blank.display)")
        }
        let signs = speaker.now(TestData.maneuver(.offRamp, .right, destinations: "  ", exits: " ", rotary: " "))
        #expect(signs == speaker.now(TestData.maneuver(.offRamp, .right)), "\(tag): \(signs.display)")
        let round = speaker.now(TestData.maneuver(.roundabout, nil, destinations: " ; ", exit: 2, rotary: "\t"))
        #expect(round == speaker.now(TestData.maneuver(.roundabout, nil, exit: 2)), "\(tag): \(round.display)")
    }

    @Test(arguments: [("fr-FR", "R Street Northwest"), ("pt-BR", "R Street"), ("it-IT", "V Street"), ("fr-FR", "S Street")])
    func letteredStreetsKeepTheirLetter(tag: String, name: String) throws {
        let p = try LocaleSpeaker(tag).now(TestData.maneuver(.turn, .left, name: name))
        #expect(p.spoken.contains(name), "\(tag): \(p.spoken)")
    }

    /// en: eSpeak reads a lone "A" as the article; the spoken form says the letter.
    @Test(arguments: [("A 4", "A4"), ("VA 193", "V. A. 193")])
    func englishLoneLettersAreSaidAsLetters(ref: String, reference: String) throws {
        let en = try LocaleSpeaker("en-US")
        // The exported text writes the letter; the en-us voice's layer (Voices/espeak/en-us.json) says it.
        let written = "toward " + en.loaded.phrasebook.speech.spokenRef(ref)
        let spoken = en.voice(written)
        let ours = try ESpeakPhonemes.of(spoken, voice: en.loaded.profile.voice)
        let raw = try ESpeakPhonemes.of(written, voice: en.loaded.profile.voice)
        #expect(raw.contains("a#"), "the bare letter is read as an article: \(raw)")
        #expect(!ours.contains("a#") && ours.contains("'eI"), "\(spoken): \(ours)")
        let exit = try ESpeakPhonemes.of(en.voice("exit " + en.loaded.phrasebook.speech.spokenExitNumber("21A")), voice: en.loaded.profile.voice)
        #expect(exit.hasSuffix("'eI"), "21A: \(exit)")
    }

    // MARK: item 11 — numbers inside names, checked through eSpeak NG's phonemes

    @Test(arguments: [
        ("de-DE", "Straße des 17. Juni", "Straße des Siebzehnten Juni"),
        ("de-DE", "Platz des 18. März", "Platz des Achtzehnten März"),
        ("pl-PL", "Jana Pawła II", "Jana Pawła Drugiego"),
        ("pl-PL", "ulica 3 Maja", "ulica Trzeciego Maja"),
        ("pl-PL", "11 Listopada", "Jedenastego Listopada"),
        ("ru-RU", "2-я Брестская улица", "Вторая Брестская улица"),
        ("ru-RU", "1-й Тверской-Ямской переулок", "Первый Тверской-Ямской переулок"),
        ("ru-RU", "улица 8 Марта", "улица Восьмого Марта"),
        ("it-IT", "Via XX Settembre", "Via Venti Settembre"),
        ("it-IT", "Piazza IV Novembre", "Piazza Quattro Novembre"),
        ("es-ES", "Calle de Carlos III", "Calle de Carlos Tercero"),
        ("fr-FR", "Rue Louis XIV", "Rue Louis Quatorze"),
        ("pt-BR", "Rua Dom Pedro II", "Rua Dom Pedro Segundo"),
    ])
    func numbersInNamesAreSaidAsNativesSayThem(tag: String, name: String, reference: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let voice = speaker.loaded.profile.voice
        let spoken = speaker.loaded.phrasebook.speech.expand(name)
        let ours = try ESpeakPhonemes.of(spoken, voice: voice)
        #expect(ours == (try ESpeakPhonemes.of(reference, voice: voice)), "\(tag) \(name) → \(spoken)")
        #expect(ours != (try ESpeakPhonemes.of(name, voice: voice)), "\(tag): eSpeak already said \(name) right; the rule is not needed")
        #expect(!ours.contains(" | "), "\(tag): no sentence break inside \(spoken): \(ours)")
    }

    /// A German date in a name ("Straße des 17. Juni") breaks no sentence in any other language: the dot is dropped.
    @Test(arguments: ["en-US", "en-GB", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU"])
    func germanDatesBreakNoSentence(tag: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let spoken = speaker.loaded.phrasebook.speech.expand("Straße des 17. Juni")
        #expect(spoken == "Straße des 17 Juni")
        let voice = speaker.loaded.profile.voice
        #expect(!(try ESpeakPhonemes.of(spoken, voice: voice)).contains(" | "))
        #expect(try ESpeakPhonemes.of("Straße des 17. Juni", voice: voice).contains(" | "), "\(tag): eSpeak breaks at '17.'")
    }

    /// ru years: eSpeak says "1900" as a number, the last part as the genitive ordinal ("пятого", not "пять").
    @Test func russianYearsTakeTheGenitiveOrdinal() throws {
        let ru = try LocaleSpeaker("ru-RU")
        let spoken = ru.loaded.phrasebook.speech.expand("улица 1905 года")
        #expect(spoken == "улица 1900 пятого года")
        let ours = try ESpeakPhonemes.of(spoken, voice: ru.loaded.profile.voice)
        let raw = try ESpeakPhonemes.of("улица 1905 года", voice: ru.loaded.profile.voice)
        #expect(ours.contains("dev;ats'ot p;'AtVvV g'oda#"), "\(ours)")
        #expect(raw.contains("p;'jat; g'oda#"), "eSpeak alone says the cardinal: \(raw)")
    }

    @Test func romanNumeralRefsAndLetters() throws {
        let es = try LocaleSpeaker("es-ES")
        #expect(es.loaded.phrasebook.speech.spokenRef("N-VI") == "N 6")
        let voice = es.loaded.profile.voice
        #expect(try ESpeakPhonemes.of("N 6", voice: voice).contains("s'eIs"))
        #expect(!(try ESpeakPhonemes.of("N-VI", voice: voice).contains("s'eIs")))
        // A lone letter or a first word is never a Roman numeral without a context.
        let fr = try LocaleSpeaker("fr-FR")
        #expect(fr.loaded.phrasebook.speech.expand("Avenue C") == "Avenue C")
        #expect(fr.loaded.phrasebook.speech.expand("XIV Avenue") == "XIV Avenue")
        #expect(NumberRule.roman("IIII") == nil && NumberRule.roman("MCMV") == 1905 && NumberRule.roman("") == nil)
    }

    @Test func numberRuleTablesComposeLongNumbers() {
        let rule = NumberRule(kind: .arabic, before: ["года"], words: [5: "пятого", 41: "сорок первого", 1: "первого", 80: "восьмидесятого"])
        #expect(rule.say(1905) == "1900 пятого")
        #expect(rule.say(1941) == "1900 сорок первого")
        #expect(rule.say(1951) == "1950 первого")
        #expect(rule.say(1980) == "1900 восьмидесятого")
        #expect(rule.say(2000) == "2000")
        #expect(rule.say(["улица", "1905"], at: 1) == nil, "needs the next word")
        #expect(rule.say(["1905", "Года"], at: 0) == "1900 пятого")
    }

    // MARK: item 12 — Russian declension

    @Test func russianHyphenatedAdjectivesAndRoutes() throws {
        let ru = try LocaleSpeaker("ru-RU")
        #expect(ru.now(TestData.maneuver(.turn, .left, name: "Тверская-Ямская улица")).display == "Поверните налево на Тверскую-Ямскую улицу.")
        #expect(ru.say(.continue, TestData.maneuver(.newName, nil, name: "Садовая-Кудринская улица"), 2000).display
                == "Продолжайте движение ещё 2 км по Садовой-Кудринской улице.")
        #expect(ru.now(TestData.maneuver(.turn, .left, name: "Москва — Санкт-Петербург")).display
                == "Поверните налево на трассу «Москва — Санкт-Петербург».")
        #expect(ru.say(.continue, TestData.maneuver(.newName, nil, name: "Москва — Санкт-Петербург"), 2000).spoken
                == "Продолжайте движение ещё 2 километра по трассе «Москва — Санкт-Петербург».")
        let alt = ru.now(TestData.maneuver(.turn, .right, name: "Невский проспект;Nevsky Prospekt"))
        #expect(alt.display == "Поверните направо на Невский проспект.")
        #expect(alt.spoken == "Поверните направо на Невский проспект.")
        // A compound name whose parts do not agree keeps its first part.
        #expect(ru.say(.continue, TestData.maneuver(.newName, nil, name: "Санкт-Петербург"), 2000).display
                == "Продолжайте движение ещё 2 км по Санкт-Петербургу.")
        let second = ru.now(TestData.maneuver(.turn, .left, name: "2-я Брестская улица"))
        #expect(second.display == "Поверните налево на 2-ю Брестскую улицу.")
        #expect(second.spoken == "Поверните налево на Вторую Брестскую улицу.")
    }
}

/// "1.5 km" said as natives say it, checked through eSpeak NG's phonemes.
@Suite struct HalfKilometreTests {
    @Test(arguments: [
        ("fr-FR", "un kilomètre et demi", "1,5 kilomètre"),
        ("es-ES", "un kilómetro y medio", "1,5 kilómetros"),
        ("de-DE", "eineinhalb Kilometer", "1,5 Kilometer"),
        ("nl-NL", "anderhalve kilometer", "1,5 kilometer"),
        ("pl-PL", "półtora kilometra", "1,5 kilometra"),
        ("ru-RU", "полтора километра", "1,5 километра"),
        ("it-IT", "un chilometro e mezzo", "1,5 chilometri"),
        ("pt-BR", "um quilômetro e meio", "1,5 quilômetros"),
    ])
    func oneAndAHalfKilometres(tag: String, spoken: String, literal: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let distances = speaker.loaded.builder().distances
        #expect(distances.phrase(1500).spoken == spoken)
        #expect(distances.phrase(1500).display.hasPrefix("1,5 "))
        let voice = speaker.loaded.profile.voice
        let ours = try ESpeakPhonemes.of(spoken, voice: voice)
        #expect(ours != (try ESpeakPhonemes.of(literal, voice: voice)), "\(tag): the literal reading differs")
        #expect(!ours.contains(" | "), "\(tag): \(ours)")
        // Every half kilometre up to 9.5 km is a fraction too.
        #expect(!distances.phrase(9500).spoken.contains(","), "\(tag): \(distances.phrase(9500).spoken)")
    }

    @Test func germanDativeAndRussianGender() throws {
        let de = try LocaleSpeaker("de-DE")
        #expect(de.say(.prepare, TestData.maneuver(.turn, .left), 1500).spoken == "In eineinhalb Kilometern biegen Sie links ab.")
        let ru = try LocaleSpeaker("ru-RU")
        #expect(ru.say(.prepare, TestData.maneuver(.turn, .left), 1500).spoken == "Через полтора километра поверните налево.")
        #expect(ru.say(.prepare, TestData.maneuver(.turn, .left), 5500).spoken == "Через пять с половиной километров поверните налево.")
    }

    /// English says the decimal ("one point five"), which is natural; eSpeak reads it so.
    @Test func englishSaysOnePointFive() throws {
        let en = try LocaleSpeaker("en-US")
        let spoken = en.say(.prepare, TestData.maneuver(.turn, .left), 2414.016).spoken
        #expect(spoken == "In 1.5 miles, turn left.")
        #expect(try ESpeakPhonemes.of(spoken, voice: en.loaded.profile.voice).contains("w'Vn pOInt f'aIv m'aIlz"))
    }
}

/// The data model behind names, refs, exits and signposts, and the errors of the new speech rules.
@Suite struct RefModelTests {
    @Test func refLists() {
        let refs = RefList("I 80; ; US 6 ")
        #expect(refs.items == ["I 80", "US 6"] && !refs.isEmpty && RefList("").isEmpty)
        #expect(refs.display == "I 80 / US 6")
        #expect(refs.contains("i-80") && refs.contains("I80;US6") && !refs.contains("") && !refs.contains("US 60"))
        #expect(RefList("A 1, A 7", commas: true).items == ["A 1", "A 7"])
        #expect(RefList("A 1, A 7").items == ["A 1, A 7"])
        for ref in ["A 9", "I-95", "US 29 North", "M25", "E 20", "PATP 1"] { #expect(RefList.looksLikeRef(ref), "\(ref)") }
        for text in ["Bay Bridge", "Main 5", "a 9", "ABCDE 1", "US", "US-", "9"] { #expect(!RefList.looksLikeRef(text), "\(text)") }
    }

    @Test func exitNumbers() throws {
        let en = try LocaleSpeaker("en-US")
        let rules = en.loaded.phrasebook.speech, words = en.loaded.phrasebook.words
        #expect(ExitNumbers("23B").spoken(rules, words) == "23 B")
        #expect(ExitNumbers("4;5;6").spoken(rules, words) == "4, 5 and 6")
        #expect(ExitNumbers("12A-B").spoken(rules, words) == "12 A-B", "not a range of two numbers")
        #expect(ExitNumbers("A1").spoken(rules, words) == "A 1")
        #expect(rules.spokenExitNumber("") == "")
    }

    @Test func nameCleaningEdges() {
        #expect(RoadName(name: ";Main Street", ref: nil).name == "Main Street")
        #expect(RoadName(name: " ; ", ref: nil).name.isEmpty)
        #expect(RoadName(name: "Main Street ; Hauptstraße", ref: nil).name == "Main Street")
        #expect(RoadName(name: "Ring (A) (B 1)", ref: nil) == RoadName(name: "Ring (A)", ref: "B 1"))
        #expect(RoadName(name: "Odd) (B 1", ref: nil).name == "Odd) (B 1")
        #expect(RoadName(name: "Main Street (Old Town)", ref: nil).refs.isEmpty)
    }

    @Test func destinationsParts() throws {
        let en = try LocaleSpeaker("en-US")
        let rules = en.loaded.phrasebook.speech, words = en.loaded.phrasebook.words
        let onlyRefs = Destinations("A 1, A 7:")
        #expect(onlyRefs.display == "A 1, A 7" && onlyRefs.spoken(rules, words, item: nil) == "A 1 and A 7")
        let onlyPlaces = Destinations(": Hamburg; Bremen")
        #expect(onlyPlaces.display == "Hamburg; Bremen" && onlyPlaces.spoken(rules, words, item: nil) == "Hamburg and Bremen")
        #expect(Destinations("").spoken(rules, words, item: nil).isEmpty)
        // A comma without a space is shown with one; a decimal comma stays.
        #expect(Destinations("Destination 1,Destination 2").display == "Destination 1, Destination 2")
        #expect(Destinations("A 1,A 7: Hamburg,Bremen").display == "A 1, A 7 – Hamburg, Bremen")
        #expect(Destinations("Exit 1,5").display == "Exit 1,5")
        let fr = try LocaleSpeaker("fr-FR")
        let item = try #require(fr.loaded.phrasebook.destinationItemForm)
        #expect(Destinations("Les Andelys, Évreux, Le Mans").spoken(fr.loaded.phrasebook.speech, fr.loaded.phrasebook.words, item: item)
                == "Les Andelys, d'Évreux et du Mans")
    }

    @Test func numberRuleEdges() {
        let dot = NumberRule(kind: .arabic, suffix: ".", before: ["juni"], words: [17: "Siebzehnten"])
        #expect(dot.say(["17.", "Juni"], at: 0) == "Siebzehnten")
        #expect(dot.say(["17", "Juni"], at: 0) == nil, "suffix missing")
        #expect(dot.say(["17.", "Juli"], at: 0) == nil, "wrong month")
        #expect(dot.say(["1234567.", "Juni"], at: 0) == nil, "too long")
        #expect(dot.say([".", "Juni"], at: 0) == nil)
        let after = NumberRule(kind: .roman, after: ["pawła"], words: [2: "Drugiego"])
        #expect(after.say(["Jana", "Pawła", "II"], at: 2) == "Drugiego")
        #expect(after.say(["II"], at: 0) == nil && after.say(["Jana", "II"], at: 1) == nil)
        #expect(after.say(["Pawła", "IIX"], at: 1) == nil, "not canonical")
        #expect(after.say(["Pawła", "IQ"], at: 1) == nil)
        let free = NumberRule(kind: .roman, words: [:])
        #expect(free.say(["Louis", "XIV"], at: 1) == nil, "outside the table: stays as written, never digits")
        #expect(NumberRule(kind: .roman, words: [14: "Quatorze"]).say(["Louis", "XIV"], at: 1) == "Quatorze")
        #expect(free.say(["Avenue", "C"], at: 1) == nil)
        #expect(NumberRule(kind: .romanRef).say(["N-VI"], at: 0) == nil)
        let rules = SpeechRules(numbers: [NumberRule(kind: .romanRef)])
        #expect(rules.spokenRef("N-VI") == "N 6" && rules.spokenRef("N-VIa") == "N-VIa" && rules.spokenRef("A-Z") == "A-Z")
        #expect(SpeechRules().spokenRef("N-VI") == "N-VI")
    }

    @Test func hyphenatedRewrites() {
        let ending = [GrammarCase.Rewrite(word: nil, ending: "ая", to: "ую")]
        #expect(GrammarForm.rewrite("Тверская-Ямская улица", ending) == "Тверскую-Ямскую улица")
        #expect(GrammarForm.rewrite("Ново-Садовая", ending) == "Ново-Садовую")
        #expect(GrammarForm.rewrite("2-я", [GrammarCase.Rewrite(word: nil, ending: "-я", to: "-ю")]) == "2-ю")
    }

    @Test func badSpeechRulesAreErrors() throws {
        let book = """
        {"format": 1, "language": "de",
         "templates": {"announce.now": "{instruction|cap}.", "turn": "abbiegen"},
         "words": {"and": "und", "destinationItem": "nirgends"}, "grammar": {"forms": {}},
         "speech": {"letters": {"A": 1},
                    "numbers": [{"kind": "ordinal"}, {"kind": "arabic", "words": "fehlt"}, {"kind": "roman", "words": "ok"}],
                    "numberWords": {"ok": {"1": "Ersten", "null": "x", "2": 2}}},
         "examples": [{"locale": "de-DE", "kind": "now", "type": "turn"}]}
        """
        let data = try LintAndLoadingTests.fixture(["de": book])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path]).map(\.description)
        #expect(problems.contains { $0.hasSuffix("words.destinationItem: no grammar form 'nirgends'") })
        #expect(problems.contains { $0.hasSuffix("speech.letters.A: must be a string") })
        #expect(problems.contains { $0.hasSuffix("speech.numbers[0].kind: must be arabic, roman or romanRef") })
        #expect(problems.contains { $0.hasSuffix("speech.numbers[1].words: no table 'fehlt' in speech.numberWords") })
        #expect(problems.contains { $0.hasSuffix("speech.numberWords.ok.null: must map a positive number to a string") })
        #expect(problems.contains { $0.hasSuffix("speech.numberWords.ok.2: must map a positive number to a string") })
        let wrongType = book.replacingOccurrences(of: "\"destinationItem\": \"nirgends\"", with: "\"destinationItem\": 3")
        let data2 = try LintAndLoadingTests.fixture(["de": wrongType])
        #expect(Linter(data: data2).lint(paths: [data2.phrasebookURL("de").path]).map(\.description)
                .contains { $0.hasSuffix("words.destinationItem: must be the name of a grammar form") })
    }
}

/// Native wording fixes (nl has its own suite in GrammarDutchTests).
@Suite struct NativeWordingTests {
    @Test func german() throws {
        let de = try LocaleSpeaker("de-DE")
        #expect(de.now(TestData.maneuver(.roundabout, nil, name: "Hauptstraße")).display
                == "Fahren Sie in den Kreisverkehr ein und nehmen Sie die Ausfahrt in die Hauptstraße.")
        #expect(de.now(TestData.maneuver(.fork, .left, ref: "E 20")).display == "Halten Sie sich an der Gabelung links und fahren Sie auf die E 20.")
        #expect(de.now(TestData.maneuver(.turn, .right, name: "Anschlussstelle Hamburg-Nord")).display
                == "Biegen Sie rechts zur Anschlussstelle Hamburg-Nord ab.")
        #expect(de.now(TestData.maneuver(.offRamp, .right, name: "Autobahnkreuz Köln-Süd")).display
                == "Nehmen Sie die Ausfahrt zum Autobahnkreuz Köln-Süd.")
    }

    @Test func britishEnglishSpanishFrench() throws {
        let gb = try LocaleSpeaker("en-GB")
        #expect(gb.now(TestData.maneuver(.continue, .straight, name: "High St")).display == "Go straight on along High St.")
        let es = try LocaleSpeaker("es-ES")
        let run = es.chained(.now, TestData.maneuver(.turn, .left, name: "Calle A"), then: TestData.maneuver(.turn, .right, name: "Calle B"),
                             meters: 50, sayDistance: false)
        #expect(run.display == "Gire a la izquierda por la calle A y luego gire a la derecha por la calle B.")
        let fr = try LocaleSpeaker("fr-FR")
        #expect(fr.now(TestData.maneuver(.offRamp, .right, destinations: "Le Havre, Rouen")).spoken
                == "Prenez la sortie en direction du Havre et de Rouen.")
    }
}
