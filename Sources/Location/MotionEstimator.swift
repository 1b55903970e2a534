import RouteModel

/// Fills in speed and course that a fix does not carry, from the previous fix.
struct MotionEstimator: Sendable {
    /// Below this distance between fixes no course is derived (it would be noise), meters.
    static let minimumMeters = 1.0
    private var previous: Position?

    /// `position` with missing speed and course derived from the last position passed in.
    mutating func complete(_ position: Position) -> Position {
        var result = position
        if let previous {
            let dt = position.timestamp - previous.timestamp
            let meters = Geo.distance(previous.coordinate, position.coordinate)
            if result.speed == nil, dt > 0 { result.speed = meters / dt }
            let moving = (result.speed ?? 0) >= 0.5 || meters >= 2 * Self.minimumMeters
            if result.heading == nil, meters >= Self.minimumMeters, moving {
                result.heading = Geo.bearing(previous.coordinate, position.coordinate)
            }
        }
        previous = position
        return result
    }
}
