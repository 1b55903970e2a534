import RouteModel

/// Whether the vehicle is following the route.
public enum RouteState: String, Sendable, Hashable, Codable {
    /// Close enough to the route; progress follows the position.
    case onRoute
    /// Beyond the off-route distance, but not yet for long enough to call it (progress is held).
    case leaving
    /// Confirmed off the route (progress is held until it comes back).
    case offRoute
}

/// Where the vehicle is on the route after one position update.
public struct RouteProgress: Sendable, Hashable {
    /// Distance travelled along the whole route, meters (never decreases).
    public var distanceAlong: Double
    /// Flat index (into `RouteIndex.steps`) of the step being travelled.
    public var stepIndex: Int
    /// Leg and step of the step being travelled.
    public var stepID: StepID
    /// Flat index of the next maneuver ahead, or nil past the last one.
    public var nextManeuverIndex: Int?
    /// Distance to the next maneuver, meters (0 past the last one).
    public var distanceToNextManeuver: Double
    /// Distance left to the destination, meters.
    public var remainingDistance: Double
    /// Time left to the destination by the route's own step durations, seconds.
    public var remainingSeconds: Double
    /// Estimated arrival: the position's timestamp plus `remainingSeconds`.
    public var eta: Double
    /// Current speed estimate in m/s: GPS speed, else the progress rate, else nil.
    public var speed: Double?
    /// Distance from the position to the route at the snapped point, meters.
    public var offset: Double
    /// On-route state after this update.
    public var state: RouteState
    /// True on the one update where the state became `.offRoute`.
    public var becameOffRoute: Bool
    /// True on the one update where the state became `.onRoute` again after `.offRoute` (a rejoin; not after
    /// a mere `.leaving`). Progress then jumps to where the vehicle rejoined; a drive uses this to stop asking
    /// a router for a new route and to show "on route" again.
    public var becameOnRoute: Bool = false
    /// Timestamp of the position this progress comes from.
    public var timestamp: Double
}
