import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Speed cameras ahead: said once from the prepare distance, with the camera's (else the road's) limit, never over
/// a maneuver announcement, late or skipped when a maneuver takes the time, and not again after a reroute.
@Suite struct CameraAlertTests {
    /// The limit-alert route: 2 km at 50, a left turn, 3 km at 80, a right turn, 4 km at 100, driven at 70 km/h.
    static func route() -> RouteIndex { SpeedLimitAlertTests.route() }

    /// A camera `side` meters right of the route at `along` (left when negative), checking `directions` (nil: the
    /// route's way there; empty: both ways).
    static func camera(_ index: RouteIndex, at along: Double, side: Double = 6, directions: [Double]? = nil,
                       limit: CameraSpeedLimit? = nil) -> SpeedCamera {
        let path = index.path
        let bearing = path.bearing(atDistance: along)
        let point = Geo.destination(from: path.coordinate(atDistance: along), bearing: bearing + (side < 0 ? -90 : 90), meters: abs(side))
        return SpeedCamera(coordinate: point, limit: limit, directions: directions ?? [bearing])
    }

    static func configuration(_ cameras: [SpeedCamera]) -> GuidanceConfiguration {
        var configuration = GuidanceConfiguration.standard
        configuration.cameras = cameras
        return configuration
    }

    static func cameras(_ run: GuidanceRun) -> [Announcement] { run.announcements.filter { $0.kind == .camera } }

    /// Every announcement ends before the next one starts.
    static func expectNoOverlap(_ run: GuidanceRun, sourceLocation: SourceLocation = #_sourceLocation) {
        for (a, b) in zip(run.announcements, run.announcements.dropFirst()) {
            #expect(a.triggerSeconds + a.durationSeconds <= b.triggerSeconds + 1e-9, "\(summary(a)) overlaps \(summary(b))",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func aCameraAheadIsSaidOnceFromThePrepareDistanceWithItsLimitElseTheRoads() {
        let index = Self.route()
        let configuration = Self.configuration([
            Self.camera(index, at: 1000, limit: .kilometersPerHour(60)),
            Self.camera(index, at: 3500, side: -8, directions: []),
            // Checking the other way (the opposite carriageway): not for this route.
            Self.camera(index, at: 6500, directions: [index.path.bearing(atDistance: 6500) + 180]),
            // `maxspeed=none`: said without a limit.
            Self.camera(index, at: 8000, limit: .unlimited),
        ])
        let run = OfflineGuidance.run(index, configuration: configuration)
        let said = Self.cameras(run)
        #expect(said.map(\.speedLimitKmh) == [60, 80, nil], "\(summaries(run))")
        // From the prepare distance at 70 km/h (30 s: 583 m), within one update, saying the distance left.
        let speed = 70 / 3.6
        for (camera, at) in zip(said, [1000.0, 3500, 8000]) {
            let ahead = at - camera.triggerMeters
            #expect(ahead <= speed * 30 + 0.5 && ahead > speed * 29 - 0.5, "said \(ahead) m before")
            #expect(abs((camera.spokenDistanceMeters ?? 0) - ahead) < 1)
        }
        #expect(run.skippedCameras == 0)
        Self.expectNoOverlap(run)
        // The maneuvers are announced exactly as without cameras; none is said when no file is given.
        let plain = OfflineGuidance.run(index)
        #expect(run.announcements.filter { !$0.kind.isAlert }.map(summary) == summaries(plain))
        #expect(run.announcements.filter { !$0.kind.isAlert }.map(\.triggerSeconds) == plain.announcements.map(\.triggerSeconds))
        #expect(Self.cameras(plain).isEmpty)
    }

    @Test func aCameraBehindATurnWaitsForItsAnnouncementsThenIsSaidLateOrSkipped() {
        let index = Self.route()
        // 460 m after the left turn at 2000 m: its prepare distance is reached while the turn's now is said.
        let late = OfflineGuidance.run(index, configuration: Self.configuration([Self.camera(index, at: 2460)]))
        let said = Self.cameras(late)
        #expect(said.count == 1, "\(summaries(late))")
        let turn = late.announcements.first { $0.kind == .now && $0.maneuver?.id == StepID(leg: 0, step: 1) }
        if let camera = said.first, let turn {
            #expect(2460 - 70 / 3.6 * 30 < turn.triggerMeters + 70 / 3.6 * turn.durationSeconds, "due while the now is said")
            #expect(camera.triggerSeconds >= turn.triggerSeconds + turn.durationSeconds, "said after the turn's now")
            #expect(camera.triggerSeconds <= turn.triggerSeconds + turn.durationSeconds + 1, "as soon as it ends")
            #expect(camera.triggerMeters + 70 / 3.6 * (camera.durationSeconds + 2) < 2460, "ends 2 s before the camera")
        }
        Self.expectNoOverlap(late)
        #expect(late.announcements.filter { !$0.kind.isAlert }.map(summary) == summaries(OfflineGuidance.run(index)))
        // 90 m from the start: the depart takes the time until it is too close to say in time; skipped, counted.
        let skipped = OfflineGuidance.run(index, configuration: Self.configuration([Self.camera(index, at: 90)]))
        #expect(Self.cameras(skipped).isEmpty, "\(summaries(skipped))")
        #expect(skipped.skippedCameras == 1)
        #expect(summaries(skipped) == summaries(OfflineGuidance.run(index)))
        // 200 m from the start: there is room after the depart, so it is said, late.
        #expect(Self.cameras(OfflineGuidance.run(index, configuration: Self.configuration([Self.camera(index, at: 200)]))).count == 1)
    }

    @Test func jumpingBetweenDecisionsPlansTheSameAsEveryFix() {
        let index = Self.route()
        for cameras in [[1000.0, 3500, 8000], [2460, 2030, 2400], [90, 200, 5030, 5200, 5250]] {
            let configuration = Self.configuration(cameras.map { Self.camera(index, at: $0) })
            for kmh in [nil, 50.0, 110] {
                var options = SimulatorOptions()
                options.speedKmh = kmh
                let jumped = OfflineGuidance.run(index, configuration: configuration, options: options)
                let stepped = OfflineGuidance.runStepped(index, configuration: configuration, options: options)
                #expect(summaries(jumped) == summaries(stepped), "cameras at \(cameras), \(kmh ?? 0) km/h")
                #expect(jumped.announcements.map(\.triggerSeconds) == stepped.announcements.map(\.triggerSeconds))
                #expect(jumped.announcements.map(\.spokenDistanceMeters) == stepped.announcements.map(\.spokenDistanceMeters))
                #expect(jumped.skippedCameras == stepped.skippedCameras)
            }
        }
    }

    @Test func aRerouteNeverRepeatsACameraSaidOrPassed() {
        let index = Scenarios.straightThenTurns()
        // One camera at 300 m (said, then passed), one at 1000 m on Oak Avenue (said before the reroute, not passed).
        let configuration = Self.configuration([Self.camera(index, at: 300), Self.camera(index, at: 1000)])
        var planner = AnnouncementPlanner(index: index, configuration: configuration, estimator: KindDurationEstimator())
        var tracker = ProgressTracker(index: index)
        var before = [String]()
        for fix in Simulator(index: index) where fix.position.timestamp <= 70 {
            if let a = planner.plan(tracker.update(fix.position)) { before.append(summary(a)) }
        }
        #expect(before.filter { $0 == "camera" }.count == 2, "\(before)")
        // Rerouted onto the same route from its start (a long way round): both cameras are ahead again, the same way.
        planner.reroute(to: index)
        tracker = ProgressTracker(index: index)
        var after = [String]()
        for fix in Simulator(index: index, options: SimulatorOptions(startTime: 80)) {
            if let a = planner.plan(tracker.update(fix.position)) { after.append(summary(a)) }
        }
        #expect(!after.contains("camera"), "\(after)")
        #expect(after.first == "reroute 0/1")
        #expect(planner.skippedCameras == 0)

        // A camera passed unsaid (too close behind the depart) stays done after a reroute too.
        let close = Self.configuration([Self.camera(index, at: 20)])
        var quiet = AnnouncementPlanner(index: index, configuration: close, estimator: KindDurationEstimator())
        tracker = ProgressTracker(index: index)
        for fix in Simulator(index: index) where fix.position.timestamp <= 10 {
            _ = quiet.plan(tracker.update(fix.position))
        }
        #expect(quiet.skippedCameras == 1)
        quiet.reroute(to: index)
        tracker = ProgressTracker(index: index)
        var again = [String]()
        for fix in Simulator(index: index, options: SimulatorOptions(startTime: 20)) {
            if let a = quiet.plan(tracker.update(fix.position)) { again.append(summary(a)) }
        }
        #expect(!again.contains("camera"), "\(again)")
        #expect(quiet.skippedCameras == 1)
    }

    @Test func aCameraPassedTwiceTheOtherWayIsSaidOnEachPass() {
        // There and back on one road past a camera checking both ways: said on the way out and on the way back.
        var b = ScenarioRouteBuilder(name: "Long Road", speedKmh: 50)
        b.drive(1500)
        b.maneuver(.turn, .uturn, turn: 180, name: "Long Road")
        b.drive(1500)
        let index = RouteIndex(route: b.build())
        let run = OfflineGuidance.run(index, configuration: Self.configuration([Self.camera(index, at: 800, side: 0.5, directions: [])]))
        #expect(Self.cameras(run).count == 2, "\(summaries(run))")
        Self.expectNoOverlap(run)
    }
}
