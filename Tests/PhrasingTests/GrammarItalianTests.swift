import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Italian grammar through the public PhraseBuilder: contractions by street type (in/nel/sulla/sul/sull'),
/// articles after "imbocca", feminine ordinals, spoken distances and abbreviations.
@Suite struct GrammarItalianTests {
    /// A road given by name and/or ref; the expected display and spoken text.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var ref: String?
        var display: String
        var spoken: String
        var testDescription: String { name.isEmpty ? (ref ?? "") : name }
        init(_ name: String, ref: String? = nil, _ display: String, _ spoken: String? = nil) {
            self.name = name; self.ref = ref; self.display = display; self.spoken = spoken ?? display
        }
    }

    static func phrase(_ kind: AnnouncementKind, _ maneuver: ManeuverDescription, distance: Double? = nil,
                       units: UnitsSystem? = nil) throws -> Phrase {
        try TestData.builder("it-IT", units: units).phrase(Announcement(kind: kind, maneuver: maneuver, spokenDistanceMeters: distance))
    }

    static let onto: [Case] = [
        Case("Via Roma", "Svolta a sinistra in Via Roma."),
        Case("V. Roma", "Svolta a sinistra in V. Roma.", "Svolta a sinistra in Via Roma."),
        Case("P.le Clodio", "Svolta a sinistra in P.le Clodio.", "Svolta a sinistra in Piazzale Clodio."),
        Case("Tangenziale Est", "Svolta a sinistra sulla Tangenziale Est."),
        Case("Circonvallazione Nomentana", "Svolta a sinistra sulla Circonvallazione Nomentana."),
        Case("Strada Provinciale 35 dei Giovi", "Svolta a sinistra sulla Strada Provinciale 35 dei Giovi."),
        Case("Strada della Pace", "Svolta a sinistra in Strada della Pace."),
        Case("Lungarno Corsini", "Svolta a sinistra sul Lungarno Corsini."),
        Case("Ponte Vecchio", "Svolta a sinistra sul Ponte Vecchio."),
        Case("Grande Raccordo Anulare", "Svolta a sinistra sul Grande Raccordo Anulare."),
        Case("Autostrada dei Laghi", "Svolta a sinistra sull'Autostrada dei Laghi."),
        Case("Asse Mediano", "Svolta a sinistra sull'Asse Mediano."),
        Case("Galleria del Gran Sasso", "Svolta a sinistra nella Galleria del Gran Sasso."),
        Case("Traforo del Monte Bianco", "Svolta a sinistra nel Traforo del Monte Bianco."),
        Case("Sottopasso Mortirolo", "Svolta a sinistra nel Sottopasso Mortirolo."),
        Case("", ref: "A4", "Svolta a sinistra sull'A4.", "Svolta a sinistra sull'A 4."),
        Case("", ref: "E45", "Svolta a sinistra sull'E45.", "Svolta a sinistra sull'E 45."),
        Case("", ref: "SS1", "Svolta a sinistra sulla SS1.", "Svolta a sinistra sulla S S 1."),
        Case("Tangenziale Ovest", ref: "A50", "Svolta a sinistra sulla Tangenziale Ovest (A50).", "Svolta a sinistra sulla Tangenziale Ovest."),
        Case("", "Svolta a sinistra."),
    ]

    @Test(arguments: onto)
    func turnOntoContracts(c: Case) throws {
        let p = try Self.phrase(.now, TestData.maneuver(.turn, .left, name: c.name, ref: c.ref))
        #expect(p.display == c.display)
        #expect(p.spoken == c.spoken)
    }

    static let staying: [Case] = [
        Case("Via Appia Nuova", "Prosegui su Via Appia Nuova per 2 km.", "Prosegui su Via Appia Nuova per 2 chilometri."),
        Case("Piazzale Michelangelo", "Prosegui in Piazzale Michelangelo per 2 km.", "Prosegui in Piazzale Michelangelo per 2 chilometri."),
        Case("L.go Argentina", "Prosegui in L.go Argentina per 2 km.", "Prosegui in Largo Argentina per 2 chilometri."),
        Case("Raccordo Anulare", "Prosegui sul Raccordo Anulare per 2 km.", "Prosegui sul Raccordo Anulare per 2 chilometri."),
        Case("Lungotevere Tor di Nona", "Prosegui sul Lungotevere Tor di Nona per 2 km.", "Prosegui sul Lungotevere Tor di Nona per 2 chilometri."),
        Case("", ref: "A1", "Prosegui sull'A1 per 2 km.", "Prosegui sull'A 1 per 2 chilometri."),
        Case("", ref: "SP11", "Prosegui sulla SP11 per 2 km.", "Prosegui sulla S P 11 per 2 chilometri."),
        Case("", "Prosegui per 2 km.", "Prosegui per 2 chilometri."),
    ]

    @Test(arguments: staying)
    func continueOnContracts(c: Case) throws {
        let p = try Self.phrase(.continue, TestData.maneuver(.newName, name: c.name, ref: c.ref), distance: 2000)
        #expect(p.display == c.display)
        #expect(p.spoken == c.spoken)
    }

    static let taking: [Case] = [
        Case("Via Emilia", "Alla rotonda, prendi la seconda uscita e imbocca Via Emilia."),
        Case("C.so Francia", "Alla rotonda, prendi la seconda uscita e imbocca C.so Francia.", "Alla rotonda, prendi la seconda uscita e imbocca Corso Francia."),
        Case("Tangenziale Nord", "Alla rotonda, prendi la seconda uscita e imbocca la Tangenziale Nord."),
        Case("Viadotto dei Presidenti", "Alla rotonda, prendi la seconda uscita e imbocca il Viadotto dei Presidenti."),
        Case("Autostrada del Brennero", "Alla rotonda, prendi la seconda uscita e imbocca l'Autostrada del Brennero."),
        Case("", ref: "A14", "Alla rotonda, prendi la seconda uscita e imbocca l'A14.", "Alla rotonda, prendi la seconda uscita e imbocca l'A 14."),
        Case("", ref: "SR2", "Alla rotonda, prendi la seconda uscita e imbocca la SR2.", "Alla rotonda, prendi la seconda uscita e imbocca la S R 2."),
        Case("", "Alla rotonda, prendi la seconda uscita."),
    ]

    @Test(arguments: taking)
    func roundaboutExitTakesArticle(c: Case) throws {
        let p = try Self.phrase(.now, TestData.maneuver(.roundabout, name: c.name, ref: c.ref, exit: 2))
        #expect(p.display == c.display)
        #expect(p.spoken == c.spoken)
    }

    @Test func namedRoundaboutsTakeTheirPreposition() throws {
        let rotonda = try Self.phrase(.now, TestData.maneuver(.roundabout, exit: 1, rotary: "Rotonda di Viale Marconi"))
        #expect(rotonda.display == "Alla Rotonda di Viale Marconi, prendi la prima uscita.")
        let piazza = try Self.phrase(.prepare, TestData.maneuver(.rotary, exit: 4, rotary: "P.za della Repubblica"), distance: 250)
        #expect(piazza.display == "Tra 250 m, in P.za della Repubblica, prendi la quarta uscita.")
        #expect(piazza.spoken == "Tra 250 metri, in Piazza della Repubblica, prendi la quarta uscita.")
        let enter = try Self.phrase(.now, TestData.maneuver(.roundabout, name: "Via Nizza", rotary: "Rotatoria Lingotto"))
        #expect(enter.display == "Entra nella Rotatoria Lingotto ed esci in Via Nizza.")
    }

    static let exitOrdinals: [(Int, String)] = [
        (1, "prima"), (2, "seconda"), (3, "terza"), (4, "quarta"), (5, "quinta"), (6, "sesta"), (7, "settima"),
        (8, "ottava"), (9, "nona"), (10, "decima"), (11, "undicesima"), (12, "dodicesima"), (13, "13ª"), (20, "20ª"),
    ]

    @Test(arguments: exitOrdinals)
    func exitOrdinalsAreFeminine(exit: Int, word: String) throws {
        let p = try Self.phrase(.now, TestData.maneuver(.roundabout, exit: exit))
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
        let p = try Self.phrase(.prepare, TestData.maneuver(.turn, .right, name: "Via Po"), distance: meters, units: units)
        #expect(p.display == "Tra \(display), svolta a destra in Via Po.")
        #expect(p.spoken == "Tra \(spoken), svolta a destra in Via Po.")
    }

    @Test func abbreviationsExpandOnlyInSpeech() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.turn, .right, name: "V.le Gen. F.lli Cairoli"))
        #expect(p.display == "Svolta a destra in V.le Gen. F.lli Cairoli.")
        #expect(p.spoken == "Svolta a destra in Viale Generale Fratelli Cairoli.")
    }

    @Test func thenLanesAndDestinationsReadNaturally() throws {
        let next = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "Via Nazionale"), distanceMeters: 120, sayDistance: true)
        let lanes = LaneHint(position: .middle, usableCount: 2, totalCount: 4)
        let a = Announcement(kind: .prepare, maneuver: TestData.maneuver(.fork, .slightLeft, ref: "A1", destinations: "Milano, Bologna", lanes: lanes),
                             spokenDistanceMeters: 600, then: next)
        let p = try TestData.builder("it-IT").phrase(a)
        #expect(p.display == "Tra 600 m, al bivio, mantieni la sinistra e prosegui sull'A1 in direzione Milano, Bologna, poi, dopo 100 m, svolta a destra in Via Nazionale. Usa una delle 2 corsie centrali.")
        #expect(p.spoken == "Tra 600 metri, al bivio, mantieni la sinistra e prosegui sull'A 1 in direzione Milano e Bologna, poi, dopo 100 metri, svolta a destra in Via Nazionale. Usa una delle 2 corsie centrali.")
        #expect(p.ssml.contains("sull&apos;A 1"))
    }
}
