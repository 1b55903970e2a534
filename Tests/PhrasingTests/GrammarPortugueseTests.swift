import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Brazilian Portuguese grammar through the public PhraseBuilder: em/por/para + article contracted by the
/// street type's gender (na/no, pela/pelo, para a/para o), feminine ordinals, spoken distances and abbreviations.
@Suite struct GrammarPortugueseTests {
    static let onto: [RoadGrammarCase] = [
        RoadGrammarCase("R. Augusta", "Vire à direita na R. Augusta.", "Vire à direita na Rua Augusta."),
        RoadGrammarCase("Av. Paulista", "Vire à direita na Av. Paulista.", "Vire à direita na Avenida Paulista."),
        RoadGrammarCase("Al. Lorena", "Vire à direita na Al. Lorena.", "Vire à direita na Alameda Lorena."),
        RoadGrammarCase("Praça da Sé", "Vire à direita na Praça da Sé."),
        RoadGrammarCase("Estrada do Galeão", "Vire à direita na Estrada do Galeão."),
        RoadGrammarCase("Marginal Tietê", "Vire à direita na Marginal Tietê."),
        RoadGrammarCase("Viaduto do Chá", "Vire à direita no Viaduto do Chá."),
        RoadGrammarCase("Largo do Machado", "Vire à direita no Largo do Machado."),
        RoadGrammarCase("Túnel Rebouças", "Vire à direita no Túnel Rebouças."),
        RoadGrammarCase("Elevado Presidente João Goulart", "Vire à direita no Elevado Presidente João Goulart."),
        RoadGrammarCase("Eixo Monumental", "Vire à direita no Eixo Monumental."),
        RoadGrammarCase("", ref: "BR-101", "Vire à direita na BR-101.", "Vire à direita na B R 101."),
        RoadGrammarCase("Rod. dos Bandeirantes", ref: "SP-348", "Vire à direita na Rod. dos Bandeirantes (SP-348).", "Vire à direita na Rodovia dos Bandeirantes."),
        RoadGrammarCase("", "Vire à direita."),
    ]

    @Test(arguments: onto)
    func turnOntoContracts(c: RoadGrammarCase) throws {
        try c.check("pt-BR", .now) { TestData.maneuver(.turn, .right, name: $0, ref: $1) }
    }

    static let along: [RoadGrammarCase] = [
        RoadGrammarCase("Av. Brasil", "Siga pela Av. Brasil por 2 km.", "Siga pela Avenida Brasil por 2 quilômetros."),
        RoadGrammarCase("Rua Direita", "Siga pela Rua Direita por 2 km.", "Siga pela Rua Direita por 2 quilômetros."),
        RoadGrammarCase("Eixo Rodoviário Sul", "Siga pelo Eixo Rodoviário Sul por 2 km.", "Siga pelo Eixo Rodoviário Sul por 2 quilômetros."),
        RoadGrammarCase("Vd. Santa Ifigênia", "Siga pelo Vd. Santa Ifigênia por 2 km.", "Siga pelo Viaduto Santa Ifigênia por 2 quilômetros."),
        RoadGrammarCase("", ref: "SP-348", "Siga pela SP-348 por 2 km.", "Siga pela S P 348 por 2 quilômetros."),
        RoadGrammarCase("", "Siga por 2 km.", "Siga por 2 quilômetros."),
    ]

    @Test(arguments: along)
    func continueAlongContracts(c: RoadGrammarCase) throws {
        try c.check("pt-BR", .continue, distance: 2000) { TestData.maneuver(.newName, name: $0, ref: $1) }
    }

    static let towards: [RoadGrammarCase] = [
        RoadGrammarCase("R. da Consolação", "Na rotatória, pegue a segunda saída para a R. da Consolação.", "Na rotatória, pegue a segunda saída para a Rua da Consolação."),
        RoadGrammarCase("Acesso Norte", "Na rotatória, pegue a segunda saída para o Acesso Norte."),
        RoadGrammarCase("Contorno Leste", "Na rotatória, pegue a segunda saída para o Contorno Leste."),
        RoadGrammarCase("", ref: "BR-040", "Na rotatória, pegue a segunda saída para a BR-040.", "Na rotatória, pegue a segunda saída para a B R 040."),
        RoadGrammarCase("", "Na rotatória, pegue a segunda saída."),
    ]

    @Test(arguments: towards)
    func roundaboutExitContracts(c: RoadGrammarCase) throws {
        try c.check("pt-BR", .now) { TestData.maneuver(.roundabout, name: $0, ref: $1, exit: 2) }
    }

    @Test func namedRoundaboutsTakeTheirArticle() throws {
        let praca = try TestData.phrase("pt-BR", .now, TestData.maneuver(.roundabout, exit: 1, rotary: "Pça. Roosevelt"))
        #expect(praca.display == "Na Pça. Roosevelt, pegue a primeira saída.")
        #expect(praca.spoken == "Na Praça Roosevelt, pegue a primeira saída.")
        let largo = try TestData.phrase("pt-BR", .prepare, TestData.maneuver(.rotary, exit: 3, rotary: "Largo da Batata"), meters: 250)
        #expect(largo.display == "Em 250 m, no Largo da Batata, pegue a terceira saída.")
        let enter = try TestData.phrase("pt-BR", .now, TestData.maneuver(.roundabout, name: "Trevo de Bonsucesso", rotary: "Rotatória do Shopping"))
        #expect(enter.display == "Entre na Rotatória do Shopping e saia para o Trevo de Bonsucesso.")
    }

    static let exitOrdinals: [(Int, String)] = [
        (1, "primeira"), (2, "segunda"), (3, "terceira"), (4, "quarta"), (5, "quinta"), (6, "sexta"), (7, "sétima"),
        (8, "oitava"), (9, "nona"), (10, "décima"), (11, "décima primeira"), (12, "décima segunda"), (13, "13ª"), (21, "21ª"),
    ]

    @Test(arguments: exitOrdinals)
    func exitOrdinalsAreFeminine(exit: Int, word: String) throws {
        let p = try TestData.phrase("pt-BR", .now, TestData.maneuver(.roundabout, exit: exit))
        #expect(p.display == "Na rotatória, pegue a \(word) saída.")
    }

    static let distances: [(Double, UnitsSystem?, String, String)] = [
        (60, nil, "60 m", "60 metros"),
        (402, nil, "400 m", "400 metros"),
        (980, nil, "1 km", "um quilômetro"),
        (1500, nil, "1,5 km", "um quilômetro e meio"),
        (2400, nil, "2,5 km", "dois quilômetros e meio"),
        (3100, nil, "3 km", "3 quilômetros"),
        (12_300, nil, "12 km", "12 quilômetros"),
        (1_000_000_000, nil, "1000000 km", "1000000 de quilômetros"),
        (30, .imperial, "100 pés", "100 pés"),
        (402, .imperial, "¼ mi", "um quarto de milha"),
        (800, .imperial, "½ mi", "meia milha"),
        (1609, .imperial, "1 mi", "uma milha"),
        (4000, .imperial, "2,5 mi", "duas milhas e meia"),
        (200, .uk, "200 jd", "200 jardas"),
    ]

    @Test(arguments: distances)
    func distancesAreSaidAsBraziliansSayThem(meters: Double, units: UnitsSystem?, display: String, spoken: String) throws {
        let p = try TestData.phrase("pt-BR", .prepare, TestData.maneuver(.turn, .left, name: "Rua Direita"), meters: meters, units: units)
        #expect(p.display == "Em \(display), vire à esquerda na Rua Direita.")
        #expect(p.spoken == "Em \(spoken), vire à esquerda na Rua Direita.")
    }

    @Test func abbreviationsExpandOnlyInSpeech() throws {
        let p = try TestData.phrase("pt-BR", .now, TestData.maneuver(.turn, .left, name: "Av. Mal. Floriano Peixoto"))
        #expect(p.display == "Vire à esquerda na Av. Mal. Floriano Peixoto.")
        #expect(p.spoken == "Vire à esquerda na Avenida Marechal Floriano Peixoto.")
    }

    @Test func thenLanesAndDestinationsReadNaturally() throws {
        let next = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "R. Vergueiro"), distanceMeters: 120, sayDistance: true)
        let lanes = LaneHint(position: .middle, usableCount: 2, totalCount: 4)
        let fork = TestData.maneuver(.fork, .slightLeft, ref: "SP-150", destinations: "Santos, Guarujá", lanes: lanes)
        let p = try TestData.phrase("pt-BR", .prepare, fork, meters: 600, then: next)
        #expect(p.display == "Em 600 m, na bifurcação, mantenha-se à esquerda e siga pela SP-150 sentido Santos, Guarujá, depois, em 100 m, vire à direita na R. Vergueiro. Use uma das duas faixas do meio.")
        #expect(p.spoken == "Em 600 metros, na bifurcação, mantenha-se à esquerda e siga pela S P 150 sentido Santos e Guarujá, depois, em 100 metros, vire à direita na Rua Vergueiro. Use uma das duas faixas do meio.")
    }

    @Test func arrivalAndStopsUseYouAndFeminineStop() throws {
        let arrive = try TestData.phrase("pt-BR", .arrive, TestData.maneuver(.arrive, side: .straight))
        #expect(arrive.display == "Seu destino está logo à frente.")
        var stop = TestData.maneuver(.arrive, side: .right)
        stop.waypointOrdinal = 3
        let waypoint = try TestData.phrase("pt-BR", .waypoint, stop)
        #expect(waypoint.display == "Sua terceira parada está à direita.")
    }

    static let places: [RoadGrammarCase] = [
        RoadGrammarCase("Estação da Luz", "Você chegou à Estação da Luz."),
        RoadGrammarCase("Pq. do Ibirapuera", "Você chegou ao Pq. do Ibirapuera.", "Você chegou ao Parque do Ibirapuera."),
        RoadGrammarCase("Aeroporto de Congonhas", "Você chegou ao Aeroporto de Congonhas."),
        RoadGrammarCase("Praia Grande", "Você chegou à Praia Grande."),
        RoadGrammarCase("Campinas", "Você chegou a Campinas."),
    ]

    @Test(arguments: places)
    func namedStopsContractWithTheirArticle(c: RoadGrammarCase) throws {
        try c.check("pt-BR", .waypoint) { name, _ in
            var stop = TestData.maneuver(.arrive)
            stop.waypointName = name
            stop.waypointOrdinal = 1
            return stop
        }
    }
}
