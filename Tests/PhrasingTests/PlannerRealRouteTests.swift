import Foundation
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// The planner on real Valhalla routes over the Helsinki extract (Tests/Fixtures/planner/, see its README), in the
/// words of every locale: every maneuver said in time, a leg's depart after its stop, a stop named by the next
/// leg's street is "your first stop", a drive-off the ferry said once, one side-road count, the router's heading.
@Suite struct PlannerRealRouteTests {
    static let locales: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: TestData.directory.appendingPathComponent("Locales").path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The simulated drive of fixture `name` (under Tests/Fixtures) in `tag`, with its phrases.
    static func drive(_ name: String, _ tag: String) throws -> (run: GuidanceRun, phrases: [Phrase]) {
        let data = try Data(contentsOf: TestData.directory.appendingPathComponent("Tests/Fixtures/\(name).json"))
        let route = try RouteImporter().read(data, fileName: name).route
        let builder = try TestData.builder(tag)
        let run = OfflineGuidance.run(RouteIndex(route: route), estimator: PhraseDurationEstimator(builder: builder))
        return (run, run.announcements.map(builder.phrase))
    }

    @Test func thirtyTwoLocales() { #expect(Self.locales.count == 32) }

    /// A left turn 27 m after the start and a right turn 6 m after it. The depart takes 1.7 s in English but
    /// 3.6 s in German; the right turn used to be named in English only. Now every locale names both, in order,
    /// before the right turn is reached (in the depart's run when nothing else fits).
    @Test(arguments: locales)
    func aTurnRightAfterTheFirstIsNamedInEveryLocale(_ tag: String) throws {
        let (run, phrases) = try Self.drive("planner/depart-close-turns", tag)
        #expect(run.report.missed.isEmpty, "\(tag): \(run.report.warnings)")
        #expect(run.report.late == 0 && run.report.overlaps == 0, "\(tag): \(run.report.warnings)")
        let right = StepID(leg: 0, step: 2)
        let reached = try #require(run.reachedSeconds[2])
        let naming = try #require(run.announcements.firstIndex { a in
            a.maneuver?.id == right || a.then?.maneuver.id == right || a.thenMore.contains { $0.maneuver.id == right }
        }, "\(tag): the right turn is never named: \(phrases.map(\.display))")
        #expect(run.announcements[naming].triggerSeconds < reached, "\(tag): \(phrases[naming].display)")
    }

    @Test func theDepartNamesBothTurnsInGerman() throws {
        let (_, phrases) = try Self.drive("planner/depart-close-turns", "de-DE")
        #expect(phrases.first?.display == "Fahren Sie Richtung Süden, danach biegen Sie links ab, danach biegen Sie rechts ab.")
    }

    /// A stop at the end of a 23 m spur driven at a crawl, in and out along the same street, and a stop whose
    /// arrival and next depart Valhalla snapped 75 m apart: the stop is said before the next leg's depart, the
    /// depart before anything else of its leg, and the distances of the transcript never go backwards.
    @Test(arguments: ["planner/stop-dead-end", "planner/stop-split-snap"])
    func theNextLegWaitsForTheStop(_ name: String) throws {
        for tag in ["en-US", "de-DE", "fi-FI", "ja-JP"] {
            let (run, phrases) = try Self.drive(name, tag)
            let texts = phrases.map(\.display)
            #expect(run.report.missed.isEmpty && run.report.late == 0, "\(tag): \(run.report.warnings)")
            let meters = run.announcements.map(\.triggerMeters)
            #expect(zip(meters, meters.dropFirst()).allSatisfy { $0 <= $1 + 0.05 }, "\(tag) \(name): \(meters)")
            let waypoint = try #require(run.announcements.firstIndex { $0.kind == .waypoint }, "\(tag): \(texts)")
            let depart = try #require(run.announcements.firstIndex { $0.kind == .depart && $0.maneuver?.id.leg == 1 })
            #expect(waypoint < depart, "\(tag) \(name): \(texts)")
            let firstOfLeg1 = run.announcements.firstIndex { $0.maneuver.map { $0.id.leg == 1 } ?? false }
            #expect(firstOfLeg1 == depart, "\(tag) \(name): \(texts)")
        }
    }

    /// Valhalla names the stop "Mannerheimintie", the street the next leg leaves on (it arrives on
    /// Erottajankatu): a street, not a place, so it is "your first stop".
    @Test func aStopNamedByTheNextLegsStreetIsYourFirstStop() throws {
        let expected = ["en-US": "Your first stop is on the right.", "de-DE": "Ihr erstes Zwischenziel befindet sich rechts.",
                        "fi-FI": "Ensimmäinen välikohde on oikealla."]
        for tag in Self.locales {
            let (run, phrases) = try Self.drive("planner/stop-named-next-street", tag)
            let stop = try #require(run.announcements.firstIndex { $0.kind == .waypoint })
            #expect(run.announcements[stop].maneuver?.waypointName == "", "\(tag)")
            #expect(!phrases[stop].display.contains("Mannerheimintie"), "\(tag): \(phrases[stop].display)")
            if let text = expected[tag] { #expect(phrases[stop].display == text, "\(tag)") }
        }
    }

    /// Aboard a 9 km crossing nothing counts down; the drive-off is said once, as the ferry arrives.
    @Test(arguments: locales)
    func theDriveOffTheFerryIsSaidOnceAsItArrives(_ tag: String) throws {
        let (run, _) = try Self.drive("ferry-crossing", tag)
        let driveOff = run.announcements.filter { $0.maneuver?.id == StepID(leg: 0, step: 3) }
        #expect(driveOff.map(\.kind) == [.now], "\(tag): \(driveOff.map(\.kind))")
        let reached = try #require(run.reachedSeconds[3])
        if let now = driveOff.first { #expect(reached - now.triggerSeconds < 20, "\(tag): said \(reached - now.triggerSeconds) s before") }
        #expect(run.report.missed.isEmpty && run.report.late == 0)
    }

    /// The prepare said "the third right" and the `now`, one side road later, "the second right". One count
    /// only is said, the one seen from near where the driver turns; the prepare names the turn by its distance.
    @Test(arguments: ["valhalla/multi-stop.en-US", "valhalla/city-turns.en-US", "side-roads"])
    func oneSideRoadCountPerTurn(_ name: String) throws {
        for tag in ["en-US", "de-DE", "pl-PL", "ja-JP"] {
            let (run, _) = try Self.drive(name, tag)
            var nowOrdinal = [StepID: Int?]()
            for a in run.announcements where a.kind == .now { if let m = a.maneuver { nowOrdinal[m.id] = m.sideRoadOrdinal } }
            for a in run.announcements where [.early, .prepare].contains(a.kind) {
                guard let m = a.maneuver, let ordinal = m.sideRoadOrdinal, let said = nowOrdinal[m.id] else { continue }
                #expect(said == ordinal, "\(tag) \(name): prepare says \(ordinal), now says \(said.map(String.init) ?? "none") for \(m.id)")
            }
        }
    }

    /// The depart heading is the step's `bearing_after` (90°, east), not the first geometry segment (55°).
    @Test func theDepartHeadingIsTheRoutersBearing() throws {
        let cases = ["en-US": "Head east on Yrjönkatu.", "de-DE": "Fahren Sie auf Yrjönkatu Richtung Osten.",
                     "fi-FI": "Aja itään Yrjönkadulla."]
        for (tag, text) in cases {
            let (run, phrases) = try Self.drive("planner/depart-bearing", tag)
            #expect(run.announcements.first?.maneuver?.departBearing == 90)
            #expect(phrases.first?.display == text, "\(tag)")
        }
    }
}
