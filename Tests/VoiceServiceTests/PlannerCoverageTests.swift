import Foundation
import Synchronization
import Testing
import RouteModel
import Guidance
import Phrasing
import Routing
import VoiceService
import VoiceGuideTestSupport

/// On real routes, in every locale, every maneuver is announced, nothing is late, nothing overlaps and
/// nothing is said out of route order, and a turn's side-road count is the same in its prepare and its `now`. The routes are planned by the test's own Valhalla over the Helsinki extract
/// from seeded random points (one or two intermediate stops on most), then planned offline as `transcript --batch`
/// plans them (`VoiceTranscript(planning:)`, the library form of a batch line) in all 32 locales.
@Suite(.valhalla, .serialized)
struct PlannerCoverageTests {
    /// The corner of the Helsinki extract the routes start and end in (PLATFORM-NOTES: lon 24.935–24.953,
    /// lat 60.164–60.179), a little inside its edges.
    static let latitudes = 60.1650...60.1780
    static let longitudes = 24.9360...24.9520
    /// How many routes; the issue asks for at least 50.
    static let routeCount = 50

    /// Seeded random routes from the real service: stops are drawn until `count` routes came back.
    static func randomRoutes(count: Int, seed: UInt64, router: ValhallaRouter) throws -> [(name: String, body: Data)] {
        var random = SplitMix64(seed: seed)
        func point() -> Coordinate {
            Coordinate(latitude: Double.random(in: latitudes, using: &random),
                       longitude: Double.random(in: longitudes, using: &random))
        }
        var routes = [(name: String, body: Data)]()
        var attempts = 0
        while routes.count < count {
            attempts += 1
            try #require(attempts < count * 10, "Valhalla found only \(routes.count) of \(count) routes in \(attempts) tries")
            let stops = Int.random(in: 0...2, using: &random)
            let request = RouteRequest(origin: point(), destinations: (0...stops).map { _ in point() })
            guard let response = try? router.routeBlocking(request), response.document.route.distance > 200 else { continue }
            routes.append((name: "route \(routes.count) (attempt \(attempts), \(stops) stops)", body: response.body))
        }
        return routes
    }

    /// What is wrong with one planned drive, one line each (empty when all is well).
    static func problems(_ transcript: VoiceTranscript) -> [String] {
        let run = transcript.run, report = run.report
        var problems = [String]()
        if !report.missed.isEmpty { problems.append("unannounced: \(report.missed.map(\.description).joined(separator: ", "))") }
        if report.late > 0 || report.overlaps > 0 {
            problems += report.warnings.filter { $0.hasPrefix("late") || $0.hasPrefix("overlap") }
        }
        let flat = Dictionary(uniqueKeysWithValues: transcript.index.steps.map { ($0.id, $0.flatIndex) })
        var lastMeters = -Double.infinity, lastSubject = -1, arrivedLegs = Set<Int>()
        for (n, a) in run.announcements.enumerated() {
            if a.triggerMeters < lastMeters - 0.05 {
                problems.append("announcement \(n) (\(a.kind.rawValue)) at \(a.triggerMeters) m, before the previous one at \(lastMeters) m")
            }
            lastMeters = max(lastMeters, a.triggerMeters)
            guard let m = a.maneuver, let k = flat[m.id],
                  ![.continue, .offRoute, .reroute, .backOnRoute].contains(a.kind) else { continue }
            if k < lastSubject {
                problems.append("announcement \(n) (\(a.kind.rawValue) for \(m.id)) after one for a later maneuver")
            }
            lastSubject = max(lastSubject, k)
            if a.kind == .waypoint { arrivedLegs.insert(m.id.leg) }
            if a.kind == .depart, m.id.leg > 0, !arrivedLegs.contains(m.id.leg - 1),
               run.announcements.contains(where: { $0.kind == .waypoint && $0.maneuver?.id.leg == m.id.leg - 1 }) {
                problems.append("the depart of leg \(m.id.leg) comes before the arrival at the end of leg \(m.id.leg - 1)")
            }
        }
        // One side-road count per turn: an early or prepare cue says none, or the one its `now` says.
        var nowOrdinal = [StepID: Int?]()
        for a in run.announcements where a.kind == .now { if let m = a.maneuver { nowOrdinal[m.id] = m.sideRoadOrdinal } }
        for a in run.announcements where [.early, .prepare].contains(a.kind) {
            if let m = a.maneuver, let ordinal = m.sideRoadOrdinal, let said = nowOrdinal[m.id], said != ordinal {
                problems.append("\(a.kind.rawValue) for \(m.id) counts side road \(ordinal), its now \(said.map(String.init) ?? "none")")
            }
        }
        return problems
    }

    @Test("every maneuver of 50 random real routes is announced in time and in order, in all 32 locales")
    func everyManeuverInEveryLocale() throws {
        let service = try ValhallaService.scoped()
        let router = try ValhallaRouter(baseURL: service.baseURL, timeout: 10)
        let routes = try Self.randomRoutes(count: Self.routeCount, seed: 25, router: router)
        // To look at one route: VOICEGUIDE_COVERAGE_ROUTES=DIR writes each response there as it came.
        if let dump = ProcessInfo.processInfo.environment["VOICEGUIDE_COVERAGE_ROUTES"] {
            for (n, route) in routes.enumerated() { try route.body.write(to: URL(fileURLWithPath: dump).appendingPathComponent("route-\(n).json")) }
        }
        let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))
        let documents = try routes.map { route in (route.name, try renderer.importRoute(route.body, name: route.name)) }
        #expect(documents.contains { $0.1.route.legs.count > 1 }, "some routes have intermediate stops")
        #expect(renderer.availableLocales.count == 32)
        // One locale per worker (each builder stays on one thread); the results are sorted by locale afterwards.
        let tags = renderer.availableLocales
        let results = Mutex(Array(repeating: (failures: [String](), maneuvers: 0), count: tags.count))
        DispatchQueue.concurrentPerform(iterations: tags.count) { i in
            var result = (failures: [String](), maneuvers: 0)
            do {
                let builder = renderer.builder(try renderer.locale(tags[i]), units: nil)
                for (name, document) in documents {
                    let transcript = VoiceTranscript(planning: document, localeTag: tags[i], builder: builder)
                    result.maneuvers += transcript.run.report.maneuvers
                    result.failures += Self.problems(transcript).map { "\(tags[i]) \(name): \($0)" }
                }
            } catch {
                result.failures.append("\(tags[i]): \(error)")
            }
            results.withLock { $0[i] = result }
        }
        let all = results.withLock { $0 }
        let failures = all.flatMap(\.failures), maneuvers = all.reduce(0) { $0 + $1.maneuvers }
        #expect(maneuvers > routes.count * 32 * 3)
        if !failures.isEmpty { Issue.record("\(failures.count) problems:\n\(failures.prefix(60).joined(separator: "\n"))") }
    }
}
