import RouteModel

extension ArrivalSide {
    /// Angle from the direction of travel within which the destination counts as straight ahead, degrees.
    static let straightAheadDegrees = 20.0
    /// Nearer than this to the arrival point, the waypoint location says nothing about the side, meters.
    static let minimumSideMeters = 3.0

    /// The side from the arrive maneuver's modifier, else from where the waypoint lies relative to the
    /// direction of travel at the arrival point; nil when neither tells.
    static func resolve(modifier: ManeuverModifier?, arrival: Coordinate, approachBearing: Double,
                        waypoint: Coordinate?) -> ArrivalSide? {
        switch modifier {
        case .left, .slightLeft, .sharpLeft: return .left
        case .right, .slightRight, .sharpRight: return .right
        case .straight: return .straight
        case .uturn, nil: break
        }
        guard let waypoint, Geo.distance(arrival, waypoint) >= minimumSideMeters else { return nil }
        var angle = Geo.bearing(arrival, waypoint) - approachBearing
        angle = (angle + 540).truncatingRemainder(dividingBy: 360) - 180
        if abs(angle) <= straightAheadDegrees { return .straight }
        if abs(angle) >= 180 - straightAheadDegrees { return nil }
        return angle > 0 ? .right : .left
    }
}
