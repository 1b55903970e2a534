import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Exact announcement sequences for the scenario routes, plus the quality invariants on each.
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
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2", "now 0/1 then 0/2", "now 0/2", "prepare 0/3",
                                   "arrive 0/3"])
        #expect(run.report.chained == 1)
        // The second turn's own "now" fits only terse, between the two turns.
        #expect(run.announcements[3].maneuver?.step.name == "")
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
        // After the stop, the next leg's depart names its road before the countdown to its first turn.
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "waypoint 0/2",
                                   "depart 1/0", "prepare 1/1", "now 1/1", "prepare 1/2", "arrive 1/2"])
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

    @Test func runsOfTurnsFortyMetersApartNameEveryTurnInOrder() {
        for turns in 3...6 {
            let run = checkedRun(Scenarios.runOfTurns(turns, gap: 40))
            let nows = (2...turns).map { "now 0/\($0)" }
            #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2", "now 0/1 then 0/2"] + nows
                                      + ["prepare 0/\(turns + 1)", "arrive 0/\(turns + 1)"], "\(turns) turns")
            // Inside the run a turn keeps its name only when the named "now" (1.5 s) still fits; else it is
            // terse ("Turn left.", 0.8 s). At 1 Hz both happen, depending on where the fix falls.
            var terse = 0
            for a in run.announcements.dropFirst(3).prefix(turns - 1) {
                let fullFits = a.distanceToManeuverMeters / (50 / 3.6) >= 1.5 + 1
                #expect(a.then == nil && (a.maneuver?.step.name.isEmpty == !fullFits), "\(summary(a))")
                #expect(a.durationSeconds == (fullFits ? 1.5 : 0.8))
                terse += fullFits ? 0 : 1
                #expect(a.distanceToManeuverMeters / (50 / 3.6) >= a.durationSeconds + 1, "finishes 1 s before")
            }
            #expect(terse >= 1, "\(turns) turns: the run needs the terse form")
        }
    }

    @Test func notificationGetsNoCueOfItsOwn() {
        let run = checkedRun(Scenarios.notificationBetweenTurns())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/3", "now 0/3", "prepare 0/4", "arrive 0/4"])
        #expect(run.report.maneuvers == 3)
    }

    @Test func arrivalThatCannotStartInTimeIsNotSaidLate() {
        // 40 m take 2.9 s; the depart (naming the arrival) speaks for 4 s, so the arrival would come after it.
        let run = checkedRun(Scenarios.veryShort())
        #expect(summaries(run) == ["depart 0/0 then 0/1"])
        #expect(run.reachedSeconds.last.flatMap { $0 }.map { $0 < run.announcements[0].durationSeconds } == true)
    }
}
