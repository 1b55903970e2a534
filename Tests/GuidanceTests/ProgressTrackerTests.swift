import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

@Suite struct ProgressTrackerTests {
    let index = Scenarios.straightThenTurns()

    /// A fix on the route at `meters`, moving along it at 50 km/h.
    func fix(_ meters: Double, at time: Double, sideways: Double = 0) -> Position {
        let path = index.path
        let bearing = path.bearing(atDistance: meters)
        let point = Geo.destination(from: path.coordinate(atDistance: meters), bearing: bearing + 90, meters: sideways)
        return Position(coordinate: point, speed: 13.9, heading: bearing, accuracy: 5, timestamp: time)
    }

    @Test func reportsStepsAndDistances() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(0, at: 0))
        let p = tracker.update(fix(10, at: 1))
        let p2 = tracker.update(fix(22, at: 2, sideways: 6))
        #expect(abs(p.distanceAlong - 10) < 0.01 && abs(p2.distanceAlong - 22) < 0.01)
        #expect(abs(p2.offset - 6) < 0.05)
        #expect(p2.stepID == StepID(leg: 0, step: 0) && p2.nextManeuverIndex == 1)
        #expect(abs(p2.distanceToNextManeuver - 778) < 0.01)
        #expect(abs(p2.remainingDistance - 1778) < 0.01)
        #expect(abs(p2.eta - (2 + p2.remainingSeconds)) < 1e-9)
        #expect(p2.state == .onRoute)
    }

    @Test func backwardsJitterDoesNotRewind() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(0, at: 0))
        _ = tracker.update(fix(290, at: 21))
        _ = tracker.update(fix(300, at: 22))
        let back = tracker.update(fix(285, at: 23))
        #expect(abs(back.distanceAlong - 300) < 0.01 && back.state == .onRoute)
        #expect(abs(tracker.update(fix(310, at: 24)).distanceAlong - 310) < 0.01)
    }

    @Test func loopPassingNearItselfDoesNotJumpAhead() {
        // A square loop: the route comes back within 10 m of its own start 400 m later.
        var b = ScenarioRouteBuilder(name: "Loop Road", vertexSpacing: 10)
        b.drive(100)
        for name in ["B", "C", "D"] {
            b.maneuver(.turn, .right, turn: 90, name: name)
            b.drive(100)
        }
        b.maneuver(.turn, .right, turn: 90, name: "E")
        b.drive(10)
        b.maneuver(.turn, .left, turn: -90, name: "F")
        b.drive(300)
        let loop = RouteIndex(route: b.build())
        var tracker = ProgressTracker(index: loop)
        var last = 0.0
        for i in 0...40 {
            let d = Double(i) * 10
            let p = tracker.update(Position(coordinate: loop.path.coordinate(atDistance: d), speed: 10,
                                            heading: loop.path.bearing(atDistance: d), timestamp: Double(i)))
            #expect(abs(p.distanceAlong - d) < 0.5, "at \(d): \(p.distanceAlong)")
            #expect(p.distanceAlong >= last)
            last = p.distanceAlong
        }
    }

    @Test func forwardJumpAfterTunnelMoves() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(100, at: 0))
        _ = tracker.update(fix(114, at: 1))
        let after = tracker.update(fix(530, at: 31))
        #expect(abs(after.distanceAlong - 530) < 0.01)
        #expect(after.state == .onRoute)
    }

    @Test func offRouteOnceAfterThreeFarFixesAndClearsOnReturn() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(100, at: 0))
        let first = tracker.update(fix(114, at: 1, sideways: 80))
        let second = tracker.update(fix(128, at: 2, sideways: 80))
        let third = tracker.update(fix(142, at: 3, sideways: 80))
        let fourth = tracker.update(fix(156, at: 4, sideways: 80))
        #expect([first.state, second.state, third.state, fourth.state] == [.leaving, .leaving, .offRoute, .offRoute])
        #expect([first, second, third, fourth].map(\.becameOffRoute) == [false, false, true, false])
        #expect(abs(fourth.distanceAlong - 100) < 0.01)
        let back = tracker.update(fix(170, at: 5, sideways: 3))
        #expect(back.state == .onRoute && abs(back.distanceAlong - 170) < 0.01)
    }

    @Test func offRouteThresholdGrowsWithAccuracy() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(100, at: 0))
        for i in 1...4 {
            var p = fix(100 + Double(i) * 14, at: Double(i), sideways: 55)
            p.accuracy = 20 // threshold max(50, 3 × 20) = 60 m
            #expect(tracker.update(p).state == .onRoute)
        }
    }

    @Test func sparseFarFixesGoOffRouteByTime() {
        var tracker = ProgressTracker(index: index)
        _ = tracker.update(fix(100, at: 0))
        #expect(tracker.update(fix(150, at: 4, sideways: 90)).state == .leaving)
        #expect(tracker.update(fix(200, at: 10, sideways: 90)).becameOffRoute)
    }
}
