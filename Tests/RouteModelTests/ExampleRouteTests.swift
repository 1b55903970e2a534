import Foundation
import Testing
@testable import RouteModel

@Suite struct ExampleRouteTests {
    @Test(arguments: Fixtures.exampleNames)
    func importsCleanlyWithConsistentNumbers(_ name: String) throws {
        let doc = try Fixtures.load(name)
        let route = doc.route
        #expect(route.warnings.isEmpty, "\(route.warnings)")
        #expect(route.waypoints.count == route.legs.count + 1)
        var total = 0.0
        for leg in route.legs {
            let sum = leg.steps.reduce(0) { $0 + $1.distance }
            #expect(abs(sum - leg.distance) < 0.2)
            #expect(leg.steps.first?.maneuver.type == .depart)
            #expect(leg.steps.last?.maneuver.type == .arrive)
            for step in leg.steps {
                #expect(step.geometry.first == step.maneuver.location)
                let length = RoutePath(coordinates: step.geometry).length
                #expect(abs(length - step.distance) < 0.1, "\(name) \(step.name)")
                if step.distance > 0 { #expect(step.duration > 0) }
            }
            total += leg.distance
        }
        #expect(abs(total - route.distance) < 0.5)
        #expect(abs(RoutePath(coordinates: route.geometry).length - route.distance) < 1)
    }

    @Test func cityRouteIsTheVariedDefault() throws {
        let doc = try Fixtures.load("city-dc.json")
        #expect(doc.geometryFormat == .polyline && doc.polylinePrecision == 6)
        let steps = doc.route.legs[0].steps
        #expect(steps.map(\.maneuver.rawType) == ["depart", "roundabout", "turn", "turn", "turn", "turn",
                                                  "end of road", "continue", "turn", "arrive"])
        #expect(steps[1].maneuver.exit == 4)
        #expect(steps[3].distance < 100 && steps[3].maneuver.modifier == .left)
        #expect((3000...5000).contains(doc.route.distance))
        #expect(doc.route.waypoints.map(\.name) == ["P Street Northwest", "Wisconsin Avenue Northwest"])
    }

    @Test func motorwayHasRampsExitsDestinationsForkAndPartlyValidLanes() throws {
        let doc = try Fixtures.load("motorway-bay-bridge.json")
        #expect(doc.polylinePrecision == 5)
        let steps = doc.route.legs[0].steps
        let types = Set(steps.map(\.maneuver.type))
        #expect(types.isSuperset(of: [.onRamp, .offRamp, .fork, .merge]))
        let fork = try #require(steps.first { $0.maneuver.type == .fork })
        #expect(fork.destinations == "I 580 East: Hayward, Stockton")
        #expect(fork.junctionName == "MacArthur Maze")
        #expect(fork.maneuverLanes?.map(\.valid) == [false, false, false, true, true])
        #expect(fork.maneuverLanes?.map(\.active) == [false, false, false, true, false])
        #expect(fork.maneuverLanes?[3].validIndication == "slight right")
        let off = try #require(steps.first { $0.maneuver.type == .offRamp })
        #expect(off.exits == "21A")
        #expect(off.maneuverLanes?.last?.indications == ["straight", "slight right"])
        #expect(steps.contains { $0.duration > 0 && $0.distance / $0.duration > 24 })  // 88 km/h and more on the bridge
        #expect(fork.intersections[0].classes == ["motorway"])
    }

    @Test func multiStopHasTwoLegsAndANamedStop() throws {
        let doc = try Fixtures.load("multi-stop-manhattan.json")
        #expect(doc.geometryFormat == .geojson && doc.polylinePrecision == nil)
        #expect(doc.route.legs.count == 2)
        #expect(doc.route.waypoints.map(\.name) == ["8th Avenue", "Grand Central Terminal", "The Frick Collection"])
        #expect(doc.route.waypoints[1].location == doc.route.legs[0].steps.last?.maneuver.location)
    }

    @Test func oxfordDrivesOnTheLeftWithARoundabout() throws {
        let doc = try Fixtures.load("uk-oxford.json")
        let steps = doc.route.legs[0].steps
        #expect(steps.allSatisfy { $0.drivingSide == .left })
        #expect(steps[1].maneuver.type == .roundabout && steps[1].maneuver.exit == 3 && steps[1].name == "Iffley Road")
        #expect(steps[2].pronunciation == "ˈmɔːdlɪn ɹəʊd")
        #expect(steps[3].ref == "B480")
    }

    @Test func berlinHasARotaryAndARoundabout() throws {
        let steps = try Fixtures.load("city-berlin.json").route.legs[0].steps
        #expect(steps[1].maneuver.type == .rotary && steps[1].rotaryName == "Großer Stern" && steps[1].maneuver.exit == 3)
        #expect(steps[2].maneuver.type == .roundabout && steps[2].maneuver.exit == 4)
        #expect(steps[2].name == "Hardenbergstraße")
    }
}
