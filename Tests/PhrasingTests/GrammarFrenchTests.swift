import Guidance
import Phrasing
import RouteModel
import Testing

/// French grammar through the real fr phrasebook: articles, elision and contractions chosen by the street type,
/// destinations with du/des/d', abbreviations for speech, singular below 2, feminine ordinals.
@Suite struct GrammarFrenchTests {
    let probe: LocaleSpeaker

    init() throws { probe = try LocaleSpeaker("fr-FR") }

    @Test func articleAndPrepositionFollowTheStreetType() throws {
        #expect(probe.display(.turn, .left, name: "Avenue Foch") == "Tournez à gauche sur l'avenue Foch.")
        #expect(probe.display(.turn, .left, name: "Rue de Rivoli") == "Tournez à gauche dans la rue de Rivoli.")
        #expect(probe.display(.turn, .left, name: "Boulevard Haussmann") == "Tournez à gauche sur le boulevard Haussmann.")
        #expect(probe.display(.turn, .left, name: "Impasse des Lilas") == "Tournez à gauche dans l'impasse des Lilas.")
        #expect(probe.display(.turn, .left, name: "Passage Choiseul") == "Tournez à gauche dans le passage Choiseul.")
        #expect(probe.display(.turn, .left, name: "Place de la Concorde") == "Tournez à gauche sur la place de la Concorde.")
        #expect(probe.display(.turn, .left, name: "Échangeur de Bercy") == "Tournez à gauche sur l'échangeur de Bercy.")
        #expect(probe.display(.turn, .left, name: "Quai de la Tournelle") == "Tournez à gauche sur le quai de la Tournelle.")
        #expect(probe.display(.turn, .left, name: "Allées Jean Jaurès") == "Tournez à gauche dans les allées Jean Jaurès.")
        #expect(probe.display(.turn, .left, name: "Grande Rue") == "Tournez à gauche dans la Grande Rue.")
        #expect(probe.display(.turn, .left, name: "La Canebière") == "Tournez à gauche sur la Canebière.")
    }

    @Test func refsElideBeforeAAndE() throws {
        #expect(probe.display(.turn, .left, ref: "A 6") == "Tournez à gauche sur l'A 6.")
        #expect(probe.display(.turn, .left, ref: "E 15") == "Tournez à gauche sur l'E 15.")
        #expect(probe.display(.turn, .left, ref: "N 7") == "Tournez à gauche sur la N 7.")
        #expect(probe.display(.turn, .left, ref: "D 906") == "Tournez à gauche sur la D 906.")
        let rn = probe.now(TestData.maneuver(.merge, nil, ref: "RN 7"))
        #expect(rn.display == "Insérez-vous sur la RN 7.")
        #expect(rn.spoken == "Insérez-vous sur la N 7.")
        let ramp = probe.now(TestData.maneuver(.onRamp, nil, ref: "A 86"))
        #expect(ramp.display == "Prenez la bretelle d'accès à l'A 86.")
    }

    @Test func roundaboutNamesContractWithA() throws {
        func at(_ rotary: String) throws -> String {
            probe.now(TestData.maneuver(.roundabout, nil, exit: 2, rotary: rotary)).display
        }
        #expect(try at("Rond-point de l'Europe") == "Au rond-point de l'Europe, prenez la deuxième sortie.")
        #expect(try at("Place de la Nation") == "À la place de la Nation, prenez la deuxième sortie.")
        #expect(try at("Échangeur de la Porte Maillot") == "À l'échangeur de la Porte Maillot, prenez la deuxième sortie.")
        #expect(try at("Les Quatre Chemins") == "Aux Quatre Chemins, prenez la deuxième sortie.")
        #expect(try at("Le Rond-Point des Champs-Élysées") == "Au Rond-Point des Champs-Élysées, prenez la deuxième sortie.")
    }

    @Test func leavingANamedRoundaboutContractsWithDe() throws {
        func out(_ rotary: String, _ name: String = "") throws -> String {
            probe.now(TestData.maneuver(.exitRoundabout, nil, name: name, rotary: rotary)).display
        }
        #expect(try out("Rond-point du Général de Gaulle", "Avenue Jean Jaurès")
            == "Sortez du rond-point du Général de Gaulle et prenez l'avenue Jean Jaurès.")
        #expect(try out("Place de la Bastille", "Rue de la Roquette")
            == "Sortez de la place de la Bastille et prenez la rue de la Roquette.")
        #expect(try out("Esplanade des Invalides") == "Sortez de l'esplanade des Invalides.")
        #expect(try out("Les Quatre Routes") == "Sortez des Quatre Routes.")
        #expect(try out("Étoile") == "Sortez du rond-point Étoile.")
    }

    @Test func destinationsTakeDuDesAndElision() throws {
        func toward(_ destinations: String) throws -> Phrase {
            probe.now(TestData.maneuver(.offRamp, nil, destinations: destinations))
        }
        #expect(try toward("Lyon").display == "Prenez la sortie en direction de Lyon.")
        #expect(try toward("Orléans").display == "Prenez la sortie en direction d'Orléans.")
        #expect(try toward("Le Havre").display == "Prenez la sortie en direction du Havre.")
        #expect(try toward("Les Sables-d'Olonne").display == "Prenez la sortie en direction des Sables-d'Olonne.")
        #expect(try toward("La Rochelle").display == "Prenez la sortie en direction de La Rochelle.")
        let list = try toward("Le Mans, Tours")
        #expect(list.display == "Prenez la sortie en direction du Mans, Tours.")
        #expect(list.spoken == "Prenez la sortie en direction du Mans et de Tours.")
    }

    @Test func abbreviationsAreSpokenInFullAndDisplayedAsWritten() throws {
        let bd = probe.now(TestData.maneuver(.turn, .right, name: "Bd St-Germain"))
        #expect(bd.display == "Tournez à droite sur le bd St-Germain.")
        #expect(bd.spoken == "Tournez à droite sur le boulevard St-Germain.")
        let av = probe.now(TestData.maneuver(.turn, .right, name: "Av. du Gal Leclerc"))
        #expect(av.display == "Tournez à droite sur l'av. du Gal Leclerc.")
        #expect(av.spoken == "Tournez à droite sur l'avenue du Général Leclerc.")
        let fbg = probe.now(TestData.maneuver(.turn, .right, name: "Fg St Antoine"))
        #expect(fbg.spoken == "Tournez à droite sur le faubourg Saint Antoine.")
        let nd = probe.now(TestData.maneuver(.turn, .right, name: "R. ND des Champs"))
        #expect(nd.spoken == "Tournez à droite dans la rue Notre-Dame des Champs.")
    }

    @Test func distancesAreSingularBelowTwoAndUseTheDecimalComma() throws {
        let m = TestData.maneuver(.turn, .left, name: "Avenue Foch")
        #expect(probe.prepare(m, meters: 1500).display == "Dans 1,5 km, tournez à gauche sur l'avenue Foch.")
        let spoken: [(Double, UnitsSystem?, String)] = [
            (1500, nil, "Dans un kilomètre et demi, tournez à gauche sur l'avenue Foch."),
            (1000, nil, "Dans 1 kilomètre, tournez à gauche sur l'avenue Foch."),
            (2500, nil, "Dans deux kilomètres et demi, tournez à gauche sur l'avenue Foch."),
            (400, .imperial, "Dans un quart de mile, tournez à gauche sur l'avenue Foch."),
            (800, .imperial, "Dans un demi-mile, tournez à gauche sur l'avenue Foch."),
            (60, .imperial, "Dans 200 pieds, tournez à gauche sur l'avenue Foch."),
        ]
        for (meters, units, expected) in spoken {
            #expect(probe.prepare(m, meters: meters, units: units).spoken == expected)
        }
    }

    @Test func exitOrdinalsAreFeminine() throws {
        let expected = ["première", "deuxième", "troisième", "quatrième", "cinquième", "sixième", "septième",
                        "huitième", "neuvième", "dixième", "onzième", "douzième", "treizième", "quatorzième", "quinzième",
                        "seizième", "dix-septième", "dix-huitième", "dix-neuvième", "vingtième", "vingt et unième",
                        "vingt-deuxième", "vingt-troisième", "vingt-quatrième", "vingt-cinquième", "vingt-sixième",
                        "vingt-septième", "vingt-huitième", "vingt-neuvième", "trentième", "31e"]
        for (index, word) in expected.enumerated() {
            let p = probe.now(TestData.maneuver(.roundabout, nil, exit: index + 1))
            #expect(p.display == "Au rond-point, prenez la \(word) sortie.")
        }
    }

    @Test func departHeadingTakesTheArticle() throws {
        let east = probe.now(TestData.maneuver(.depart, nil, name: "Rue Oberkampf", bearing: 90))
        #expect(east.display == "Dirigez-vous vers l'est dans la rue Oberkampf.")
        let north = probe.now(TestData.maneuver(.depart, nil, bearing: 350))
        #expect(north.display == "Dirigez-vous vers le nord.")
    }

    @Test func thenClauseWithAndWithoutDistance() throws {
        let first = TestData.maneuver(.turn, .left, name: "Rue A")
        let short = probe.chained(.now, first, then: TestData.maneuver(.arrive, nil, side: .right), meters: 40, sayDistance: false)
        #expect(short.display == "Tournez à gauche dans la rue A, puis votre destination sera sur la droite.")
        let far = probe.chained(.now, first, then: TestData.maneuver(.turn, .right, name: "Boulevard B"), meters: 300, sayDistance: true)
        #expect(far.spoken == "Tournez à gauche dans la rue A, puis, 300 mètres plus loin, tournez à droite sur le boulevard B.")
    }
}
