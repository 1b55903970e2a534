import Foundation
import RouteModel

/// A router speaking the OSRM HTTP API (`osrm-routed`, or any server with its `/route/v1` service):
/// `GET {base}/route/v1/{profile}/{lon,lat;…}?steps=true&overview=full&geometries=polyline6&bearings=…` (the
/// geometry and the via points, `waypoints=`, as the request asks).
/// OSRM has no language parameter; the phrasing is ours anyway.
public struct OSRMRouter: BlockingRouter {
    /// The server.
    public let endpoint: HTTPEndpoint
    /// The OSRM profile in the path ("driving").
    public var profile: String
    /// The HTTP client (timeout and size limit).
    public var client: HTTPClient
    /// The tolerance around the heading, in degrees, for the start's bearing hint.
    public var headingTolerance: Int

    /// Creates a router for `baseURL` (`http[s]://HOST:PORT[/PREFIX]`; `caFile`: the CAs trusted for https
    /// instead of the system's); throws when the URL is not usable.
    public init(baseURL: String, profile: String = "driving", timeout: Double = 5, headingTolerance: Int = 45,
                caFile: String? = nil) throws(HTTPEndpoint.ParseError) {
        endpoint = try HTTPEndpoint(baseURL)
        self.profile = profile
        client = HTTPClient(timeout: timeout, caFile: caFile)
        self.headingTolerance = headingTolerance
    }

    /// "osrm http://HOST:PORT".
    public var label: String { "osrm \(endpoint)" }

    /// The request target for `request` (below the base URL's path).
    public func target(for request: RouteRequest) -> String {
        let points = ([request.origin] + request.destinations)
            .map { "\(Self.degrees($0.longitude)),\(Self.degrees($0.latitude))" }
            .joined(separator: ";")
        var query = ["steps=true", "overview=full", "geometries=\(request.geometry.rawValue)", "annotations=false"]
        if let heading = request.headingDegrees {
            let rest = String(repeating: ";", count: request.destinations.count)
            query.append("bearings=\(heading),\(headingTolerance)\(rest)")
        }
        if request.destinations.count > 1 { query.append("continue_straight=true") }
        if !request.passThrough.isEmpty {
            // OSRM's `waypoints`: the indices of the input points that end a leg; the others are via points.
            let stops = [0] + request.destinations.indices.filter { !request.passThrough.contains($0) }.map { $0 + 1 }
            query.append("waypoints=" + stops.map(String.init).joined(separator: ";"))
        }
        return "/route/v1/\(profile)/\(points)?\(query.joined(separator: "&"))"
    }

    /// Fetches the route off the caller's thread (on the blocking I/O queue).
    public func route(_ request: RouteRequest) async throws(RouterError) -> RouterResponse {
        try await offThread { () throws(RouterError) in try routeBlocking(request) }
    }

    /// Fetches the route on the calling thread.
    public func routeBlocking(_ request: RouteRequest) throws(RouterError) -> RouterResponse {
        try request.validate()
        let http = HTTPRequest(method: "GET", target: target(for: request))
        let response = try client.exchangeBlocking(http, with: endpoint)
        return try RouterResponseDecoder.decode(response, source: "GET \(endpoint)\(http.target.prefix { $0 != "?" })",
                                                 precision: request.geometry.precision)
    }

    /// Degrees with six decimals (about 0.1 m), as OSRM expects.
    static func degrees(_ value: Double) -> String { String(format: "%.6f", value) }
}
