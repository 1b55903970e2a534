import Foundation
import RouteModel

/// The speeds exported instructions are planned at. A route's step durations are averaged over
/// traffic and lights (13 km/h on a street where cars move at 40–50 between lights), but a client fires a Mapbox
/// instruction by distance: planned at the crawl, the final "now" comes 25 m before the turn for someone at 50.
/// So each step is planned at the higher of its own speed and the road's free-flow speed: the step's speed limit
/// from `annotation.maxspeed` where the response has one (the last known limit on the step, the approach to its
/// end), else a speed per road class (`motorwayKmh` on a step whose intersections say `motorway`, `streetKmh` on
/// other driving steps). Ferries and non-driving steps keep their own speed. The planner makes a "now" finish 1 s
/// before the maneuver at the planning speed, so it also does at any slower speed.
public enum FreeFlowSpeeds {
    /// Free-flow speed of a motorway step without a known limit, km/h.
    public static let motorwayKmh = 100.0
    /// Free-flow speed of any other driving step without a known limit, km/h (the common urban limit).
    public static let streetKmh = 50.0

    /// The free-flow speed of every step in m/s, by flat index (nil: keep the step's own speed).
    public static func speeds(_ document: RouteDocument) -> [Double?] {
        var out: [Double?] = []
        for leg in document.route.legs {
            // No limit (`none`) counts as unknown, so that the road class decides.
            let limits = leg.maxspeeds.map(\.kmh)
            var segment = 0
            for step in leg.steps {
                let count = max(0, step.geometry.count - 1)
                let range = min(segment, limits.count)..<min(limits.count, segment + count)
                segment += count
                let known = range.isEmpty ? nil : limits[range].last(where: { $0 != nil }) ?? nil
                out.append(speed(of: step, limitKmh: known))
            }
        }
        return out
    }

    /// `document`'s route with every step's duration shortened to its free-flow time where that is shorter.
    public static func route(_ document: RouteDocument) -> Route {
        var route = document.route
        let speeds = speeds(document)
        var flat = 0
        for l in route.legs.indices {
            for s in route.legs[l].steps.indices {
                defer { flat += 1 }
                let step = route.legs[l].steps[s]
                guard flat < speeds.count, let v = speeds[flat], v > 0, step.distance > 0 else { continue }
                let time = step.distance / v
                if step.duration <= 0 || time < step.duration { route.legs[l].steps[s].duration = time }
            }
        }
        return route
    }

    /// The free-flow speed of `step` in m/s: its limit, else its road class's speed; nil for ferries and
    /// non-driving modes.
    static func speed(of step: Step, limitKmh: Double?) -> Double? {
        guard step.mode == "driving", !step.intersections.contains(where: { $0.classes.contains("ferry") }) else { return nil }
        let motorway = step.intersections.contains { $0.classes.contains("motorway") }
            || [.onRamp, .offRamp].contains(step.maneuver.type)
        return (limitKmh ?? (motorway ? motorwayKmh : streetKmh)) / 3.6
    }
}
