import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Which usable road on its side a turn is, from the approach step's intersections.
@Suite struct SideRoadTests {
    /// The route goes north; the turn is 300 m on. `roads` are the side roads' bearings at an intersection
    /// `before` meters before the turn, with their entry flags.
    static func approach(_ crossings: [(before: Double, roads: [(bearing: Double, entry: Bool)])]) -> (Step, Step) {
        let start = Coordinate(latitude: 60.17, longitude: 24.94)
        let turnAt = Geo.destination(from: start, bearing: 0, meters: 300)
        var intersections = [Intersection(location: start, bearings: [0], entry: [true], outIndex: 0)]
        for c in crossings {
            let location = Geo.destination(from: turnAt, bearing: 180, meters: c.before)
            // Bearings: the approach (180, not enterable), straight on (0), then the side roads.
            let bearings = [180.0, 0] + c.roads.map(\.bearing)
            intersections.append(Intersection(location: location, bearings: bearings, entry: [false, true] + c.roads.map(\.entry),
                                              inIndex: 0, outIndex: 1))
        }
        let approach = Step(maneuver: Maneuver(type: .depart, location: start), distance: 300, duration: 30,
                            name: "Main Street", intersections: intersections)
        let turn = Step(maneuver: Maneuver(type: .turn, modifier: .right, location: turnAt, bearingBefore: 0, bearingAfter: 90),
                        distance: 200, duration: 20, name: "Elm Street")
        return (approach, turn)
    }

    @Test func anEarlierRightMakesItTheSecondRight() {
        let (approach, turn) = Self.approach([(before: 80, roads: [(90, true)])])
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 200) == 2)
        // Announced after passing that road: the first right again.
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 60) == nil)
    }

    @Test func roadsThatDoNotCountAreNotCounted() {
        // A road on the left, a one-way street that cannot be entered, a road almost straight on, one pointing
        // back, and the turn's own intersection.
        let (approach, turn) = Self.approach([(before: 150, roads: [(270, true)]), (before: 120, roads: [(90, false)]),
                                              (before: 100, roads: [(10, true)]), (before: 90, roads: [(170, true)]),
                                              (before: 2, roads: [(60, true)])])
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 250) == nil)
    }

    @Test func countsEachIntersectionOnceAndGivesUpBeyondTheFourth() {
        let (approach, turn) = Self.approach([(before: 200, roads: [(80, true), (100, true)]), (before: 100, roads: [(90, true)])])
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 250) == 3)
        let (many, turn2) = Self.approach([(before: 250, roads: [(90, true)]), (before: 200, roads: [(90, true)]),
                                           (before: 150, roads: [(90, true)]), (before: 100, roads: [(90, true)])])
        #expect(SideRoads.ordinal(of: turn2, approach: many, within: 280) == nil)
    }

    @Test func onlyPlainLeftAndRightTurnsAreCounted() {
        let (approach, right) = Self.approach([(before: 80, roads: [(270, true)])])
        var turn = right
        turn.maneuver.modifier = .left
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 200) == 2)
        turn.maneuver.modifier = .slightLeft
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 200) == nil)
        turn.maneuver.type = .offRamp
        turn.maneuver.modifier = .left
        #expect(SideRoads.ordinal(of: turn, approach: approach, within: 200) == nil)
    }
}

/// A counted turn chained after another is counted from the first maneuver: the "then" says its count and no
/// distance ("turn left, then take the second right"), since "then after 120 m, take the second right" has the
/// driver start counting 120 m on and skip a road.
@Suite struct ChainedCountedTurnTests {
    @Test func aChainedCountedTurnSaysItsCountAndNoDistance() throws {
        var b = ScenarioRouteBuilder(name: "A Street")
        b.drive(600)
        b.maneuver(.turn, .left, turn: -90, name: "B Road")
        b.drive(120)
        b.maneuver(.turn, .right, turn: 90, name: "C Lane")
        b.drive(400)
        var route = b.build()
        // A usable road on the right of B Road, 60 m before the turn onto C Lane.
        let turnOntoB = route.legs[0].steps[1].maneuver.bearingAfter
        let turnOntoC = route.legs[0].steps[2].maneuver.location
        let crossing = Geo.destination(from: turnOntoC, bearing: turnOntoB + 180, meters: 60)
        route.legs[0].steps[1].intersections.append(Intersection(
            location: crossing, bearings: [turnOntoB + 180, turnOntoB, (turnOntoB + 90).truncatingRemainder(dividingBy: 360)],
            entry: [false, true, true], inIndex: 0, outIndex: 1))
        let run = OfflineGuidance.run(RouteIndex(route: route))
        let chained = run.announcements.compactMap(\.then).filter { $0.maneuver.id == StepID(leg: 0, step: 2) }
        try #require(!chained.isEmpty, "the right turn is chained: \(summaries(run))")
        for then in chained {
            #expect(then.maneuver.sideRoadOrdinal == 2, "\(summaries(run))")
            #expect(!then.sayDistance, "a counted turn in a then clause says no distance: \(summaries(run))")
        }
    }
}
