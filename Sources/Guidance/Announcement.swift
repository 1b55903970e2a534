import RouteModel

/// What an announcement is for: its stage before a maneuver, or an event of the drive.
public enum AnnouncementKind: String, Sendable, Hashable, Codable, CaseIterable {
    case depart, `continue`, early, prepare, now, arrive, waypoint, offRoute, reroute
    /// The vehicle came back onto the route after an `offRoute`, without a reroute ("You are back on the route.").
    case backOnRoute
    /// A new speed limit where it changes on a fast road ("Speed limit 80."): `Announcement.speedLimitKmh`.
    case speedLimit
    /// The vehicle has been over the limit by more than the tolerance for a while ("Slow down, the limit is 80.").
    case overspeed
    /// A fixed speed camera ahead, at `spokenDistanceMeters`, with its limit when known.
    case camera

    /// True for the alert kinds (`speedLimit`, `overspeed`, `camera`): said around the maneuvers, never about one.
    public var isAlert: Bool { [.speedLimit, .overspeed, .camera].contains(self) }

    /// Urgency used by the speech queue: higher interrupts lower.
    public var priority: Int {
        switch self {
        case .now, .arrive, .waypoint: return 4
        case .offRoute, .reroute, .backOnRoute: return 3
        case .prepare: return 2
        case .early, .depart: return 1
        case .continue: return 0
        case .speedLimit, .overspeed, .camera: return -1
        }
    }
}

/// Which lanes to use for a maneuver, derived from the step's lane data.
public struct LaneHint: Sendable, Hashable, Codable {
    /// Where the usable lanes are.
    public enum Position: String, Sendable, Hashable, Codable {
        /// The usable lanes are the leftmost ones.
        case left
        /// The usable lanes are the rightmost ones.
        case right
        /// The usable lanes are in the middle (neither edge).
        case middle
    }
    /// Where the usable lanes are.
    public var position: Position
    /// How many lanes are usable.
    public var usableCount: Int
    /// How many lanes there are in total.
    public var totalCount: Int

    /// Creates a lane hint.
    public init(position: Position, usableCount: Int, totalCount: Int) {
        self.position = position
        self.usableCount = usableCount
        self.totalCount = totalCount
    }
}

/// Which side of the road the destination is on.
public enum ArrivalSide: String, Sendable, Hashable, Codable {
    case left, right, straight
}

/// A maneuver as phrasing needs it: the step's data plus derived facts.
public struct ManeuverDescription: Sendable, Hashable {
    /// Which step's maneuver this is.
    public var id: StepID
    /// The step whose maneuver is described (names are the road after the maneuver).
    public var step: Step {
        @inlinable _read { yield storage.fields.step }
        _modify {
            var fields = storage.fields
            yield &fields.step
            storage = DescriptionStorage(fields)
        }
    }
    /// Lane hint when the lanes restrict the choice.
    public var lanes: LaneHint?
    /// For arrivals and waypoints: the side of the road, when known.
    public var arrivalSide: ArrivalSide? {
        @inlinable get { storage.fields.arrivalSide }
        set { update { $0.arrivalSide = newValue } }
    }
    /// For waypoints: the waypoint name ("" if unnamed) and its 1-based ordinal among intermediate stops.
    public var waypointName: String? {
        @inlinable get { storage.fields.waypointName }
        set { update { $0.waypointName = newValue } }
    }
    /// For waypoints: the 1-based ordinal among intermediate stops.
    public var waypointOrdinal: Int? {
        @inlinable get { storage.fields.waypointOrdinal }
        set { update { $0.waypointOrdinal = newValue } }
    }
    /// For depart: the initial heading in degrees.
    public var departBearing: Double? {
        @inlinable get { storage.fields.departBearing }
        set { update { $0.departBearing = newValue } }
    }
    /// The travel mode of the step before, when it differs from this step's (`"ferry"` before a drive-off).
    public var previousMode: String? {
        @inlinable get { storage.fields.previousMode }
        set { update { $0.previousMode = newValue } }
    }
    /// For a U-turn: the road after it is the road before it (same name and ref), so the phrase need not name
    /// it ("Wenden Sie.", not "Wenden Sie und fahren Sie auf der Hauptstraße weiter." on the Hauptstraße).
    public var returnsOnSameRoad: Bool {
        @inlinable get { storage.fields.returnsOnSameRoad }
        set { update { $0.returnsOnSameRoad = newValue } }
    }
    /// For a turn: which usable road on its side it is, counted from where it is announced ("the second
    /// right" is 2), when another such road comes first; nil when the turn is the first one on that side.
    public var sideRoadOrdinal: Int?
    /// The step and the facts fixed per step, shared between copies (an immutable box, replaced on change):
    /// descriptions are copied at every planning decision, and a step is large (names, signs, intersections,
    /// geometry).
    @usableFromInline var storage: DescriptionStorage

    /// Creates a description.
    public init(id: StepID, step: Step, lanes: LaneHint? = nil, arrivalSide: ArrivalSide? = nil,
                waypointName: String? = nil, waypointOrdinal: Int? = nil, departBearing: Double? = nil) {
        self.id = id
        self.lanes = lanes
        self.storage = DescriptionStorage(DescriptionFields(step: step, arrivalSide: arrivalSide, waypointName: waypointName,
                                                            waypointOrdinal: waypointOrdinal, departBearing: departBearing))
    }

    /// Replaces the storage by a changed copy.
    private mutating func update(_ change: (inout DescriptionFields) -> Void) {
        var fields = storage.fields
        change(&fields)
        storage = DescriptionStorage(fields)
    }
}

/// A `ManeuverDescription`'s step and the facts fixed per step.
@usableFromInline struct DescriptionFields: Sendable, Equatable {
    @usableFromInline var step: Step
    @usableFromInline var arrivalSide: ArrivalSide?
    @usableFromInline var waypointName: String?
    @usableFromInline var waypointOrdinal: Int?
    @usableFromInline var departBearing: Double?
    @usableFromInline var previousMode: String?
    @usableFromInline var returnsOnSameRoad = false
}

/// The immutable box of a `ManeuverDescription`'s fields (read without exclusivity checks, shared by copies).
/// Equal when the fields are; hashed by what names the maneuver (a subset of what equality compares, so equal
/// boxes hash alike without hashing the step's geometry).
@usableFromInline final class DescriptionStorage: Hashable, Sendable {
    @usableFromInline let fields: DescriptionFields

    init(_ fields: DescriptionFields) { self.fields = fields }

    @usableFromInline static func == (l: DescriptionStorage, r: DescriptionStorage) -> Bool { l === r || l.fields == r.fields }

    @usableFromInline func hash(into hasher: inout Hasher) {
        let step = fields.step
        hasher.combine(step.maneuver.type)
        hasher.combine(step.maneuver.modifier)
        hasher.combine(step.maneuver.exit)
        hasher.combine(step.name)
        hasher.combine(step.ref)
        hasher.combine(step.distance)
    }
}

extension ManeuverDescription {
    /// This maneuver without what only names the road (name, ref, pronunciation, destinations, exit signs,
    /// rotary and junction names) and without lanes: "Turn left." The maneuver itself (type, modifier,
    /// roundabout exit number, which road on its side) stays, so the driver still hears what to do.
    public var terse: ManeuverDescription {
        var step = self.step
        step.name = ""
        step.ref = nil
        step.pronunciation = nil
        step.destinations = nil
        step.exits = nil
        step.rotaryName = nil
        step.rotaryPronunciation = nil
        step.junctionName = nil
        var bare = self
        bare.step = step
        bare.lanes = nil
        return bare
    }
}

/// A maneuver named after another one ("…, then turn right").
public struct ChainedManeuver: Sendable, Hashable {
    /// The following maneuver.
    public var maneuver: ManeuverDescription
    /// Distance between the two maneuvers, meters.
    public var distanceMeters: Double
    /// True when the distance is worth saying ("then, in 200 m, …").
    public var sayDistance: Bool

    /// Creates a chained maneuver.
    public init(maneuver: ManeuverDescription, distanceMeters: Double, sayDistance: Bool) {
        self.maneuver = maneuver
        self.distanceMeters = distanceMeters
        self.sayDistance = sayDistance
    }
}

/// A semantic announcement: which maneuver, which kind, when. Phrasing turns it into words.
public struct Announcement: Sendable, Hashable {
    /// The announcement kind.
    public var kind: AnnouncementKind
    /// The maneuver announced (for offRoute/reroute/backOnRoute: the next maneuver, if any).
    public var maneuver: ManeuverDescription?
    /// Distance to say ("in 400 m"); nil for `now`, `arrive`, `offRoute`, `reroute`, `backOnRoute`.
    /// For `continue`, the distance to keep going; for `depart`, the distance to the first maneuver.
    public var spokenDistanceMeters: Double?
    /// The following maneuver when chained with "then".
    public var then: ChainedManeuver?
    /// Maneuvers after `then`, each following the previous one (its `distanceMeters` is from that one), phrased as
    /// further terse "then" clauses: "Turn right onto B, then turn left, then turn right." Only set with `then`,
    /// for a run of turns too close for each to get its own `now` in time.
    public var thenMore: [ChainedManeuver] = []
    /// Distance along the whole route where it starts, meters.
    public var triggerMeters: Double
    /// Simulated/elapsed time when it starts, seconds.
    public var triggerSeconds: Double
    /// Distance from the trigger to the announced maneuver, meters.
    public var distanceToManeuverMeters: Double
    /// Expected speaking time, seconds (from the duration estimator).
    public var durationSeconds: Double
    /// For the alert kinds: the speed limit said, km/h (nil: unknown, as for a camera without a known limit).
    public var speedLimitKmh: Double?

    /// Creates an announcement.
    public init(kind: AnnouncementKind, maneuver: ManeuverDescription?, spokenDistanceMeters: Double? = nil,
                then: ChainedManeuver? = nil, triggerMeters: Double = 0, triggerSeconds: Double = 0,
                distanceToManeuverMeters: Double = 0, durationSeconds: Double = 0, speedLimitKmh: Double? = nil) {
        self.kind = kind
        self.maneuver = maneuver
        self.spokenDistanceMeters = spokenDistanceMeters
        self.then = then
        self.triggerMeters = triggerMeters
        self.triggerSeconds = triggerSeconds
        self.distanceToManeuverMeters = distanceToManeuverMeters
        self.durationSeconds = durationSeconds
        self.speedLimitKmh = speedLimitKmh
    }
}

/// Estimates how long an announcement takes to say. The composition root supplies it:
/// real synthesized duration with audio, a words-per-second model in text mode (docs/ARCHITECTURE.md §1).
public protocol DurationEstimator: Sendable {
    /// Expected speaking time in seconds.
    func duration(of announcement: Announcement) -> Double
}
