import Foundation
import Guidance
import RouteModel
import Testing
@testable import VoiceGuideCLI

/// `transcript --stats` reports which facts of each maneuver its announcements carry (issue 10 acceptance).
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
    }
}
