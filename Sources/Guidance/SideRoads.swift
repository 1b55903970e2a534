import RouteModel

/// Which road on its side a turn is, from the intersections the route passes before it:
/// "take the second right" when another usable road on the same side comes first.
///
/// A side road is a road of an intersection of the approach step (the step that leads to the turn), other than
/// the one the route comes from and the one it goes on, that may be entered (`entry`) and leaves at 20°–160°
/// to the same side as the turn, measured from the direction the route goes on (`bearings[out]`). Only
/// intersections between the point of the announcement and the turn count.
enum SideRoads {
    /// A road nearer than this to straight on (or back) is not "a right" or "a left", degrees.
    static let minAngle = 20.0
    /// A road sharper than this points back: not one a driver counts, degrees.
    static let maxAngle = 160.0
    /// Above this ordinal drivers cannot count along; the plain turn is said instead.
    static let maxOrdinal = 4
    /// Intersections this close to the turn are the turn's own, meters.
    static let ownIntersectionMeters = 5.0

    /// The ordinal of `turn` among usable roads on its side within `meters` before it on `approach`, or nil
    /// when it is the first (or when counting would not help: not a clear left or right turn, or too many).
    static func ordinal(of turn: Step, approach: Step, within meters: Double) -> Int? {
        ordinal(count: count(distances(of: turn, approach: approach), within: meters))
    }

    /// The ordinal said when `count` usable roads on the turn's side come first (nil: none, or too many).
    static func ordinal(count: Int) -> Int? { count > 0 && count < maxOrdinal ? count + 1 : nil }

    /// How far before `turn` each usable road on its side branches off `approach`, meters, in the order of the
    /// intersections (empty when the turn is not a clear left or right): what `count` counts, computed once.
    static func distances(of turn: Step, approach: Step) -> [Double] {
        guard turn.maneuver.type == .turn, let right = isRight(turn.maneuver.modifier) else { return [] }
        return approach.intersections.dropFirst().compactMap { crossing in
            hasRoad(right: right, at: crossing) ? Geo.distance(crossing.location, turn.maneuver.location) : nil
        }
    }

    /// The number of side roads among `distances` (see `distances(of:approach:)`) within `meters` of the turn. It
    /// only falls as the turn comes closer.
    static func count(_ distances: [Double], within meters: Double) -> Int {
        var count = 0
        for toTurn in distances where toTurn > ownIntersectionMeters && toTurn < meters { count += 1 }
        return count
    }

    /// True for right turns, false for left turns, nil for anything else (a slight or sharp turn is told apart
    /// by its angle, not by counting).
    private static func isRight(_ modifier: ManeuverModifier?) -> Bool? {
        switch modifier {
        case .right: return true
        case .left: return false
        default: return nil
        }
    }

    /// True when `crossing` has an enterable road to the given side of the way the route goes on.
    private static func hasRoad(right: Bool, at crossing: Intersection) -> Bool {
        guard let out = crossing.outIndex, crossing.bearings.indices.contains(out) else { return false }
        let heading = crossing.bearings[out]
        for (i, bearing) in crossing.bearings.enumerated() where i != out && i != crossing.inIndex {
            guard crossing.entry.indices.contains(i), crossing.entry[i] else { continue }
            var relative = (bearing - heading).truncatingRemainder(dividingBy: 360)
            if relative > 180 { relative -= 360 }
            if relative <= -180 { relative += 360 }
            let angle = right ? relative : -relative
            if angle >= minAngle && angle <= maxAngle { return true }
        }
        return false
    }
}
