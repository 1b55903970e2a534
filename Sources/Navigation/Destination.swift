import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import Routing

/// Where a drive goes: the destination and the stops on the way there, in order (each stop ends a leg).
public struct Destination: Sendable, Hashable {
    /// The final destination.
    public var coordinate: Coordinate
    /// The stops before it, in order.
    public var via: [Coordinate]

    /// Creates a destination reached through `via`.
    public init(_ coordinate: Coordinate, via: [Coordinate] = []) {
        self.coordinate = coordinate
        self.via = via
    }

    /// What a router is asked for to get here from `origin` (leaving along `heading` when known), with the
    /// router's own texts in `language` and `units`.
    public func request(from origin: Coordinate, heading: Double? = nil, language: String, units: String?) -> RouteRequest {
        RouteRequest(origin: origin, heading: heading, destinations: via + [coordinate], language: language, units: units)
    }

    /// Plans the route from `origin` (leaving along `heading` when known) through `router`, blocking the calling
    /// thread for at most the router's timeout. Throws the router's one-line error (`.notOk`: no route).
    public func plan(from origin: Coordinate, heading: Double? = nil, router: any BlockingRouter, language: String,
                     units: String?) throws(RouterError) -> RouterResponse {
        let request = request(from: origin, heading: heading, language: language, units: units)
        try request.validate()
        return try router.routeBlocking(request)
    }
}

extension Navigator {
    /// Creates a navigator that starts from the first fix: the route to `destination` is planned from `fix`
    /// through `router` (blocking for at most the router's timeout), and the same router replans when the
    /// vehicle leaves the route, unless `options.router` names another. Feed `fix` to `update(_:)` next, then
    /// the positions that follow. Throws the router's one-line error (`.notOk` when it finds no route).
    public convenience init(destination: Destination, from fix: Position, router: any BlockingRouter,
                            builder: PhraseBuilder, estimator: any DurationEstimator, player: (any SpeechPlayer)?,
                            clock: any SpeechClock, options: Options = Options(),
                            observer: (@Sendable (NavigationEvent) -> Void)? = nil) throws(RouterError) {
        let response = try destination.plan(from: fix.coordinate, heading: fix.heading, router: router,
                                            language: builder.locale.tag, units: builder.units.rawValue)
        var options = options
        if options.router == nil { options.router = router }
        self.init(route: RouteIndex(route: response.document.route), builder: builder, estimator: estimator,
                  player: player, clock: clock, options: options, observer: observer)
    }
}
