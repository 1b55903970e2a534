import Foundation
import Testing
import Guidance
import RouteModel
@testable import VoiceGuideCLI

/// `--speed-limits` and `--overspeed` through the commands: what is said, when, and where it is left out.
@Suite struct SpeedLimitCommandTests {
    /// 3 km east at 50 then 80 km/h (from 2 km), a left turn, 3 km north at 80 (unknown for 200 m on the way),
    /// a right turn onto 4 km at 100.
    static let route = CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/speed-limits.json").path

    static func announcements(_ arguments: [String]) throws -> [[String: Any]] {
        let run = ToolRun(["transcript", route, "--format", "json"] + arguments)
        #expect(run.code == 0, "\(run.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return try #require(object["announcements"] as? [[String: Any]])
    }

    @Test func transcriptSaysEachNewLimitOnAFastRoadOnceBetweenManeuvers() throws {
        let list = try Self.announcements(["--speed-limits", "--units", "metric"])
        let texts = list.compactMap { $0["text"] as? String }
        #expect(texts.filter { $0 == "Speed limit 80." }.count == 1, "\(texts)")
        #expect(texts.filter { $0 == "Speed limit 100." }.count == 1, "\(texts)")
        #expect(!texts.contains { $0.hasPrefix("Speed limit 50") }, "50 km/h is no fast road")
        let alerts = list.filter { $0["kind"] as? String == "speedLimit" }
        #expect(alerts.count == 2)
        #expect(alerts.map { $0["speedLimitKmh"] as? Double } == [80, 100])
        #expect(alerts.allSatisfy { $0["leg"] is NSNull && $0["step"] is NSNull })
        // Never two at once: each ends before the next starts.
        for (a, b) in zip(list, list.dropFirst()) {
            let end = (a["triggerSeconds"] as? Double ?? 0) + (a["durationSeconds"] as? Double ?? 0)
            #expect(end <= (b["triggerSeconds"] as? Double ?? 0) + 0.011, "\(a["text"] ?? "") overlaps \(b["text"] ?? "")")
        }
        // The maneuvers are said as without the flag.
        let plain = try Self.announcements(["--units", "metric"])
        #expect(list.filter { $0["kind"] as? String != "speedLimit" }.compactMap { $0["text"] as? String }
                == plain.compactMap { $0["text"] as? String })
        #expect(!plain.contains { $0["kind"] as? String == "speedLimit" })
    }

    @Test func imperialUnitsSayMilesPerHour() throws {
        let texts = try Self.announcements(["--speed-limits", "--locale", "en-US"]).compactMap { $0["text"] as? String }
        #expect(texts.contains("Speed limit 50.") && texts.contains("Speed limit 62."), "\(texts)")
    }

    @Test func mapboxLeavesTheAlertsOut() throws {
        let run = ToolRun(["transcript", Self.route, "--format", "mapbox", "--speed-limits", "--units", "metric"])
        #expect(run.code == 0, "\(run.err)")
        #expect(!run.out.contains("Speed limit"))
        #expect(run.out.contains("Turn left onto Landstraße."))
    }

    @Test func aBadUnitIsBadData() throws {
        let text = try String(contentsOfFile: Self.route, encoding: .utf8)
        let bad = try CLIFixtures.temporaryFile(Data(text.replacingOccurrences(of: #"{"speed":80,"unit":"km/h"}"#, with: #"{"speed":80,"unit":"kph"}"#).utf8))
        let run = ToolRun(["transcript", bad, "--speed-limits"])
        #expect(run.code == 65)
        #expect(run.err.contains(#"routes[0].legs[0].annotation.maxspeed[20].unit: unknown unit "kph""#), "\(run.err)")
    }

    @Test func overspeedNeedsAValue() {
        let run = ToolRun(["drive", Self.route, "--output", "text", "--overspeed"])
        #expect(run.code == 64, "\(run.err)")
        #expect(ToolRun(["transcript", Self.route, "--overspeed", "5"]).code == 64, "transcript has no overspeed warnings")
        #expect(ToolRun(["drive", Self.route, "--output", "text", "--overspeed", "-1"]).code == 64)
    }

    static func driveEvents(_ arguments: [String]) throws -> [[String: Any]] {
        let run = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--quiet", "--events", "-", "--units", "metric"] + arguments)
        #expect(run.code == 0, "\(run.err)")
        return run.out.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["event"] as? String == "announcement" }
    }

    @Test func aSimulatedDriveOverTheLimitIsWarnedOnce() throws {
        // 60 km/h: over the 50 (tolerance 5 km/h) for the first 2 km, under 80 and 100 after.
        let fast = try Self.driveEvents(["--speed", "60"])
        let warnings = fast.filter { $0["kind"] as? String == "overspeed" }
        #expect(warnings.count == 1, "\(fast.map { $0["text"] ?? "" })")
        #expect(warnings.first?["text"] as? String == "Slow down, the limit is 50.")
        #expect(warnings.first?["speedLimitKmh"] as? Double == 50)
        // Within the tolerance: none; a wider tolerance too.
        #expect(try Self.driveEvents(["--speed", "54"]).allSatisfy { $0["kind"] as? String != "overspeed" })
        #expect(try Self.driveEvents(["--speed", "60", "--overspeed", "15"]).allSatisfy { $0["kind"] as? String != "overspeed" })
        // And with --speed-limits the drive says the new limits too.
        let said = try Self.driveEvents(["--speed", "70", "--speed-limits"]).filter { $0["kind"] as? String == "speedLimit" }
        #expect(said.compactMap { $0["text"] as? String } == ["Speed limit 80.", "Speed limit 100."])
    }
}

/// The status line shows the limit where the car is, in the driver's unit.
@Suite struct SpeedLimitStatusLineTests {
    private func line(_ arguments: [String], seconds: Int, route: String = SpeedLimitCommandTests.route) throws -> String {
        let io = CommandIO(out: { _ in }, err: { _ in })
        let parsed = try ParsedArguments.parse(arguments, specs: GuidanceSettings.optionSpecs, command: "drive")
        let settings = try GuidanceSettings.load(routePath: route, arguments: parsed, command: "drive", io: io)
        var tracker = ProgressTracker(index: settings.index)
        var fixes = Simulator(index: settings.index)
        var progress: RouteProgress?
        for _ in 0..<seconds { if let fix = fixes.next() { progress = tracker.update(fix.position) } }
        return StatusLine(settings: settings).render(progress: progress, muted: false, speedup: 1, paused: false, wallRemaining: nil)
    }

    @Test func theLimitWhereTheCarIs() throws {
        #expect(try line(["--units", "metric"], seconds: 30).contains(" │ limit 50 km/h"))
        #expect(try line(["--units", "metric"], seconds: 120).contains(" │ limit 80 km/h"))
        #expect(try line(["--locale", "en-US"], seconds: 120).contains(" │ limit 50 mph"))
        // A route without limits shows none.
        let plain = try line([], seconds: 30, route: CLIFixtures.example("city-berlin.json"))
        #expect(plain.contains(" │ ") && !plain.contains("limit"), "\(plain)")
    }
}
