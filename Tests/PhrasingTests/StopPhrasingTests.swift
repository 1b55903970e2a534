import Foundation
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// An intermediate stop is phrased as a stop in every announcement kind and in a then-clause, in every base book.
@Suite struct StopPhrasingTests {
    /// Expected display text of one locale: the prepare of a named stop (no side known), the prepare of the unnamed
    /// second stop on the right, and a "then" chain (150 m on) into the unnamed first stop straight ahead.
    struct StopCase: Sendable, CustomTestStringConvertible {
        var tag: String
        var stopName: String
        var road: String
        var named: String
        var unnamed: String
        var chained: String
        var testDescription: String { tag }
    }

    static let cases: [StopCase] = [
        StopCase(tag: "en-US", stopName: "City Hall", road: "Pine St",
                 named: "In ¼ mi, you will arrive at City Hall.",
                 unnamed: "In 500 ft, your second stop will be on the right.",
                 chained: "In ¼ mi, turn left onto Pine St, then, in 500 ft, your first stop will be straight ahead."),
        StopCase(tag: "de-DE", stopName: "Stachus", road: "Sonnenstraße",
                 named: "In 400 m erreichen Sie Ihr Zwischenziel Stachus.",
                 unnamed: "In 150 m befindet sich Ihr zweites Zwischenziel rechts.",
                 chained: "In 400 m biegen Sie links in die Sonnenstraße ab, und nach 150 m befindet sich Ihr erstes Zwischenziel direkt vor Ihnen."),
        StopCase(tag: "fr-FR", stopName: "Tour Eiffel", road: "Avenue de Suffren",
                 named: "Dans 400 m, vous arriverez à votre étape, Tour Eiffel.",
                 unnamed: "Dans 150 m, votre deuxième étape sera sur la droite.",
                 chained: "Dans 400 m, tournez à gauche sur l'avenue de Suffren, puis, 150 m plus loin, votre première étape sera droit devant."),
        StopCase(tag: "es-ES", stopName: "Puerta del Sol", road: "Calle Mayor",
                 named: "A 400 m, llegará a su parada, Puerta del Sol.",
                 unnamed: "A 150 m, su segunda parada estará a la derecha.",
                 chained: "A 400 m, gire a la izquierda por la calle Mayor y, 150 m después, su primera parada estará justo delante."),
        StopCase(tag: "it-IT", stopName: "Duomo di Milano", road: "Via Torino",
                 named: "Tra 400 m, raggiungerai il Duomo di Milano.",
                 unnamed: "Tra 150 m, la seconda tappa sarà sulla destra.",
                 chained: "Tra 400 m, svolta a sinistra in Via Torino, poi, dopo 150 m, la prima tappa sarà davanti a te."),
        StopCase(tag: "pt-BR", stopName: "Mercado Municipal", road: "Rua Augusta",
                 named: "Em 400 m, você chegará ao Mercado Municipal.",
                 unnamed: "Em 150 m, sua segunda parada estará à direita.",
                 chained: "Em 400 m, vire à esquerda na Rua Augusta, depois, em 150 m, sua primeira parada estará logo à frente."),
        StopCase(tag: "nl-NL", stopName: "Dam", road: "Damrak",
                 named: "Over 400 m bereikt u uw tussenbestemming Dam.",
                 unnamed: "Over 150 m ligt uw tweede tussenbestemming rechts.",
                 chained: "Over 400 m, sla linksaf naar het Damrak, en na 150 m ligt uw eerste tussenbestemming recht voor u."),
        StopCase(tag: "pl-PL", stopName: "Wawel", road: "Grodzka",
                 named: "Za 400 m dojedziesz do punktu pośredniego Wawel.",
                 unnamed: "Za 150 m drugi punkt pośredni będzie po prawej stronie.",
                 chained: "Za 400 m skręć w lewo w ulicę Grodzką, a za 150 m pierwszy punkt pośredni będzie na wprost."),
        StopCase(tag: "ru-RU", stopName: "Эрмитаж", road: "Невский проспект",
                 named: "Через 400 м вы достигнете промежуточной точки «Эрмитаж».",
                 unnamed: "Через 150 м вторая промежуточная точка будет справа.",
                 chained: "Через 400 м поверните налево на Невский проспект, а через 150 м первая промежуточная точка будет прямо по курсу."),
        StopCase(tag: "ja-JP", stopName: "京都駅", road: "烏丸通",
                 named: "400m先、京都駅です。",
                 unnamed: "150m先、2番目の経由地は右側です。",
                 chained: "400m先、左折して、烏丸通に入ります。続いて150m先、1番目の経由地は正面です。"),
        StopCase(tag: "zh-CN", stopName: "天安门", road: "长安街",
                 named: "前方400米到达天安门。",
                 unnamed: "前方150米到达第二个途经点，途经点在您的右侧。",
                 chained: "前方400米左转，进入长安街，再行驶150米后到达第一个途经点，途经点在您的正前方。"),
    ]

    static func stop(_ ordinal: Int, name: String? = nil, side: ArrivalSide? = nil) -> ManeuverDescription {
        var m = TestData.maneuver(.arrive, side: side)
        m.waypointName = name
        m.waypointOrdinal = ordinal
        return m
    }

    @Test(arguments: cases)
    func prepareAndThenOfAStopSayStop(_ c: StopCase) throws {
        let speaker = try LocaleSpeaker(c.tag)
        #expect(speaker.say(.prepare, Self.stop(1, name: c.stopName), 400).display == c.named)
        #expect(speaker.say(.prepare, Self.stop(2, name: "", side: .right), 150).display == c.unnamed)
        let then = ChainedManeuver(maneuver: Self.stop(1, side: .straight), distanceMeters: 150, sayDistance: true)
        #expect(speaker.say(.prepare, TestData.maneuver(.turn, .left, name: c.road), 400, then: then).display == c.chained)
    }

    @Test func everyBaseBookHasTheStopKeysOfTheReferenceSet() throws {
        let english = try VoiceGuideData.readJSON(at: TestData.data.phrasebookURL("en"))
        let stopKeys = (english["templates"]?.objectMembers ?? []).map(\.key)
            .filter { $0.hasPrefix("prepare/waypoint") || $0.hasPrefix("then/waypoint") }
        #expect(stopKeys.count == 16)
        for book in ["de", "fr", "es", "it", "pt", "nl", "pl", "ru", "ja", "zh"] {
            let json = try VoiceGuideData.readJSON(at: TestData.data.phrasebookURL(book))
            let have = Set((json["templates"]?.objectMembers ?? []).map(\.key))
            #expect(stopKeys.filter { !have.contains($0) } == [], "\(book)")
        }
    }

    @Test func spokenAndSSMLOfAStopPrepare() throws {
        let en = try LocaleSpeaker("en-US")
        let p = en.say(.prepare, Self.stop(1, name: "St Mark's Pl", side: .left), 200)
        #expect(p.display == "In 650 ft, St Mark's Pl will be on the left.")
        #expect(p.spoken == "In 650 feet, Saint Mark's Place will be on the left.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">In 650 feet, Saint Mark&apos;s Place will be on the left.</speak>")
    }

    @Test func theFinalDestinationKeepsTheArriveKeys() throws {
        let en = try LocaleSpeaker("en-US")
        #expect(en.say(.prepare, TestData.maneuver(.arrive, side: .left), 100).display == "In 350 ft, your destination will be on the left.")
        let then = ChainedManeuver(maneuver: TestData.maneuver(.arrive), distanceMeters: 50, sayDistance: false)
        #expect(en.say(.now, TestData.maneuver(.turn, .right, name: "Elm St"), then: then).display
                == "Turn right onto Elm St, then you will arrive at your destination.")
        let de = try LocaleSpeaker("de-DE")
        let deThen = ChainedManeuver(maneuver: TestData.maneuver(.arrive, side: .right), distanceMeters: 100, sayDistance: true)
        #expect(de.say(.now, TestData.maneuver(.turn, .left, name: "Hauptstraße"), then: deThen).display
                == "Biegen Sie links in die Hauptstraße ab, und nach 100 m befindet sich Ihr Ziel rechts.")
    }

    @Test func theWaypointKindStillUsesTheStopKeys() throws {
        let en = try LocaleSpeaker("en-US")
        #expect(en.say(.waypoint, Self.stop(3, side: .right)).display == "Your third stop is on the right.")
        #expect(en.say(.waypoint, Self.stop(1, name: "City Hall")).display == "You have reached City Hall.")
    }

    /// A book without kind-prefixed stop keys (compiled alone, with no English to fill gaps) falls back to the plain
    /// `waypoint` keys, never to `arrive`.
    @Test func withoutPrefixedStopKeysTheWaypointKeysAreUsed() throws {
        let json = try JSONParser().parse(Data("""
        {"format": 1, "language": "de",
         "templates": {"announce.prepare": "In {distance}: {instruction}.", "announce.now": "{instruction|cap}[, {then}].",
                       "clause.then": "dann {instruction}", "turn": "abbiegen",
                       "arrive": "Ziel", "prepare/arrive": "bald Ziel", "waypoint": "Halt {stop}", "waypoint+waypoint": "Halt {waypoint}"},
         "words": {"units": {"meter": {"display": "{n} m", "spoken": {"one": "{n} Meter", "other": "{n} Meter"}}}},
         "grammar": {"forms": {}}, "speech": {}, "examples": []}
        """.utf8))
        let profile = try TestData.data.loadLocale(tag: "de-DE").profile
        let builder = PhraseBuilder(locale: profile, book: Phrasebook.compile(json, name: "de", file: "de.json"))
        #expect(builder.phrase(Announcement(kind: .prepare, maneuver: Self.stop(2), spokenDistanceMeters: 300)).display == "In 300 m: Halt 2.")
        #expect(builder.phrase(Announcement(kind: .prepare, maneuver: TestData.maneuver(.arrive), spokenDistanceMeters: 300)).display == "In 300 m: bald Ziel.")
        let then = ChainedManeuver(maneuver: Self.stop(1, name: "Rathaus"), distanceMeters: 50, sayDistance: false)
        #expect(builder.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn), then: then)).display == "Abbiegen, dann Halt Rathaus.")
    }

    @Test func theCatalogRendersArriveKeysAsTheDestinationAndStopKeysAsAStop() throws {
        let loaded = try TestData.data.loadLocale(tag: "en-US")
        let entries = PhraseCatalog.entries(builder: loaded.builder(), keys: ["arrive.left", "announce.arrive", "prepare/waypoint", "then/waypoint.left"],
                                            examples: [], file: "en").filter { !$0.key.hasPrefix("names ") }
        #expect(entries.map(\.phrase.display) == [
            "Your destination is on the right.",
            "Your destination is on the left.",
            "In ¼ mi, you will arrive at your second stop.",
            "Turn left onto Main St, then your second stop will be on the left.",
        ])
    }
}
