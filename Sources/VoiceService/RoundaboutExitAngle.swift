import RouteModel
import SafeIO

/// The `degrees` of a roundabout banner in the Mapbox Directions API: how far round the roundabout the exit lies
/// from the entry, in the direction traffic circulates, a whole number in 0..<360. 180 is straight on, 90 a quarter
/// round (the right turn where traffic keeps right, the left turn where it keeps left), 270 three quarters round,
/// 0 all the way back to the entry. The number means the same picture on both driving sides: the SDKs draw it for
/// right-hand traffic and mirror the drawing for `driving_side: left`.
enum RoundaboutExitAngle {
    /// Against-the-circulation turning that marks where the path leaves the ring, degrees (a ring's polyline only
    /// ever turns with the circulation; the exit turns the other way).
    static let exitTurn = 30.0
    /// How far along the exit road its heading is measured from where the path leaves the ring, meters.
    static let exitReach = 30.0

    /// The angle for the maneuver of `steps[at]` (a roundabout, rotary or roundabout turn; an `exit roundabout` or
    /// `exit rotary` gets its entry's angle), or nil when it is not one or the exit's heading is unknown.
    /// The entry heading is the maneuver's `bearing_before`. The exit heading is, in order: the `bearing_after` of
    /// the following `exit roundabout`/`exit rotary` step (Valhalla, OSRM with `roundabout_exits`); the maneuver's
    /// own `bearing_after` at a roundabout turn (a mini roundabout: a turn at one point); the exit road's heading
    /// where the step's geometry leaves the ring (OSRM: ring and exit road are one step); else the next step's
    /// `bearing_after` (a step whose geometry ends on the ring).
    static func degrees(at flat: Int, of steps: [Step]) -> Int? {
        guard steps.indices.contains(flat) else { return nil }
        let type = steps[flat].maneuver.type
        if type == .exitRoundabout || type == .exitRotary {
            guard flat > 0, steps[flat - 1].maneuver.type.isRoundaboutEntry else { return nil }
            return degrees(at: flat - 1, of: steps)
        }
        guard type.isRoundaboutEntry || type == .roundaboutTurn else { return nil }
        let step = steps[flat]
        let next = steps.indices.contains(flat + 1) ? steps[flat + 1] : nil
        let exit: Double
        if let next, next.maneuver.type == .exitRoundabout || next.maneuver.type == .exitRotary {
            exit = next.maneuver.bearingAfter
        } else if type == .roundaboutTurn {
            exit = step.maneuver.bearingAfter
        } else if let heading = exitHeading(along: step.geometry, side: step.drivingSide) {
            exit = heading
        } else if let next, next.maneuver.type != .arrive {
            exit = next.maneuver.bearingAfter
        } else {
            return nil
        }
        return degrees(entry: step.maneuver.bearingBefore, exit: exit, side: step.drivingSide)
    }

    /// The angle between an entry heading and an exit heading (degrees clockwise from north) on `side`.
    static func degrees(entry: Double, exit: Double, side: DrivingSide) -> Int? {
        guard entry.isFinite, exit.isFinite else { return nil }
        let turn = normalized(exit - entry)   // the heading change, clockwise
        let angle = normalized(side == .right ? 180 - turn : 180 + turn).rounded()
        return angle >= 360 ? 0 : Int(saturating: angle)
    }

    /// The heading of the road the path takes off the ring: from the point where the geometry first turns against
    /// the circulation (after turning with it) by `exitTurn`, to `exitReach` meters on; nil when it never does.
    static func exitHeading(along geometry: [Coordinate], side: DrivingSide) -> Double? {
        // With the circulation is a left turn (negative) where traffic keeps right, a right turn where it keeps left.
        let with: Double = side == .right ? -1 : 1
        var points: [Coordinate] = []
        for point in geometry where points.last.map({ Geo.distance($0, point) >= 0.5 }) ?? true { points.append(point) }
        guard points.count >= 3 else { return nil }
        var circled = 0.0, against = 0.0, againstFrom: Int?, exitAt: Int?
        var previous = Geo.bearing(points[0], points[1])
        for i in 1..<(points.count - 1) {
            let bearing = Geo.bearing(points[i], points[i + 1])
            let turn = signed(bearing - previous) * with
            previous = bearing
            if turn >= 0 {
                circled += turn
                against = 0
                againstFrom = nil
            } else {
                // The exit leaves from the point where the turning against the circulation began.
                againstFrom = againstFrom ?? i
                against -= turn
                if circled >= exitTurn, against >= exitTurn {
                    exitAt = againstFrom
                    break
                }
            }
        }
        guard let start = exitAt else { return nil }
        var end = start + 1, run = Geo.distance(points[start], points[end])
        while run < exitReach, end + 1 < points.count {
            run += Geo.distance(points[end], points[end + 1])
            end += 1
        }
        return Geo.bearing(points[start], points[end])
    }

    /// `degrees` in 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }

    /// `degrees` in -180..<180.
    static func signed(_ degrees: Double) -> Double {
        normalized(degrees + 180) - 180
    }
}
