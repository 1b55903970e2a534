import Foundation
import Testing
import Phrasing
import RouteModel
@testable import VoiceService

/// The `degrees` of a roundabout banner is the exit's angle round the roundabout (Mapbox Directions API: 180
/// straight on, 0 back to the entry; drawn for right-hand traffic and mirrored for `driving_side: left`), not the
/// exit number it once carried.
@Suite struct BannerDegreesTests {
    static let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))

    /// The `degrees` of the banner about the maneuver of step `step` of leg 0 of `file`.
    static func degrees(_ file: String, step: Int) throws -> Double? {
        let url = ServeFixtures.repository.appendingPathComponent(file)
        let document = try renderer.importRoute(Data(contentsOf: url), name: url.lastPathComponent)
        let transcript = try renderer.plan(document, locale: "en-US", units: nil, format: .mapbox)
        let flat = try #require(transcript.index.steps.firstIndex { $0.id.leg == 0 && $0.id.step == step })
        let banner = try #require(transcript.bannerInstructionsByStep()[flat - 1].first)
        return banner["primary"]?["degrees"]?.numberValue
    }

    @Test func theAngleIsMeasuredRoundTheRoundaboutInTheDirectionTrafficCirculates() {
        // Keep right (counter-clockwise round): the right exit is a quarter round, the left one three quarters.
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: 0, side: .right) == 180)
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: 90, side: .right) == 90)
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: 270, side: .right) == 270)
        #expect(RoundaboutExitAngle.degrees(entry: 350, exit: 80, side: .right) == 90)
        #expect(RoundaboutExitAngle.degrees(entry: 90, exit: 270, side: .right) == 0)
        // Keep left (clockwise round): the left exit is the quarter round, the same number mirrored.
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: 270, side: .left) == 90)
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: 90, side: .left) == 270)
        #expect(RoundaboutExitAngle.degrees(entry: 10, exit: 10.4, side: .left) == 180)
        #expect(RoundaboutExitAngle.degrees(entry: .nan, exit: 0, side: .left) == nil)
    }

    @Test func theExitHeadingIsWhereTheGeometryLeavesTheRing() {
        // A ring driven counter-clockwise from heading 0 (entering northward, bearing right onto the ring), then
        // off it heading west: a left turn, three quarters round.
        var points = [Coordinate(latitude: 52.5, longitude: 13.4)]
        for bearing in stride(from: 60.0, through: -150.0, by: -30) {
            points.append(Geo.destination(from: points[points.count - 1], bearing: bearing, meters: 12))
        }
        let leaving = points.count - 1
        points.append(Geo.destination(from: points[leaving], bearing: 270, meters: 200))
        let heading = RoundaboutExitAngle.exitHeading(along: points, side: .right)
        #expect(heading.map { abs($0 - 270) < 0.5 } == true, "\(String(describing: heading))")
        #expect(RoundaboutExitAngle.degrees(entry: 0, exit: heading ?? 0, side: .right) == 270)
        // Driven the other way round (as traffic keeping left would), the same path never turns against the
        // circulation after turning with it by a ring's worth: no exit found there.
        #expect(RoundaboutExitAngle.exitHeading(along: points, side: .left) == nil)
        // A ring alone (the exit is the next step's maneuver): no exit in it.
        #expect(RoundaboutExitAngle.exitHeading(along: Array(points[...leaving]), side: .right) == nil)
    }

    @Test func anExitStepOrATurnAtAMiniRoundaboutGivesTheExitHeading() {
        let here = Coordinate(latitude: 52.5, longitude: 13.4)
        func step(_ type: ManeuverType, before: Double, after: Double, side: DrivingSide = .right) -> Step {
            Step(maneuver: Maneuver(type: type, location: here, bearingBefore: before, bearingAfter: after),
                 distance: 50, duration: 5, drivingSide: side)
        }
        // Valhalla: the ring is one step, leaving it the next ("exit roundabout"), whose bearing_after is the exit
        // road's; both banners get the angle.
        let valhalla = [step(.depart, before: 0, after: 10), step(.roundabout, before: 10, after: 70),
                        step(.exitRoundabout, before: 300, after: 100), step(.arrive, before: 100, after: 0)]
        #expect(RoundaboutExitAngle.degrees(at: 1, of: valhalla) == 90)
        #expect(RoundaboutExitAngle.degrees(at: 2, of: valhalla) == 90)
        #expect(RoundaboutExitAngle.degrees(at: 0, of: valhalla) == nil)
        // A mini roundabout is a turn at one point: its own bearings.
        let mini = [step(.depart, before: 0, after: 10), step(.roundaboutTurn, before: 10, after: 280, side: .left),
                    step(.arrive, before: 280, after: 0)]
        #expect(RoundaboutExitAngle.degrees(at: 1, of: mini) == 90)
        // A ring whose exit is unknown (no geometry, and the route arrives): no angle rather than a wrong one.
        let unknown = [step(.depart, before: 0, after: 10), step(.rotary, before: 10, after: 70), step(.arrive, before: 70, after: 0)]
        #expect(RoundaboutExitAngle.degrees(at: 1, of: unknown) == nil)
    }

    /// Hand-checked on the fixtures' geometry (entry heading = the maneuver's bearing_before; exit heading = the
    /// first segment off the ring, or the next maneuver's bearing_after when the step ends on the ring).
    @Test func fixtureRoundaboutsGetTheirExitAngleNotTheirExitNumber() throws {
        // Großer Stern (rotary, exit 3): in heading 259°, out along Straße des 17. Juni at 262.2°: straight on.
        #expect(try Self.degrees("Examples/Routes/city-berlin.json", step: 1) == 177)
        // Ernst-Reuter-Platz (exit 4, "left"): in at 266°, out at 129.4°: 136.6° to the left, 317 round.
        #expect(try Self.degrees("Examples/Routes/city-berlin.json", step: 2) == 317)
        // Dupont Circle (exit 4, "straight"): in at 270°, out at 270°.
        #expect(try Self.degrees("Examples/Routes/city-dc.json", step: 1) == 180)
        // Oxford, traffic keeps left (clockwise round): in at 118°, out at 155.1°: 37° to the right is 217 round.
        #expect(try Self.degrees("Examples/Routes/uk-oxford.json", step: 1) == 217)
        // Logan Circle, the rotary step ends on the ring; the next maneuver leaves it northward: in at 90°, out
        // at 0°, a left turn, 270 round.
        #expect(try Self.degrees("Tests/Fixtures/named-rotary.json", step: 1) == 270)
        // Not at a roundabout: no degrees.
        #expect(try Self.degrees("Examples/Routes/city-dc.json", step: 2) == nil)
    }
}
