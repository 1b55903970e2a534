import Foundation
import RouteModel

/// A routing service that turns a `RouteRequest` into a route (OSRM, Valhalla, …).
/// Implementations do their network I/O off the caller's thread and never block the guidance clock.
public protocol Router: Sendable {
    /// Names the router and where it is, for logs and the status line, e.g. "valhalla http://127.0.0.1:8002".
    var label: String { get }
    /// Fetches and imports a route; every failure is a `RouterError` with one clear line.
    func route(_ request: RouteRequest) async throws(RouterError) -> RouterResponse
}

/// A route as the router returned it: the imported document and the raw response bytes.
public struct RouterResponse: Sendable {
    /// The response imported by RouteModel (OSRM v5 form).
    public var document: RouteDocument
    /// The response body exactly as received.
    public var body: Data

    /// Creates a response.
    public init(document: RouteDocument, body: Data) {
        self.document = document
        self.body = body
    }
}
