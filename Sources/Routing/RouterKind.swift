/// Which HTTP API a routing server speaks.
public enum RouterKind: String, Sendable, Hashable, CaseIterable {
    /// The OSRM HTTP API (`/route/v1/driving/…`).
    case osrm
    /// Valhalla's JSON API (`POST /route`, `format: osrm`).
    case valhalla

    /// A router of this kind for `baseURL`.
    public func makeRouter(baseURL: String, timeout: Double = 5) throws(HTTPEndpoint.ParseError) -> any Router {
        switch self {
        case .osrm: return try OSRMRouter(baseURL: baseURL, timeout: timeout)
        case .valhalla: return try ValhallaRouter(baseURL: baseURL, timeout: timeout)
        }
    }
}
