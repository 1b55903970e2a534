import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Off route and back on route: said once each, no countdown in between, nothing repeated after,
/// and no false alarm where the route loops or crosses itself.
@Suite struct OffRouteTests {
    /// Drives `index` with `options` and returns every announcement.
    func drive(_ index: RouteIndex, _ options: SimulatorOptions) -> GuidanceRun {
        OfflineGuidance.run(index, options: options)
    }

    @Test func leavingWithoutComingBackSaysOffRouteOnceAndNothingMore() {
        let index = Scenarios.straightThenTurns()
        let options = SimulatorOptions(deviation: .init(startMeters: 150, lengthMeters: 0, offsetMeters: 100, rejoins: false))
        let run = drive(index, options)
        #expect(summaries(run) == ["depart 0/0", "offRoute 0/1"])
    }

    @Test func rejoiningBeforeThePrepareSaysBackOnRouteThenGuides() {
        let index = Scenarios.straightThenTurns()
        // 100 m beside the road from 150 m to 550 m: the prepare of the turn at 800 m falls inside the excursion.
        let options = SimulatorOptions(deviation: .init(startMeters: 150, lengthMeters: 400, offsetMeters: 100))
        let run = drive(index, options)
        #expect(summaries(run) == ["depart 0/0", "offRoute 0/1", "backOnRoute 0/1", "prepare 0/1", "now 0/1",
                                   "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
        #expect(run.report.duplicates == 0 && run.report.overlaps == 0 && run.report.late == 0)
    }

    @Test func rejoiningAfterThePrepareDoesNotRepeatIt() {
        let index = Scenarios.straightThenTurns()
        // The prepare of the turn at 800 m is said at about 380 m; the excursion runs from 450 m to 700 m.
        let options = SimulatorOptions(deviation: .init(startMeters: 450, lengthMeters: 250, offsetMeters: 100))
        let run = drive(index, options)
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "offRoute 0/1", "backOnRoute 0/1", "now 0/1",
                                   "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
    }

    @Test func aShortExcursionBelowTheThresholdSaysNothing() {
        let index = Scenarios.straightThenTurns()
        let options = SimulatorOptions(deviation: .init(startMeters: 150, lengthMeters: 200, offsetMeters: 35))
        let run = drive(index, options)
        #expect(!run.announcements.contains { [.offRoute, .backOnRoute].contains($0.kind) })
    }

    @Test func sessionReportsTheRejoinOnce() {
        let index = Scenarios.straightThenTurns()
        var session = GuidanceSession(index: index, estimator: KindDurationEstimator())
        let options = SimulatorOptions(deviation: .init(startMeters: 150, lengthMeters: 400, offsetMeters: 100))
        var off = 0, on = 0, offStates = 0
        for fix in Simulator(index: index, options: options) {
            _ = session.update(fix.position)
            guard let p = session.progress else { continue }
            off += p.becameOffRoute ? 1 : 0
            on += p.becameOnRoute ? 1 : 0
            offStates += session.isOffRoute ? 1 : 0
        }
        #expect(off == 1 && on == 1 && offStates > 10)
    }

    @Test func crossingTheRouteOnAnotherRoadIsNotARejoin() {
        // The route runs north; off route, the vehicle drives east across it 300 m further on.
        let index = Scenarios.straightThenTurns()
        var tracker = ProgressTracker(index: index)
        let path = index.path
        let start = path.coordinate(atDistance: 100)
        _ = tracker.update(Position(coordinate: start, speed: 14, heading: 0, accuracy: 5, timestamp: 0))
        var states = [RouteState]()
        let crossing = path.coordinate(atDistance: 400)
        for i in -8...8 {
            let point = Geo.destination(from: crossing, bearing: 90, meters: Double(i) * 14)
            let p = tracker.update(Position(coordinate: point, speed: 14, heading: 90, accuracy: 5, timestamp: Double(i + 10)))
            states.append(p.state)
            #expect(!p.becameOnRoute)
        }
        #expect(states.allSatisfy { $0 != .onRoute })
        #expect(abs(tracker.distanceAlong - 100) < 0.01)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func selfCrossingRouteWithNoiseNeverGoesOffRoute(seed: UInt64) {
        let run = drive(Self.selfCrossing(), SimulatorOptions(noise: .init(sigmaMeters: 5, seed: seed)))
        #expect(!run.announcements.contains { [.offRoute, .backOnRoute].contains($0.kind) }, "\(summaries(run))")
        #expect(run.report.missed.isEmpty && run.report.duplicates == 0)
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func cloverleafLoopWithNoiseNeverGoesOffRoute(seed: UInt64) {
        let run = drive(Self.cloverleaf(), SimulatorOptions(noise: .init(sigmaMeters: 5, seed: seed)))
        #expect(!run.announcements.contains { [.offRoute, .backOnRoute].contains($0.kind) }, "\(summaries(run))")
        #expect(run.report.missed.isEmpty && run.report.duplicates == 0)
    }

    @Test func selfCrossingRouteProgressFollowsTheDrivenPass() {
        let index = Self.selfCrossing()
        var tracker = ProgressTracker(index: index)
        for fix in Simulator(index: index, options: SimulatorOptions(speedKmh: 30)) {
            let p = tracker.update(fix.position)
            #expect(abs(p.distanceAlong - fix.routeMeters) < 1, "at \(fix.routeMeters): \(p.distanceAlong)")
        }
    }

    /// Goes north 100 m, around a small block to the right, and back west across its own first street
    /// (40 m from the start, passed again 280 m along: both passes inside one search window).
    static func selfCrossing() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "North Street", vertexSpacing: 10)
        b.drive(100)
        b.maneuver(.turn, .right, turn: 90, name: "East Street")
        b.drive(60)
        b.maneuver(.turn, .right, turn: 90, name: "South Street")
        b.drive(60)
        b.maneuver(.turn, .right, turn: 90, name: "West Street")
        b.drive(400)
        return RouteIndex(route: b.build())
    }

    /// A cloverleaf ramp: 400 m north, a 270° loop to the right, then west under the road it came on.
    static func cloverleaf() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Highway 1", speedKmh: 70, vertexSpacing: 20)
        b.drive(400)
        b.maneuver(.offRamp, .slightRight, turn: 10, name: "Loop Ramp", speedKmh: 40)
        b.curve(250, turning: 260)
        b.maneuver(.merge, .slightLeft, name: "Crosstown Road", speedKmh: 50)
        b.drive(500)
        return RouteIndex(route: b.build())
    }
}

/// After a reroute nothing more is said about the old route, and a rejoin of the old route is not "back on route".
@Suite struct RerouteAfterOffRouteTests {
    @Test func rerouteClearsAPendingBackOnRoute() {
        let index = Scenarios.straightThenTurns()
        var planner = AnnouncementPlanner(index: index, estimator: KindDurationEstimator())
        var tracker = ProgressTracker(index: index)
        let options = SimulatorOptions(deviation: .init(startMeters: 150, lengthMeters: 400, offsetMeters: 100))
        var said = [String]()
        for fix in Simulator(index: index, options: options) {
            let p = tracker.update(fix.position)
            if p.becameOffRoute { planner.noteOffRoute() }
            if p.becameOnRoute {
                planner.noteBackOnRoute()
                // The router's answer arrives on the same update: the new route wins, no "back on route".
                planner.reroute(to: index)
                tracker = ProgressTracker(index: index)
                _ = tracker.update(fix.position)
            }
            if let a = planner.plan(p) { said.append(a.kind.rawValue) }
        }
        #expect(said.filter { $0 == "offRoute" }.count == 1)
        #expect(said.filter { $0 == "reroute" }.count == 1)
        #expect(!said.contains("backOnRoute"))
    }

    @Test func aSecondExcursionIsAnnouncedAgain() {
        let index = Scenarios.straightThenTurns()
        // Off from 100 m to 300 m, back, then off for good at 1000 m (on Oak Avenue).
        var session = GuidanceSession(index: index, estimator: KindDurationEstimator())
        var kinds = [AnnouncementKind]()
        let first = SimulatorOptions(deviation: .init(startMeters: 100, lengthMeters: 250, offsetMeters: 100))
        for fix in Simulator(index: index, options: first) where fix.routeMeters < 900 {
            kinds += session.update(fix.position).map(\.kind)
        }
        let second = SimulatorOptions(startTime: 1000, deviation: .init(startMeters: 1000, lengthMeters: 0, offsetMeters: 120, rejoins: false))
        for fix in Simulator(index: index, options: second) where fix.routeMeters >= 900 {
            kinds += session.update(fix.position).map(\.kind)
        }
        #expect(kinds.filter { $0 == .offRoute }.count == 2)
        #expect(kinds.filter { $0 == .backOnRoute }.count == 1)
    }
}

/// A real wrong turn: the vehicle turns off the route at 90° onto another street.
@Suite struct WrongTurnTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func aWrongTurnAtFiftyIsCalledWithinFiveSeconds(seed: UInt64) throws {
        let planned = Scenarios.straightThenTurns()
        var wrong = ScenarioRouteBuilder(name: "Main Street")
        wrong.drive(300)
        wrong.maneuver(.turn, .right, turn: 90, name: "Wrong Street")
        wrong.drive(600)
        let driven = RouteIndex(route: wrong.build())
        var session = GuidanceSession(index: planned, estimator: KindDurationEstimator())
        var turnedAt: Double?, calledAt: Double?
        for fix in Simulator(index: driven, options: SimulatorOptions(speedKmh: 50, noise: .init(sigmaMeters: 5, seed: seed))) {
            if turnedAt == nil && fix.routeMeters >= 300 { turnedAt = fix.position.timestamp }
            if session.update(fix.position).contains(where: { $0.kind == .offRoute }) {
                calledAt = fix.position.timestamp
                break
            }
        }
        let delay = try #require(calledAt) - (try #require(turnedAt))
        #expect(delay <= 5, "called \(delay) s after the turn")
    }
}
