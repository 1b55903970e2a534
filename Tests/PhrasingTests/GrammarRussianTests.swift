import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// Russian grammar through the ru phrasebook: case of the street-type word and its adjectives after
/// "на"/"в" (accusative) and "по" (dative), CLDR one/few/many/other for distances, ordinal gender and case.
@Suite struct GrammarRussianTests {
    static func phrase(_ kind: AnnouncementKind, _ m: ManeuverDescription, meters: Double? = nil, units: UnitsSystem? = nil) throws -> Phrase {
        try TestData.phrase("ru-RU", kind, m, meters: meters, units: units)
    }

    @Test(arguments: [
        ("улица Ленина", "Поверните налево на улицу Ленина."),
        ("улица Красной Армии", "Поверните налево на улицу Красной Армии."),
        ("Тверская улица", "Поверните налево на Тверскую улицу."),
        ("2-я Брестская улица", "Поверните налево на 2-ю Брестскую улицу."),
        ("Верхняя улица", "Поверните налево на Верхнюю улицу."),
        ("Красная площадь", "Поверните налево на Красную площадь."),
        ("площадь Революции", "Поверните налево на площадь Революции."),
        ("Софийская набережная", "Поверните налево на Софийскую набережную."),
        ("набережная реки Мойки", "Поверните налево на набережную реки Мойки."),
        ("Ленинский проспект", "Поверните налево на Ленинский проспект."),
        ("Садовое кольцо", "Поверните налево на Садовое кольцо."),
        ("Большой Козихинский переулок", "Поверните налево в Большой Козихинский переулок."),
        ("переулок Сивцев Вражек", "Поверните налево в переулок Сивцев Вражек."),
        ("Маросейка", "Поверните налево на Маросейку."),
        ("Большая Дмитровка", "Поверните налево на Большую Дмитровку."),
        ("Новый Арбат", "Поверните налево на Новый Арбат."),
    ])
    func accusativeAfterNaOrV(name: String, expected: String) throws {
        #expect(try Self.phrase(.now, TestData.maneuver(.turn, .left, name: name)).display == expected)
    }

    @Test(arguments: [
        ("улица Ленина", "Продолжайте движение ещё 5 километров по улице Ленина."),
        ("Тверская улица", "Продолжайте движение ещё 5 километров по Тверской улице."),
        ("Ленинский проспект", "Продолжайте движение ещё 5 километров по Ленинскому проспекту."),
        ("проспект Мира", "Продолжайте движение ещё 5 километров по проспекту Мира."),
        ("Тверской бульвар", "Продолжайте движение ещё 5 километров по Тверскому бульвару."),
        ("Ленинградское шоссе", "Продолжайте движение ещё 5 километров по Ленинградскому шоссе."),
        ("Садовое кольцо", "Продолжайте движение ещё 5 километров по Садовому кольцу."),
        ("Софийская набережная", "Продолжайте движение ещё 5 километров по Софийской набережной."),
        ("1-й Красногвардейский проезд", "Продолжайте движение ещё 5 километров по Первому Красногвардейскому проезду."),
        ("Новый Арбат", "Продолжайте движение ещё 5 километров по Новому Арбату."),
        ("Верхняя Масловка", "Продолжайте движение ещё 5 километров по Верхней Масловке."),
    ])
    func dativeAfterPo(name: String, expected: String) throws {
        #expect(try Self.phrase(.continue, TestData.maneuver(.newName, nil, name: name), meters: 5000).spoken == expected)
    }

    @Test func refsTakeThePrepositionWithoutDeclension() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.merge, .slightLeft, ref: "М-11"))
        #expect(p.display == "Держитесь левее и выезжайте на М-11.")
        #expect(p.spoken == "Держитесь левее и выезжайте на М 11.")
        #expect(try Self.phrase(.now, TestData.maneuver(.merge)).display == "Выезжайте на основную дорогу.")
    }

    @Test(arguments: [
        (1000.0, "1 километр"), (2000, "2 километра"), (5000, "5 километров"), (11000, "11 километров"),
        (12000, "12 километров"), (21000, "21 километр"), (22000, "22 километра"), (25000, "25 километров"),
        (1500, "полтора километра"), (300, "300 метров"), (50, "50 метров"),
    ])
    func metricPluralCategories(meters: Double, words: String) throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.turn, .right), meters: meters)
        #expect(p.spoken == "Через \(words) поверните направо.")
    }

    @Test(arguments: [
        (1609.344, "1 милю"), (3218.688, "2 мили"), (8046.72, "5 миль"), (2414.016, "полторы мили"),
        (402.336, "четверть мили"), (804.672, "полмили"), (91.44, "300 футов"),
    ])
    func imperialPluralCategoriesAndFractions(meters: Double, words: String) throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.turn, .right), meters: meters, units: .imperial)
        #expect(p.spoken == "Через \(words) поверните направо.")
    }

    @Test(arguments: [(1, "первом"), (2, "втором"), (3, "третьем"), (4, "четвёртом"), (7, "седьмом"), (12, "двенадцатом"), (13, "тринадцатом"),
                      (21, "двадцать первом"), (22, "двадцать втором"), (30, "тридцатом"), (31, "31-м")])
    func roundaboutExitOrdinalIsMasculinePrepositional(exit: Int, word: String) throws {
        let p = try Self.phrase(.now, TestData.maneuver(.roundabout, nil, name: "улица Косыгина", exit: exit))
        #expect(p.display == "На круговом движении сверните на \(word) съезде и выезжайте на улицу Косыгина.")
    }

    @Test func namedRoundaboutIsInThePrepositional() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.rotary, nil, exit: 2, rotary: "площадь Гагарина"))
        #expect(p.display == "На площади Гагарина сверните на втором съезде.")
        let entry = try Self.phrase(.now, TestData.maneuver(.rotary, nil, name: "Тверская улица", rotary: "площадь Гагарина"))
        #expect(entry.display == "Въезжайте на площадь Гагарина и съезжайте на Тверскую улицу.")
    }

    @Test func stopOrdinalsAreFeminine() throws {
        var m = TestData.maneuver(.arrive)
        m.waypointOrdinal = 3
        #expect(try Self.phrase(.waypoint, m).display == "Вы достигли третьей промежуточной точки.")
        m.arrivalSide = .left
        #expect(try Self.phrase(.waypoint, m).display == "Третья промежуточная точка слева.")
    }

    @Test func abbreviationsExpandForSpeechOnly() throws {
        let p = try Self.phrase(.now, TestData.maneuver(.turn, .right, name: "ул. Ленина"))
        #expect(p.display == "Поверните направо на ул. Ленина.")
        #expect(p.spoken == "Поверните направо на улицу Ленина.")
        let q = try Self.phrase(.continue, TestData.maneuver(.newName, nil, name: "Ленинский пр-т"), meters: 1000)
        #expect(q.spoken == "Продолжайте движение ещё 1 километр по Ленинскому проспекту.")
    }

    @Test func arrivalIsFutureInPrepareAndInTheThenClause() throws {
        let p = try Self.phrase(.prepare, TestData.maneuver(.arrive, side: .right), meters: 100)
        #expect(p.display == "Через 100 м пункт назначения будет справа.")
        let chained = ChainedManeuver(maneuver: TestData.maneuver(.arrive, side: .left), distanceMeters: 150, sayDistance: true)
        let a = Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "Покровка"), then: chained)
        #expect(try TestData.builder("ru-RU").phrase(a).spoken
                == "Поверните налево на Покровку, а через 150 метров пункт назначения будет слева.")
    }
}
