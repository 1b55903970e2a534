/// OSRM v5 maneuver types. An unknown type imports as `.turn` with a warning.
public enum ManeuverType: String, Sendable, Hashable, Codable, CaseIterable {
    case depart, turn
    case `continue` = "continue"
    case newName = "new name"
    case merge
    case onRamp = "on ramp"
    case offRamp = "off ramp"
    case fork
    case endOfRoad = "end of road"
    case roundabout, rotary
    case roundaboutTurn = "roundabout turn"
    case exitRoundabout = "exit roundabout"
    case exitRotary = "exit rotary"
    case useLane = "use lane"
    case notification, arrive

    /// True for maneuvers that enter a roundabout or rotary and carry an exit number.
    public var isRoundaboutEntry: Bool { self == .roundabout || self == .rotary }
}

/// OSRM v5 maneuver modifiers.
public enum ManeuverModifier: String, Sendable, Hashable, Codable, CaseIterable {
    case uturn
    case sharpRight = "sharp right"
    case right
    case slightRight = "slight right"
    case straight
    case slightLeft = "slight left"
    case left
    case sharpLeft = "sharp left"
}

/// Side of the road that traffic drives on.
public enum DrivingSide: String, Sendable, Hashable, Codable {
    case left, right
}

/// The maneuver at the start of a step.
public struct Maneuver: Sendable, Hashable, Codable {
    /// The maneuver type; unknown input types are `.turn` (see `rawType`).
    public var type: ManeuverType
    /// The type string exactly as it appeared in the input.
    public var rawType: String
    /// Direction change, when given.
    public var modifier: ManeuverModifier?
    /// Where the maneuver happens.
    public var location: Coordinate
    /// Bearing of travel just before the maneuver, degrees.
    public var bearingBefore: Double
    /// Bearing of travel just after the maneuver, degrees.
    public var bearingAfter: Double
    /// Roundabout/rotary exit number (1-based), when given.
    public var exit: Int?
    /// The source engine's own instruction text, when present (never spoken by us).
    public var instruction: String?

    /// Creates a maneuver.
    public init(type: ManeuverType, rawType: String? = nil, modifier: ManeuverModifier? = nil,
                location: Coordinate, bearingBefore: Double = 0, bearingAfter: Double = 0,
                exit: Int? = nil, instruction: String? = nil) {
        self.type = type
        self.rawType = rawType ?? type.rawValue
        self.modifier = modifier
        self.location = location
        self.bearingBefore = bearingBefore
        self.bearingAfter = bearingAfter
        self.exit = exit
        self.instruction = instruction
    }
}

/// One lane at an intersection.
public struct Lane: Sendable, Hashable, Codable {
    /// Arrow indications ("left", "straight", "slight right", "none", …), as given.
    public var indications: [String]
    /// True when the lane can be used for the route.
    public var valid: Bool
    /// True when the lane is the preferred one (Mapbox `active`), when given.
    public var active: Bool?
    /// The indication that the route follows in this lane (Mapbox `valid_indication`), when given.
    public var validIndication: String?

    /// Creates a lane.
    public init(indications: [String], valid: Bool, active: Bool? = nil, validIndication: String? = nil) {
        self.indications = indications
        self.valid = valid
        self.active = active
        self.validIndication = validIndication
    }
}

/// An intersection passed along a step (OSRM `intersections[]`).
public struct Intersection: Sendable, Hashable, Codable {
    /// Location of the intersection.
    public var location: Coordinate
    /// Bearings of all roads at the intersection, degrees.
    public var bearings: [Double]
    /// Whether each road may be entered.
    public var entry: [Bool]
    /// Index into `bearings` of the approach road, if any.
    public var inIndex: Int?
    /// Index into `bearings` of the exit road, if any.
    public var outIndex: Int?
    /// Lanes on the approach, left to right, when given.
    public var lanes: [Lane]?
    /// Road classes ("motorway", "toll", "ferry", "tunnel", …).
    public var classes: [String]

    /// Creates an intersection.
    public init(location: Coordinate, bearings: [Double] = [], entry: [Bool] = [], inIndex: Int? = nil,
                outIndex: Int? = nil, lanes: [Lane]? = nil, classes: [String] = []) {
        self.location = location
        self.bearings = bearings
        self.entry = entry
        self.inIndex = inIndex
        self.outIndex = outIndex
        self.lanes = lanes
        self.classes = classes
    }
}
