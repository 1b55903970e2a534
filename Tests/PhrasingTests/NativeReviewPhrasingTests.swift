import Foundation
import VoiceGuideTestSupport
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Findings of the native reviews of de, pl, es, ca, pt and en-GB, in each locale's words: names that carry their
/// article, the noun a bridge or tunnel takes, a U-turn back on the same road, articles before road numbers in
/// signposts, the gender of a foreign name by its generic word, British road numbers, junctions and slip roads.
@Suite struct NativeReviewPhrasingTests {
    /// The simulated drive of an example route (Examples/Routes) in `tag`, with its phrases.
    static func example(_ name: String, _ tag: String) throws -> [Phrase] {
        try PlannerRealRouteTests.drive("../../Examples/Routes/\(name)", tag).phrases
    }

    // MARK: de-DE

    /// A name that starts with a preposition and its article is not given a second article: the noun "Straße" goes
    /// before it ("in die Straße Am Kupfergraben", "auf der Straße Unter den Linden").
    @Test(arguments: [
        RoadGrammarCase("Am Kupfergraben", "Biegen Sie links in die Straße Am Kupfergraben ab."),
        RoadGrammarCase("An der Urania", "Biegen Sie links in die Straße An der Urania ab."),
        RoadGrammarCase("Unter den Linden", "Biegen Sie links in die Straße Unter den Linden ab."),
        RoadGrammarCase("Zur Alten Börse", "Biegen Sie links in die Straße Zur Alten Börse ab."),
        RoadGrammarCase("Tiergartentunnel", "Biegen Sie links in den Tiergartentunnel ab."),
        RoadGrammarCase("Tunnel Tiergarten Spreebogen", "Biegen Sie links in den Tunnel Tiergarten Spreebogen ab."),
        RoadGrammarCase("Amselweg", "Biegen Sie links in den Amselweg ab."),
    ])
    func germanNamesWithTheirArticle(_ c: RoadGrammarCase) throws {
        try c.check("de-DE", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test(arguments: [
        RoadGrammarCase("Am Kupfergraben", "Fahren Sie 800 m weiter auf der Straße Am Kupfergraben.",
                        "Fahren Sie 800 Meter weiter auf der Straße Am Kupfergraben."),
        RoadGrammarCase("Tiergartentunnel", "Fahren Sie 800 m weiter im Tiergartentunnel.",
                        "Fahren Sie 800 Meter weiter im Tiergartentunnel."),
    ])
    func germanNamesAlongTheRoad(_ c: RoadGrammarCase) throws {
        try c.check("de-DE", .continue, distance: 800) { TestData.maneuver(.newName, nil, name: $0, ref: $1) }
    }

    /// A real Valhalla route that turns onto Hakaniemenranta and makes a U-turn on it: the U-turn does not name the
    /// road the driver is already on. A U-turn onto another street still names it.
    @Test func aGermanUTurnOnTheSameRoadIsJustAUTurn() throws {
        let texts = try PlannerRealRouteTests.drive("valhalla/ramp-uturn.de-DE", "de-DE").phrases.map(\.display)
        #expect(texts.contains("Biegen Sie rechts auf Hakaniemenranta ab, danach wenden Sie."), "\(texts)")
        // The counted turn chained after it is counted from the U-turn, so it says no distance.
        #expect(texts.contains("Wenden Sie, danach nehmen Sie die zweite Straße links auf Siltasaarenkatu."), "\(texts)")
        #expect(!texts.contains { $0.contains("wenden Sie und fahren Sie auf Hakaniemenranta") || $0.contains("Wenden Sie und fahren Sie auf Hakaniemenranta") }, "\(texts)")
        let other = try PlannerRealRouteTests.drive("planner/stop-dead-end", "de-DE").phrases.map(\.display)
        #expect(other.contains { $0.hasPrefix("Wenden Sie und fahren Sie auf Siltasaarenkatu weiter") }, "\(other)")
    }

    // MARK: pl-PL

    /// "ulica" only for streets: a bridge is a "most", a tunnel a "tunel", a motorway a "droga", by the name's
    /// own generic word.
    @Test(arguments: [
        RoadGrammarCase("Tunel Wisłostrady", "Skręć w prawo w Tunel Wisłostrady."),
        RoadGrammarCase("Wiadukt Markiewicza", "Skręć w prawo na Wiadukt Markiewicza."),
        RoadGrammarCase("San Francisco–Oakland Bay Bridge", "Skręć w prawo na most San Francisco–Oakland Bay Bridge."),
        RoadGrammarCase("Oberbaumbrücke", "Skręć w prawo na most Oberbaumbrücke."),
        RoadGrammarCase("Tiergartentunnel", "Skręć w prawo w tunel Tiergartentunnel."),
        RoadGrammarCase("Bayshore Freeway", "Skręć w prawo na drogę Bayshore Freeway."),
        RoadGrammarCase("Marszałkowska", "Skręć w prawo w ulicę Marszałkowską."),
    ])
    func polishNounsByTheGenericWord(_ c: RoadGrammarCase) throws {
        try c.check("pl-PL", .now) { TestData.maneuver(.turn, .right, name: $0, ref: $1) }
    }

    @Test(arguments: [
        RoadGrammarCase("Tunel Wisłostrady", "Jedź dalej Tunelem Wisłostrady przez 2 km.", "Jedź dalej Tunelem Wisłostrady przez 2 kilometry."),
        RoadGrammarCase("San Francisco–Oakland Bay Bridge", "Jedź dalej mostem San Francisco–Oakland Bay Bridge przez 2 km.",
                        "Jedź dalej mostem San Francisco–Oakland Bay Bridge przez 2 kilometry."),
    ])
    func polishInstrumentalByTheGenericWord(_ c: RoadGrammarCase) throws {
        try c.check("pl-PL", .continue, distance: 2000) { TestData.maneuver(.newName, nil, name: $0, ref: $1) }
    }

    /// The real Bay Bridge route: the bridge is driven as a bridge, the freeway onto which the ramp leads as a road.
    @Test func polishBayBridgeRoute() throws {
        let spoken = try Self.example("motorway-bay-bridge", "pl-PL").map(\.spoken)
        #expect(spoken.contains { $0.contains("mostem San Francisco–Oakland Bay Bridge") }, "\(spoken)")
        #expect(!spoken.contains { $0.contains("ulicą San Francisco") || $0.contains("ulicę San Francisco") }, "\(spoken)")
    }

    // MARK: es-ES, es-MX, ca-ES, pt-PT: articles before road numbers in signposts

    @Test(arguments: [
        ("es-ES", "Tome la salida en dirección a la M-30.", "Tome la salida en dirección a la M 30."),
        ("es-MX", "Tome la salida en dirección a la M-30.", "Tome la salida en dirección a la M 30."),
    ])
    func spanishSignpostOfARef(tag: String, display: String, spoken: String) throws {
        let p = try TestData.phrase(tag, .now, TestData.maneuver(.offRamp, nil, destinations: "M-30"))
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }

    /// The real Bay Bridge route's signposts "I 80 East: Bay Bridge, Oakland" and "I 580 East: Hayward, Stockton".
    @Test(arguments: [
        ("es-ES", "en dirección a la I 80 East – Bay Bridge, Oakland", "en dirección a la I 580 East – Hayward, Stockton"),
        ("es-MX", "en dirección a la I 80 East – Bay Bridge, Oakland", "en dirección a la I 580 East – Hayward, Stockton"),
        ("ca-ES", "en direcció a l'I 80 East – Bay Bridge, Oakland", "en direcció a l'I 580 East – Hayward, Stockton"),
        ("pt-PT", "em direção à I 80 East – Bay Bridge, Oakland", "em direção à I 580 East – Hayward, Stockton"),
    ])
    func signpostsOfTheBayBridgeRouteHaveTheirArticle(tag: String, first: String, second: String) throws {
        let texts = try Self.example("motorway-bay-bridge", tag).map(\.display)
        #expect(texts.contains { $0.contains(first) }, "\(texts)")
        #expect(texts.contains { $0.contains(second) }, "\(texts)")
    }

    @Test(arguments: [
        ("ca-ES", "AP-7: Girona", "Agafeu la sortida en direcció a l'AP-7 – Girona."),
        ("ca-ES", "C-32", "Agafeu la sortida en direcció a la C-32."),
        ("pt-PT", "IC19: Sintra", "Saia em direção ao IC19 – Sintra."),
        ("pt-PT", "A1", "Saia em direção à A1."),
        ("es-ES", "A-6: A Coruña", "Tome la salida en dirección a la A-6 – A Coruña."),
        ("es-ES", "Madrid, Toledo", "Tome la salida en dirección a Madrid, Toledo."),
    ])
    func signpostArticles(tag: String, destinations: String, display: String) throws {
        #expect(try TestData.phrase(tag, .now, TestData.maneuver(.offRamp, nil, destinations: destinations)).display == display)
    }

    /// Road refs themselves already had their article; they keep it.
    @Test func refsKeepTheirArticle() throws {
        #expect(try TestData.phrase("es-ES", .now, TestData.maneuver(.turn, .right, ref: "A-6")).display.contains("la A-6"))
        #expect(try TestData.phrase("ca-ES", .now, TestData.maneuver(.turn, .right, ref: "AP-7")).display.contains("l'AP-7"))
        #expect(try TestData.phrase("pt-PT", .now, TestData.maneuver(.turn, .right, ref: "IC19")).display.contains("para o IC19"))
        #expect(try TestData.phrase("pt-PT", .now, TestData.maneuver(.turn, .right, ref: "A1")).display.contains("para a A1"))
    }

    // MARK: pt-BR, pt-PT: the gender of a foreign name by its generic word

    @Test(arguments: [
        ("pt-BR", "Bayshore Boulevard", "pelo Bayshore Boulevard"), ("pt-BR", "Tiergartentunnel", "pelo Tiergartentunnel"),
        ("pt-BR", "Harrison Street", "pela Harrison Street"), ("pt-BR", "Lakeshore Avenue", "pela Lakeshore Avenue"),
        ("pt-BR", "Iffley Road", "pela Iffley Road"), ("pt-BR", "MacArthur Freeway", "pela MacArthur Freeway"),
        ("pt-PT", "Bayshore Boulevard", "pelo Bayshore Boulevard"), ("pt-PT", "Harrison Street", "pela Harrison Street"),
    ])
    func portugueseGenderOfForeignNames(tag: String, name: String, words: String) throws {
        let p = try TestData.phrase(tag, .continue, TestData.maneuver(.newName, nil, name: name), meters: 2000)
        #expect(p.display.contains(words), "\(p.display)")
    }

    @Test(arguments: [("pt-BR", "à esquerda no Bayshore Boulevard"), ("pt-PT", "à esquerda para o Bayshore Boulevard")])
    func portugueseMasculineOnto(tag: String, words: String) throws {
        let p = try TestData.phrase(tag, .now, TestData.maneuver(.turn, .left, name: "Bayshore Boulevard"))
        #expect(p.display.contains(words), "\(p.display)")
    }

    // MARK: cs-CZ, sk-SK: the letter A of a ref is a letter, not the conjunction

    /// The exported text writes the ref as signed; the voice is given the letter so that eSpeak NG stresses it as
    /// the letter á instead of the unstressed conjunction after a pause ("…, a devadesát šest").
    @Test(arguments: [("cs-CZ", "A96", "A 96", "'aa d'evad,esa:tS'est"), ("sk-SK", "A96", "A 96", "'aa d'ev&d;d;,esjatS'est;"),
                      ("cs-CZ", "S8", "S 8", "'es 'osum"), ("sk-SK", "S8", "S 8", "'es 'osem")])
    func czechAndSlovakRefLetters(tag: String, ref: String, written: String, said: String) throws {
        let speaker = try LocaleSpeaker(tag)
        let p = speaker.say(.continue, TestData.maneuver(.newName, nil, ref: ref), 5000)
        #expect(p.spoken.contains(written), "\(p.spoken)")
        let phonemes = try ESpeakPhonemes.of(speaker.voice(p.spoken), voice: speaker.loaded.profile.voice)
        #expect(phonemes.contains(said), "\(phonemes)")
        #expect(!phonemes.contains("_:_: a d'ev") && !phonemes.contains("_:_: s_"), "\(phonemes)")
    }

    // MARK: en-GB

    @Test(arguments: [
        RoadGrammarCase("", ref: "M25", "Turn left onto the M25.", "Turn left onto the M 25."),
        RoadGrammarCase("", ref: "A34", "Turn left onto the A34.", "Turn left onto the A 34."),
        RoadGrammarCase("Cowley Road", ref: "B480", "Turn left onto Cowley Road (B480).", "Turn left onto Cowley Road."),
    ])
    func britishRoadNumbersTakeThe(_ c: RoadGrammarCase) throws {
        try c.check("en-GB", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    @Test func britishAlongTheRoadNumber() throws {
        let p = try TestData.phrase("en-GB", .continue, TestData.maneuver(.newName, nil, ref: "A34"), meters: 8000)
        #expect(p.display == "Continue along the A34 for 5 mi.")
    }

    /// Motorway exits are junctions, ramps slip roads; a signpost of road numbers takes "the".
    @Test func britishJunctionsAndSlipRoads() throws {
        let exit = try TestData.phrase("en-GB", .now, TestData.maneuver(.offRamp, .left, destinations: "M40: Oxford", exits: "4"))
        #expect(exit.display == "At junction 4, take the slip road on the left towards the M40 – Oxford.")
        #expect(exit.spoken == "At junction 4, take the slip road on the left towards the M 40, Oxford.")
        let onto = try TestData.phrase("en-GB", .now, TestData.maneuver(.onRamp, .right, ref: "M25"))
        #expect(onto.display == "Take the slip road on the right onto the M25.")
        let plain = try TestData.phrase("en-GB", .now, TestData.maneuver(.offRamp, nil, destinations: "Heathrow"))
        #expect(plain.display == "Take the slip road towards Heathrow.")
    }

    /// The real Bay Bridge route in British words: exit 21A is junction 21A.
    @Test func britishBayBridgeRoute() throws {
        let texts = try Self.example("motorway-bay-bridge", "en-GB").map(\.display)
        #expect(texts.contains("At junction 21A, take the slip road towards Grand Avenue, Lakeshore Avenue."), "\(texts)")
        #expect(!texts.contains { $0.contains("ramp") || $0.contains("exit 21A") }, "\(texts)")
    }
}
