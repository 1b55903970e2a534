import Foundation
import Synchronization

/// A router for a server whose API is not named (`drive --router URL` without `--router-kind`): creating it does
/// no network I/O; the first route request asks the server which API it speaks (`RouterKind.detectBlocking`) on
/// the request's own I/O thread, so the clock, the keys and the speech never wait for it. The answer is kept;
/// while the server cannot be reached (or is neither OSRM nor Valhalla) each request fails with that reason and
/// the next one asks again.
public final class DetectingRouter: BlockingRouter {
    /// The server.
    public let endpoint: HTTPEndpoint
    /// Seconds for each exchange.
    public let timeout: Double
    /// The CAs trusted for https instead of the system's; nil: the system's.
    public let caFile: String?
    private let baseURL: String
    private let detected = Mutex<(kind: RouterKind, router: any BlockingRouter)?>(nil)

    /// Creates the router for `baseURL` (`http[s]://HOST:PORT[/PREFIX]`); throws when the URL is not usable.
    public init(baseURL: String, timeout: Double = 5, caFile: String? = nil) throws(HTTPEndpoint.ParseError) {
        endpoint = try HTTPEndpoint(baseURL)
        self.baseURL = baseURL
        self.timeout = timeout
        self.caFile = caFile
    }

    /// The kind found so far, nil before the server first answered.
    public var kind: RouterKind? { detected.withLock { $0?.kind } }

    /// "router http://HOST:PORT" until the kind is known, then the detected router's label.
    public var label: String { detected.withLock { $0?.router.label } ?? "router \(endpoint)" }

    /// Starts finding out the kind now, on the blocking I/O queue, and returns at once: the first reroute then
    /// needs no extra round trips. A failure is forgotten (the first request asks again).
    public func detectInBackground() {
        blockingIOQueue.async { [self] in _ = try? resolved() }
    }

    /// Fetches the route off the caller's thread (on the blocking I/O queue).
    public func route(_ request: RouteRequest) async throws(RouterError) -> RouterResponse {
        try await offThread { () throws(RouterError) in try self.routeBlocking(request) }
    }

    /// Detects the server's kind if not known yet, then fetches the route, all on the calling thread.
    public func routeBlocking(_ request: RouteRequest) throws(RouterError) -> RouterResponse {
        try resolved().routeBlocking(request)
    }

    /// The router of the detected kind, detecting it now if needed.
    private func resolved() throws(RouterError) -> any BlockingRouter {
        if let known = detected.withLock({ $0?.router }) { return known }
        let kind = try RouterKind.detectBlocking(baseURL: baseURL, timeout: timeout, caFile: caFile)
        let router: any BlockingRouter
        do { router = try kind.makeBlockingRouter(baseURL: baseURL, timeout: timeout, caFile: caFile) } catch { throw .malformed(error.description) }
        detected.withLock { $0 = (kind, router) }
        return router
    }
}
