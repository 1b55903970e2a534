import Foundation
import Guidance
import RouteModel
import Testing
@testable import VoiceGuideCLI

/// `transcript --stats` reports which facts of each maneuver its announcements carry.
@Suite struct FactsCarriedTests {
    static let locales = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU", "ja-JP", "zh-CN"]

    @Test(arguments: locales)
    func everyExampleRouteCarriesEveryFact(_ tag: String) {
        for name in CLIFixtures.exampleNames {
            let run = ToolRun(["transcript", CLIFixtures.example(name), "--stats", "--locale", tag])
            #expect(run.code == 0)
            #expect(run.out.contains("facts carried:      100.0 %"), "\(name) \(tag)\n\(run.out)")
        }
    }

    @Test func theBayBridgeCountsEachKindOfFact() {
        let run = ToolRun(["transcript", CLIFixtures.example("motorway-bay-bridge.json"), "--stats"])
        #expect(run.out.contains("facts carried:      100.0 % (15 of 15: side 6/6, road 4/4, destination 3/3, exit number 1/1, junction 1/1)"),
                "\(run.out)")
    }

    @Test func factsHeldByAStep() {
        let step = Step(maneuver: Maneuver(type: .turn, modifier: .left, location: Coordinate(latitude: 0, longitude: 0)),
                        distance: 10, duration: 1, name: "Elm Street", junctionName: "Market Cross")
        #expect(FactsCarried.facts(of: step, arrivalSide: nil) == [.side, .road, .junction])
        var roundabout = step
        roundabout.maneuver = Maneuver(type: .roundabout, modifier: .left, location: step.maneuver.location, exit: 2)
        roundabout.rotaryName = "Elm Street"
        roundabout.junctionName = nil
        // The exit number tells the way; a road named like the rotary is the rotary's.
        #expect(FactsCarried.facts(of: roundabout, arrivalSide: nil) == [.rotary])
        var uTurn = step
        uTurn.maneuver = Maneuver(type: .turn, modifier: .uturn, location: step.maneuver.location)
        uTurn.junctionName = nil
        #expect(FactsCarried.facts(of: uTurn, arrivalSide: nil) == [.uturn, .road])
        // Back on the road it leaves, the U-turn need not name it.
        #expect(FactsCarried.facts(of: uTurn, arrivalSide: nil, returnsOnSameRoad: true) == [.uturn])
    }
}

/// The same on real routes from a real Valhalla over the Helsinki extract (Tests/Fixtures/valhalla/): every fact of
/// every maneuver said, in every locale, and the exact en-US announcements of the two-leg route.
@Suite struct ValhallaFactsCarriedTests {
    static func fixture(_ name: String) -> String {
        CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/valhalla/\(name).json").path
    }

    @Test(arguments: FactsCarriedTests.locales)
    func everyValhallaRouteCarriesEveryFact(_ tag: String) {
        for route in ["city-turns", "ramp-uturn", "multi-stop", "reroute-heading"] {
            let run = ToolRun(["transcript", Self.fixture("\(route).\(tag)"), "--stats", "--locale", tag])
            #expect(run.code == 0, "\(run.err)")
            for line in ["facts carried:      100.0 %", "missed:             0", "duplicates:         0", "late:               0"] {
                #expect(run.out.contains(line), "\(route) \(tag): \(line)\n\(run.out)")
            }
        }
    }

    @Test func twoLegsWithSideRoadsAndUTurnsInEnglish() throws {
        let run = ToolRun(["transcript", Self.fixture("multi-stop.en-US"), "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let texts = try #require(object["announcements"] as? [[String: Any]]).compactMap { $0["text"] as? String }
        #expect(texts == [
            "Head southwest on Kaivokatu, then turn right.",
            "Turn right.",
            "In 550 ft, make a U-turn.",
            "Make a U-turn.",
            "In 600 ft, at the end of the road, turn left onto Simonkatu.",
            "At the end of the road, turn left onto Simonkatu.",
            "In 950 ft, make a U-turn and continue on Siltasaarenkatu, then take the second right onto Kaisaniemenranta.",
            "Make a U-turn and continue on Siltasaarenkatu, then take the second right onto Kaisaniemenranta.",
            "Turn right onto Kaisaniemenranta.",
            "In 750 ft, turn left, then you will arrive at your first stop.",
            "Not this one, take the second left, then you will arrive at your first stop.",
            "You have reached your first stop.",
            "Head northeast, then at the end of the road, turn right onto Kaisaniemenranta.",
            "In 750 ft, turn right onto Unioninkatu.",
            "Turn right onto Unioninkatu.",
            "In 650 ft, turn left to stay on Unioninkatu. Use the left lane.",
            "Turn left to stay on Unioninkatu.",
            "In 800 ft, turn right onto Pohjoisesplanadi.",
            "Turn right onto Pohjoisesplanadi.",
            "In 650 ft, turn left onto Korkeavuorenkatu.",
            "Turn left onto Korkeavuorenkatu.",
            "In 600 ft, turn left onto Rikhardinkatu, then your destination will be on the right.",
            "Turn left onto Rikhardinkatu, then your destination will be on the right.",
            "Your destination is on the right.",
        ])
    }
}
