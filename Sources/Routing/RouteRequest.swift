import RouteModel

/// What a router is asked for when the driver needs a (new) route: from here, heading this way,
/// through the remaining waypoints to the destination.
public struct RouteRequest: Sendable, Hashable {
    /// The current position (the route's start).
    public var origin: Coordinate
    /// The current course in degrees clockwise from north, used as a bearing hint so the new route
    /// leaves in the direction of travel; nil when unknown (standing still, no fix course).
    public var heading: Double?
    /// The remaining waypoints, the final destination last; never empty for a valid request.
    public var destinations: [Coordinate]
    /// BCP-47 language tag for the router's own texts (Valhalla `language`); OSRM ignores it.
    public var language: String
    /// "metric" or "imperial" (also "uk", spoken in miles) when the router takes units; nil for its default.
    public var units: String?

    /// Creates a request.
    public init(origin: Coordinate, heading: Double? = nil, destinations: [Coordinate], language: String = "en-US",
                units: String? = nil) {
        self.origin = origin
        self.heading = heading
        self.destinations = destinations
        self.language = language
        self.units = units
    }

    /// The heading as a whole number of degrees 0…359, or nil when absent or not finite.
    public var headingDegrees: Int? {
        guard let heading, heading.isFinite else { return nil }
        let normalized = heading.truncatingRemainder(dividingBy: 360)
        let positive = normalized < 0 ? normalized + 360 : normalized
        return Int(positive.rounded()) % 360
    }

    /// Throws `RouterError.malformed` when the request cannot be sent: no destination or an invalid coordinate.
    public func validate() throws(RouterError) {
        guard !destinations.isEmpty else { throw RouterError.malformed("route request has no destination") }
        for (index, point) in ([origin] + destinations).enumerated() where !point.isValid {
            throw RouterError.malformed("route request point \(index) is not a valid coordinate (\(point.latitude), \(point.longitude))")
        }
    }
}
