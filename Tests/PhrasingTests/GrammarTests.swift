import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Grammar and street-name speech, rendered through the real phrasebooks.
@Suite struct GrammarTests {
    static func now(_ tag: String, _ m: ManeuverDescription) throws -> Phrase {
        try TestData.builder(tag).phrase(Announcement(kind: .now, maneuver: m))
    }

    @Test func germanArticleAndPrepositionFromStreetType() throws {
        #expect(try Self.now("de-DE", TestData.maneuver(.turn, .left, name: "Hauptstraße")).display == "Biegen Sie links in die Hauptstraße ab.")
        #expect(try Self.now("de-DE", TestData.maneuver(.turn, .left, name: "Kirchweg")).display == "Biegen Sie links in den Kirchweg ab.")
        #expect(try Self.now("de-DE", TestData.maneuver(.turn, .left, name: "Schillerplatz")).display == "Biegen Sie links auf den Schillerplatz ab.")
        #expect(try Self.now("de-DE", TestData.maneuver(.merge, nil, ref: "A 9")).display == "Fädeln Sie sich auf die A 9 ein.")
        #expect(try Self.now("de-DE", TestData.maneuver(.continue, nil, name: "Lindenallee")).display == "Fahren Sie weiter auf der Lindenallee.")
        #expect(try Self.now("de-DE", TestData.maneuver(.continue, nil, name: "Mainufer")).display == "Fahren Sie weiter auf dem Mainufer.")
        // The street type can also come first ("Straße des 17. Juni", "Platz der Republik").
        #expect(try Self.now("de-DE", TestData.maneuver(.turn, .right, name: "Straße des 17. Juni")).display == "Biegen Sie rechts in die Straße des 17. Juni ab.")
        #expect(try Self.now("de-DE", TestData.maneuver(.turn, .left, name: "Platz der Republik")).display == "Biegen Sie links auf den Platz der Republik ab.")
        #expect(try Self.now("de-DE", TestData.maneuver(.continue, nil, name: "Allee der Kosmonauten")).display == "Fahren Sie weiter auf der Allee der Kosmonauten.")
    }

    @Test func germanAbbreviationMatchesTheExpandedSuffix() throws {
        let p = try Self.now("de-DE", TestData.maneuver(.turn, .right, name: "Hauptstr."))
        #expect(p.display == "Biegen Sie rechts in die Hauptstr. ab.")
        #expect(p.spoken == "Biegen Sie rechts in die Hauptstraße ab.")
    }

    @Test func englishAbbreviationsKeepDisplay() throws {
        let p = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "Main St"))
        #expect(p.display == "Turn left onto Main St.")
        #expect(p.spoken == "Turn left onto Main Street.")
        let n = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "N Main St"))
        #expect(n.spoken == "Turn left onto North Main Street.")
        let saint = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "St Marks Pl"))
        #expect(saint.spoken == "Turn left onto Saint Marks Place.")
        let trailing = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "Main St E"))
        #expect(trailing.spoken == "Turn left onto Main Street East.")
    }

    @Test func refsAndExitNumbersAreSpokenWell() throws {
        let rules = SpeechRules(refPrefixes: ["I": "Interstate"], spellRefLetters: true)
        #expect(rules.spokenRef("I-95") == "Interstate 95")
        #expect(rules.spokenRef("US 101") == "U S 101")
        #expect(rules.spokenRef("A 9") == "A 9")
        #expect(rules.spokenRef("M25") == "M 25")
        #expect(rules.spokenExitNumber("23B") == "23 B")
        let p = try Self.now("en-US", TestData.maneuver(.offRamp, .right, ref: "US 101; I 80", exits: "23B;24"))
        // Every ref and every exit number is said.
        #expect(p.display == "Take exit 23B/24 onto US 101 / I 80.")
        #expect(p.spoken == "Take exit 23 B and 24 onto U S 101 and Interstate 80.")
    }

    @Test func unknownManeuverTypePhrasesAsATurn() throws {
        let m = Maneuver(type: .turn, rawType: "teleport", modifier: .right, location: Coordinate(latitude: 0, longitude: 0))
        let d = ManeuverDescription(id: StepID(leg: 0, step: 0), step: Step(maneuver: m, distance: 1, duration: 1, name: "Elm St"))
        #expect(try Self.now("en-US", d).display == "Turn right onto Elm St.")
    }

    @Test func pronunciationGoesIntoSSMLOnly() throws {
        let p = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "Gough St", pronunciation: "ɡɑf"))
        #expect(p.display == "Turn left onto Gough St.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">Turn left onto <phoneme alphabet=\"ipa\" ph=\"ɡɑf\">Gough Street</phoneme>.</speak>")
    }

    @Test func markupInNamesIsEscaped() throws {
        let p = try Self.now("en-US", TestData.maneuver(.turn, .left, name: "<Tom & Jerry's> Rd"))
        #expect(p.display == "Turn left onto <Tom & Jerry's> Rd.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">Turn left onto &lt;Tom &amp; Jerry&apos;s&gt; Road.</speak>")
        #expect(SSML.wellFormednessProblem(p.ssml) == nil)
    }

    @Test func formsCoverElisionRewriteAndLowerFirst() {
        func value(_ s: String) -> SlotValue { SlotValue(s) }
        let fr = GrammarForm(name: "sur", cases: [
            GrammarCase(ref: nil, empty: nil, prefixes: [], suffixes: [], words: [], initials: Set("aeiouhé"),
                        template: Affix("sur l'{}", placeholder: "{}"), rewrites: [], lowerFirst: true),
            GrammarCase(ref: nil, empty: nil, prefixes: ["rue"], suffixes: [], words: [], initials: nil,
                        template: Affix("sur la {}", placeholder: "{}"), rewrites: [], lowerFirst: true),
        ])
        #expect(fr.apply(value("Avenue Foch")).display == "sur l'avenue Foch")
        #expect(fr.apply(value("Rue de Rivoli")).display == "sur la rue de Rivoli")
        let ru = GrammarForm(name: "na", cases: [
            GrammarCase(ref: nil, empty: nil, prefixes: [], suffixes: [], words: ["улица"], initials: nil, template: Affix("на {}", placeholder: "{}"),
                        rewrites: [.init(word: "улица", ending: nil, to: "улицу"), .init(word: nil, ending: "ая", to: "ую")], lowerFirst: false),
        ])
        #expect(ru.apply(value("улица Ленина")).display == "на улицу Ленина")
        #expect(ru.apply(value("Тверская улица")).display == "на Тверскую улицу")
        #expect(ru.apply(value("")).display == "")
    }

    /// A rewrite marked `lastWord` changes only the value's last word (hu "Pile Alle" → "Pile Allére"), where an
    /// unmarked one changes every word that matches (ru adjectives agree with their noun).
    @Test func lastWordRewriteLeavesTheOtherWords() {
        let hu = GrammarForm(name: "ra", cases: [
            GrammarCase(ref: nil, empty: nil, prefixes: [], suffixes: ["e"], words: [], initials: nil, template: Affix("a {}", placeholder: "{}"),
                        rewrites: [.init(word: nil, ending: "e", to: "ére", lastWordOnly: true)], lowerFirst: false),
        ])
        #expect(hu.apply(SlotValue("Pile Alle")).display == "a Pile Allére")
        #expect(hu.apply(SlotValue("Alle")).display == "a Allére")
        let everyWord = GrammarForm(name: "ra", cases: [
            GrammarCase(ref: nil, empty: nil, prefixes: [], suffixes: ["e"], words: [], initials: nil, template: Affix("a {}", placeholder: "{}"),
                        rewrites: [.init(word: nil, ending: "e", to: "ére")], lowerFirst: false),
        ])
        #expect(everyWord.apply(SlotValue("Pile Alle")).display == "a Pilére Allére")
    }
}
