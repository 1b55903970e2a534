import Foundation
import Testing
import Phrasing
import RouteModel
@testable import VoiceService

/// The speeds exported instructions are planned at.
@Suite struct FreeFlowSpeedsTests {
    static let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))
    static let portland = ServeFixtures.repository.appendingPathComponent("Tests/Fixtures/mapbox-directions-portland.json")

    @Test func theSpeedLimitWinsThenTheRoadClassAndNeverSlowsAStep() throws {
        var json = try ServeFixtures.json(Data(contentsOf: Self.portland))
        let plain = try Self.renderer.importRoute(json, name: "portland")
        // Without maxspeed: 50 km/h on these city streets.
        #expect(FreeFlowSpeeds.speeds(plain).prefix(3).allSatisfy { $0.map { abs($0 * 3.6 - 50) < 1e-9 } == true })
        // A limit per segment, as Mapbox gives it: the last known one on a step counts; mph converted.
        let segments = plain.route.legs[0].steps.reduce(0) { $0 + max(0, $1.geometry.count - 1) }
        var limits = [JSONValue](repeating: JSONValue.object([JSONMember(key: "unknown", value: .bool(true))]), count: segments)
        limits[0] = JSONValue.object([JSONMember(key: "speed", value: .number(40)), JSONMember(key: "unit", value: .string("mph"))])
        if case .array(var routes)? = json["routes"], case .array(var legs)? = routes[0]["legs"] {
            var annotation = legs[0]["annotation"] ?? JSONValue.object([])
            annotation.setMember("maxspeed", to: .array(limits))
            legs[0].setMember("annotation", to: annotation)
            routes[0].setMember("legs", to: .array(legs))
            json.setMember("routes", to: .array(routes))
        }
        let limited = try Self.renderer.importRoute(json, name: "portland")
        let speeds = FreeFlowSpeeds.speeds(limited)
        #expect(abs((speeds[0] ?? 0) - 40 * 1.609344 / 3.6) < 1e-9, "\(speeds)")
        #expect(abs((speeds[1] ?? 0) * 3.6 - 50) < 1e-9, "an unknown limit falls back to the road class")
        // Durations only ever shrink (a step faster than free flow keeps its own speed).
        let route = FreeFlowSpeeds.route(limited)
        for (a, b) in zip(route.legs[0].steps, limited.route.legs[0].steps) { #expect(a.duration <= b.duration) }
        #expect(FreeFlowSpeeds.speed(of: limited.route.legs[0].steps[0], limitKmh: nil).map { $0 * 3.6 } == 50)
        var motorway = limited.route.legs[0].steps[0]
        motorway.intersections[0].classes = ["motorway"]
        #expect(FreeFlowSpeeds.speed(of: motorway, limitKmh: nil).map { ($0 * 3.6).rounded() } == 100)
        motorway.mode = "ferry"
        #expect(FreeFlowSpeeds.speed(of: motorway, limitKmh: nil) == nil)
    }
}
