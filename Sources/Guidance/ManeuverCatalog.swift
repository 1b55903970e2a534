import Foundation
import RouteModel

/// What a step's maneuver means for announcements.
enum ManeuverRole: Sendable, Hashable {
    /// The first step of the route: announced once by `depart`.
    case depart
    /// The depart step of a later leg: at the waypoint, never announced on its own.
    case legStart
    /// An ordinary maneuver: early / prepare / now.
    case maneuver
    /// The arrival of an intermediate leg: prepare / waypoint.
    case waypoint
    /// The final arrival: prepare / arrive.
    case destination
    /// An OSRM `notification` that neither turns nor changes the travel mode (a name change): never
    /// announced on its own. A notification that boards or leaves a ferry, or turns, is a `maneuver`.
    case notification

    /// True for maneuvers that get announcements of their own (and count in the quality report).
    var isAnnounceable: Bool { self == .maneuver || self == .waypoint || self == .destination }
}

/// Every step's maneuver described once per route: lane hints, arrival sides, waypoint names and ordinals.
struct ManeuverCatalog: Sendable {
    /// The route index described.
    let index: RouteIndex
    /// Descriptions by flat step index.
    let descriptions: [ManeuverDescription]
    /// Roles by flat step index.
    let roles: [ManeuverRole]
    /// By flat step index: how far before the turn each usable road on its side branches off the step before
    /// (`SideRoads.distances`), for "take the second right".
    let sideRoads: [[Double]]

    /// Describes every step of `index`.
    init(index: RouteIndex) {
        self.index = index
        let route = index.route
        let legCount = route.legs.count
        var descriptions = [ManeuverDescription]()
        var roles = [ManeuverRole]()
        var sideRoads = [[Double]]()
        for indexed in index.steps {
            sideRoads.append(indexed.flatIndex > 0
                ? SideRoads.distances(of: indexed.step, approach: index.steps[indexed.flatIndex - 1].step) : [])
            let step = indexed.step
            let id = indexed.id
            var description = ManeuverDescription(id: id, step: step)
            let isLastOfLeg = id.step == route.legs[id.leg].steps.count - 1
            if id.step == 0 {
                roles.append(indexed.flatIndex == 0 ? .depart : .legStart)
                description.departBearing = Self.departBearing(step, index: index, at: indexed.startMeters)
            } else if step.maneuver.type == .arrive || isLastOfLeg {
                let isFinal = id.leg == legCount - 1
                roles.append(isFinal ? .destination : .waypoint)
                let waypoint = route.waypoints.count == legCount + 1 ? route.waypoints[id.leg + 1] : nil
                let approach = index.path.bearing(atDistance: max(0, indexed.startMeters - 1))
                description.arrivalSide = ArrivalSide.resolve(modifier: step.maneuver.modifier,
                                                              arrival: step.maneuver.location,
                                                              approachBearing: approach,
                                                              waypoint: waypoint?.location)
                if !isFinal {
                    let following = index.steps.indices.contains(indexed.flatIndex + 1) ? index.steps[indexed.flatIndex + 1].step : nil
                    description.waypointName = Self.stopName(waypoint?.name ?? "", arrival: step,
                                                             approach: index.steps[indexed.flatIndex - 1].step,
                                                             departure: following)
                    description.waypointOrdinal = id.leg + 1
                }
            } else {
                let previous = index.steps[indexed.flatIndex - 1].step
                if previous.mode != step.mode { description.previousMode = previous.mode }
                if step.maneuver.modifier == .uturn { description.returnsOnSameRoad = Self.sameRoad(previous, step) }
                let turns = step.maneuver.modifier.map { $0 != .straight } ?? false
                let silent = step.maneuver.type == .notification && description.previousMode == nil && !turns
                roles.append(silent ? .notification : .maneuver)
            }
            if let lanes = step.maneuverLanes { description.lanes = LaneHint(lanes: lanes) }
            descriptions.append(description)
        }
        self.descriptions = descriptions
        self.roles = roles
        self.sideRoads = sideRoads
    }

    /// True when two steps name one road: the same non-empty name (case and outer spaces aside) and the same ref,
    /// or no name and the same non-empty ref.
    static func sameRoad(_ a: Step, _ b: Step) -> Bool {
        func clean(_ s: String?) -> String { (s ?? "").trimmingCharacters(in: .whitespaces).lowercased() }
        let (nameA, nameB, refA, refB) = (clean(a.name), clean(b.name), clean(a.ref), clean(b.ref))
        guard !nameA.isEmpty || !refA.isEmpty else { return false }
        return nameA == nameB && refA == refB
    }

    /// The heading to name at a depart: the step's `bearing_after` (the router's heading of the road taken),
    /// not the first geometry segment, which is often a short stub from the snapped start point. A bearing of
    /// exactly 0 is also what an import gives when the response has none, so then the geometry's bearing is used.
    static func departBearing(_ step: Step, index: RouteIndex, at meters: Double) -> Double {
        let given = step.maneuver.bearingAfter
        guard given == 0, index.path.length > 0 else { return given }
        return index.path.bearing(atDistance: meters)
    }

    /// The number of usable roads on the side of step `i`'s turn within `meters` before it (see `SideRoads`).
    func sideRoadCount(_ i: Int, within meters: Double) -> Int { SideRoads.count(sideRoads[i], within: meters) }

    /// "The second right": step `i`'s ordinal among the usable roads on its side within `meters` before it, if
    /// another comes first.
    func sideRoadOrdinal(_ i: Int, within meters: Double) -> Int? { SideRoads.ordinal(count: sideRoadCount(i, within: meters)) }

    /// The name to say for an intermediate stop: none ("your first stop") when the routing engine named it
    /// only by the street it snapped to: the street the driver is on at the stop, or the street the next leg
    /// leaves on (`departure`, its first step), which a router also gives as the stop's name.
    static func stopName(_ name: String, arrival: Step, approach: Step, departure: Step? = nil) -> String {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        let same = { (street: String) in street.trimmingCharacters(in: .whitespaces).lowercased() == trimmed.lowercased() }
        let streets = [arrival, approach] + (departure.map { [$0] } ?? [])
        return trimmed.isEmpty || streets.contains { same($0.name) } ? "" : trimmed
    }

    /// The flat index of step `id`, or nil when the route has no such step.
    func flatIndex(of id: StepID) -> Int? {
        let legs = index.route.legs
        guard legs.indices.contains(id.leg), legs[id.leg].steps.indices.contains(id.step) else { return nil }
        return legs[..<id.leg].reduce(0) { $0 + $1.steps.count } + id.step
    }

    /// The first announceable step whose maneuver has `type` and `modifier` within `meters` of `location`.
    func matching(_ location: Coordinate, _ type: ManeuverType, _ modifier: ManeuverModifier?,
                  within meters: Double) -> Int? {
        descriptions.indices.first { i in
            let m = descriptions[i].step.maneuver
            return roles[i].isAnnounceable && m.type == type && m.modifier == modifier
                && Geo.distance(m.location, location) <= meters
        }
    }

    /// Distance along the route of step `i`'s maneuver.
    func meters(_ i: Int) -> Double { index.steps[i].startMeters }

    /// The first announceable maneuver at or after flat index `i`.
    func announceable(from i: Int) -> Int? {
        var j = i
        while j < roles.count {
            if roles[j].isAnnounceable { return j }
            j += 1
        }
        return nil
    }

    /// The announceable maneuver that comes next at `distance`: the first whose point is ahead, or an
    /// arrival exactly at `distance` (the destination is still announced when standing on it).
    func next(at distance: Double, from stepIndex: Int) -> Int? {
        // Several steps can share a point (an arrival and the next leg's depart): start at the first of them.
        var start = min(max(1, stepIndex), roles.count)
        while start > 1 && meters(start - 1) >= distance - 0.001 { start -= 1 }
        var j = announceable(from: start)
        while let k = j {
            let at = meters(k)
            if at > distance || (at >= distance - 0.001 && roles[k] != .maneuver) { return k }
            j = announceable(from: k + 1)
        }
        return nil
    }

    /// The announceable maneuver before `i`, if any (nil when `i` is the first).
    func previous(before i: Int) -> Int? {
        var j = i - 1
        while j >= 0 {
            if roles[j].isAnnounceable { return j }
            j -= 1
        }
        return nil
    }
}
