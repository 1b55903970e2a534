import SafeIO
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
    /// The geometry form the router is asked to answer in (polyline6 unless a client asks otherwise).
    public var geometry: RouteGeometry
    /// Indices into `destinations` of points the route passes through without stopping (via points): no leg
    /// ends there. Empty: every destination is a stop.
    public var passThrough: Set<Int>

    /// Creates a request.
    public init(origin: Coordinate, heading: Double? = nil, destinations: [Coordinate], language: String = DefaultLocale.tag,
                units: String? = nil, geometry: RouteGeometry = .polyline6, passThrough: Set<Int> = []) {
        self.origin = origin
        self.heading = heading
        self.destinations = destinations
        self.language = language
        self.units = units
        self.geometry = geometry
        self.passThrough = passThrough
    }

    /// The heading as a whole number of degrees 0…359, or nil when absent or not finite.
    public var headingDegrees: Int? {
        guard let heading, heading.isFinite else { return nil }
        let normalized = heading.truncatingRemainder(dividingBy: 360)
        let positive = normalized < 0 ? normalized + 360 : normalized
        return Int(saturatingRounded: positive) % 360
    }

    /// Throws `RouterError.malformed` when the request cannot be sent: no destination or an invalid coordinate.
    public func validate() throws(RouterError) {
        guard !destinations.isEmpty else { throw RouterError.malformed("route request has no destination") }
        for (index, point) in ([origin] + destinations).enumerated() where !point.isValid {
            throw RouterError.malformed("route request point \(index) is not a valid coordinate (\(point.latitude), \(point.longitude))")
        }
        if let bad = passThrough.first(where: { !destinations.indices.dropLast().contains($0) }) {
            throw RouterError.malformed("route request via point \(bad) is not an intermediate destination (the last one is the stop the route ends at)")
        }
    }
}

/// The geometry encodings the OSRM and Mapbox Directions APIs name in `geometries=`.
public enum RouteGeometry: String, Sendable, Hashable, CaseIterable {
    /// Encoded polyline at precision 5 (`polyline`, OSRM's and Mapbox's default).
    case polyline
    /// Encoded polyline at precision 6.
    case polyline6
    /// GeoJSON LineString objects.
    case geojson

    /// The polyline precision the answer is decoded at (nil for GeoJSON).
    public var precision: Int? {
        switch self {
        case .polyline: return 5
        case .polyline6: return 6
        case .geojson: return nil
        }
    }

    /// Valhalla's `shape_format` for this geometry.
    var valhallaShapeFormat: String {
        switch self {
        case .polyline: return "polyline5"
        case .polyline6: return "polyline6"
        case .geojson: return "geojson"
        }
    }
}

extension RouteRequest {
    /// The request a reroute sends while driving `route`: from `position` with `heading`, through the stops
    /// still ahead (the end of leg `currentLeg` and of every later leg), in `language` and `units`.
    public init(rerouting route: Route, currentLeg: Int, position: Coordinate, heading: Double?,
                language: String, units: String? = nil) {
        let first = min(max(0, currentLeg), max(0, route.legs.count - 1))
        let stops = route.legs.indices.filter { $0 >= first }.compactMap { route.legEnd($0) }
        self.init(origin: position, heading: heading, destinations: stops, language: language, units: units)
    }
}

extension Route {
    /// Where leg `index` ends: its waypoint when the route has them, else its arrive maneuver, else the end of
    /// its geometry; nil when the leg has no usable point.
    func legEnd(_ index: Int) -> Coordinate? {
        guard legs.indices.contains(index) else { return nil }
        if waypoints.count == legs.count + 1 { return waypoints[index + 1].location }
        let steps = legs[index].steps
        if let last = steps.last, last.maneuver.type == .arrive { return last.maneuver.location }
        return steps.last?.geometry.last
    }
}
