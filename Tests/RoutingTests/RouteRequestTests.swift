import Foundation
import Testing
import RouteModel
@testable import Routing

/// Building the reroute request from the route being driven.
@Suite struct RouteRequestTests {
    @Test func reroutingTargetsTheStopsStillAhead() throws {
        let document = try RouteImporter().read(try ValhallaFixtures.data("multi-stop.en-US.json"), fileName: "multi-stop")
        let route = document.route
        #expect(route.legs.count == 2 && route.waypoints.count == 3)
        let here = Coordinate(latitude: 60.171, longitude: 24.94)
        let onFirstLeg = RouteRequest(rerouting: route, currentLeg: 0, position: here, heading: 90, language: "fi-FI", units: "metric")
        #expect(onFirstLeg.destinations == [route.waypoints[1].location, route.waypoints[2].location])
        #expect(onFirstLeg.origin == here && onFirstLeg.heading == 90 && onFirstLeg.language == "fi-FI" && onFirstLeg.units == "metric")
        let onLastLeg = RouteRequest(rerouting: route, currentLeg: 1, position: here, heading: nil, language: "en-US")
        #expect(onLastLeg.destinations == [route.waypoints[2].location])
        #expect(RouteRequest(rerouting: route, currentLeg: 7, position: here, heading: nil, language: "en-US").destinations
                == onLastLeg.destinations, "a leg past the end means the last leg")

        var bare = route
        bare.waypoints = []
        let fromSteps = RouteRequest(rerouting: bare, currentLeg: 0, position: here, heading: nil, language: "en-US")
        #expect(fromSteps.destinations == route.legs.map { $0.steps[$0.steps.count - 1].maneuver.location },
                "without waypoints, each leg's arrive maneuver")
    }

    @Test func headingDegrees() {
        let at = { (h: Double?) in RouteRequest(origin: Coordinate(latitude: 0, longitude: 0), heading: h, destinations: []).headingDegrees }
        #expect(at(nil) == nil && at(.nan) == nil && at(.infinity) == nil)
        #expect(at(0) == 0 && at(359.6) == 0 && at(-0.4) == 0 && at(-90) == 270 && at(720.2) == 0 && at(181.5) == 182)
    }
}
