import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Signposts and "then" chains as natives say them: French road numbers keep their article in a
/// list of destinations ("en direction de l'A 99 et d'Oakland"), Québec lists places without repeating "de",
/// Greek "προς" takes the accusative ("προς Κόρινθο"), and a ferry's drive-off chained with the next turn says
/// one "and" (es "salga del ferri hacia el norte … y luego gire").
@Suite struct SignpostAndChainPhrasingTests {
    static func exit(_ tag: String, _ destinations: String) throws -> Phrase {
        try TestData.phrase(tag, .now, TestData.maneuver(.offRamp, .slightRight, destinations: destinations))
    }

    @Test(arguments: [
        ("fr-FR", "A 99: Oakland", "Prenez la sortie en direction de l'A 99 – Oakland.", "Prenez la sortie en direction de l'A 99 et d'Oakland."),
        ("fr-FR", "A 1, N 7: Lyon, Orléans", "Prenez la sortie en direction de l'A 1, N 7 – Lyon, Orléans.",
         "Prenez la sortie en direction de l'A 1, de la N 7, de Lyon et d'Orléans."),
        ("fr-FR", "N 7, Lyon", "Prenez la sortie en direction de la N 7, Lyon.", "Prenez la sortie en direction de la N 7 et de Lyon."),
        ("fr-FR", "Le Havre, Rouen", "Prenez la sortie en direction du Havre, Rouen.", "Prenez la sortie en direction du Havre et de Rouen."),
        ("fr-CA", "A-15 Nord: Laval, Saint-Jérôme", "Prenez la sortie en direction de l'A-15 Nord – Laval, Saint-Jérôme.",
         "Prenez la sortie en direction de l'autoroute 15 Nord, Laval et Saint-Jérôme."),
        ("fr-CA", "Laval, Montréal, Québec", "Prenez la sortie en direction de Laval, Montréal, Québec.",
         "Prenez la sortie en direction de Laval, Montréal et Québec."),
    ])
    func frenchRoadNumbersKeepTheirArticleInASignpost(tag: String, destinations: String, display: String, spoken: String) throws {
        let p = try Self.exit(tag, destinations)
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }

    @Test(arguments: [
        ("Α8: Κόρινθος, Πάτρα", "Πάρτε την έξοδο προς Α8 – Κόρινθο, Πάτρα.", "Πάρτε την έξοδο προς Α 8, Κόρινθο και Πάτρα."),
        ("Πειραιάς, Άγιος Νικόλαος", "Πάρτε την έξοδο προς Πειραιά, Άγιο Νικόλαο.", "Πάρτε την έξοδο προς Πειραιά και Άγιο Νικόλαο."),
        ("Λαμία, Ηράκλειο", "Πάρτε την έξοδο προς Λαμία, Ηράκλειο.", "Πάρτε την έξοδο προς Λαμία και Ηράκλειο."),
    ])
    func greekTowardTakesTheAccusative(destinations: String, display: String, spoken: String) throws {
        let p = try Self.exit("el-GR", destinations)
        #expect(p.display == display)
        #expect(p.spoken == spoken)
    }

    /// The first maneuver after a ferry, with the next turn chained.
    static func driveOff(_ tag: String, sayDistance: Bool) throws -> Phrase {
        var off = TestData.maneuver(.turn, .left, name: "Katajanokanlaituri", bearing: 0)
        off.previousMode = "ferry"
        let then = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "Kanavakatu"), distanceMeters: 150, sayDistance: sayDistance)
        return try TestData.phrase(tag, sayDistance ? .prepare : .now, off, meters: sayDistance ? 300 : nil, then: then)
    }

    @Test(arguments: [
        ("es-ES", false, "Salga del ferri hacia el norte por Katajanokanlaituri y luego gire a la derecha por Kanavakatu."),
        ("es-ES", true, "A 300 m, salga del ferri hacia el norte por Katajanokanlaituri y, 150 m después, gire a la derecha por Kanavakatu."),
        ("es-MX", false, "Salga del transbordador hacia el norte por Katajanokanlaituri y luego dé vuelta a la derecha en Kanavakatu."),
        ("fi-FI", false, "Poistu lautalta ja jatka pohjoiseen Katajanokanlaiturilla, käänny sitten oikealle Kanavakadulle."),
    ])
    func driveOffTheFerryThenTurnSaysOneAnd(tag: String, sayDistance: Bool, display: String) throws {
        let p = try Self.driveOff(tag, sayDistance: sayDistance)
        #expect(p.display == display)
        let and = tag.hasPrefix("fi") ? " ja " : " y "
        #expect(p.display.components(separatedBy: and).count - 1 <= 1, "\(p.display)")
    }
}
