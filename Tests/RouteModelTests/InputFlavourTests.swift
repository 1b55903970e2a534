import Foundation
import Testing
@testable import RouteModel

/// OSRM-compatible inputs from other engines: bare routes, Mapbox extras and route-level waypoints, several routes.
@Suite struct InputFlavourTests {
    let reference: RouteDocument
    init() throws { reference = try Fixtures.load("motorway-bay-bridge.json") }

    @Test func bareRouteObject() throws {
        let bare = try #require(reference.json["routes"]?[0])
        let doc = try RouteImporter().read(bare, fileName: "bare.json")
        #expect(doc.isBareRoute && doc.routePath == "" && doc.routeCount == 1)
        var expected = reference.route
        expected.waypoints = []
        #expect(doc.route == expected)
        #expect(throws: RouteImportError.self) { try RouteImporter(options: .init(routeIndex: 1)).read(bare, fileName: "bare.json") }
    }

    @Test func mapboxAndValhallaExtrasAreIgnored() throws {
        let voice = JSONValue.array([.object([
            JSONMember(key: "distanceAlongGeometry", value: .number(120)),
            JSONMember(key: "announcement", value: .string("Turn right")),
            JSONMember(key: "ssmlAnnouncement", value: .string("<speak>Turn right</speak>")),
        ])])
        var json = reference.json
        json.setMember("uuid", to: .string("abc"))
        for s in reference.route.legs[0].steps.indices {
            let path: [Fixtures.Key] = ["routes", 0, "legs", 0, "steps", .index(s)]
            json = Fixtures.edit(json, path + ["voiceInstructions"], voice)
            json = Fixtures.edit(json, path + ["bannerInstructions"], .array([.object([JSONMember(key: "primary", value: .object([]))])]))
            json = Fixtures.edit(json, path + ["speedLimitSign"], .string("mutcd"))
        }
        json = Fixtures.edit(json, ["routes", 0, "legs", 0, "annotation"], .object([JSONMember(key: "speed", value: .array([.number(20)]))]))
        json = Fixtures.edit(json, ["routes", 0, "legs", 0, "incidents"], .array([.object([JSONMember(key: "type", value: .string("construction"))])]))
        json = Fixtures.edit(json, ["routes", 0, "voiceLocale"], .string("en-US"))
        json = Fixtures.edit(json, ["routes", 0, "legs", 0, "admins"], .array([.object([])]))
        json = Fixtures.edit(json, ["routes", 0, "legs", 0, "steps", 1, "name"], .null)  // null member = not given
        let doc = try RouteImporter().read(json.serializedData(), fileName: "mapbox.json")
        var expected = reference.route
        expected.legs[0].steps[1].name = ""
        #expect(doc.route == expected)
        #expect(doc.json == json)  // the whole tree, extras included, is kept for writing back
    }

    @Test func routeLevelWaypoints() throws {
        var json = reference.json
        let waypoints = try #require(json["waypoints"])
        json.removeMember("waypoints")
        json = Fixtures.edit(json, ["routes", 0, "waypoints"], waypoints)
        let doc = try RouteImporter().read(json, fileName: "w.json")
        #expect(doc.route.waypoints == reference.route.waypoints)
        let missing = try RouteImporter().read(Fixtures.edit(reference.json, ["waypoints"], nil), fileName: "w.json")
        #expect(missing.route.waypoints.isEmpty && missing.route.warnings.isEmpty)
        let short = try RouteImporter().read(Fixtures.edit(reference.json, ["waypoints"], .array([waypoints[0] ?? .null])), fileName: "w.json")
        #expect(short.route.warnings.map(\.description) == ["waypoints: 1 waypoints for 1 leg (expected 2)"])
    }

    @Test func routeIndexPicksAnAlternative() throws {
        let first = try #require(reference.json["routes"]?[0])
        let other = try #require(try Fixtures.json("uk-oxford.json")["routes"]?[0])
        let json = Fixtures.edit(reference.json, ["routes"], .array([first, other]))
        let doc = try RouteImporter(options: .init(routeIndex: 1)).read(json, fileName: "alt.json")
        #expect(doc.routeIndex == 1 && doc.routeCount == 2 && doc.routePath == "routes[1]")
        #expect(doc.route.legs[0].steps[1].name == "Iffley Road")
        // Error paths name the picked route.
        let broken = Fixtures.edit(json, ["routes", 1, "legs", 0, "steps", 2, "maneuver", "location"], nil)
        #expect(Fixtures.importError(broken, file: "alt.json", .init(routeIndex: 1)) ==
                "alt.json: routes[1].legs[0].steps[2].maneuver.location: missing")
    }
}
