import Foundation
import RouteModel
import Phrasing
import Routing
import SafeIO

/// The router behind proxy mode: an OSRM server or a Valhalla server (asked with `format: osrm`).
public enum VoiceUpstream: Sendable {
    /// An OSRM server (`/route/v1/{profile}/…`); the profile of each request is passed on.
    case osrm(OSRMRouter)
    /// A Valhalla server; the OSRM profile picks the costing (driving → auto, cycling → bicycle, walking → pedestrian).
    case valhalla(ValhallaRouter)

    /// "osrm http://…" or "valhalla http://…".
    public var label: String {
        switch self {
        case .osrm(let router): return router.label
        case .valhalla(let router): return router.label
        }
    }

    /// Asks the router for `request` on the calling thread (bounded by the router's timeout).
    func route(_ request: RouteRequest, profile: String) throws(RouterError) -> RouterResponse {
        switch self {
        case .osrm(var router):
            router.profile = profile
            return try router.routeBlocking(request)
        case .valhalla(var router):
            router.costing = ["cycling": "bicycle", "bike": "bicycle", "walking": "pedestrian", "foot": "pedestrian"][profile] ?? "auto"
            return try router.routeBlocking(request)
        }
    }
}

/// The endpoints of `voiceguide serve`, stateless (only a cache of loaded locales):
/// `POST /v1/voice`, `GET /route/v1/{profile}/{lon,lat;…}` (proxy mode), `GET /health`, `GET /metrics`, `GET /v1/locales`.
public struct VoiceHTTPService: HTTPServerHandler {
    /// Plans and renders the routes.
    public let renderer: VoiceRenderer
    /// The router of proxy mode, or nil.
    public let upstream: VoiceUpstream?
    /// The locale when a request names none.
    public let defaultLocale: String
    /// The counters `/metrics` shows (the server's).
    public let metrics: ServiceMetrics
    /// Whether the server is draining (`/health` then answers 503 so a load balancer stops sending).
    public let isDraining: @Sendable () -> Bool

    /// Creates the service.
    public init(renderer: VoiceRenderer, upstream: VoiceUpstream? = nil, defaultLocale: String = DefaultLocale.tag,
                metrics: ServiceMetrics, isDraining: @escaping @Sendable () -> Bool = { false }) {
        self.renderer = renderer
        self.upstream = upstream
        self.defaultLocale = defaultLocale
        self.metrics = metrics
        self.isDraining = isDraining
    }

    /// Routes a request to its endpoint.
    public func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
        let get = request.method == "GET" || request.method == "HEAD"
        func only(_ allowed: String, _ endpoint: String, _ body: () -> HTTPServerResponse) -> HTTPServerResponse {
            let ok = allowed == "POST" ? request.method == "POST" : get
            guard ok else {
                var response = HTTPServerResponse.error(405, "\(request.method) is not allowed on \(request.path); use \(allowed)", endpoint: endpoint)
                response.headers.append(name: "Allow", value: allowed == "GET" ? "GET, HEAD" : allowed)
                return response
            }
            return body()
        }
        switch request.path {
        case "/health":
            return only("GET", "health") {
                isDraining() ? .json(503, .object([.init(key: "status", value: .string("draining"))]), endpoint: "health")
                    : .json(200, .object([.init(key: "status", value: .string("ok"))]), endpoint: "health")
            }
        case "/metrics":
            return only("GET", "metrics") {
                HTTPServerResponse(status: 200, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8")],
                                   body: Array(metrics.text().utf8), endpoint: "metrics")
            }
        case "/v1/locales":
            return only("GET", "locales") {
                .json(200, .object([.init(key: "locales", value: .array(renderer.availableLocales.map { .string($0) })),
                                    .init(key: "default", value: .string(defaultLocale))]), endpoint: "locales")
            }
        case "/v1/voice":
            return only("POST", "voice") { voice(request) }
        default:
            if request.path.hasPrefix("/route/v1/") { return only("GET", "route") { route(request) } }
            if request.path.hasPrefix("/directions/v5/") { return only("GET", "directions") { directions(request) } }
            return .error(404, "no endpoint \(ControlCharacters.escapedForMessage(request.path)); see GET /v1/locales, POST /v1/voice, GET /route/v1/…, GET /directions/v5/…, /health, /metrics",
                          endpoint: "unknown")
        }
    }

    /// `POST /v1/voice?locale=&units=&format=mapbox|json&route_index=&voice=`.
    func voice(_ request: HTTPServerRequest) -> HTTPServerResponse {
        do throws(VoiceRequestError) {
            let requested = request.parameter("locale")
            let units = try VoiceRenderer.units(request.parameter("units"))
            let format = try VoiceRenderer.format(request.parameter("format"), fallback: .mapbox)
            var routeIndex = 0
            if let text = request.parameter("route_index") {
                guard let value = Int(text), value >= 0 else { throw .badParameter("route_index: '\(ControlCharacters.escapedForMessage(text))' is not a whole number ≥ 0") }
                routeIndex = value
            }
            if let requested { _ = try renderer.resolveTag(requested) }
            let keepBanners = try Self.flag(request.parameter("keep_banners"), name: "keep_banners")
            guard !request.body.isEmpty else { throw .init(status: 400, code: 65, message: "body: empty, expected a route response (JSON)") }
            let document = try renderer.importRoute(Data(request.body), name: "body", routeIndex: routeIndex)
            let (locale, warning) = try renderer.chooseLocale(requested: requested, document: document, fallback: defaultLocale)
            var response = HTTPServerResponse.jsonBytes(200, try renderer.renderBytes(document, original: request.body, locale: locale, units: units,
                                                                                       format: format, keepBanners: keepBanners,
                                                                                       voice: request.parameter("voice")), endpoint: "voice")
            response.headers.append(name: "Content-Language", value: locale)
            if let warning { response.headers.append(name: Self.warningHeader, value: warning) }
            return response
        } catch {
            return .error(error.status, error.message, endpoint: "voice")
        }
    }

    /// `GET /route/v1/{profile}/{lon,lat;lon,lat…}?language=&voice_units=&bearings=` in proxy mode.
    func route(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard upstream != nil else {
            return .error(404, "proxy mode is off: start the server with --upstream URL to serve /route/v1/…", endpoint: "route")
        }
        do throws(VoiceRequestError) {
            let parts = request.path.dropFirst("/route/v1/".count).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isLetter || $0 == "-" || $0 == "_" }) else {
                throw .badParameter("path: expected /route/v1/{profile}/{lon,lat;lon,lat…}")
            }
            return try proxied(request, profile: String(parts[0]), coordinates: String(parts[1]), endpoint: "route")
        } catch {
            return .error(error.status, error.message, endpoint: "route")
        }
    }

    /// `GET /directions/v5/{owner}/{profile}/{lon,lat;…}` in proxy mode, as the Mapbox Navigation SDKs call it,
    /// with the query of the Mapbox Directions API v5 (`DirectionsQuery`). The answer is a Directions v5 response
    /// (`code`, `routes` with `voiceLocale`, `voiceInstructions` and `bannerInstructions`, `waypoints`).
    func directions(_ request: HTTPServerRequest) -> HTTPServerResponse {
        guard upstream != nil else {
            return .error(404, "proxy mode is off: start the server with --upstream URL to serve /directions/v5/…", endpoint: "directions")
        }
        do throws(VoiceRequestError) {
            let parts = request.path.dropFirst("/directions/v5/".count).split(separator: "/", omittingEmptySubsequences: false)
            let word = { (part: Substring) in !part.isEmpty && part.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." } }
            guard parts.count == 3, word(parts[0]), word(parts[1]) else {
                throw .badParameter("path: expected /directions/v5/{owner}/{profile}/{lon,lat;lon,lat…}")
            }
            var coordinates = String(parts[2])
            if coordinates.hasSuffix(".json") { coordinates.removeLast(5) }
            let query = try DirectionsQuery(request)
            let profile = parts[1].split(separator: "-").first.map(String.init) ?? "driving"  // driving-traffic → driving
            return try proxied(request, profile: profile, coordinates: coordinates, endpoint: "directions", query: query)
        } catch {
            return .error(error.status, error.message, endpoint: "directions")
        }
    }

    /// Asks the upstream for the route through `coordinates` and answers with our instructions; `query` (the
    /// Directions v5 path) says which geometry and which parts of the answer the client asked for.
    func proxied(_ request: HTTPServerRequest, profile: String, coordinates: String, endpoint: String,
                 query: DirectionsQuery = DirectionsQuery()) throws(VoiceRequestError) -> HTTPServerResponse {
        guard let upstream else { throw .init(status: 404, code: 64, message: "proxy mode is off") }
        let points = try Self.coordinates(coordinates)
        let passThrough = try Self.viaPoints(request.parameter("waypoints"), count: points.count)
        let locale = try renderer.resolveTag(request.parameter("language") ?? defaultLocale)
        let units = try VoiceRenderer.units(request.parameter("voice_units"))
        var heading: Double?
        if let bearings = request.parameter("bearings"), let first = bearings.split(separator: ";", omittingEmptySubsequences: false).first,
           let value = first.split(separator: ",").first.flatMap({ Double($0) }), value.isFinite {
            heading = value
        }
        let routeRequest = RouteRequest(origin: points[0], heading: heading, destinations: Array(points.dropFirst()),
                                        language: locale, units: units?.rawValue, geometry: query.geometry, passThrough: passThrough)
        let response: RouterResponse
        let asked = ProcessInfo.processInfo.systemUptime
        do {
            response = try upstream.route(routeRequest, profile: profile)
        } catch {
            throw Self.upstreamError(error)
        }
        let upstreamSeconds = ProcessInfo.processInfo.systemUptime - asked
        let keepBanners = try Self.flag(request.parameter("keep_banners"), name: "keep_banners")
        let body: [UInt8]
        if query.trims {
            let full = query.steps ? try renderer.render(response.document, locale: locale, units: units, format: .mapbox, keepBanners: keepBanners)
                : response.document.json
            body = query.trimmed(full, locale: locale).serializedBytes()
        } else {
            body = try renderer.renderBytes(response.document, original: Array(response.body), locale: locale,
                                            units: units, format: .mapbox, keepBanners: keepBanners)
        }
        var answer = HTTPServerResponse.jsonBytes(200, body, endpoint: endpoint)
        answer.headers.append(name: "Content-Language", value: locale)
        answer.upstreamSeconds = upstreamSeconds
        return answer
    }

    /// The via points of a `waypoints=` list over `count` coordinates, as indices into the destinations (the
    /// coordinates after the first): the listed indices are the stops, the first and the last must be among them,
    /// in increasing order; the other coordinates are passed through without ending a leg.
    static func viaPoints(_ text: String?, count: Int) throws(VoiceRequestError) -> Set<Int> {
        guard let text else { return [] }
        let listed = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let stops = listed.compactMap { $0 }
        guard stops.count == listed.count, stops.first == 0, stops.last == count - 1,
              zip(stops, stops.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw .badParameter("waypoints: '\(ControlCharacters.escapedForMessage(text))' is not an increasing list of coordinate indices "
                                + "from 0 to \(count - 1) that names the first and the last")
        }
        return Set((1..<(count - 1)).filter { !stops.contains($0) }.map { $0 - 1 })
    }

    /// The header that says why a response is not in the locale a client may expect (the route's `voiceLocale`).
    public static let warningHeader = "VoiceGuide-Warning"

    /// A true/false query parameter (absent: false).
    static func flag(_ value: String?, name: String) throws(VoiceRequestError) -> Bool {
        guard let value else { return false }
        switch value.lowercased() {
        case "", "true", "1", "yes": return true
        case "false", "0", "no": return false
        default: throw .badParameter("\(name): '\(ControlCharacters.escapedForMessage(value))' is not true or false")
        }
    }

    /// The points of an OSRM coordinate list `lon,lat;lon,lat…` (2 to 100 points).
    static func coordinates(_ text: String) throws(VoiceRequestError) -> [Coordinate] {
        let pairs = text.split(separator: ";", omittingEmptySubsequences: false)
        guard (2...100).contains(pairs.count) else {
            throw .badParameter("coordinates: expected 2 to 100 points 'lon,lat;lon,lat', got \(pairs.count)")
        }
        var points: [Coordinate] = []
        for (n, pair) in pairs.enumerated() {
            let numbers = pair.split(separator: ",", omittingEmptySubsequences: false).map { Double($0) }
            guard numbers.count == 2, let lon = numbers[0], let lat = numbers[1], lon.isFinite, lat.isFinite,
                  (-180...180).contains(lon), (-90...90).contains(lat) else {
                throw .badParameter("coordinates[\(n)]: '\(ControlCharacters.escapedForMessage(String(pair)))' is not 'lon,lat' in degrees")
            }
            points.append(Coordinate(latitude: lat, longitude: lon))
        }
        return points
    }

    /// A router failure as a response: timeout → 504, no route → 422, anything else (down, garbage) → 502.
    static func upstreamError(_ error: RouterError) -> VoiceRequestError {
        switch error {
        case .timeout: return VoiceRequestError(status: 504, code: 69, message: "upstream: \(error)")
        case .notOk: return VoiceRequestError(status: 422, code: 65, message: "upstream: \(error)")
        default: return VoiceRequestError(status: 502, code: 69, message: "upstream: \(error)")
        }
    }
}
