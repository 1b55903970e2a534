import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Polish grammar through the pl phrasebook: accusative after "w"/"na" and instrumental for "along", with
/// feminine adjective agreement; CLDR one/few/many/other for distances; ordinals in the case "zjazd"/"punkt" needs.
@Suite struct GrammarPolishTests {
    static func phrase(_ kind: AnnouncementKind, _ m: ManeuverDescription, meters: Double? = nil, units: UnitsSystem? = nil) throws -> Phrase {
        try TestData.phrase("pl-PL", kind, m, meters: meters, units: units)
    }

    @Test(arguments: [
        ("Marszałkowska", "Skręć w lewo w ulicę Marszałkowską."),
        ("Grunwaldzka", "Skręć w lewo w ulicę Grunwaldzką."),
        ("Złota", "Skręć w lewo w ulicę Złotą."),
        ("Polna", "Skręć w lewo w ulicę Polną."),
        ("Miodowa", "Skręć w lewo w ulicę Miodową."),
        ("Jana Pawła II", "Skręć w lewo w ulicę Jana Pawła II."),
        ("Armii Krajowej", "Skręć w lewo w ulicę Armii Krajowej."),
        ("Nowy Świat", "Skręć w lewo w ulicę Nowy Świat."),
        ("aleja Solidarności", "Skręć w lewo w aleję Solidarności."),
        ("Aleja Krakowska", "Skręć w lewo w Aleję Krakowską."),
        ("Aleje Jerozolimskie", "Skręć w lewo w Aleje Jerozolimskie."),
        ("Krakowskie Przedmieście", "Skręć w lewo w Krakowskie Przedmieście."),
        ("plac Bankowy", "Skręć w lewo na plac Bankowy."),
        ("most Poniatowskiego", "Skręć w lewo na most Poniatowskiego."),
        ("Trasa Łazienkowska", "Skręć w lewo na Trasę Łazienkowską."),
    ])
    func accusativeAfterW(name: String, expected: String) throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.turn, .left, name: name)).display == expected)
    }

    @Test(arguments: [
        ("Marszałkowska", "Jedź dalej ulicą Marszałkowską przez 5 kilometrów."),
        ("Jana Pawła II", "Jedź dalej ulicą Jana Pawła Drugiego przez 5 kilometrów."),
        ("aleja Solidarności", "Jedź dalej aleją Solidarności przez 5 kilometrów."),
        ("Aleje Jerozolimskie", "Jedź dalej Alejami Jerozolimskimi przez 5 kilometrów."),
        ("Krakowskie Przedmieście", "Jedź dalej Krakowskim Przedmieściem przez 5 kilometrów."),
        ("plac Grunwaldzki", "Jedź dalej placem Grunwaldzkim przez 5 kilometrów."),
        ("Rynek Główny", "Jedź dalej Rynkiem Głównym przez 5 kilometrów."),
    ])
    func instrumentalAlongARoad(name: String, expected: String) throws {
        #expect(try Self.phrase(.continue, TestData.maneuver(.newName, nil, name: name), meters: 5000).spoken == expected)
    }

    @Test func refsNameTheRoadClass() throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.turn, .right, ref: "A2")).spoken == "Skręć w prawo na autostradę A 2.")
        #expect(try Self.phrase(.now, TestData.maneuver(.onRamp, nil, ref: "S8")).spoken == "Skorzystaj z wjazdu na drogę ekspresową S 8.")
        #expect(try Self.phrase(.now, TestData.maneuver(.turn, .right, ref: "DK7")).spoken == "Skręć w prawo na drogę D K 7.")
        #expect(try Self.phrase(.now, TestData.maneuver(.merge, nil, ref: "A4")).spoken == "Włącz się do ruchu i jedź autostradą A 4.")
    }

    @Test(arguments: [
        (1000.0, "1 kilometr"), (2000, "2 kilometry"), (4000, "4 kilometry"), (5000, "5 kilometrów"),
        (12000, "12 kilometrów"), (21000, "21 kilometrów"), (22000, "22 kilometry"), (1500, "półtora kilometra"),
        (300, "300 metrów"), (50, "50 metrów"),
    ])
    func metricPluralCategories(meters: Double, words: String) throws {
        #expect(try Self.phrase(.prepare, TestData.maneuver(.turn, .right), meters: meters).spoken == "Za \(words) skręć w prawo.")
    }

    @Test(arguments: [
        (1609.344, "1 milę"), (3218.688, "2 mile"), (8046.72, "5 mil"), (2414.016, "półtorej mili"),
        (402.336, "ćwierć mili"), (804.672, "pół mili"), (91.44, "300 stóp"),
    ])
    func imperialPluralCategoriesInTheAccusative(meters: Double, words: String) throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.turn, .right), meters: meters, units: .imperial)
        #expect(p.spoken == "Za \(words) skręć w prawo.")
    }

    @Test(arguments: [(1, "pierwszym"), (2, "drugim"), (3, "trzecim"), (5, "piątym"), (8, "ósmym"), (12, "dwunastym"), (13, "13.")])
    func roundaboutExitOrdinalIsMasculineInstrumental(exit: Int, word: String) throws {
        let p = try Self.phrase(.now, TestData.maneuver(.roundabout, nil, name: "Grójecka", exit: exit))
        #expect(p.display == "Na rondzie zjedź \(word) zjazdem w ulicę Grójecką.")
    }

    @Test func namedRoundaboutIsInTheLocative() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.roundabout, nil, exit: 2, rotary: "Rondo Dmowskiego"))
        #expect(p.display == "Na Rondzie Dmowskiego zjedź drugim zjazdem.")
        let square = try Self.phrase(.now, TestData.maneuver(.roundabout, nil, exit: 4, rotary: "plac Grunwaldzki"))
        #expect(square.display == "Na placu Grunwaldzkim zjedź czwartym zjazdem.")
    }

    @Test func stopOrdinalsAgreeWithPunkt() throws {
        var m = TestData.maneuver(.arrive)
        m.waypointOrdinal = 2
        #expect(try Self.phrase(.waypoint, m).display == "Jesteś w drugim punkcie pośrednim.")
        m.arrivalSide = .right
        #expect(try Self.phrase(.waypoint, m).display == "Drugi punkt pośredni jest po prawej stronie.")
    }

    @Test func abbreviationsExpandForSpeechOnly() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.turn, .right, name: "ul. Marszałkowska"))
        #expect(p.display == "Skręć w prawo w ul. Marszałkowską.")
        #expect(p.spoken == "Skręć w prawo w ulicę Marszałkowską.")
        let g = try Self.phrase(.now, TestData.maneuver(.turn, .left, name: "gen. Władysława Andersa"))
        #expect(g.spoken == "Skręć w lewo w ulicę generała Władysława Andersa.")
    }

    @Test func exitNumbersAndSignpostsAreSpoken() throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.offRamp, .right, destinations: "Kraków, Katowice", exits: "23B"), meters: 800)
        #expect(p.display == "Za 800 m skorzystaj ze zjazdu 23B, kierunek Kraków, Katowice.")
        #expect(p.spoken == "Za 800 metrów skorzystaj ze zjazdu numer 23 B, kierunek Kraków i Katowice.")
    }
}
