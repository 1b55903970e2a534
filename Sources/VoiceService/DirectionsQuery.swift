import RouteModel
import Routing
import SafeIO

/// The parts of a Mapbox Directions API v5 query that shape the answer of `GET /directions/v5/…`:
/// `geometries` (`polyline`, the Mapbox default, `polyline6` or `geojson`: the upstream is asked for it and the
/// answer is in it), `steps`, `voice_instructions` and `banner_instructions` (true unless a client says false, as
/// the point of this proxy is the instructions: with `steps=false` the legs have no steps and so no instructions,
/// as Mapbox answers), and `overview` (`full`; `simplified`, the Mapbox default, is answered with the full
/// geometry; `false` leaves the route's geometry out). `language`, `voice_units`, `bearings` and `waypoints` are
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
    /// Whether routes carry their overview `geometry`.
    var overview = true

    /// The query of the OSRM path (`/route/v1/…`): polyline6, everything in.
    init() {}

    /// The query of `request` on the Directions v5 path.
    init(_ request: HTTPServerRequest) throws(VoiceRequestError) {
        geometry = .polyline
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
            guard ["full", "simplified", "false"].contains(value) else {
                throw .badParameter("overview: '\(ControlCharacters.escapedForMessage(value))' is not one of full, simplified, false")
            }
            overview = value != "false"
        }
    }

    /// A true/false parameter that is true when absent.
    private static func flag(_ request: HTTPServerRequest, _ name: String) throws(VoiceRequestError) -> Bool {
        guard let value = request.parameter(name) else { return true }
        return try VoiceHTTPService.flag(value, name: name)
    }

    /// True when the rendered answer has parts to leave out.
    var trims: Bool { !steps || !voiceInstructions || !bannerInstructions || !overview }

    /// `response` without what the query leaves out; every route is labelled with `locale`.
    func trimmed(_ response: JSONValue, locale: String) -> JSONValue {
        guard case .array(var routes)? = response["routes"] else { return response }
        for r in routes.indices {
            routes[r].setMember("voiceLocale", to: .string(locale))
            if !overview { routes[r].removeMember("geometry") }
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
}
