import SafeIO
/// One step of a leg: a maneuver followed by travel along one road.
public struct Step: Sendable, Hashable, Codable {
    /// The maneuver at the start of the step.
    public var maneuver: Maneuver
    /// Length of the step in meters.
    public var distance: Double
    /// Travel time of the step in seconds.
    public var duration: Double
    /// Road name after the maneuver ("" when unnamed).
    public var name: String
    /// Road reference(s), e.g. "I 80; US 101".
    public var ref: String?
    /// Pronunciation of `name` (IPA or engine-specific), when given.
    public var pronunciation: String?
    /// Signposted destinations, e.g. "Oakland, Sacramento" or "A 9: München".
    public var destinations: String?
    /// Signposted exit numbers, e.g. "23B" or "4;5".
    public var exits: String?
    /// Roundabout or rotary name, when given.
    public var rotaryName: String?
    /// Pronunciation of the rotary name, when given.
    public var rotaryPronunciation: String?
    /// Junction name (e.g. a named interchange), when given.
    public var junctionName: String?
    /// Travel mode ("driving", "ferry", …).
    public var mode: String
    /// Side of the road traffic drives on in this step.
    public var drivingSide: DrivingSide
    /// Intersections along the step; the first is the maneuver's.
    public var intersections: [Intersection]
    /// Step geometry (starts at the maneuver location).
    public var geometry: [Coordinate]

    /// Creates a step.
    public init(maneuver: Maneuver, distance: Double, duration: Double, name: String = "", ref: String? = nil,
                pronunciation: String? = nil, destinations: String? = nil, exits: String? = nil,
                rotaryName: String? = nil, rotaryPronunciation: String? = nil, junctionName: String? = nil,
                mode: String = "driving", drivingSide: DrivingSide = .right,
                intersections: [Intersection] = [], geometry: [Coordinate] = []) {
        self.maneuver = maneuver
        self.distance = distance
        self.duration = duration
        self.name = name
        self.ref = ref
        self.pronunciation = pronunciation
        self.destinations = destinations
        self.exits = exits
        self.rotaryName = rotaryName
        self.rotaryPronunciation = rotaryPronunciation
        self.junctionName = junctionName
        self.mode = mode
        self.drivingSide = drivingSide
        self.intersections = intersections
        self.geometry = geometry
    }

    /// Lanes at the maneuver intersection, when given.
    public var maneuverLanes: [Lane]? { intersections.first?.lanes }
}

/// A leg between two waypoints.
public struct Leg: Sendable, Hashable, Codable {
    /// Steps in travel order; the last one is an `arrive`.
    public var steps: [Step]
    /// Length in meters.
    public var distance: Double
    /// Travel time in seconds.
    public var duration: Double
    /// Summary of the main roads, when given.
    public var summary: String
    /// The speed limit of each geometry segment of the leg (`annotation.maxspeed`: segment `i` runs from the
    /// leg's geometry point `i` to `i + 1`, the steps' geometries joined); empty when the route has none.
    public var maxspeeds: [SpeedLimit]

    /// Creates a leg.
    public init(steps: [Step], distance: Double, duration: Double, summary: String = "", maxspeeds: [SpeedLimit] = []) {
        self.steps = steps
        self.distance = distance
        self.duration = duration
        self.summary = summary
        self.maxspeeds = maxspeeds
    }
}

/// A waypoint (OSRM `waypoints[]`): start, intermediate stops, destination.
public struct Waypoint: Sendable, Hashable, Codable {
    /// Name of the road or place at the waypoint ("" when unknown).
    public var name: String
    /// Snapped location.
    public var location: Coordinate

    /// Creates a waypoint.
    public init(name: String, location: Coordinate) {
        self.name = name
        self.location = location
    }
}

/// Something in the input that was understood with a caveat (never fatal).
public struct ImportWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// JSON path of the member, e.g. `routes[0].legs[0].steps[3].maneuver.type`.
    public var path: String
    /// What was done about it.
    public var message: String

    /// Creates a warning.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, with any control character written visibly (a route cannot forge log lines).
    public var description: String { ControlCharacters.escaped("\(path): \(message)") }
}

/// A whole route from origin to destination.
public struct Route: Sendable, Hashable, Codable {
    /// Legs in travel order (at least one).
    public var legs: [Leg]
    /// Total length in meters.
    public var distance: Double
    /// Total travel time in seconds.
    public var duration: Double
    /// Full route geometry; the concatenated step geometries when the input had none.
    public var geometry: [Coordinate]
    /// Waypoints: `legs.count + 1` when known, else empty.
    public var waypoints: [Waypoint]
    /// Caveats recorded during import.
    public var warnings: [ImportWarning]

    /// Creates a route.
    public init(legs: [Leg], distance: Double, duration: Double, geometry: [Coordinate] = [],
                waypoints: [Waypoint] = [], warnings: [ImportWarning] = []) {
        self.legs = legs
        self.distance = distance
        self.duration = duration
        self.geometry = geometry
        self.waypoints = waypoints
        self.warnings = warnings
    }

    /// Total number of steps across legs.
    public var stepCount: Int { legs.reduce(0) { $0 + $1.steps.count } }
}
