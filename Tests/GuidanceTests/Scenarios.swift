import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// Scenario routes built in code: each exercises one planner situation.
enum Scenarios {
    /// Two turns 40 m apart at 50 km/h.
    static func twoCloseTurns() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "A Street")
        b.drive(600)
        b.maneuver(.turn, .left, turn: -90, name: "B Road")
        b.drive(40)
        b.maneuver(.turn, .right, turn: 90, name: "C Lane")
        b.drive(400)
        return RouteIndex(route: b.build(side: .right))
    }

    /// A roundabout, third exit.
    static func roundabout() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Ring Road")
        b.drive(700)
        b.maneuver(.roundabout, .left, name: "Mill Road", speedKmh: 25, exit: 3)
        b.curve(60, turning: -270)
        b.drive(500)
        return RouteIndex(route: b.build())
    }

    /// A motorway exit with lanes: the two right lanes of four lead off.
    static func motorwayExit() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "A 9", speedKmh: 120, vertexSpacing: 100)
        b.drive(6000)
        let lanes = [Lane(indications: ["straight"], valid: false), Lane(indications: ["straight"], valid: false),
                     Lane(indications: ["slight right"], valid: true), Lane(indications: ["slight right"], valid: true)]
        b.maneuver(.offRamp, .slightRight, turn: 20, name: "Exit 12", speedKmh: 60, lanes: lanes)
        b.drive(700)
        b.maneuver(.turn, .right, turn: 70, name: "Harbour Street", speedKmh: 50)
        b.drive(500)
        return RouteIndex(route: b.build(side: .left))
    }

    /// A fork: keep left.
    static func fork() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Long Road", speedKmh: 70)
        b.drive(1500)
        b.maneuver(.fork, .slightLeft, turn: -15, name: "North Road")
        b.drive(900)
        return RouteIndex(route: b.build())
    }

    /// A U-turn: the route comes back alongside itself.
    static func uTurn() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Dead End Road")
        b.drive(500)
        b.maneuver(.turn, .uturn, turn: 180, name: "Dead End Road")
        b.shift(12, bearing: 270)
        b.drive(350)
        b.maneuver(.turn, .right, turn: 90, name: "Side Street")
        b.drive(300)
        return RouteIndex(route: b.build())
    }

    /// Two legs with a named stop between them.
    static func multiLeg() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "First Street")
        b.drive(500)
        b.maneuver(.turn, .right, turn: 90, name: "Second Street")
        b.drive(400)
        b.waypoint("Bakery", side: .right)
        b.drive(500)
        b.maneuver(.turn, .left, turn: -90, name: "Third Street")
        b.drive(400)
        return RouteIndex(route: b.build(destination: "Home", side: .left))
    }

    /// A long straight with one turn at 800 m and one more later: for noise, dropouts, stops and reversing.
    static func straightThenTurns() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Main Street")
        b.drive(800)
        b.maneuver(.turn, .right, turn: 90, name: "Oak Avenue")
        b.drive(600)
        b.maneuver(.turn, .left, turn: -90, name: "Elm Street")
        b.drive(400)
        return RouteIndex(route: b.build())
    }

    /// `turns` alternating right/left turns `gap` meters apart at 50 km/h, after 600 m of A Street, ending
    /// 400 m after the last turn. The streets after the turns are called B Street, C Street, ….
    static func runOfTurns(_ turns: Int, gap: Double) -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "A Street")
        b.drive(600)
        for i in 0..<turns {
            let right = i % 2 == 0
            let name = String(UnicodeScalar(UInt8(66 + i))) + " Street"
            b.maneuver(.turn, right ? .right : .left, turn: right ? 90 : -90, name: name)
            b.drive(i == turns - 1 ? 400 : gap)
        }
        return RouteIndex(route: b.build())
    }

    /// A straight with an OSRM `notification` (the road changes its name and mode) between two turns.
    static func notificationBetweenTurns() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Main Street")
        b.drive(500)
        b.maneuver(.turn, .right, turn: 90, name: "Ferry Road")
        b.drive(600)
        b.maneuver(.notification, .straight, name: "Ferry Road")
        b.drive(600)
        b.maneuver(.turn, .left, turn: -90, name: "Harbour Lane")
        b.drive(300)
        return RouteIndex(route: b.build())
    }

    /// Under 50 m from start to destination.
    static func veryShort() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Short Lane")
        b.drive(40)
        return RouteIndex(route: b.build())
    }

    /// The first maneuver only 20 m after the start.
    static func earlyFirstManeuver() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Driveway")
        b.drive(20)
        b.maneuver(.turn, .right, turn: 90, name: "Park Road")
        b.drive(700)
        b.maneuver(.turn, .left, turn: -90, name: "Lake Road")
        b.drive(300)
        return RouteIndex(route: b.build())
    }
}

/// A compact, exact rendering of an announcement for sequence assertions:
/// `kind leg/step`, then `then leg/step` and `lanes position usable/total` when present.
func summary(_ a: Announcement) -> String {
    var s = a.kind.rawValue + (a.maneuver.map { " \($0.id)" } ?? "")
    if let then = a.then { s += " then \(then.maneuver.id)" + (then.sayDistance ? " +dist" : "") }
    for more in a.thenMore { s += " then \(more.maneuver.id)" }
    if let lanes = a.maneuver?.lanes { s += " lanes \(lanes.position.rawValue) \(lanes.usableCount)/\(lanes.totalCount)" }
    return s
}

/// Summaries of all announcements of a run.
func summaries(_ run: GuidanceRun) -> [String] { run.announcements.map(summary) }
