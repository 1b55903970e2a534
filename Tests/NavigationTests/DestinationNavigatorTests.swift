import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing
import Speech
import Routing
import Navigation
import VoiceGuideTestSupport

/// A destination, a router and the first fix are enough to start a navigator: the route is planned from the fix
/// by the test's own real Valhalla over the Helsinki extract, the same router replans, and a drive of the planned
/// route is guided to the arrival.
@Suite(.valhalla) struct DestinationNavigatorTests {
    static let origin = Coordinate(latitude: 60.1700, longitude: 24.9400)
    static let via = Coordinate(latitude: 60.1730, longitude: 24.9450)
    static let destination = Coordinate(latitude: 60.1760, longitude: 24.9500)

    @Test func aDestinationARouterAndTheFirstFixStartAGuidedDriveToTheArrival() throws {
        let valhalla = try ValhallaService.scoped()
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let builder = try NavigationFixtures.builder("fi-FI")
        let log = EventLog()
        let fix = Position(coordinate: Self.origin, timestamp: 0)
        let navigator = try Navigator(destination: Destination(Self.destination, via: [Self.via]), from: fix, router: router,
                                      builder: builder, estimator: PhraseDurationEstimator(builder: builder), player: nil,
                                      clock: VirtualClock(), observer: log.observer)
        #expect(navigator.route.route.legs.count == 2, "one leg per stop")
        #expect(navigator.options.router?.label == router.label, "the planning router replans too")
        #expect(Geo.distance(navigator.route.path.coordinate(atDistance: 0), Self.origin) < 100, "planned from the fix")
        navigator.update(fix)
        navigator.drive()
        let kinds = log.announced.map(\.0.kind)
        #expect(kinds.first == .depart && kinds.last == .arrive && kinds.contains(.waypoint), "\(kinds)")
        #expect(navigator.hasArrived)
    }

    @Test func noRouteIsTheRoutersOneLineError() throws {
        let valhalla = try ValhallaService.scoped()
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let builder = try NavigationFixtures.builder()
        #expect {
            _ = try Navigator(destination: Destination(Coordinate(latitude: 0.5, longitude: 0.5)),
                              from: Position(coordinate: Self.origin, timestamp: 0), router: router, builder: builder,
                              estimator: PhraseDurationEstimator(builder: builder), player: nil, clock: VirtualClock())
        } throws: { error in
            guard case .notOk = error as? RouterError else { return false }
            return true
        }
    }
}
