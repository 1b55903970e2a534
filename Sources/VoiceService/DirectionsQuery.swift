import RouteModel
import Routing
import SafeIO

/// The parts of a Mapbox Directions API v5 query that shape the answer of `GET /directions/v5/…`:
/// `geometries` (`polyline`, the Mapbox default, `polyline6` or `geojson`: the upstream is asked for it and the
/// answer is in it), `steps`, `voice_instructions` and `banner_instructions` (true unless a client says false, as
/// the point of this proxy is the instructions: with `steps=false` the legs have no steps and so no instructions,
/// as Mapbox answers), and `overview` (`full`; `simplified`, the Mapbox default, thins the route's geometry with
/// `LineSimplification` at its overview tolerance; `false` leaves it out; steps keep their full geometry). `language`, `voice_units`, `bearings` and `waypoints` are
/// read by the proxy itself; `access_token` and the other Mapbox parameters are accepted and ignored.
struct DirectionsQuery: Sendable, Equatable {
    /// The geometry form asked for.
    var geometry: RouteGeometry = .polyline6
    /// Whether the legs carry their steps.
    var steps = true
    /// Whether steps carry `voiceInstructions`.
    var voiceInstructions = true
    /// Whether steps carry `bannerInstructions`.
    var bannerInstructions = true
    /// What the routes' overview `geometry` holds.
    var overview = Overview.full

    /// The `overview` parameter's values.
    enum Overview: String, Sendable, Equatable {
        /// Every point of the route.
        case full
        /// The route's points thinned for drawing it whole.
        case simplified
        /// No overview geometry.
        case none = "false"
    }

    /// The query of the OSRM path (`/route/v1/…`): polyline6, everything in.
    init() {}

    /// The query of `request` on the Directions v5 path.
    init(_ request: HTTPServerRequest) throws(VoiceRequestError) {
        geometry = .polyline
        overview = .simplified
        if let value = request.parameter("geometries") {
            guard let asked = RouteGeometry(rawValue: value) else {
                throw .badParameter("geometries: '\(ControlCharacters.escapedForMessage(value))' is not one of polyline, polyline6, geojson")
            }
            geometry = asked
        }
        steps = try Self.flag(request, "steps")
        voiceInstructions = try Self.flag(request, "voice_instructions")
        bannerInstructions = try Self.flag(request, "banner_instructions")
        if let value = request.parameter("overview") {
            guard let asked = Overview(rawValue: value) else {
                throw .badParameter("overview: '\(ControlCharacters.escapedForMessage(value))' is not one of full, simplified, false")
            }
            overview = asked
        }
    }

    /// A true/false parameter that is true when absent.
    private static func flag(_ request: HTTPServerRequest, _ name: String) throws(VoiceRequestError) -> Bool {
        guard let value = request.parameter(name) else { return true }
        return try VoiceHTTPService.flag(value, name: name)
    }

    /// True when the rendered answer has parts to leave out.
    var trims: Bool { !steps || !voiceInstructions || !bannerInstructions || overview != .full }

    /// `response` without what the query leaves out; every route is labelled with `locale`.
    func trimmed(_ response: JSONValue, locale: String) -> JSONValue {
        guard case .array(var routes)? = response["routes"] else { return response }
        for r in routes.indices {
            routes[r].setMember("voiceLocale", to: .string(locale))
            switch overview {
            case .full: break
            case .none: routes[r].removeMember("geometry")
            case .simplified:
                if let line = routes[r]["geometry"], let thinned = simplified(line) { routes[r].setMember("geometry", to: thinned) }
            }
            guard case .array(var legs)? = routes[r]["legs"] else { continue }
            for l in legs.indices {
                guard steps else { legs[l].setMember("steps", to: .array([])); continue }
                guard case .array(var list)? = legs[l]["steps"] else { continue }
                for s in list.indices {
                    if !voiceInstructions { list[s].removeMember("voiceInstructions") }
                    if !bannerInstructions { list[s].removeMember("bannerInstructions") }
                }
                legs[l].setMember("steps", to: .array(list))
            }
            routes[r].setMember("legs", to: .array(legs))
        }
        var out = response
        out.setMember("routes", to: .array(routes))
        return out
    }

    /// `line` (a polyline string in the query's precision, or a GeoJSON LineString) with only the points that
    /// the overview keeps; nil when it is neither (it is then left as the upstream wrote it).
    func simplified(_ line: JSONValue) -> JSONValue? {
        if let precision = geometry.precision, let encoded = line.stringValue,
           let points = try? Polyline.decode(encoded, precision: precision) {
            let kept = LineSimplification.keptIndices(points, tolerance: LineSimplification.overviewTolerance(points))
            return .string(Polyline.encode(kept.map { points[$0] }, precision: precision))
        }
        guard case .array(let pairs)? = line["coordinates"] else { return nil }
        var points: [Coordinate] = []
        points.reserveCapacity(pairs.count)
        for pair in pairs {
            guard let lon = pair[0]?.numberValue, let lat = pair[1]?.numberValue else { return nil }
            points.append(Coordinate(latitude: lat, longitude: lon))
        }
        let kept = LineSimplification.keptIndices(points, tolerance: LineSimplification.overviewTolerance(points))
        var thinned = line
        thinned.setMember("coordinates", to: .array(kept.map { pairs[$0] }))
        return thinned
    }
}
