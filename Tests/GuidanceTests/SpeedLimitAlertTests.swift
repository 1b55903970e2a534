import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Speed limit changes and overspeed warnings: said between maneuver announcements, never over one, once.
@Suite struct SpeedLimitAlertTests {
    /// 2 km at 50, a left turn, 3 km at 80, a right turn, 4 km at 100 (limits per step, km/h), driven at 70 km/h.
    static func route(_ limits: [Double] = [50, 80, 100]) -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Town Road", speedKmh: 70, vertexSpacing: 100)
        b.drive(2000)
        b.maneuver(.turn, .left, turn: -90, name: "Country Road")
        b.drive(3000)
        b.maneuver(.turn, .right, turn: 90, name: "Fast Road")
        b.drive(4000)
        var route = b.build()
        let steps = route.legs[0].steps
        route.legs[0].maxspeeds = steps.enumerated().flatMap { k, step in
            repeatElement(SpeedLimit.limit(kmh: limits[min(k, limits.count - 1)]), count: max(0, step.geometry.count - 1))
        }
        return RouteIndex(route: route)
    }

    static var alerts: GuidanceConfiguration {
        var configuration = GuidanceConfiguration.standard
        configuration.speedLimitAlerts = true
        return configuration
    }

    static func limitsSaid(_ run: GuidanceRun) -> [Double?] {
        run.announcements.filter { $0.kind == .speedLimit }.map(\.speedLimitKmh)
    }

    @Test func aNewLimitOnAFastRoadIsSaidOnceAndNeverOverAManeuver() {
        let index = Self.route()
        let run = OfflineGuidance.run(index, configuration: Self.alerts)
        #expect(Self.limitsSaid(run) == [80, 100], "\(summaries(run))")
        // Nothing overlaps: each announcement ends before the next starts.
        for (a, b) in zip(run.announcements, run.announcements.dropFirst()) {
            #expect(a.triggerSeconds + a.durationSeconds <= b.triggerSeconds + 1e-9, "\(summary(a)) overlaps \(summary(b))")
        }
        // The maneuvers are announced exactly as without the alerts.
        let plain = OfflineGuidance.run(index)
        #expect(summaries(run).filter { !$0.hasPrefix("speedLimit") } == summaries(plain))
        #expect(run.announcements.filter { !$0.kind.isAlert }.map(\.triggerSeconds) == plain.announcements.map(\.triggerSeconds))
        // Off by default.
        #expect(Self.limitsSaid(plain).isEmpty)
    }

    @Test func jumpingBetweenDecisionsPlansTheSameAsEveryFix() {
        let index = Self.route()
        let jumped = OfflineGuidance.run(index, configuration: Self.alerts)
        let stepped = OfflineGuidance.runStepped(index, configuration: Self.alerts)
        #expect(summaries(jumped) == summaries(stepped))
        #expect(jumped.announcements.map(\.triggerSeconds) == stepped.announcements.map(\.triggerSeconds))
    }

    @Test func slowRoadsAndUnchangedLimitsSayNothing() {
        #expect(Self.limitsSaid(OfflineGuidance.run(Self.route([30, 50, 50]), configuration: Self.alerts)).isEmpty)
        #expect(Self.limitsSaid(OfflineGuidance.run(Self.route([80, 80, 80]), configuration: Self.alerts)).isEmpty)
        #expect(Self.limitsSaid(OfflineGuidance.run(Self.route([100, 50, 70]), configuration: Self.alerts)) == [70])
    }

    @Test func aChangeInsideATurnsNowWaitsForItAndASkippedOneIsNotQueued() {
        // The limit changes 40 m before the right turn, while its `now` is being said.
        var b = ScenarioRouteBuilder(name: "Town Road", speedKmh: 70, vertexSpacing: 20)
        b.drive(2000)
        b.maneuver(.turn, .right, turn: 90, name: "Fast Road")
        b.drive(300)
        b.maneuver(.turn, .left, turn: -90, name: "Other Road")
        b.drive(1000)
        var route = b.build()
        let total = route.legs[0].steps.reduce(0) { $0 + max(0, $1.geometry.count - 1) }
        route.legs[0].maxspeeds = (0..<total).map { $0 < 98 ? .limit(kmh: 50) : .limit(kmh: 90) }
        let index = RouteIndex(route: route)
        let run = OfflineGuidance.run(index, configuration: Self.alerts)
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "speedLimit", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
        for (a, b) in zip(run.announcements, run.announcements.dropFirst()) {
            #expect(a.triggerSeconds + a.durationSeconds <= b.triggerSeconds + 1e-9, "\(summary(a)) overlaps \(summary(b))")
        }
        // With a window shorter than the `now`, the change is skipped, not said later.
        var tight = Self.alerts
        tight.speedLimitWindowSeconds = 0
        tight.speedLimitWindowMinMeters = 1
        route.legs[0].maxspeeds = (0..<total).map { $0 < 94 ? .limit(kmh: 50) : .limit(kmh: 90) }
        let skipped = OfflineGuidance.run(RouteIndex(route: route), configuration: tight)
        #expect(Self.limitsSaid(skipped).isEmpty, "\(summaries(skipped))")
        #expect(summaries(skipped) == summaries(OfflineGuidance.run(RouteIndex(route: route))))
    }

    @Test func overspeedWarnsOnceAfterThreeSecondsAndAgainOnlyAfterTenUnder() {
        var configuration = GuidanceConfiguration.standard
        configuration.overspeedWarnings = true
        var tracker = OverspeedTracker()
        var warnings: [Double] = []
        func feed(_ from: Int, _ to: Int, kmh: Double, limit: Double? = 80) {
            for t in from..<to {
                tracker.update(time: Double(t), speedKmh: kmh, limitKmh: limit, configuration: configuration)
                if tracker.isDue { warnings.append(Double(t)); tracker.said() }
            }
        }
        feed(0, 10, kmh: 84)          // within the tolerance (80 + 5)
        #expect(warnings.isEmpty)
        feed(10, 30, kmh: 90)         // over from 10 s: due at 13 s, once
        #expect(warnings == [13])
        feed(30, 35, kmh: 75)         // 5 s under: not rearmed
        feed(35, 40, kmh: 95)
        #expect(warnings == [13])
        feed(40, 51, kmh: 70)         // 10 s under: rearmed
        feed(51, 60, kmh: 95)
        #expect(warnings == [13, 54])
        feed(60, 70, kmh: 120, limit: 100) // a new limit rearms too
        #expect(warnings == [13, 54, 63])
        // A gap in the fixes (a stale receiver) restarts the count.
        var gapped = OverspeedTracker()
        for t in [0.0, 1, 2, 10, 11] {
            gapped.update(time: t, speedKmh: 100, limitKmh: 50, configuration: configuration)
            #expect(!gapped.isDue, "at \(t)")
        }
        // Tolerance: `--overspeed 0` warns from just over the limit.
        configuration.overspeedToleranceKmh = 0
        #expect(configuration.overspeedThresholdKmh(limitKmh: 80) == 80)
        configuration.overspeedToleranceKmh = nil
        #expect(configuration.overspeedThresholdKmh(limitKmh: 130) == 136.5)
    }

    @Test func overspeedOnASimulatedDriveIsSaidOnce() {
        var configuration = GuidanceConfiguration.standard
        configuration.overspeedWarnings = true
        var options = SimulatorOptions()
        options.speedKmh = 60
        let run = OfflineGuidance.run(Self.route([50, 80, 100]), configuration: configuration, options: options)
        #expect(run.announcements.filter { $0.kind == .overspeed }.map(\.speedLimitKmh) == [50], "\(summaries(run))")
        options.speedKmh = 54
        let within = OfflineGuidance.run(Self.route([50, 80, 100]), configuration: configuration, options: options)
        #expect(within.announcements.allSatisfy { $0.kind != .overspeed })
    }
}
