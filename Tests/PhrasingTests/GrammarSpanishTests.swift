import Guidance
import Phrasing
import RouteModel
import Testing

/// Spanish (Spain) grammar through the real es phrasebook: article by the street type's gender, the al/del
/// contractions, refs as feminine roads, abbreviations for speech, plurals and feminine ordinals.
@Suite struct GrammarSpanishTests {
    let probe: LocaleSpeaker

    init() throws { probe = try LocaleSpeaker("es-ES") }

    @Test func articleFollowsTheGenderOfTheStreetType() throws {
        #expect(probe.display(.turn, .left, name: "Calle Mayor") == "Gire a la izquierda por la calle Mayor.")
        #expect(probe.display(.turn, .left, name: "Avenida de la Constitución") == "Gire a la izquierda por la avenida de la Constitución.")
        #expect(probe.display(.turn, .left, name: "Paseo del Prado") == "Gire a la izquierda por el paseo del Prado.")
        #expect(probe.display(.turn, .left, name: "Camino de Ronda") == "Gire a la izquierda por el camino de Ronda.")
        #expect(probe.display(.turn, .left, name: "Carrer de Balmes") == "Gire a la izquierda por el carrer de Balmes.")
        #expect(probe.display(.turn, .left, name: "Rúa do Franco") == "Gire a la izquierda por la rúa do Franco.")
        #expect(probe.display(.turn, .left, name: "Gran Vía") == "Gire a la izquierda por la Gran Vía.")
        #expect(probe.display(.turn, .left, name: "La Castellana") == "Gire a la izquierda por la Castellana.")
        #expect(probe.display(.turn, .left, name: "Zurbarán") == "Gire a la izquierda por Zurbarán.")
    }

    @Test func refsAreFeminineRoads() throws {
        let a6 = probe.now(TestData.maneuver(.turn, .left, ref: "A-6"))
        #expect(a6.display == "Gire a la izquierda por la A-6.")
        #expect(a6.spoken == "Gire a la izquierda por la A 6.")
        let ap7 = probe.now(TestData.maneuver(.merge, nil, ref: "AP-7"))
        #expect(ap7.display == "Incorpórese a la AP-7.")
        #expect(ap7.spoken == "Incorpórese a la A P 7.")
    }

    @Test func aAndDeContractWithTheMasculineArticle() throws {
        #expect(probe.display(.merge, name: "Paseo de la Castellana") == "Incorpórese al paseo de la Castellana.")
        #expect(probe.display(.merge, name: "Calle de Alcalá") == "Incorpórese a la calle de Alcalá.")
        #expect(probe.display(.merge, name: "El Pardo") == "Incorpórese al Pardo.")
        #expect(probe.display(.merge, name: "Las Ramblas") == "Incorpórese a las Ramblas.")
        let exit = probe.now(TestData.maneuver(.exitRoundabout, nil, name: "Paseo de Recoletos", rotary: "Plaza de Colón"))
        #expect(exit.display == "Salga de la plaza de Colón al paseo de Recoletos.")
        let fromMasculine = probe.now(TestData.maneuver(.exitRoundabout, nil, name: "Calle de Bravo Murillo", rotary: "Puente de Vallecas"))
        #expect(fromMasculine.display == "Salga del puente de Vallecas a la calle de Bravo Murillo.")
        let fromArticle = probe.now(TestData.maneuver(.exitRoundabout, nil, rotary: "El Cruce"))
        #expect(fromArticle.display == "Salga del Cruce.")
    }

    @Test func namedRoundaboutsTakeTheArticle() throws {
        let glorieta = probe.now(TestData.maneuver(.rotary, nil, name: "Calle de Fuencarral", exit: 3, rotary: "Glorieta de Bilbao"))
        #expect(glorieta.display == "En la glorieta de Bilbao, tome la tercera salida hacia la calle de Fuencarral.")
        let enter = probe.now(TestData.maneuver(.roundabout, nil, name: "Paseo del Prado", rotary: "Plaza de Cibeles"))
        #expect(enter.display == "En la plaza de Cibeles, tome la salida hacia el paseo del Prado.")
    }

    @Test func abbreviationsAreSpokenInFullAndDisplayedAsWritten() throws {
        let c = probe.now(TestData.maneuver(.turn, .right, name: "C/ Mayor"))
        #expect(c.display == "Gire a la derecha por la c/ Mayor.")
        #expect(c.spoken == "Gire a la derecha por la calle Mayor.")
        let avda = probe.now(TestData.maneuver(.turn, .right, name: "Avda. del Dr. Arce"))
        #expect(avda.display == "Gire a la derecha por la avda. del Dr. Arce.")
        #expect(avda.spoken == "Gire a la derecha por la avenida del Doctor Arce.")
        let paseo = probe.now(TestData.maneuver(.merge, nil, name: "Pº de Sta. María de la Cabeza"))
        #expect(paseo.spoken == "Incorpórese al paseo de Santa María de la Cabeza.")
        let ctra = probe.now(TestData.maneuver(.turn, .right, name: "Ctra. de Toledo"))
        #expect(ctra.spoken == "Gire a la derecha por la carretera de Toledo.")
    }

    @Test func distancesArePluralFromAboveOneAndUseTheDecimalComma() throws {
        let m = TestData.maneuver(.turn, .left, name: "Calle Mayor")
        #expect(probe.prepare(m, meters: 1500).display == "A 1,5 km, gire a la izquierda por la calle Mayor.")
        let spoken: [(Double, UnitsSystem?, String)] = [
            (1500, nil, "A un kilómetro y medio, gire a la izquierda por la calle Mayor."),
            (1000, nil, "A 1 kilómetro, gire a la izquierda por la calle Mayor."),
            (400, .imperial, "A un cuarto de milla, gire a la izquierda por la calle Mayor."),
            (800, .imperial, "A media milla, gire a la izquierda por la calle Mayor."),
            (1609, .imperial, "A 1 milla, gire a la izquierda por la calle Mayor."),
        ]
        for (meters, units, expected) in spoken {
            #expect(probe.prepare(m, meters: meters, units: units).spoken == expected)
        }
    }

    @Test func exitOrdinalsAreFeminine() throws {
        let expected = ["primera", "segunda", "tercera", "cuarta", "quinta", "sexta", "séptima", "octava", "novena",
                        "décima", "undécima", "duodécima", "13ª"]
        for (index, word) in expected.enumerated() {
            let p = probe.now(TestData.maneuver(.roundabout, nil, exit: index + 1))
            #expect(p.display == "En la rotonda, tome la \(word) salida.")
        }
    }

    @Test func thenClauseWithAndWithoutDistance() throws {
        let depart = TestData.maneuver(.depart, nil, name: "Calle de Atocha", bearing: 270)
        let short = probe.chained(.depart, depart, then: TestData.maneuver(.turn, .right, name: "Paseo del Prado"),
                                           meters: 40, sayDistance: false)
        #expect(short.display == "Diríjase al oeste por la calle de Atocha y luego gire a la derecha por el paseo del Prado.")
        let far = probe.chained(.now, TestData.maneuver(.turn, .left, name: "Calle A"),
                                         then: TestData.maneuver(.arrive, nil, side: .left), meters: 200, sayDistance: true)
        #expect(far.spoken == "Gire a la izquierda por la calle A y, 200 metros después, su destino estará a la izquierda.")
    }
}
