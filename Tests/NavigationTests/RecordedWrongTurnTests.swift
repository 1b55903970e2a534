import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Navigation

/// The live wrong-turn drive as gpsd delivered it (Tests/Fixtures/live-wrong-turn/), replayed in virtual time.
/// Its fixes came one simulated second of driving every quarter of a real second; on that receive clock the
/// planner's speaking times (speech seconds) last 4 times the stretch it plans them for, and the arrival, named
/// in the last turn's 'now' ("then, in 450 ft, you will arrive"), was reached while that 'now' was still being
/// said, so it was never said. Restamped in the drive's own seconds, as the live test now feeds them, it is.
@Suite struct RecordedWrongTurnTests {
    /// Recorded fixes, played in order.
    final class Recorded: LocationSource, @unchecked Sendable {
        private var events: [LocationEvent]
        init(_ events: [LocationEvent]) { self.events = events }
        var label: String { "recorded" }
        var timing: LocationTiming { .recorded }
        func nextEvent() throws -> LocationEvent? { events.isEmpty ? nil : events.removeFirst() }
        func peekTime() -> Double? { if case .fix(let p)? = events.first { p.timestamp } else { nil } }
    }

    static let directory = NavigationFixtures.repository.appendingPathComponent("Tests/Fixtures/live-wrong-turn")

    static func route(_ name: String) throws -> RouteIndex {
        let data = try Data(contentsOf: directory.appendingPathComponent(name))
        return RouteIndex(route: try RouteImporter().read(data, fileName: name).route)
    }

    /// The fixes before the switch to the new route and after it.
    static func fixes() throws -> (before: [Position], after: [Position]) {
        let text = try String(contentsOf: directory.appendingPathComponent("fixes.txt"), encoding: .utf8)
        var before = [Position](), after = [Position](), switched = false
        for (n, line) in text.split(separator: "\n").enumerated() {
            if line == "reroute" { switched = true; continue }
            let f = line.split(separator: " ").map { $0 == "nil" ? nil : Double($0) }
            guard f.count == 6, let lat = f[0], let lon = f[1], let t = f[2] else {
                Issue.record("fixes.txt line \(n + 1): expected latitude longitude timestamp speed heading accuracy")
                continue
            }
            let p = Position(coordinate: Coordinate(latitude: lat, longitude: lon), speed: f[3], heading: f[4], accuracy: f[5], timestamp: t)
            if switched { after.append(p) } else { before.append(p) }
        }
        return (before, after)
    }

    @Test func restampedInDriveSecondsTheArrivalNamedInTheLastNowIsSaid() throws {
        let planned = try Self.route("planned.json"), rerouted = try Self.route("rerouted.json")
        let (before, after) = try Self.fixes()
        #expect(before.count > 100 && after.count > 200)
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let navigator = Navigator(route: planned, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: nil, clock: VirtualClock(), observer: log.observer)
        let pace = 0.25
        for (part, fixes) in [before, after].enumerated() {
            if part == 1 { navigator.reroute(to: rerouted) }
            let source = RescaledLocationSource(Recorded(fixes.map { .fix($0) })) { $0 / pace }
            while let event = try source.nextEvent() {
                if case .fix(let p) = event { navigator.update(p) }
            }
        }
        navigator.advance(to: navigator.driveTime + 8)
        navigator.finish()
        let lines = log.announced.map { "\($0.0.kind.rawValue): \($0.1.display)" }
        #expect(lines.filter { $0.hasPrefix("reroute:") }.count == 1, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("now: Not this one, take the second left onto Siltasaarenkatu") }, "\(lines)")
        #expect(lines.last == "arrive: You have arrived at your destination.", "\(lines)")
    }
}
