import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// The real Valhalla over the Helsinki extract gives every segment's limit when asked for the shape attribute.
@Suite(.serialized, .valhalla) struct ValhallaSpeedLimitTests {
    @Test func aPlannedRouteCarriesItsSpeedLimits() async throws {
        let valhalla = try ValhallaService.scoped()
        let request = RouteRequest(origin: Coordinate(latitude: 60.1655, longitude: 24.9390),
                                   destinations: [Coordinate(latitude: 60.1770, longitude: 24.9500)])
        let response = try await ValhallaRouter(baseURL: valhalla.baseURL).route(request)
        let leg = response.document.route.legs[0]
        // One limit per segment of the leg's geometry (the steps' geometries joined).
        let segments = leg.steps.reduce(0) { $0 + max(0, $1.geometry.count - 1) }
        #expect(!leg.maxspeeds.isEmpty)
        #expect(leg.maxspeeds.count <= segments && leg.maxspeeds.count >= segments - leg.steps.count, "\(leg.maxspeeds.count) for \(segments)")
        // Central Helsinki's streets are signed 30 and 40 km/h.
        let known = Set(leg.maxspeeds.compactMap(\.kmh))
        #expect(!known.isEmpty && known.isSubset(of: [20, 30, 40, 50, 60]), "\(known)")
        let index = RouteIndex(route: response.document.route)
        #expect(index.speedLimit(atDistance: 10)?.kmh != nil)
    }
}
