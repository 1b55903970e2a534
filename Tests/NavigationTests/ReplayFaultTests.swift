import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Navigation

/// Position faults, end to end through a replayed recording: the fixes are written as NMEA, read back by
/// `NMEASource` and fed by `LocationFeed` into a `Navigator`, as `drive --location nmea:FILE` does.
@Suite struct ReplayFaultTests {
    /// 12:00 UTC on a fixed day: an hour of fixes never crosses midnight.
    private static let epoch = 1_764_590_400.0

    /// A clean drive of `route` at 1 Hz.
    private func cleanFixes(_ route: RouteIndex) -> [SimulatedFix] { Array(Simulator(index: route)) }

    /// Replays `fixes` through an NMEA file; returns the navigator's events and, for each fix index in `probe`,
    /// the progress right after that fix was fed.
    private func replay(_ fixes: [Position], route: RouteIndex, builder: PhraseBuilder,
                        probe: Set<Int> = []) throws -> (log: EventLog, progress: [Int: RouteProgress]) {
        let text = fixes.compactMap { NMEAWriter.sentences(for: $0, epoch: Self.epoch) }.joined()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-fault-\(UUID().uuidString).nmea")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let log = EventLog()
        let navigator = Navigator(route: route, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: nil, clock: VirtualClock(), observer: log.observer)
        let feed = LocationFeed(source: try NMEASource(path: url.path), navigator: navigator)
        let start = fixes.first?.timestamp ?? 0
        var progress: [Int: RouteProgress] = [:]
        for n in probe.sorted() {
            try feed.run(until: fixes[n].timestamp - start)
            progress[n] = navigator.progress
        }
        try feed.run(until: .infinity)
        navigator.finish()
        #expect(feed.finished)
        #expect(feed.endedShort == nil, "the replay reached the destination")
        return (log, progress)
    }

    /// "kind leg/step" of each announcement, in order.
    private func said(_ log: EventLog) -> [String] {
        log.announced.map { a in "\(a.0.kind.rawValue) \(a.0.maneuver.map { "\($0.id.leg)/\($0.id.step)" } ?? "-")" }
    }

    /// Nothing said twice, never off route, and the drive ends with the arrival.
    private func expectCleanGuidance(_ log: EventLog, _ context: String) {
        let keys = said(log)
        #expect(Set(keys).count == keys.count, "repeated: \(keys) (\(context))")
        #expect(!log.names.contains("offRoute"), "false off route (\(context)): \(keys)")
        #expect(!log.announced.contains { $0.0.kind == .offRoute }, "\(context)")
        #expect(keys.last?.hasPrefix("arrive") == true, "\(keys) (\(context))")
    }

    /// A 2 km jump along the route between two fixes one second apart (a receiver that re-acquires late, a
    /// glitch), or 150 s apart (a tunnel exit far along): no false off route, nothing repeated, and guidance goes
    /// on with the maneuver ahead of where the vehicle landed — never with one it passed in the jump.
    @Test(arguments: [1.0, 150.0])
    func aTwoKilometerJumpAlongTheRouteResumesAtTheManeuverAhead(gapSeconds: Double) throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let clean = cleanFixes(route)
        let from = try #require(clean.firstIndex { $0.routeMeters >= 1000 })
        let to = try #require(clean.firstIndex { $0.routeMeters >= clean[from].routeMeters + 2000 })
        #expect(route.path.length > clean[to].routeMeters + 500, "the route goes on after the landing")
        // Fixes up to `from`, then from `to` on, `gapSeconds` after `from` (time runs on from there).
        let shift = clean[to].position.timestamp - clean[from].position.timestamp - gapSeconds
        let fixes = clean[...from].map(\.position) + clean[to...].map { fix in
            var p = fix.position
            p.timestamp -= shift
            return p
        }
        // The fix after the landing confirms it.
        let landing = from + 1, confirmed = landing + 1
        let (log, progress) = try replay(fixes, route: route, builder: builder, probe: [from, confirmed])
        expectCleanGuidance(log, "jump after \(gapSeconds) s")
        let before = try #require(progress[from]), after = try #require(progress[confirmed])
        #expect(after.distanceAlong - before.distanceAlong > 1900, "progress follows the jump: \(before.distanceAlong) → \(after.distanceAlong)")
        // The maneuvers passed in the jump are never announced after it; the first one announced is the one ahead.
        let ahead = try #require(after.nextManeuverIndex)
        let landedAt = fixes[landing].timestamp - fixes[0].timestamp
        let afterJump = log.all.filter { $0.driveTime >= landedAt }.compactMap { e -> Announcement? in
            if case .announced(let a, _, _) = e.kind { a } else { nil }
        }
        let steps = afterJump.compactMap { a in a.maneuver.flatMap { m in route.steps.firstIndex { $0.id == m.id } } }
        #expect(steps.first == ahead, "first after the jump: \(steps), ahead: \(ahead)")
        #expect(steps.allSatisfy { $0 >= ahead }, "\(steps)")
    }

    /// Ten minutes standing still mid-route (a red light that never ends; speed 0, no course): no false off
    /// route, nothing said again while standing, and the drive says exactly what the same drive without the stop
    /// says.
    @Test func tenMinutesStandingStillSaysNothingAgainAndResumes() throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let clean = cleanFixes(route).map(\.position)
        let reference = try replay(clean, route: route, builder: builder).log
        expectCleanGuidance(reference, "reference")
        let simulated = cleanFixes(route)
        let stop = try #require(simulated.firstIndex { $0.routeMeters >= 800 })
        var still = clean[stop]
        still.speed = 0
        still.heading = nil
        let standing = (1...600).map { s in
            var p = still
            p.timestamp += Double(s)
            return p
        }
        let after = clean[(stop + 1)...].map { p in
            var moved = p
            moved.timestamp += 600
            return moved
        }
        let fixes = Array(clean[...stop]) + standing + after
        let (log, _) = try replay(fixes, route: route, builder: builder)
        expectCleanGuidance(log, "standing still")
        #expect(said(log) == said(reference))
        // While standing, nothing at all is announced.
        let stoodFrom = still.timestamp - clean[0].timestamp, stoodUntil = stoodFrom + 600
        let whileStanding = log.all.filter { e in
            if case .announced = e.kind { e.driveTime > stoodFrom + 5 && e.driveTime < stoodUntil } else { false }
        }
        #expect(whileStanding.isEmpty, "\(whileStanding.map(\.name))")
    }
}
