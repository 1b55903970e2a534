import Foundation
import Speech
@testable import SpeechESpeakNG
import Testing

/// A name in a script the voice cannot read goes to the voice that reads it: every Latin-script eSpeak voice
/// says Cyrillic and Greek letters by their names ("cyrillic letter pe, …"), which no driver can follow.
@Suite struct ScriptSwitchTests {
    private func voice(_ name: String) throws -> ESpeakVoice { try ESpeakSynthesizer.resolveVoice(name).voice }

    @Test func aCyrillicRunInALatinSentenceIsSaidByTheRussianVoice() throws {
        let hu = ESpeakScriptSwitch(voice: try voice("hu"))
        let said = hu.apply("Forduljon balra a Площадь Петра I felé.", isSSML: false)
        #expect(said.isSSML)
        #expect(said.text == "<speak>Forduljon balra a <voice xml:lang=\"ru\">Площадь Петра</voice> I felé.</speak>")
        #expect(try SSMLValidator.validate(said.text) == ())
    }

    @Test func ukrainianLettersGoToTheUkrainianVoiceAndGreekToTheGreekOne() throws {
        let en = ESpeakScriptSwitch(voice: try voice("en-us"))
        #expect(en.marked("Turn onto Київська вулиця & Λεωφόρος Αλεξάνδρας now")
                == "Turn onto <voice xml:lang=\"uk\">Київська вулиця</voice> &amp; <voice xml:lang=\"el\">Λεωφόρος Αλεξάνδρας</voice> now")
        // Digits, hyphens and apostrophes inside a name stay in its run; those after its last letter do not.
        #expect(en.marked("onto улица 1905 года 12") == "onto <voice xml:lang=\"ru\">улица 1905 года</voice> 12")
        #expect(en.marked("onto п’ятий-провулок") == "onto <voice xml:lang=\"uk\">п’ятий-провулок</voice>")
    }

    @Test func aVoiceThatReadsTheScriptIsLeftAlone() throws {
        let ru = ESpeakScriptSwitch(voice: try voice("ru"))
        #expect(ru.apply("Поверните на Тверскую улицу.", isSSML: false) == ("Поверните на Тверскую улицу.", false))
        #expect(ru.apply("Поверните на Λεωφόρος Αλεξάνδρας.", isSSML: false).text
                == "<speak>Поверните на <voice xml:lang=\"el\">Λεωφόρος Αλεξάνδρας</voice>.</speak>")
        let el = ESpeakScriptSwitch(voice: try voice("el"))
        #expect(el.apply("Στρίψτε στην Λεωφόρος Αλεξάνδρας.", isSSML: true).isSSML)
        #expect(el.apply("Στρίψτε στην Λεωφόρος Αλεξάνδρας.", isSSML: false) == ("Στρίψτε στην Λεωφόρος Αλεξάνδρας.", false))
        let fr = ESpeakScriptSwitch(voice: try voice("fr-fr"))
        #expect(fr.apply("Tournez à gauche sur la rue de Rivoli.", isSSML: false) == ("Tournez à gauche sur la rue de Rivoli.", false))
    }

    @Test func inSSMLOnlyTheTextChangesNeverTheMarkupOrAnAlias() throws {
        let sv = ESpeakScriptSwitch(voice: try voice("sv"))
        let document = "<speak xml:lang=\"sv-SE\">Sväng vänster <break time=\"200ms\"/>in på <sub alias=\"Пл\">Пл.</sub> Невский &amp; Co.</speak>"
        let said = sv.apply(document, isSSML: true)
        #expect(said.text == "<speak xml:lang=\"sv-SE\">Sväng vänster <break time=\"200ms\"/>in på <sub alias=\"Пл\">Пл.</sub> "
                + "<voice xml:lang=\"ru\">Невский</voice> &amp; Co.</speak>")
        #expect(try SSMLValidator.validate(said.text) == ())
    }

    /// What the listener hears: the Hungarian voice spelling "Площадь Петра" letter by letter takes many seconds;
    /// through the Russian voice the whole sentence takes about as long as its words.
    @Test func theNameIsSpokenNotSpelled() throws {
        let hu = try ESpeakSynthesizer(voice: "hu", cacheSeconds: 0)
        let sentence = try hu.render(Utterance(text: "Forduljon balra a Площадь Петра felé.")).duration
        let latin = try hu.render(Utterance(text: "Forduljon balra a Ploscsad Petra felé.")).duration
        #expect(sentence < latin * 1.6, "said in \(sentence) s, against \(latin) s for the same words in Latin letters")
        let spelled = try hu.render(Utterance(text: "Forduljon balra a cirill pe cirill el cirill o cirill scsa cirill a cirill de felé.")).duration
        #expect(sentence < spelled / 2)
    }
}

/// An English ordinal in a street name ("20th Street") is said by the English voice in every other voice, which
/// reads it as a number and two letters ("zwanzig T H Street", "húsz T H").
@Suite struct EnglishOrdinalSwitchTests {
    @Test func ordinalsGoToTheEnglishVoiceAndNothingElseDoes() throws {
        let de = ESpeakScriptSwitch(voice: try ESpeakSynthesizer.resolveVoice("de").voice)
        #expect(de.apply("Biegen Sie links in die 20th Street ab.", isSSML: false).text
                == "<speak>Biegen Sie links in die <voice xml:lang=\"en\">20th</voice> Street ab.</speak>")
        #expect(de.marked("1st, 2nd, 3rd, 11th, 12th, 13th, 21st, 102nd Street")
                == ["1st", "2nd", "3rd", "11th", "12th", "13th", "21st", "102nd"].map { "<voice xml:lang=\"en\">\($0)</voice>" }
                    .joined(separator: ", ") + " Street")
        // Not ordinals: a wrong suffix, a longer word, digits inside a word, a German or Dutch ordinal.
        for text in ["11st Street", "20thirty", "A20th", "die 17. Straße", "de 20ste straat", "Exit 3 rd"] {
            #expect(de.apply(text, isSSML: false) == (text, false), "\(text)")
        }
        let en = ESpeakScriptSwitch(voice: try ESpeakSynthesizer.resolveVoice("en-gb").voice)
        #expect(en.apply("Turn left onto 20th Street.", isSSML: false) == ("Turn left onto 20th Street.", false))
    }
}
