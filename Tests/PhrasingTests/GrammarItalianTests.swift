import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Italian grammar through the public PhraseBuilder: contractions by street type (in/nel/sulla/sul/sull'),
/// articles after "imbocca", feminine ordinals, spoken distances and abbreviations.
@Suite struct GrammarItalianTests {
    static let onto: [RoadGrammarCase] = [
        RoadGrammarCase("Via Roma", "Svolta a sinistra in Via Roma."),
        RoadGrammarCase("V. Roma", "Svolta a sinistra in V. Roma.", "Svolta a sinistra in Via Roma."),
        RoadGrammarCase("P.le Clodio", "Svolta a sinistra in P.le Clodio.", "Svolta a sinistra in Piazzale Clodio."),
        RoadGrammarCase("Tangenziale Est", "Svolta a sinistra sulla Tangenziale Est."),
        RoadGrammarCase("Circonvallazione Nomentana", "Svolta a sinistra sulla Circonvallazione Nomentana."),
        RoadGrammarCase("Strada Provinciale 35 dei Giovi", "Svolta a sinistra sulla Strada Provinciale 35 dei Giovi."),
        RoadGrammarCase("Strada della Pace", "Svolta a sinistra in Strada della Pace."),
        RoadGrammarCase("Lungarno Corsini", "Svolta a sinistra sul Lungarno Corsini."),
        RoadGrammarCase("Ponte Vecchio", "Svolta a sinistra sul Ponte Vecchio."),
        RoadGrammarCase("Grande Raccordo Anulare", "Svolta a sinistra sul Grande Raccordo Anulare."),
        RoadGrammarCase("Autostrada dei Laghi", "Svolta a sinistra sull'Autostrada dei Laghi."),
        RoadGrammarCase("Asse Mediano", "Svolta a sinistra sull'Asse Mediano."),
        RoadGrammarCase("Galleria del Gran Sasso", "Svolta a sinistra nella Galleria del Gran Sasso."),
        RoadGrammarCase("Traforo del Monte Bianco", "Svolta a sinistra nel Traforo del Monte Bianco."),
        RoadGrammarCase("Sottopasso Mortirolo", "Svolta a sinistra nel Sottopasso Mortirolo."),
        RoadGrammarCase("", ref: "A4", "Svolta a sinistra sull'A4.", "Svolta a sinistra sull'A 4."),
        RoadGrammarCase("", ref: "E45", "Svolta a sinistra sull'E45.", "Svolta a sinistra sull'E 45."),
        RoadGrammarCase("", ref: "SS1", "Svolta a sinistra sulla SS1.", "Svolta a sinistra sulla S S 1."),
        RoadGrammarCase("Tangenziale Ovest", ref: "A50", "Svolta a sinistra sulla Tangenziale Ovest (A50).", "Svolta a sinistra sulla Tangenziale Ovest."),
        RoadGrammarCase("", "Svolta a sinistra."),
    ]

    @Test(arguments: onto)
    func turnOntoContracts(c: RoadGrammarCase) throws {
        try c.check("it-IT", .now) { TestData.maneuver(.turn, .left, name: $0, ref: $1) }
    }

    static let staying: [RoadGrammarCase] = [
        RoadGrammarCase("Via Appia Nuova", "Prosegui su Via Appia Nuova per 2 km.", "Prosegui su Via Appia Nuova per 2 chilometri."),
        RoadGrammarCase("Piazzale Michelangelo", "Prosegui in Piazzale Michelangelo per 2 km.", "Prosegui in Piazzale Michelangelo per 2 chilometri."),
        RoadGrammarCase("L.go Argentina", "Prosegui in L.go Argentina per 2 km.", "Prosegui in Largo Argentina per 2 chilometri."),
        RoadGrammarCase("Raccordo Anulare", "Prosegui sul Raccordo Anulare per 2 km.", "Prosegui sul Raccordo Anulare per 2 chilometri."),
        RoadGrammarCase("Lungotevere Tor di Nona", "Prosegui sul Lungotevere Tor di Nona per 2 km.", "Prosegui sul Lungotevere Tor di Nona per 2 chilometri."),
        RoadGrammarCase("", ref: "A1", "Prosegui sull'A1 per 2 km.", "Prosegui sull'A 1 per 2 chilometri."),
        RoadGrammarCase("", ref: "SP11", "Prosegui sulla SP11 per 2 km.", "Prosegui sulla S P 11 per 2 chilometri."),
        RoadGrammarCase("", "Prosegui per 2 km.", "Prosegui per 2 chilometri."),
    ]

    @Test(arguments: staying)
    func continueOnContracts(c: RoadGrammarCase) throws {
        try c.check("it-IT", .continue, distance: 2000) { TestData.maneuver(.newName, name: $0, ref: $1) }
    }

    static let taking: [RoadGrammarCase] = [
        RoadGrammarCase("Via Emilia", "Alla rotonda, prendi la seconda uscita e imbocca Via Emilia."),
        RoadGrammarCase("C.so Francia", "Alla rotonda, prendi la seconda uscita e imbocca C.so Francia.", "Alla rotonda, prendi la seconda uscita e imbocca Corso Francia."),
        RoadGrammarCase("Tangenziale Nord", "Alla rotonda, prendi la seconda uscita e imbocca la Tangenziale Nord."),
        RoadGrammarCase("Viadotto dei Presidenti", "Alla rotonda, prendi la seconda uscita e imbocca il Viadotto dei Presidenti."),
        RoadGrammarCase("Autostrada del Brennero", "Alla rotonda, prendi la seconda uscita e imbocca l'Autostrada del Brennero."),
        RoadGrammarCase("", ref: "A14", "Alla rotonda, prendi la seconda uscita e imbocca l'A14.", "Alla rotonda, prendi la seconda uscita e imbocca l'A 14."),
        RoadGrammarCase("", ref: "SR2", "Alla rotonda, prendi la seconda uscita e imbocca la SR2.", "Alla rotonda, prendi la seconda uscita e imbocca la S R 2."),
        RoadGrammarCase("", "Alla rotonda, prendi la seconda uscita."),
    ]

    @Test(arguments: taking)
    func roundaboutExitTakesArticle(c: RoadGrammarCase) throws {
        try c.check("it-IT", .now) { TestData.maneuver(.roundabout, name: $0, ref: $1, exit: 2) }
    }

    @Test func namedRoundaboutsTakeTheirPreposition() throws {
        let rotonda = try TestData.phrase("it-IT", .now, TestData.maneuver(.roundabout, exit: 1, rotary: "Rotonda di Viale Marconi"))
        #expect(rotonda.display == "Alla Rotonda di Viale Marconi, prendi la prima uscita.")
        let piazza = try TestData.phrase("it-IT", .prepare, TestData.maneuver(.rotary, exit: 4, rotary: "P.za della Repubblica"), meters: 250)
        #expect(piazza.display == "Tra 250 m, in P.za della Repubblica, prendi la quarta uscita.")
        #expect(piazza.spoken == "Tra 250 metri, in Piazza della Repubblica, prendi la quarta uscita.")
        let enter = try TestData.phrase("it-IT", .now, TestData.maneuver(.roundabout, name: "Via Nizza", rotary: "Rotatoria Lingotto"))
        #expect(enter.display == "Entra nella Rotatoria Lingotto ed esci in Via Nizza.")
    }

    static let exitOrdinals: [(Int, String)] = [
        (1, "prima"), (2, "seconda"), (3, "terza"), (4, "quarta"), (5, "quinta"), (6, "sesta"), (7, "settima"),
        (8, "ottava"), (9, "nona"), (10, "decima"), (11, "undicesima"), (12, "dodicesima"), (13, "13ª"), (20, "20ª"),
    ]

    @Test(arguments: exitOrdinals)
    func exitOrdinalsAreFeminine(exit: Int, word: String) throws {
        let p = try TestData.phrase("it-IT", .now, TestData.maneuver(.roundabout, exit: exit))
        #expect(p.display == "Alla rotonda, prendi la \(word) uscita.")
    }

    static let distances: [(Double, UnitsSystem?, String, String)] = [
        (60, nil, "60 m", "60 metri"),
        (402, nil, "400 m", "400 metri"),
        (980, nil, "1 km", "un chilometro"),
        (1500, nil, "1,5 km", "un chilometro e mezzo"),
        (2400, nil, "2,5 km", "due chilometri e mezzo"),
        (3100, nil, "3 km", "3 chilometri"),
        (12_300, nil, "12 km", "12 chilometri"),
        (1_000_000_000, nil, "1000000 km", "1000000 di chilometri"),
        (30, .imperial, "100 ft", "100 piedi"),
        (402, .imperial, "¼ mi", "un quarto di miglio"),
        (1609, .imperial, "1 mi", "un miglio"),
        (4000, .imperial, "2,5 mi", "due miglia e mezzo"),
        (200, .uk, "200 yd", "200 iarde"),
    ]

    @Test(arguments: distances)
    func distancesAreSaidAsItaliansSayThem(meters: Double, units: UnitsSystem?, display: String, spoken: String) throws {
        let p = try TestData.phrase("it-IT", .prepare, TestData.maneuver(.turn, .right, name: "Via Po"), meters: meters, units: units)
        #expect(p.display == "Tra \(display), svolta a destra in Via Po.")
        #expect(p.spoken == "Tra \(spoken), svolta a destra in Via Po.")
    }

    @Test func abbreviationsExpandOnlyInSpeech() throws {
        let p = try TestData.phrase("it-IT", .now, TestData.maneuver(.turn, .right, name: "V.le Gen. F.lli Cairoli"))
        #expect(p.display == "Svolta a destra in V.le Gen. F.lli Cairoli.")
        #expect(p.spoken == "Svolta a destra in Viale Generale Fratelli Cairoli.")
    }

    @Test func thenLanesAndDestinationsReadNaturally() throws {
        let next = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "Via Nazionale"), distanceMeters: 120, sayDistance: true)
        let lanes = LaneHint(position: .middle, usableCount: 2, totalCount: 4)
        let fork = TestData.maneuver(.fork, .slightLeft, ref: "A1", destinations: "Milano, Bologna", lanes: lanes)
        let p = try TestData.phrase("it-IT", .prepare, fork, meters: 600, then: next)
        #expect(p.display == "Tra 600 m, al bivio, mantieni la sinistra e prosegui sull'A1 in direzione Milano, Bologna, poi, dopo 100 m, svolta a destra in Via Nazionale. Usa una delle 2 corsie centrali.")
        #expect(p.spoken == "Tra 600 metri, al bivio, mantieni la sinistra e prosegui sull'A 1 in direzione Milano e Bologna, poi, dopo 100 metri, svolta a destra in Via Nazionale. Usa una delle 2 corsie centrali.")
        #expect(p.ssml.contains("sull&apos;A 1"))
    }

    static let places: [RoadGrammarCase] = [
        RoadGrammarCase("Staz. Centrale", "La Staz. Centrale è sulla sinistra.", "La Stazione Centrale è sulla sinistra."),
        RoadGrammarCase("Ospedale San Raffaele", "L'Ospedale San Raffaele è sulla sinistra."),
        RoadGrammarCase("Stadio Olimpico", "Lo Stadio Olimpico è sulla sinistra."),
        RoadGrammarCase("Museo del Novecento", "Il Museo del Novecento è sulla sinistra."),
        RoadGrammarCase("Piazza Navona", "Piazza Navona è sulla sinistra."),
        RoadGrammarCase("Bergamo", "Bergamo è sulla sinistra."),
    ]

    @Test(arguments: places)
    func namedStopsTakeTheirArticle(c: RoadGrammarCase) throws {
        try c.check("it-IT", .waypoint) { name, _ in
            var stop = TestData.maneuver(.arrive, side: .left)
            stop.waypointName = name
            stop.waypointOrdinal = 1
            return stop
        }
    }
}
