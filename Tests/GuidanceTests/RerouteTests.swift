import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

@Suite struct RerouteTests {
    @Test func offRouteThenRerouteRepeatsNothing() {
        let original = Scenarios.straightThenTurns()
        var session = GuidanceSession(index: original, estimator: KindDurationEstimator())
        // Leave the road 100 m to the right at 450 m (after the prepare for the turn at 800 m), never come back.
        let options = SimulatorOptions(deviation: .init(startMeters: 450, lengthMeters: 0, offsetMeters: 100, rejoins: false))
        var said = [Announcement]()
        var lastFix: SimulatedFix?
        for fix in Simulator(index: original, options: options) {
            said += session.update(fix.position)
            lastFix = fix
            if said.last?.kind == .offRoute { break }
        }
        #expect(said.map(summary) == ["depart 0/0", "prepare 0/1", "offRoute 0/1"])
        guard let lastFix else { Issue.record("no fixes"); return }
        // The new route: back west to the road, turn right onto it, then the same turns as before.
        let path = original.path
        var b = ScenarioRouteBuilder(start: lastFix.position.coordinate, heading: 270, name: "Service Road")
        b.drive(100)
        b.maneuver(.turn, .right, turn: 90, name: "Main Street")
        b.drive(800 - lastFix.routeMeters)
        b.maneuver(.turn, .right, turn: 90, name: "Oak Avenue")
        b.drive(600)
        b.maneuver(.turn, .left, turn: -90, name: "Elm Street")
        b.drive(400)
        let rerouted = RouteIndex(route: b.build())
        #expect(Geo.distance(rerouted.steps[2].step.maneuver.location, path.coordinate(atDistance: 800)) < 1)
        session.reroute(to: rerouted)
        let options2 = SimulatorOptions(startTime: lastFix.position.timestamp + 1)
        let rest = OfflineGuidance.drive(&session, fixes: Simulator(index: rerouted, options: options2))
        // The prepare for the turn onto Oak Avenue was said before leaving: it is not repeated; its "now" comes.
        #expect(rest.announcements.map(summary) == ["reroute 0/1", "now 0/1", "now 0/2", "prepare 0/3", "now 0/3",
                                                    "prepare 0/4", "arrive 0/4"])
        #expect(rest.report.overlaps == 0 && rest.report.late == 0 && rest.report.duplicates == 0)
    }

    @Test func aMuchLongerDetourAnnouncesAgain() {
        let index = Scenarios.straightThenTurns()
        var planner = AnnouncementPlanner(index: index, estimator: KindDurationEstimator())
        var tracker = ProgressTracker(index: index)
        var kinds = [String]()
        for fix in Simulator(index: index) where fix.position.timestamp <= 35 {
            if let a = planner.plan(tracker.update(fix.position)) { kinds.append(summary(a)) }
        }
        #expect(kinds == ["depart 0/0", "prepare 0/1"])
        // Rerouted onto the same route from its start: the turn is now 800 m away instead of ~410 m.
        planner.reroute(to: index)
        tracker = ProgressTracker(index: index)
        var after = [String]()
        for fix in Simulator(index: index, options: SimulatorOptions(startTime: 40)) {
            if let a = planner.plan(tracker.update(fix.position)) { after.append(summary(a)) }
        }
        #expect(after == ["reroute 0/1", "prepare 0/1", "now 0/1", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
    }
}
