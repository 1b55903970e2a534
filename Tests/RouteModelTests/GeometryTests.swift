import Foundation
import Testing
@testable import RouteModel

@Suite struct GeometryTests {
    @Test func polylineKnownValue() throws {
        // The reference example of the encoded polyline algorithm.
        let coords = try Polyline.decode("_p~iF~ps|U_ulLnnqC_mqNvxq`@", precision: 5)
        #expect(coords == [Coordinate(latitude: 38.5, longitude: -120.2), Coordinate(latitude: 40.7, longitude: -120.95),
                           Coordinate(latitude: 43.252, longitude: -126.453)])
        #expect(Polyline.encode(coords, precision: 5) == "_p~iF~ps|U_ulLnnqC_mqNvxq`@")
        let six = Polyline.encode(coords, precision: 6)
        #expect(try Polyline.decode(six, precision: 6) == coords)
    }

    @Test func polylineErrors() {
        #expect(throws: Polyline.DecodeError.truncated) { try Polyline.decode("_p~iF", precision: 5) }
        #expect(throws: Polyline.DecodeError.truncated) { try Polyline.decode("_", precision: 5) }
        #expect(throws: Polyline.DecodeError.invalidCharacter(offset: 2)) { try Polyline.decode("_p iF~ps|U", precision: 5) }
        #expect(throws: Polyline.DecodeError.self) { try Polyline.decode("_izeiAf_y|qC", precision: 5) }
    }

    /// Rewrites every step and route geometry of an example with `transform`.
    func rewriteGeometry(_ name: String, _ transform: ([Coordinate]) -> JSONValue?) throws -> JSONValue {
        let original = try Fixtures.load(name)
        var json = original.json
        let route = original.route
        json = Fixtures.edit(json, ["routes", 0, "geometry"], transform(route.geometry))
        for (l, leg) in route.legs.enumerated() {
            for (s, step) in leg.steps.enumerated() {
                json = Fixtures.edit(json, ["routes", 0, "legs", .index(l), "steps", .index(s), "geometry"], transform(step.geometry))
            }
        }
        return json
    }

    func geoJSON(_ coords: [Coordinate]) -> JSONValue {
        .object([JSONMember(key: "type", value: .string("LineString")),
                 JSONMember(key: "coordinates", value: .array(coords.map { .array([.number($0.longitude), .number($0.latitude)]) }))])
    }

    @Test func everyFormatGivesTheSameRoute() throws {
        let reference = try Fixtures.load("city-dc.json")
        let asGeoJSON = try RouteImporter().read(rewriteGeometry("city-dc.json") { .some(geoJSON($0)) }, fileName: "g.json")
        #expect(asGeoJSON.geometryFormat == .geojson)
        #expect(asGeoJSON.route == reference.route)

        let asPolyline5 = try RouteImporter().read(rewriteGeometry("city-dc.json") { .string(Polyline.encode($0, precision: 5)) }, fileName: "p5.json")
        #expect(asPolyline5.polylinePrecision == 5)
        #expect(asPolyline5.route.warnings.isEmpty)
        for (a, b) in zip(asPolyline5.route.geometry, reference.route.geometry) {
            #expect(abs(a.latitude - b.latitude) <= 0.0000051 && abs(a.longitude - b.longitude) <= 0.0000051)
        }
        let motorway = try Fixtures.load("motorway-bay-bridge.json")
        let motorway6 = try RouteImporter().read(rewriteGeometry("motorway-bay-bridge.json") { .string(Polyline.encode($0, precision: 6)) }, fileName: "m6.json")
        #expect(motorway6.polylinePrecision == 6)
        #expect(motorway6.route == motorway.route)
    }

    @Test func missingRouteGeometryIsTheConcatenatedSteps() throws {
        let reference = try Fixtures.load("multi-stop-manhattan.json")
        let json = Fixtures.edit(reference.json, ["routes", 0, "geometry"], nil)
        let doc = try RouteImporter().read(json, fileName: "m.json")
        #expect(doc.route.geometry == reference.route.geometry)
        #expect(abs(RoutePath(coordinates: doc.route.geometry).length - RouteIndex(route: doc.route).path.length) < 1e-6)
    }

    @Test func detectionUsesRouteGeometryWhenStepsHaveNone() throws {
        let reference = try Fixtures.load("city-dc.json")
        var json = reference.json
        for s in reference.route.legs[0].steps.indices {
            json = Fixtures.edit(json, ["routes", 0, "legs", 0, "steps", .index(s), "geometry"], nil)
        }
        let doc = try RouteImporter().read(json, fileName: "c.json")
        #expect(doc.polylinePrecision == 6)
        #expect(doc.route.geometry == reference.route.geometry)
        #expect(doc.route.legs[0].steps[0].geometry.isEmpty)
    }

    @Test func forcedPrecisionWins() throws {
        let forced = try #require(Fixtures.importError(Fixtures.json("city-dc.json"), file: "city-dc.json", .init(polylinePrecision: 5)))
        #expect(forced == "city-dc.json: routes[0].legs[0].steps[0].geometry: geometry does not decode: polyline5: point 0 (389.096, -770.345) is out of range")
        // polyline5 data read as polyline6 decodes, but ten times too close to (0, 0): rejected, not guided.
        let six = try #require(Fixtures.importError(Fixtures.json("motorway-bay-bridge.json"), file: "m.json", .init(polylinePrecision: 6)))
        #expect(six.hasPrefix("m.json: routes[0].legs[0].steps[0].geometry: starts "))
        #expect(six.hasSuffix(" km from the maneuver location (wrong polyline precision?)"))
    }
}
