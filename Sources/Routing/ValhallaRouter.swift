import Foundation
import Network
import RouteModel

/// A router speaking Valhalla's `/route` API with `format: osrm`, so the answer is an OSRM v5 response with
/// Valhalla's own voice and banner instructions in the requested language.
public struct ValhallaRouter: BlockingRouter {
    /// The server.
    public let endpoint: HTTPEndpoint
    /// The Valhalla costing model ("auto").
    public var costing: String
    /// The HTTP client (timeout and size limit).
    public var client: HTTPClient
    /// The tolerance around the heading, in degrees.
    public var headingTolerance: Int

    /// Creates a router for `baseURL` (`http[s]://HOST:PORT[/PREFIX]`; `caFile`: the CAs trusted for https
    /// instead of the system's); throws when the URL is not usable.
    public init(baseURL: String, costing: String = "auto", timeout: Double = 5, headingTolerance: Int = 45,
                caFile: String? = nil) throws(HTTPEndpoint.ParseError) {
        endpoint = try HTTPEndpoint(baseURL)
        self.costing = costing
        client = HTTPClient(timeout: timeout, caFile: caFile)
        self.headingTolerance = headingTolerance
    }

    /// "valhalla http://HOST:PORT".
    public var label: String { "valhalla \(endpoint)" }

    /// The JSON body for `request`.
    public func body(for request: RouteRequest) -> JSONValue {
        var locations: [JSONValue] = []
        for (index, point) in ([request.origin] + request.destinations).enumerated() {
            var members = [JSONMember(key: "lat", value: .number(point.latitude)),
                           JSONMember(key: "lon", value: .number(point.longitude))]
            if index == 0, let heading = request.headingDegrees {
                members.append(JSONMember(key: "heading", value: .number(Double(heading))))
                members.append(JSONMember(key: "heading_tolerance", value: .number(Double(headingTolerance))))
            }
            // A via point is `through`: the route passes it without a leg break and without a U-turn there.
            members.append(JSONMember(key: "type", value: .string(request.passThrough.contains(index - 1) ? "through" : "break")))
            locations.append(.object(members))
        }
        var members = [JSONMember(key: "locations", value: .array(locations)),
                       JSONMember(key: "costing", value: .string(costing)),
                       JSONMember(key: "format", value: .string("osrm")),
                       JSONMember(key: "language", value: .string(request.language))]
        if request.geometry != .polyline6 {
            members.append(JSONMember(key: "shape_format", value: .string(request.geometry.valhallaShapeFormat)))
        }
        if let units = Self.units(request.units) { members.append(JSONMember(key: "units", value: .string(units))) }
        members.append(JSONMember(key: "voice_instructions", value: .bool(true)))
        members.append(JSONMember(key: "banner_instructions", value: .bool(true)))
        // The speed limit of every segment: Valhalla writes it as the OSRM leg's `annotation.maxspeed` only when
        // the shape attribute is asked for (`annotations` is no Valhalla option).
        members.append(JSONMember(key: "filters", value: .object([
            JSONMember(key: "attributes", value: .array([.string("shape_attributes.speed_limit")])),
            JSONMember(key: "action", value: .string("include")),
        ])))
        return .object(members)
    }

    /// Fetches the route off the caller's thread (on the blocking I/O queue).
    public func route(_ request: RouteRequest) async throws(RouterError) -> RouterResponse {
        try await offThread { () throws(RouterError) in try routeBlocking(request) }
    }

    /// Fetches the route on the calling thread.
    public func routeBlocking(_ request: RouteRequest) throws(RouterError) -> RouterResponse {
        try request.validate()
        let http = HTTPRequest(method: "POST", target: "/route",
                               headers: [("Content-Type", "application/json")],
                               body: body(for: request).serializedData())
        let response = try client.exchangeBlocking(http, with: endpoint)
        return try RouterResponseDecoder.decode(response, source: "POST \(endpoint)/route", precision: request.geometry.precision)
    }

    /// Valhalla's unit names for ours: "metric" → kilometers, "imperial"/"uk" → miles; nil for the default.
    static func units(_ units: String?) -> String? {
        switch units?.lowercased() {
        case "metric"?, "kilometers"?, "km"?: return "kilometers"
        case "imperial"?, "uk"?, "miles"?, "mi"?: return "miles"
        default: return nil
        }
    }
}
