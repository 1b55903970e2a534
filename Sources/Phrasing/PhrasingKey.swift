import Guidance
import RouteModel

/// An announcement as a cache key for what is said: equal when every field that phrasing can read is equal.
///
/// Left out: the trigger, the timing and the distance to the maneuver (the words never depend on them), and of each
/// step its geometry, intersections, length and duration (phrasing reads none of them; side-road ordinals and lanes
/// are already in the description). `stored` drops those from the steps, so a cache entry does not keep a route's
/// geometry alive. `PhrasingKeyTests` checks every field list against the types (a new field must be placed on one
/// side or the other) and that the left-out fields never change a phrase of the example and Valhalla routes.
struct PhrasingKey: Hashable {
    /// The announcement (as given on lookup; without the left-out step data when stored).
    let announcement: Announcement

    init(_ announcement: Announcement) { self.announcement = announcement }

    /// The key to keep in a cache: the same words, without the steps' geometry and intersections.
    var stored: PhrasingKey {
        var a = announcement
        a.maneuver?.dropUnphrasedStepData()
        a.then?.maneuver.dropUnphrasedStepData()
        for i in a.thenMore.indices { a.thenMore[i].maneuver.dropUnphrasedStepData() }
        return PhrasingKey(a)
    }

    static func == (l: PhrasingKey, r: PhrasingKey) -> Bool {
        let a = l.announcement, b = r.announcement
        return a.kind == b.kind && a.spokenDistanceMeters == b.spokenDistanceMeters && a.speedLimitKmh == b.speedLimitKmh
            && sameWords(a.maneuver, b.maneuver) && sameWords(a.then, b.then)
            && a.thenMore.count == b.thenMore.count
            && zip(a.thenMore, b.thenMore).allSatisfy { sameWords($0, $1) }
    }

    func hash(into hasher: inout Hasher) {
        let a = announcement
        hasher.combine(a.kind)
        hasher.combine(a.spokenDistanceMeters)
        hasher.combine(a.speedLimitKmh)
        hasher.combine(a.maneuver?.id)
        hasher.combine(a.maneuver?.step.name)
        hasher.combine(a.maneuver?.sideRoadOrdinal)
        hasher.combine(a.maneuver?.lanes)
        hasher.combine(a.then?.maneuver.id)
        hasher.combine(a.then?.maneuver.step.name)
        hasher.combine(a.then?.distanceMeters)
        hasher.combine(a.thenMore.count)
    }

    /// Names of the fields compared (`PhrasingKeyTests` checks them against the types' stored properties; a
    /// description's `storage` holds its step and the facts fixed per step).
    static let comparedFields = (
        announcement: ["kind", "maneuver", "spokenDistanceMeters", "then", "thenMore", "speedLimitKmh"],
        chained: ["maneuver", "distanceMeters", "sayDistance"],
        description: ["id", "storage", "lanes", "sideRoadOrdinal"],
        storage: ["fields"],
        fields: ["step", "arrivalSide", "waypointName", "waypointOrdinal", "departBearing", "previousMode",
                 "returnsOnSameRoad"],
        step: ["maneuver", "name", "ref", "pronunciation", "destinations", "exits", "rotaryName", "rotaryPronunciation",
               "junctionName", "mode", "drivingSide"])
    /// Names of the fields left out.
    static let ignoredFields = (
        announcement: ["triggerMeters", "triggerSeconds", "distanceToManeuverMeters", "durationSeconds"],
        step: ["distance", "duration", "intersections", "geometry"])

    private static func sameWords(_ a: ChainedManeuver?, _ b: ChainedManeuver?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.distanceMeters == b.distanceMeters && a.sayDistance == b.sayDistance && sameWords(a.maneuver, b.maneuver)
    }

    private static func sameWords(_ a: ManeuverDescription?, _ b: ManeuverDescription?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        guard a.id == b.id, a.lanes == b.lanes, a.arrivalSide == b.arrivalSide, a.waypointName == b.waypointName,
              a.waypointOrdinal == b.waypointOrdinal, a.departBearing == b.departBearing, a.previousMode == b.previousMode,
              a.returnsOnSameRoad == b.returnsOnSameRoad, a.sideRoadOrdinal == b.sideRoadOrdinal else { return false }
        return sameWords(a.step, b.step)
    }

    private static func sameWords(_ a: borrowing Step, _ b: borrowing Step) -> Bool {
        a.maneuver == b.maneuver && a.name == b.name && a.ref == b.ref && a.pronunciation == b.pronunciation
            && a.destinations == b.destinations && a.exits == b.exits && a.rotaryName == b.rotaryName
            && a.rotaryPronunciation == b.rotaryPronunciation && a.junctionName == b.junctionName && a.mode == b.mode
            && a.drivingSide == b.drivingSide
    }
}

extension ManeuverDescription {
    /// Drops the step data that phrasing never reads (see `PhrasingKey`).
    fileprivate mutating func dropUnphrasedStepData() {
        step.geometry = []
        step.intersections = []
        step.distance = 0
        step.duration = 0
    }
}
