import Guidance
import Location
import RouteModel

/// The commonest wrong turn: the route turns right after 1 km, the vehicle drives straight on, at 50 km/h with
/// 5 m GPS noise at 1 Hz. Shared by the off-route delay test and the bench figure.
public enum WrongTurnScenario {
    /// Seconds from leaving the route to the tracker's off-route for each noise seed (sorted), and how many seeds
    /// called it before the route was left or never.
    public static func offRouteDelays(seeds: ClosedRange<UInt64>) -> (delays: [Double], missed: Int) {
        let start = Coordinate(latitude: 60.17, longitude: 24.94)
        var planned = ScenarioRouteBuilder(start: start, heading: 0, name: "Mannerheimintie", speedKmh: 50)
        planned.drive(1000)
        planned.maneuver(.turn, .right, turn: 90, name: "Aleksanterinkatu")
        planned.drive(1000)
        var wrong = ScenarioRouteBuilder(start: Geo.destination(from: start, bearing: 0, meters: 1000), heading: 0,
                                         name: "Mannerheimintie", speedKmh: 50)
        wrong.drive(1000)
        let route = RouteIndex(route: planned.build())
        let detour = SimulatedLocationSource.Detour(atMeters: 1000, index: RouteIndex(route: wrong.build()))
        let leftAt = 1000 / (50 / 3.6)
        var delays: [Double] = []
        var missed = 0
        for seed in seeds {
            let options = SimulatorOptions(speedKmh: 50, noise: .init(sigmaMeters: 5, seed: seed))
            let source = SimulatedLocationSource(index: route, options: options, detour: detour)
            var tracker = ProgressTracker(index: route)
            var found: Double?
            while found == nil, let event = try? source.nextEvent(), event != .end {
                guard case .fix(let p) = event else { continue }
                if tracker.update(p).becameOffRoute { found = p.timestamp }
            }
            if let found, found >= leftAt { delays.append(found - leftAt) } else { missed += 1 }
        }
        return (delays.sorted(), missed)
    }
}
