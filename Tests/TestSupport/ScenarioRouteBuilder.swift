import RouteModel
import SafeIO

/// Builds routes in code: straight runs, curves and maneuvers, with consistent geometry, distances and
/// durations. Test support (tests and the benchmark), not product; it is not a route importer.
public struct ScenarioRouteBuilder: Sendable {
    /// One step under construction.
    private struct Draft: Sendable {
        var maneuver: Maneuver
        var name: String
        var speed: Double
        var lanes: [Lane]?
        var geometry: [Coordinate]
    }

    /// Where the builder is now.
    public private(set) var position: Coordinate
    /// Direction of travel now, degrees.
    public private(set) var heading: Double
    /// Distance between generated vertices on straight runs, meters.
    public var vertexSpacing: Double
    private var draft: Draft
    private var steps: [Step] = []
    private var legs: [Leg] = []
    private var waypoints: [Waypoint]

    /// Starts a route at `start` heading `heading`, on a road called `name` driven at `speedKmh`.
    public init(start: Coordinate = Coordinate(latitude: 52.5, longitude: 13.4), heading: Double = 0,
                name: String = "Start Street", speedKmh: Double = 50, vertexSpacing: Double = 25) {
        position = start
        self.heading = heading
        self.vertexSpacing = vertexSpacing
        draft = Draft(maneuver: Maneuver(type: .depart, location: start, bearingAfter: heading),
                      name: name, speed: speedKmh / 3.6, lanes: nil, geometry: [start])
        waypoints = [Waypoint(name: name, location: start)]
    }

    /// Drives `meters` straight on.
    public mutating func drive(_ meters: Double) {
        let origin = position
        let pieces = Swift.max(1, Int(saturating: (meters / vertexSpacing).rounded(.up)))
        for i in 1...pieces {
            position = Geo.destination(from: origin, bearing: heading, meters: meters * Double(i) / Double(pieces))
            draft.geometry.append(position)
        }
    }

    /// Drives `meters` along a curve that turns by `degrees` (positive: right), in 10 pieces.
    public mutating func curve(_ meters: Double, turning degrees: Double) {
        for _ in 0..<10 {
            heading = normalized(heading + degrees / 20)
            position = Geo.destination(from: position, bearing: heading, meters: meters / 10)
            heading = normalized(heading + degrees / 20)
            draft.geometry.append(position)
        }
    }

    /// Moves sideways by `meters` towards `bearing` without changing the heading (e.g. across a median).
    public mutating func shift(_ meters: Double, bearing: Double) {
        position = Geo.destination(from: position, bearing: bearing, meters: meters)
        draft.geometry.append(position)
    }

    /// Starts a new step here with a maneuver that turns the heading by `turn` degrees (positive: right).
    public mutating func maneuver(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, turn: Double = 0,
                                  name: String, speedKmh: Double? = nil, lanes: [Lane]? = nil, exit: Int? = nil) {
        let before = heading
        heading = normalized(heading + turn)
        finishStep()
        let maneuver = Maneuver(type: type, modifier: modifier, location: position, bearingBefore: before,
                                bearingAfter: heading, exit: exit)
        draft = Draft(maneuver: maneuver, name: name, speed: speedKmh.map { $0 / 3.6 } ?? draft.speed,
                      lanes: lanes, geometry: [position])
    }

    /// Ends the current leg at an intermediate stop called `name`; the next leg departs from here.
    public mutating func waypoint(_ name: String, side: ManeuverModifier? = nil) {
        arrive(side: side)
        legs.append(Leg(steps: steps, distance: steps.reduce(0) { $0 + $1.distance },
                        duration: steps.reduce(0) { $0 + $1.duration }))
        steps = []
        waypoints.append(Waypoint(name: name, location: position))
        draft = Draft(maneuver: Maneuver(type: .depart, location: position, bearingAfter: heading),
                      name: draft.name, speed: draft.speed, lanes: nil, geometry: [position])
    }

    /// The finished route, ending here at a destination called `name`.
    public func build(destination name: String = "Destination", side: ManeuverModifier? = nil) -> Route {
        var copy = self
        copy.waypoint(name, side: side)
        let legs = copy.legs
        var geometry = [Coordinate]()
        for step in legs.flatMap(\.steps) {
            geometry += geometry.last == step.geometry.first ? Array(step.geometry.dropFirst()) : step.geometry
        }
        return Route(legs: legs, distance: legs.reduce(0) { $0 + $1.distance },
                     duration: legs.reduce(0) { $0 + $1.duration }, geometry: geometry, waypoints: copy.waypoints)
    }

    /// Appends the arrive step of the current leg.
    private mutating func arrive(side: ManeuverModifier?) {
        finishStep()
        let maneuver = Maneuver(type: .arrive, modifier: side, location: position, bearingBefore: heading,
                                bearingAfter: 0)
        steps.append(Step(maneuver: maneuver, distance: 0, duration: 0, name: draft.name,
                          intersections: [Intersection(location: position)], geometry: [position, position]))
    }

    /// Closes the draft step at the current position.
    private mutating func finishStep() {
        let g = draft.geometry
        let distance = zip(g, g.dropFirst()).reduce(0) { $0 + Geo.distance($1.0, $1.1) }
        let intersection = Intersection(location: draft.maneuver.location, lanes: draft.lanes)
        steps.append(Step(maneuver: draft.maneuver, distance: distance, duration: distance / draft.speed,
                          name: draft.name, intersections: [intersection], geometry: g.count > 1 ? g : [g[0], g[0]]))
    }

    /// `degrees` in 0..<360.
    private func normalized(_ degrees: Double) -> Double {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }
}
