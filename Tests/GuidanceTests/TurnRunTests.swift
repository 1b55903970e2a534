import Testing
import RouteModel
@testable import Guidance

/// Runs of turns too close for each to get its own `now` (QA finding 3): every turn is named, in order, in time,
/// the ones after the "then" (`thenMore`) terse and without distance.
@Suite struct TurnRunTests {
    /// A slower-spoken voice (German-like phrase lengths): its terse `now` (1.5 s) plus margin and update
    /// interval no longer fits into 40 m at 50 km/h (2.9 s), where the default one (0.8 s) does.
    static let slowVoice = KindDurationEstimator(
        base: [.depart: 3.5, .continue: 3.0, .early: 4.0, .prepare: 3.5, .now: 2.2, .arrive: 3.0, .waypoint: 3.5,
               .offRoute: 2.5, .reroute: 3.0],
        thenSeconds: 2.2)

    /// Drives `turns` turns `gap` m apart and checks the invariants: nothing missed, late, overlapping or twice.
    func checkedRun(_ turns: Int, gap: Double, _ estimator: KindDurationEstimator) -> GuidanceRun {
        let run = OfflineGuidance.run(Scenarios.runOfTurns(turns, gap: gap), estimator: estimator)
        let r = run.report
        #expect(r.overlaps == 0 && r.duplicates == 0 && r.late == 0 && r.missed.isEmpty, "\(turns) turns: \(r.warnings)")
        #expect(r.announced == r.maneuvers)
        for a in run.announcements {
            #expect(a.thenMore.isEmpty || a.then != nil, "\(summary(a))")
            for more in a.thenMore {
                #expect(more.maneuver.step.name.isEmpty && !more.sayDistance && abs(more.distanceMeters - gap) < 0.5, "\(more.distanceMeters)")
            }
        }
        return run
    }

    @Test func thirtyMetersApartTheFirstAnnouncementsNameTheRun() {
        let expected: [Int: [String]] = [
            3: ["prepare 0/1 then 0/2 then 0/3", "now 0/1 then 0/2 then 0/3"],
            4: ["prepare 0/1 then 0/2 then 0/3 then 0/4", "now 0/1 then 0/2 then 0/3 then 0/4"],
            5: ["prepare 0/1 then 0/2 then 0/3 then 0/4 then 0/5", "now 0/1 then 0/2 then 0/3 then 0/4 then 0/5",
                "now 0/5"],
            // The sixth turn is past the cap of three extras: its own `now` comes while the run is still ahead.
            6: ["prepare 0/1 then 0/2 then 0/3 then 0/4 then 0/5", "now 0/1 then 0/2 then 0/3 then 0/4 then 0/5",
                "now 0/6"],
        ]
        for turns in 3...6 {
            let run = checkedRun(turns, gap: 30, KindDurationEstimator())
            #expect(summaries(run) == ["depart 0/0"] + (expected[turns] ?? [])
                                      + ["prepare 0/\(turns + 1)", "arrive 0/\(turns + 1)"], "\(turns) turns")
            #expect(run.report.chained == min(turns - 1, 4), "then + up to 3 more")
        }
    }

    @Test func thirtyMetersApartWithASlowVoice() {
        let run = checkedRun(6, gap: 30, Self.slowVoice)
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2 then 0/3 then 0/4 then 0/5",
                                   "now 0/1 then 0/2 then 0/3 then 0/4 then 0/5", "now 0/6", "prepare 0/7", "arrive 0/7"])
        // Past a capped run the sixth turn is announced before the fifth is reached, so nothing is out of order.
        let sixth = run.announcements[3]
        let fifthReached = run.reachedSeconds[5] ?? 0
        #expect(sixth.triggerSeconds + sixth.durationSeconds <= fifthReached)
    }

    @Test func fortyMetersApartWithASlowVoiceTheRunIsNamedToo() {
        let expected: [Int: [String]] = [
            3: ["prepare 0/1 then 0/2 then 0/3", "now 0/1 then 0/2 then 0/3"],
            4: ["prepare 0/1 then 0/2 then 0/3 then 0/4", "now 0/1 then 0/2 then 0/3 then 0/4", "now 0/4"],
            5: ["prepare 0/1 then 0/2 then 0/3 then 0/4 then 0/5", "now 0/1 then 0/2 then 0/3 then 0/4 then 0/5",
                "now 0/4", "now 0/5"],
            6: ["prepare 0/1 then 0/2 then 0/3 then 0/4 then 0/5", "now 0/1 then 0/2 then 0/3 then 0/4 then 0/5",
                "now 0/4", "now 0/6"],
        ]
        for turns in 3...6 {
            let run = checkedRun(turns, gap: 40, Self.slowVoice)
            #expect(summaries(run) == ["depart 0/0"] + (expected[turns] ?? [])
                                      + ["prepare 0/\(turns + 1)", "arrive 0/\(turns + 1)"], "\(turns) turns")
            // The run's chained `now` costs one extra terse clause per turn and still ends 1 s before the first.
            let now = run.announcements[2]
            #expect(now.durationSeconds == 2.2 + 2.2 + Double(now.thenMore.count) * (2.2 - 0.7))
            #expect(now.distanceToManeuverMeters / (50 / 3.6) >= now.durationSeconds + 1)
        }
    }

    @Test func fortyMetersApartTheDefaultVoiceNeedsNoRun() {
        let run = checkedRun(4, gap: 40, KindDurationEstimator())
        #expect(run.announcements.allSatisfy { $0.thenMore.isEmpty })
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2", "now 0/1 then 0/2", "now 0/2", "now 0/3",
                                   "now 0/4", "prepare 0/5", "arrive 0/5"])
    }
}
