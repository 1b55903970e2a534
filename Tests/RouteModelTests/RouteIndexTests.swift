import Foundation
import Testing
@testable import RouteModel

@Suite struct RouteIndexTests {
    @Test func maneuversSitAtTheirCumulativeDistanceAndTime() throws {
        let route = try Fixtures.load("multi-stop-manhattan.json").route
        let index = RouteIndex(route: route)
        #expect(index.steps.count == route.stepCount)
        var meters = 0.0, seconds = 0.0
        for s in index.steps {
            #expect(abs(s.startMeters - meters) < 0.5, "\(s.id)")
            #expect(abs(s.startSeconds - seconds) < 1e-9)
            #expect(index.path.coordinate(atDistance: s.startMeters) == s.step.maneuver.location || s.step.distance == 0)
            meters += s.step.distance
            seconds += s.step.duration
        }
        // The stop between the legs: arrive (leg 0) and depart (leg 1) are at the same distance.
        let arrive = try #require(index.steps.first { $0.id == StepID(leg: 0, step: 3) })
        let depart = try #require(index.steps.first { $0.id == StepID(leg: 1, step: 0) })
        #expect(arrive.startMeters == depart.startMeters)
        #expect(abs(index.path.length - route.distance) < 1)
    }

    @Test func lookupsAreMonotonic() throws {
        let index = RouteIndex(route: try Fixtures.load("city-dc.json").route)
        var lastStep = 0, lastTime = -1.0
        for d in stride(from: -10.0, through: index.path.length + 10, by: 7.3) {
            let s = index.stepIndex(atDistance: d)
            let t = index.time(atDistance: d)
            #expect(s >= lastStep && t >= lastTime)
            lastStep = s
            lastTime = t
        }
        #expect(index.stepIndex(atDistance: 800) == 1)  // roundabout step: 715…978 m
        #expect(abs(index.time(atDistance: index.steps[3].startMeters) - index.steps[3].startSeconds) < 1e-9)
        #expect(abs(index.speed(atDistance: 100)! - 715.0 / 103.0) < 1e-9)
    }

    @Test func bearingAtTheEndIgnoresTheZeroLengthArrive() throws {
        let index = RouteIndex(route: try Fixtures.load("city-dc.json").route)
        let coords = index.path.coordinates
        let lastReal = Geo.bearing(coords[coords.count - 3], coords[coords.count - 2])
        #expect(coords[coords.count - 1] == coords[coords.count - 2])
        #expect(abs(index.path.bearing(atDistance: index.path.length) - lastReal) < 1e-9)
        #expect(abs(index.path.bearing(atDistance: index.path.length + 50) - lastReal) < 1e-9)
    }

    @Test func projectionClampsItsRange() {
        let path = RoutePath(coordinates: [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0, longitude: 0.001),
                                           Coordinate(latitude: 0, longitude: 0.002)])
        let end = Coordinate(latitude: 0.0001, longitude: 0.0019)
        let past = path.project(end, segments: 5..<9)
        #expect(past?.segment == 1)
        #expect(abs((past?.distanceAlong ?? 0) - path.length * 0.95) < 0.5)
        let empty = path.project(end, segments: 1..<1)
        #expect(empty?.segment == 1)
        #expect(RoutePath(coordinates: []).project(end, segments: 0..<1) == nil)
        #expect(path.project(end, segments: 0..<1)?.segment == 0)
    }
}
