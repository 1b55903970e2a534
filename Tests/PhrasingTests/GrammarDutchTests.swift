import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Dutch grammar through the nl phrasebook: article by street-type suffix (de/het), imperative instructions
/// throughout, distances, ordinals and abbreviations.
@Suite struct GrammarDutchTests {
    static func phrase(_ kind: AnnouncementKind, _ m: ManeuverDescription, meters: Double? = nil, units: UnitsSystem? = nil) throws -> Phrase {
        try TestData.phrase("nl-NL", kind, m, meters: meters, units: units)
    }

    @Test(arguments: [
        ("Kalverstraat", "Sla linksaf naar de Kalverstraat."),
        ("Prinsengracht", "Sla linksaf naar de Prinsengracht."),
        ("Stadhouderskade", "Sla linksaf naar de Stadhouderskade."),
        ("Zeedijk", "Sla linksaf naar de Zeedijk."),
        ("Dam", "Sla linksaf naar de Dam."),
        ("Leidseplein", "Sla linksaf naar het Leidseplein."),
        ("Vondelpark", "Sla linksaf naar het Vondelpark."),
        ("Damrak", "Sla linksaf naar het Damrak."),
        ("Het Rond", "Sla linksaf naar Het Rond."),
        ("Oosterpark", "Sla linksaf naar het Oosterpark."),
    ])
    func articleFollowsTheStreetType(name: String, expected: String) throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.turn, .left, name: name)).display == expected)
    }

    @Test func refsTakeDe() throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.merge, .slightLeft, ref: "A2"), meters: 3200)
        #expect(p.display == "Over 3 km, voeg links in op de A2.")
        #expect(p.spoken == "Over 3 kilometer, voeg links in op de A 2.")
    }

    @Test func everyInstructionIsImperative() throws {
        let exit = try Self.phrase(.prepare, TestData.maneuver(.offRamp, .right, destinations: "Utrecht, Amersfoort", exits: "23B"), meters: 800)
        #expect(exit.spoken == "Over 800 meter, neem afrit 23 B, richting Utrecht en Amersfoort.")
        let round = try Self.phrase(.now, TestData.maneuver(.roundabout, nil, name: "Blaak", exit: 3))
        #expect(round.display == "Neem op de rotonde de derde afslag naar Blaak.")
        let stay = try Self.phrase(.now, TestData.maneuver(.continue, .slightLeft, name: "Coolsingel"))
        #expect(stay.display == "Houd links aan om op de Coolsingel te blijven.")
    }

    /// After a fronted distance ("Over 300 m", "en na 150 m") the finite verb comes second: "ligt uw bestemming",
    /// "bereikt u"; only an imperative keeps the pause of a comma.
    @Test func arrivalsAreFullSentences() throws {
        #expect(try Self.phrase(.arrive, TestData.maneuver(.arrive, side: .left)).display == "Uw bestemming ligt aan de linkerkant.")
        #expect(try Self.phrase(.prepare, TestData.maneuver(.arrive, side: .left), meters: 300).display
                == "Over 300 m ligt uw bestemming links.")
        #expect(try Self.phrase(.prepare, TestData.maneuver(.arrive), meters: 300).display == "Over 300 m bereikt u uw bestemming.")
        #expect(try Self.phrase(.prepare, TestData.maneuver(.turn, .left, name: "Damrak"), meters: 300).display
                == "Over 300 m, sla linksaf naar het Damrak.")
        let chained = ChainedManeuver(maneuver: TestData.maneuver(.arrive), distanceMeters: 150, sayDistance: true)
        let a = Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .right, name: "Damrak"), then: chained)
        #expect(try TestData.builder("nl-NL").phrase(a).display == "Sla rechtsaf naar het Damrak, en na 150 m bereikt u uw bestemming.")
    }

    /// "then" is "en … daarna" with the verb first: "en sla daarna linksaf", and "en daarna ligt …" for a statement.
    @Test func thenPutsDaarnaAfterTheVerb() throws {
        let turn = ChainedManeuver(maneuver: TestData.maneuver(.turn, .left, name: "Kalverstraat"), distanceMeters: 40, sayDistance: false)
        let a = Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .right, name: "Damrak"), then: turn)
        let p = try TestData.builder("nl-NL").phrase(a)
        #expect(p.display == "Sla rechtsaf naar het Damrak, en sla daarna linksaf naar de Kalverstraat.")
        #expect(p.ssml == "<speak xml:lang=\"nl-NL\">Sla rechtsaf naar het Damrak, en sla daarna linksaf naar de Kalverstraat.</speak>")
        let arrive = ChainedManeuver(maneuver: TestData.maneuver(.arrive, side: .right), distanceMeters: 40, sayDistance: false)
        let b = Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .right, name: "Damrak"), then: arrive)
        #expect(try TestData.builder("nl-NL").phrase(b).display == "Sla rechtsaf naar het Damrak, en daarna ligt uw bestemming rechts.")
    }

    @Test func continueWithAndWithoutARoad() throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.continue)).display == "Volg de weg.")
        #expect(try Self.phrase(.now, TestData.maneuver(.continue, nil, name: "Coolsingel")).display == "Blijf de Coolsingel volgen.")
        #expect(try Self.phrase(.continue, TestData.maneuver(.newName, nil, ref: "A10"), meters: 8000).spoken
                == "Blijf 8 kilometer op de A 10 rijden.")
    }

    @Test(arguments: [
        (UnitsSystem.metric, 1500.0, "anderhalve kilometer"), (.metric, 1000, "1 kilometer"), (.metric, 300, "300 meter"),
        (.imperial, 402.336, "een kwart mijl"), (.imperial, 804.672, "een halve mijl"), (.imperial, 1609.344, "1 mijl"),
        (.imperial, 2414.016, "anderhalve mijl"), (.imperial, 91.44, "300 voet"), (.uk, 274.32, "300 yard"),
    ])
    func distances(units: UnitsSystem, meters: Double, words: String) throws {
        #expect(try Self.phrase(.prepare, TestData.maneuver(.turn, .right), meters: meters, units: units).spoken == "Over \(words), sla rechtsaf.")
    }

    @Test(arguments: [(1, "eerste"), (2, "tweede"), (3, "derde"), (8, "achtste"), (11, "elfde"), (12, "twaalfde"), (13, "13de")])
    func roundaboutOrdinals(exit: Int, word: String) throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.roundabout, nil, exit: exit)).display == "Neem op de rotonde de \(word) afslag.")
    }

    @Test func abbreviationsExpandForSpeechOnly() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.turn, .right, name: "Burg. de Monchyplein"))
        #expect(p.display == "Sla rechtsaf naar het Burg. de Monchyplein.")
        #expect(p.spoken == "Sla rechtsaf naar het Burgemeester de Monchyplein.")
        let s = try Self.phrase(.now, TestData.maneuver(.turn, .left, name: "Van Baerlestr.", destinations: "Museumplein"))
        #expect(s.spoken == "Sla linksaf naar de Van Baerlestraat, richting Museumplein.")
    }
}

/// nl speaks imperatives throughout: no verbless or infinitive instruction for any maneuver.
@Suite struct DutchImperativeTests {
    static let imperatives: Set<String> = ["Sla", "Rijd", "Neem", "Voeg", "Houd", "Keer", "Ga", "Volg", "Blijf", "Verlaat"]

    @Test func everyInstructionStartsWithAnImperative() throws {
        let nl = try LocaleSpeaker("nl-NL")
        let types: [ManeuverType] = [.turn, .continue, .newName, .merge, .onRamp, .offRamp, .fork, .endOfRoad, .roundabout, .rotary,
                                     .roundaboutTurn, .exitRoundabout, .exitRotary, .useLane, .notification]
        for type in types {
            for modifier in [nil] + ManeuverModifier.allCases {
                for name in ["", "Kalverstraat"] {
                    let exit = type == .roundabout || type == .rotary ? 2 : nil
                    let p = nl.now(TestData.maneuver(type, modifier, name: name, destinations: "Utrecht", exit: exit))
                    let first = String(p.display.prefix { $0 != " " })
                    #expect(Self.imperatives.contains(first), "\(type) \(String(describing: modifier)) '\(name)': \(p.display)")
                    #expect(!p.display.hasSuffix("nemen.") && !p.display.contains(" afslaan"), "\(p.display)")
                }
            }
        }
    }
}
