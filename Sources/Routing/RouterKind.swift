import RouteModel

/// Which HTTP API a routing server speaks.
public enum RouterKind: String, Sendable, Hashable, CaseIterable {
    /// The OSRM HTTP API (`/route/v1/driving/…`).
    case osrm
    /// Valhalla's JSON API (`POST /route`, `format: osrm`).
    case valhalla

    /// A router of this kind for `baseURL` (`caFile`: the CAs trusted for https instead of the system's).
    public func makeRouter(baseURL: String, timeout: Double = 5, caFile: String? = nil) throws(HTTPEndpoint.ParseError) -> any Router {
        try makeBlockingRouter(baseURL: baseURL, timeout: timeout, caFile: caFile)
    }

    /// A router of this kind for `baseURL`, which can also answer on the calling thread.
    public func makeBlockingRouter(baseURL: String, timeout: Double = 5, caFile: String? = nil) throws(HTTPEndpoint.ParseError) -> any BlockingRouter {
        switch self {
        case .osrm: return try OSRMRouter(baseURL: baseURL, timeout: timeout, caFile: caFile)
        case .valhalla: return try ValhallaRouter(baseURL: baseURL, timeout: timeout, caFile: caFile)
        }
    }
}

extension RouterKind {
    /// Finds out which API the server at `baseURL` speaks by asking it: Valhalla answers `GET /status` with its
    /// version and actions; OSRM answers any `/route/v1` URL with a JSON `code`. Throws `RouterError` when the
    /// server cannot be reached or is neither. The exchanges run off the caller's thread.
    public static func detect(baseURL: String, timeout: Double = 5, caFile: String? = nil) async throws(RouterError) -> RouterKind {
        try await offThread { () throws(RouterError) in try detectBlocking(baseURL: baseURL, timeout: timeout, caFile: caFile) }
    }

    /// `detect` on the calling thread (blocking; up to two exchanges of at most `timeout` seconds each).
    public static func detectBlocking(baseURL: String, timeout: Double = 5, caFile: String? = nil) throws(RouterError) -> RouterKind {
        let endpoint: HTTPEndpoint
        do { endpoint = try HTTPEndpoint(baseURL) } catch { throw .malformed(error.description) }
        let client = HTTPClient(timeout: timeout, maxBodyBytes: 1 << 20, caFile: caFile)
        let status = try client.exchangeBlocking(HTTPRequest(method: "GET", target: "/status"), with: endpoint)
        if status.isSuccess, let json = try? JSONParser().parse(status.body),
           json["available_actions"] != nil || json["version"]?.stringValue != nil {
            return .valhalla
        }
        let probe = try client.exchangeBlocking(HTTPRequest(method: "GET", target: "/route/v1/driving/0,0;0.001,0.001?overview=false"),
                                                with: endpoint)
        if let json = try? JSONParser().parse(probe.body), json["code"]?.stringValue != nil {
            return .osrm
        }
        throw .malformed("\(endpoint) is neither an OSRM nor a Valhalla server (GET /status: HTTP \(status.status), GET /route/v1/driving: HTTP \(probe.status))")
    }
}
