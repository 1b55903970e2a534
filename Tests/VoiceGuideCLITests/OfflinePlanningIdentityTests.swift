import Foundation
import Testing
import Guidance
import Phrasing
import RouteModel
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// The offline planner jumps from decision point to decision point, and must give exactly what the
/// stepped planner (every simulated fix snapped and planned) gives: same announcements, kinds, phrases, trigger
/// times and distances, maneuvers reached, on every example and Valhalla route, in every locale.
@Suite struct OfflinePlanningIdentityTests {
    /// Every example route and every Valhalla fixture that holds a route.
    static let routes: [String] = {
        let examples = CLIFixtures.exampleNames.map(CLIFixtures.example)
        let dir = CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/valhalla")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        let valhalla = files.filter { $0.hasSuffix(".json") && $0 != "MANIFEST.json" && $0 != "no-route.json" }.sorted()
        return examples + valhalla.map { dir.appendingPathComponent($0).path }
    }()

    /// Loads `path` as `transcript` would, in `locale`, at `speed` (km/h) if given.
    static func settings(_ path: String, locale: String, speed: String? = nil) throws -> GuidanceSettings {
        var arguments = ParsedArguments()
        arguments.values["locale"] = locale
        if let speed { arguments.values["speed"] = speed }
        let io = CommandIO(out: { _ in }, err: { _ in })
        return try GuidanceSettings.load(routePath: path, arguments: arguments, command: "transcript", io: io)
    }

    /// Records every difference between the jumping and the stepped plan of `settings`.
    static func expectIdentical(_ settings: GuidanceSettings, label: String, configuration: GuidanceConfiguration = .standard) {
        let estimator = PhraseDurationEstimator(builder: settings.builder)
        let options = settings.simulatorOptions
        let jumped = OfflineGuidance.run(settings.index, configuration: configuration, estimator: estimator, options: options)
        let stepped = OfflineGuidance.runStepped(settings.index, configuration: configuration, estimator: estimator, options: options)
        #expect(jumped.skippedCameras == stepped.skippedCameras, "\(label): skipped cameras")
        #expect(jumped.announcements.count == stepped.announcements.count, "\(label): announcement count")
        for (n, (a, b)) in zip(jumped.announcements, stepped.announcements).enumerated() {
            let at = "\(label) #\(n) \(b.kind.rawValue) \(b.maneuver.map { "\($0.id.leg)/\($0.id.step)" } ?? "-")"
            #expect(a.kind == b.kind, "\(at): kind \(a.kind.rawValue)")
            #expect(a.maneuver?.id == b.maneuver?.id, "\(at): maneuver")
            #expect(a.then?.maneuver.id == b.then?.maneuver.id, "\(at): then")
            #expect(a.thenMore.map(\.maneuver.id) == b.thenMore.map(\.maneuver.id), "\(at): thenMore")
            #expect(abs(a.triggerSeconds - b.triggerSeconds) < 0.005, "\(at): at \(a.triggerSeconds) s, stepped \(b.triggerSeconds) s")
            #expect(abs(a.triggerMeters - b.triggerMeters) < 0.01, "\(at): at \(a.triggerMeters) m, stepped \(b.triggerMeters) m")
            #expect(abs(a.distanceToManeuverMeters - b.distanceToManeuverMeters) < 0.01, "\(at): distance to maneuver")
            #expect(abs(a.durationSeconds - b.durationSeconds) < 0.005, "\(at): duration")
            #expect(settings.builder.phrase(a) == settings.builder.phrase(b), "\(at): phrase")
        }
        #expect(jumped.reachedSeconds.count == stepped.reachedSeconds.count, "\(label): reached")
        for (a, b) in zip(jumped.reachedSeconds, stepped.reachedSeconds) {
            #expect(a.map { x in b.map { abs(x - $0) < 0.005 } ?? false } ?? (b == nil), "\(label): reached \(String(describing: a)) vs \(String(describing: b))")
        }
        #expect(jumped.endSeconds == stepped.endSeconds, "\(label): end")
        #expect(jumped.report.missed == stepped.report.missed && jumped.report.late == stepped.report.late
                && jumped.report.announced == stepped.report.announced && jumped.report.warnings == stepped.report.warnings,
                "\(label): quality report")
    }

    @Test(arguments: GoldenTranscriptTests.locales)
    func jumpingPlanEqualsSteppedPlan(_ locale: String) throws {
        for path in Self.routes {
            let name = URL(fileURLWithPath: path).lastPathComponent
            Self.expectIdentical(try Self.settings(path, locale: locale), label: "\(locale) \(name)")
        }
    }

    /// A camera every `spacing` meters along `index`, a few meters to the side, of unknown direction, every other
    /// one with its own limit.
    static func cameras(on index: RouteIndex, every spacing: Double) -> [SpeedCamera] {
        stride(from: spacing / 2, to: index.path.length, by: spacing).enumerated().map { n, along in
            let bearing = index.path.bearing(atDistance: along)
            let point = Geo.destination(from: index.path.coordinate(atDistance: along), bearing: bearing + (n % 2 == 0 ? 90 : -90), meters: 5)
            return SpeedCamera(coordinate: point, limit: n % 2 == 0 ? .kilometersPerHour(50) : nil)
        }
    }

    /// Cameras (some said early, some late behind a maneuver, some skipped) and limit changes plan the same jumping.
    @Test(arguments: ["en-US", "de-DE", "ja-JP"])
    func jumpingPlanEqualsSteppedPlanWithCamerasAndLimits(_ locale: String) throws {
        for path in Self.routes {
            let name = URL(fileURLWithPath: path).lastPathComponent
            for speed in [nil, "30", "110"] {
                let settings = try Self.settings(path, locale: locale, speed: speed)
                var configuration = settings.configuration
                configuration.speedLimitAlerts = true
                configuration.cameras = Self.cameras(on: settings.index, every: 230)
                Self.expectIdentical(settings, label: "\(locale) \(speed ?? "-") km/h \(name) with cameras", configuration: configuration)
            }
        }
    }

    @Test(arguments: ["30", "90", "130"])
    func jumpingPlanEqualsSteppedPlanAtAFixedSpeed(_ speed: String) throws {
        for path in Self.routes {
            let name = URL(fileURLWithPath: path).lastPathComponent
            Self.expectIdentical(try Self.settings(path, locale: "en-US", speed: speed), label: "\(speed) km/h \(name)")
        }
    }
}

/// The bench's large-route fixture (`syntheticRouteJSON`: a turn every 70 m), jumping against stepped. The bench
/// uses 50,000 steps; the stepped reference costs minutes per locale at that size in a debug build, so the
/// tests take the same route at 1,000 steps (47 minutes, 1,000 turns) in every locale.
@Suite struct OfflinePlanningLargeRouteTests {
    static let path: String? = try? CLIFixtures.temporaryFile(syntheticRouteJSON(steps: 1_000, pointsPerStep: 8), name: "large.json")

    @Test(arguments: GoldenTranscriptTests.locales)
    func jumpingPlanEqualsSteppedPlanOnTheLargeRoute(_ locale: String) throws {
        let path = try #require(Self.path)
        OfflinePlanningIdentityTests.expectIdentical(try OfflinePlanningIdentityTests.settings(path, locale: locale),
                                                     label: "\(locale) synthetic 1,000 steps")
    }
}
