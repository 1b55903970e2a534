import Foundation
import Testing
@testable import RouteModel

@Suite struct ImportErrorTests {
    let city: JSONValue
    init() throws { city = try Fixtures.json("city-dc.json") }

    func step(_ s: Int, _ rest: Fixtures.Key...) -> [Fixtures.Key] { ["routes", 0, "legs", 0, "steps", .index(s)] + rest }

    func rawError(_ text: String, _ options: RouteImporter.Options = .init()) -> RouteImportError? {
        do { _ = try RouteImporter(options: options).read(Data(text.utf8), fileName: "x.json"); return nil } catch { return error }
    }

    @Test func notJSONNamesLineAndColumn() {
        #expect(rawError("{\"routes\": [\n  1,\n  }")?.description == "x.json: line 3, column 3: not JSON: unexpected '}', expected a value")
        #expect(rawError("")?.description == "x.json: line 1, column 1: not JSON: empty input, expected a JSON value")
    }

    @Test func binaryGarbage() throws {
        var bytes = [UInt8](repeating: 0, count: 64)
        for i in bytes.indices { bytes[i] = UInt8(truncatingIfNeeded: i &* 151 &+ 7) }
        do { _ = try RouteImporter().read(Data(bytes), fileName: "x.bin"); Issue.record("imported garbage") } catch {
            #expect(error.kind == .binary)
            #expect(error.description == "x.bin: binary data, not JSON text")
        }
    }

    @Test func contradictionsThatWouldMakeGuidanceNonsense() {
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "distance"), .number(1e308))) ==
                "city.json: routes[0].legs[0].steps[1].distance: 1e+308 is out of range (at most 1e9)")
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "distance"), .number(50_000))) ==
                "city.json: routes[0].legs[0].steps[1].distance: 50000 m contradicts the step geometry, which is 263 m long")
        // A maneuver far from its own geometry (here: moved 0.5° north, about 56 km).
        let moved = Fixtures.edit(city, step(2, "maneuver", "location"), .array([.number(-77.0451), .number(39.4096)]))
        #expect(Fixtures.importError(moved)?.hasPrefix("city.json: routes[0].legs[0].steps[2].geometry: starts 5") == true)
        // Small disagreements stay warnings.
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "distance"), .number(400))) == nil)
    }

    @Test func wrongTypesAndMissingMembers() {
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "distance"), .string("12"))) ==
                "city.json: routes[0].legs[0].steps[1].distance: expected number, found string")
        #expect(Fixtures.importError(Fixtures.edit(city, step(5, "maneuver"), nil)) ==
                "city.json: routes[0].legs[0].steps[5].maneuver: missing")
        #expect(Fixtures.importError(Fixtures.edit(city, step(2, "maneuver", "type"), .number(3))) ==
                "city.json: routes[0].legs[0].steps[2].maneuver.type: expected string, found number")
        #expect(Fixtures.importError(Fixtures.edit(city, step(2, "intersections", 0, "location"), .string("x"))) ==
                "city.json: routes[0].legs[0].steps[2].intersections[0].location: expected [longitude, latitude], found string")
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "intersections", 0, "bearings", 1), .bool(true))) ==
                "city.json: routes[0].legs[0].steps[1].intersections[0].bearings[1]: expected number, found boolean")
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes", 0, "legs"], .object([]))) ==
                "city.json: routes[0].legs: expected array, found object")
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes", 0, "distance"], nil)) ==
                "city.json: routes[0].distance: missing")
        #expect(Fixtures.importError(.array([])) == "city.json: expected object, found array")
        #expect(Fixtures.importError(.object([])) == "city.json: routes: missing")
        let lanes = try? Fixtures.json("motorway-bay-bridge.json")
        #expect(Fixtures.importError(Fixtures.edit(lanes ?? .null, step(4, "intersections", 0, "lanes", 1, "valid"), nil), file: "m.json") ==
                "m.json: routes[0].legs[0].steps[4].intersections[0].lanes[1].valid: missing")
    }

    @Test func noRoutesNoLegsNoSteps() {
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes"], .array([]))) == "city.json: routes: no routes")
        let noRoute = JSONValue.object([JSONMember(key: "code", value: .string("NoRoute")),
                                        JSONMember(key: "message", value: .string("Impossible route between points"))])
        #expect(Fixtures.importError(noRoute) == "city.json: routes: no routes (code NoRoute: Impossible route between points)")
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes", 0, "legs"], .array([]))) == "city.json: routes[0].legs: no legs")
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes", 0, "legs", 0, "steps"], .array([]))) ==
                "city.json: routes[0].legs[0].steps: no steps (request the route with steps=true)")
        #expect(Fixtures.importError(city, .init(routeIndex: 3)) == "city.json: routes: route index 3 is out of range (1 route)")
        #expect(Fixtures.importError(city, .init(routeIndex: -1)) == "city.json: routes: route index -1 is out of range (1 route)")
    }

    @Test func coordinatesAndNumbersOutOfRange() {
        #expect(Fixtures.importError(Fixtures.edit(city, step(2, "maneuver", "location"), .array([.number(200), .number(38)]))) ==
                "city.json: routes[0].legs[0].steps[2].maneuver.location: coordinate out of range (latitude 38.0, longitude 200.0)")
        #expect(Fixtures.importError(Fixtures.edit(city, ["waypoints", 1, "location"], .array([.number(-77), .number(-91)]))) ==
                "city.json: waypoints[1].location: coordinate out of range (latitude -91.0, longitude -77.0)")
        #expect(rawError(#"{"routes":[{"legs":[],"distance":1e999,"duration":0}]}"#)?.description == "x.json: routes[0].legs: no legs")
        let marked = Fixtures.edit(city, step(0, "distance"), .number(123456.5)).serialized()
        #expect(rawError(marked.replacingOccurrences(of: "123456.5", with: "1e999"))?.description ==
                "x.json: routes[0].legs[0].steps[0].distance: not a finite number")
        #expect(Fixtures.importError(Fixtures.edit(city, step(3, "distance"), .number(-5))) ==
                "city.json: routes[0].legs[0].steps[3].distance: negative value -5")
        #expect(Fixtures.importError(Fixtures.edit(city, ["routes", 0, "legs", 0, "duration"], .number(-1.5))) ==
                "city.json: routes[0].legs[0].duration: negative value -1.5")
    }

    @Test func undecodableGeometry() {
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "geometry"), .string("ab cd"))) ==
                "city.json: routes[0].legs[0].steps[1].geometry: geometry does not decode: polyline6: invalid character at offset 2")
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "geometry"), .string("_"))) ==
                "city.json: routes[0].legs[0].steps[1].geometry: geometry does not decode: polyline6: truncated polyline")
        let point = JSONValue.object([JSONMember(key: "type", value: .string("Point")),
                                      JSONMember(key: "coordinates", value: .array([.number(1), .number(2)]))])
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "geometry"), point)) ==
                "city.json: routes[0].legs[0].steps[1].geometry.type: geometry does not decode: expected a GeoJSON LineString, found 'Point'")
        #expect(Fixtures.importError(Fixtures.edit(city, step(1, "geometry"), .number(3))) ==
                "city.json: routes[0].legs[0].steps[1].geometry: expected polyline string or GeoJSON LineString, found number")
    }

    @Test func depthAndSizeLimits() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        #expect(rawError(deep)?.description == "x.json: line 1, column 513: nested deeper than 512 levels")
        #expect(rawError("{\"routes\": [1,2,3]}", .init(maxBytes: 10))?.description == "x.json: too big: 19 bytes, the limit is 10")
    }

    @Test func unknownTypesAndOdditiesAreWarnings() throws {
        var json = Fixtures.edit(city, step(2, "maneuver", "type"), .string("teleport"))
        json = Fixtures.edit(json, step(1, "maneuver", "exit"), nil)
        json = Fixtures.edit(json, step(3, "maneuver", "modifier"), .string("sideways"))
        let doc = try RouteImporter().read(json, fileName: "city.json")
        let m = doc.route.legs[0].steps[2].maneuver
        #expect(m.type == .turn && m.rawType == "teleport")
        #expect(doc.route.legs[0].steps[3].maneuver.modifier == nil)
        #expect(doc.route.warnings.map(\.description) == [
            "routes[0].legs[0].steps[1].maneuver: roundabout without an exit number",
            "routes[0].legs[0].steps[2].maneuver.type: unknown maneuver type 'teleport', treated as a turn",
            "routes[0].legs[0].steps[3].maneuver.modifier: unknown modifier 'sideways', ignored",
        ])
    }

    @Test func distanceThatDisagreesWithGeometryIsAWarning() throws {
        let doc = try RouteImporter().read(Fixtures.edit(city, step(2, "distance"), .number(900)), fileName: "c.json")
        #expect(doc.route.warnings.map(\.description) == ["routes[0].legs[0].steps[2].distance: 900 m, but the geometry is 311 m long"])
    }

    /// Truncations and byte flips of a real route: the import returns or throws RouteImportError, never crashes.
    @Test func truncationsAndByteFlipsNeverCrash() throws {
        let data = try [UInt8](Fixtures.data("city-dc.json"))
        var rng = SplitMix64(seed: 0x5EED)
        var outcomes = [0, 0]
        for _ in 0..<300 {
            let cut = Int(rng.next() % UInt64(data.count))
            outcomes[attempt(Data(data[0..<cut])) ? 0 : 1] += 1
            var flipped = data
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                flipped[Int(rng.next() % UInt64(data.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
            }
            outcomes[attempt(Data(flipped)) ? 0 : 1] += 1
        }
        #expect(outcomes[1] > 250)  // most mutations are caught as errors
    }

    func attempt(_ data: Data) -> Bool {
        do { _ = try RouteImporter().read(data, fileName: "f.json"); return true } catch { return false }
    }
}
