import Testing
import RouteModel
@testable import Guidance

/// Exact announcement sequences for the scenarios of issue 3, plus the quality invariants on each.
@Suite struct ScenarioTests {
    /// Runs a scenario and checks the invariants every drive must keep.
    func checkedRun(_ index: RouteIndex, _ options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        let run = OfflineGuidance.run(index, options: options)
        let r = run.report
        #expect(r.overlaps == 0 && r.duplicates == 0 && r.late == 0 && r.missed.isEmpty, "\(r.warnings)")
        #expect(r.announced == r.maneuvers)
        let again = OfflineGuidance.run(index, options: options)
        #expect(again.announcements == run.announcements, "not deterministic")
        return run
    }

    @Test func twoTurnsFortyMetersApartAreChained() {
        let run = checkedRun(Scenarios.twoCloseTurns())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2", "now 0/1 then 0/2", "prepare 0/3", "arrive 0/3"])
        #expect(run.report.chained == 1)
        let now = run.announcements[2]
        // The chained now must finish 1 s before the first turn at 50 km/h.
        #expect(now.distanceToManeuverMeters / (50 / 3.6) >= now.durationSeconds + 1)
    }

    @Test func roundaboutThirdExit() {
        let run = checkedRun(Scenarios.roundabout())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "arrive 0/2"])
        #expect(run.announcements[1].maneuver?.step.maneuver.exit == 3)
    }

    @Test func motorwayExitWithLanes() {
        let run = checkedRun(Scenarios.motorwayExit())
        #expect(summaries(run) == ["depart 0/0", "early 0/1", "prepare 0/1 lanes right 2/4", "now 0/1 lanes right 2/4",
                                   "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
        let early = run.announcements[1], prepare = run.announcements[2]
        #expect(abs(early.distanceToManeuverMeters - 2000) < 40)   // 60 s at 120 km/h
        #expect(abs(prepare.distanceToManeuverMeters - 1000) < 40) // 30 s at 120 km/h
        #expect(run.announcements.last?.maneuver?.arrivalSide == .left)
    }

    @Test func fork() {
        let run = checkedRun(Scenarios.fork())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "arrive 0/2"])
        #expect(run.announcements[1].maneuver?.step.maneuver.modifier == .slightLeft)
    }

    @Test func uTurnDoesNotConfuseProgress() {
        let run = checkedRun(Scenarios.uTurn())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
    }

    @Test func multiLegAnnouncesTheWaypoint() {
        let run = checkedRun(Scenarios.multiLeg())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "waypoint 0/2",
                                   "prepare 1/1", "now 1/1", "prepare 1/2", "arrive 1/2"])
        let waypoint = run.announcements[4].maneuver
        #expect(waypoint?.waypointName == "Bakery" && waypoint?.waypointOrdinal == 1 && waypoint?.arrivalSide == .right)
    }

    /// The reference drive for the disturbance scenarios below.
    static let straight = ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"]

    @Test func gpsNoiseFifteenMetersChangesNothing() {
        for seed in [1, 7, 42] as [UInt64] {
            let run = checkedRun(Scenarios.straightThenTurns(), SimulatorOptions(noise: .init(sigmaMeters: 15, seed: seed)))
            #expect(summaries(run) == Self.straight, "seed \(seed)")
        }
    }

    @Test func dropoutThenJumpSaysOnlyTheMostRelevant() {
        // No fixes from 20 s to 50 s; at 50 s the car is 66 m before the turn: the prepare is stale, "now" remains.
        let run = checkedRun(Scenarios.straightThenTurns(), SimulatorOptions(dropout: .init(fromSeconds: 20, untilSeconds: 50)))
        #expect(summaries(run) == ["depart 0/0", "now 0/1"] + Self.straight.dropFirst(3))
        #expect(run.announcements[1].triggerSeconds == 51)
    }

    @Test func standingFiveMinutesAtALight() {
        let run = checkedRun(Scenarios.straightThenTurns(), SimulatorOptions(stops: [.init(atMeters: 770, seconds: 300)]))
        #expect(summaries(run) == Self.straight)
        #expect(run.announcements[3].triggerSeconds > 300)
    }

    @Test func drivingBackwardsAMoment() {
        let run = checkedRun(Scenarios.straightThenTurns(), SimulatorOptions(reversal: .init(atMeters: 200, backMeters: 15)))
        #expect(summaries(run) == Self.straight)
    }

    @Test func veryShortRoute() {
        let run = checkedRun(Scenarios.veryShort())
        #expect(summaries(run) == ["depart 0/0 then 0/1", "arrive 0/1"])
    }

    @Test func firstManeuverTwentyMetersAfterTheStart() {
        let run = checkedRun(Scenarios.earlyFirstManeuver())
        #expect(summaries(run) == ["depart 0/0 then 0/1", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
        #expect(run.report.chained == 1)
    }

    @Test func continueOnlyWhenTheNextManeuverIsFar() {
        var b = ScenarioRouteBuilder(name: "Gate Road")
        b.drive(300)
        b.maneuver(.turn, .right, turn: 90, name: "Country Road", speedKmh: 80)
        b.drive(4000)
        b.maneuver(.turn, .left, turn: -90, name: "Farm Lane", speedKmh: 40)
        b.drive(300)
        let run = checkedRun(RouteIndex(route: b.build()))
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "continue 0/1", "early 0/2", "prepare 0/2",
                                   "now 0/2",
                                   "prepare 0/3", "arrive 0/3"])
        let confirmation = run.announcements[3]
        #expect((confirmation.spokenDistanceMeters ?? 0) > 3900)
    }
}
