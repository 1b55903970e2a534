import Foundation
import RouteModel
import Testing
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

@Suite struct InspectCommandTests {
    @Test(arguments: CLIFixtures.exampleNames)
    func jsonRoundTripsThroughTheImporter(_ name: String) throws {
        let path = CLIFixtures.example(name)
        let original = try RouteImporter().read(Data(contentsOf: URL(fileURLWithPath: path)), fileName: name)
        let run = ToolRun(["inspect", path, "--format=json"])
        #expect(run.code == 0)
        #expect(run.err.isEmpty)
        let again = try RouteImporter().read(Data(run.out.utf8), fileName: "inspect.json")
        #expect(again.route == original.route)
        #expect(again.geometryFormat == .geojson)
        // Stable: a second run prints the same bytes, and re-inspecting the output gives the same route again.
        #expect(ToolRun(["inspect", path, "--format", "json"]).out == run.out)
        let second = ToolRun(["inspect", "-", "--format", "json"], stdin: Data(run.out.utf8))
        let third = try RouteImporter().read(Data(second.out.utf8), fileName: "again.json")
        #expect(third.route == original.route)
        let summary = try #require(JSONParser().parse(Data(run.out.utf8))["inspect"])
        #expect(summary["steps"] == .number(Double(original.route.stepCount)))
        #expect(summary["warnings"] == .array([]))
    }

    /// The point-heavy shape of the bench's large route (40 points a step): what `inspect --format json` writes
    /// imports back to the same route, one position a line, at most 7.5 times the input's size, so the bench's
    /// 31.7 MB route (about 207 MB of output) stays under the importer's 256 MiB input limit.
    @Test func jsonOfAPointHeavyRouteIsCompactAndImportsBack() throws {
        let input = syntheticRouteJSON(steps: 300, pointsPerStep: 40)
        let original = try RouteImporter().read(input, fileName: "points.json")
        let run = ToolRun(["inspect", "-", "--format", "json"], stdin: input)
        #expect(run.code == 0, "\(run.err)")
        let output = Data(run.out.utf8)
        #expect(output.count * 2 <= input.count * 15, "\(output.count) bytes written for \(input.count) read")
        let again = try RouteImporter().read(output, fileName: "inspect.json")
        #expect(again.route == original.route)
        #expect(run.out.contains("\n          [11, 30],\n"), "one position a line")
        #expect(output.count * (31_700_000 / input.count + 1) < RouteImporter.Options().maxBytes, "the importer (at most \(RouteImporter.Options().maxBytes) bytes) reads the 31.7 MB route's output back")
    }

    @Test func textShowsManeuversLanesAndExits() {
        let run = ToolRun(["inspect", CLIFixtures.example("motorway-bay-bridge.json")])
        #expect(run.code == 0)
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.first == "\(CLIFixtures.example("motorway-bay-bridge.json")): route 1 of 1, polyline5 geometry, right-hand traffic")
        #expect(lines.contains("    4. fork slight right → MacArthur Freeway (I 580); 4.57 km, 2 min 53 s @ 11.10 km, 8 min 6 s"))
        #expect(lines.contains("        lanes: [↑✗ ↑✗ ↑✗ ↗✓* ↗✓]"))
        #expect(lines.contains("        exits: 21A"))
        #expect(lines.contains("        junction: MacArthur Maze"))
        #expect(lines.last == "Warnings: none")
        let city = ToolRun(["inspect", CLIFixtures.example("city-dc.json")]).out
        #expect(city.contains("    1. roundabout straight, exit 4 → P Street Northwest; 263 m, 47 s @ 715 m, 1 min 43 s"))
        let berlin = ToolRun(["inspect", CLIFixtures.example("city-berlin.json")]).out
        #expect(berlin.contains("        rotary: Großer Stern"))
    }

    @Test func warningsAreListed() throws {
        var json = try JSONParser().parse(Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("uk-oxford.json"))))
        guard case .array(var routes)? = json["routes"], case .object = routes[0] else { Issue.record("shape"); return }
        var route = routes[0]
        guard case .array(var legs)? = route["legs"], case .array(var steps)? = legs[0]["steps"] else { Issue.record("shape"); return }
        var maneuver = try #require(steps[2]["maneuver"])
        maneuver.setMember("type", to: .string("hover"))
        steps[2].setMember("maneuver", to: maneuver)
        legs[0].setMember("steps", to: .array(steps))
        route.setMember("legs", to: .array(legs))
        routes[0] = route
        json.setMember("routes", to: .array(routes))
        let run = ToolRun(["inspect", "-"], stdin: json.serializedData())
        #expect(run.code == 0)
        #expect(run.out.contains("    2. hover (as turn) left → Magdalen Road;"))
        #expect(run.out.hasSuffix("Warnings (1):\n  routes[0].legs[0].steps[2].maneuver.type: unknown maneuver type 'hover', treated as a turn\n"))
        let asJSON = try JSONParser().parse(Data(ToolRun(["inspect", "-", "--format", "json"], stdin: json.serializedData()).out.utf8))
        #expect(asJSON["inspect"]?["warnings"]?[0]?["path"] == .string("routes[0].legs[0].steps[2].maneuver.type"))
    }

    @Test func badInputExitCodes() throws {
        let missing = ToolRun(["inspect", "/nonexistent/route.json"])
        #expect(missing.code == 66)
        #expect(missing.errLines == ["voiceguide inspect: /nonexistent/route.json: no such file"])
        #expect(ToolRun(["inspect", FileManager.default.temporaryDirectory.path]).code == 66)

        let notJSON = try CLIFixtures.temporaryFile(Data("{\n \"routes\": [,]\n}".utf8), name: "city.json")
        let run = ToolRun(["inspect", notJSON])
        #expect(run.code == 65)
        #expect(run.errLines == ["voiceguide inspect: \(notJSON): line 2, column 13: not JSON: unexpected ',', expected a value"])

        let garbage = ToolRun(["inspect", "-"], stdin: Data((0..<512).map { UInt8(truncatingIfNeeded: $0 &* 97) }))
        #expect(garbage.code == 65)
        #expect(garbage.errLines == ["voiceguide inspect: <stdin>: binary data, not JSON text"])

        let noSteps = ToolRun(["inspect", "-"], stdin: Data(#"{"code":"Ok","routes":[{"distance":0,"duration":0,"legs":[{"distance":0,"duration":0,"steps":[]}]}]}"#.utf8))
        #expect(noSteps.code == 65)
        #expect(noSteps.errLines == ["voiceguide inspect: <stdin>: routes[0].legs[0].steps: no steps (request the route with steps=true)"])

        let index = ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--route-index", "2"])
        #expect(index.code == 65)
        #expect(index.errLines == ["voiceguide inspect: \(CLIFixtures.example("city-dc.json")): routes: route index 2 is out of range (1 route)"])

        let forced = ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--polyline", "5"])
        #expect(forced.code == 65)
        #expect(forced.errLines.first?.hasSuffix("routes[0].legs[0].steps[0].geometry: geometry does not decode: polyline5: point 0 (389.096, -770.345) is out of range") == true)
    }

    @Test func routeIndexPicksTheRoute() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("uk-oxford.json")))
        var json = try JSONParser().parse(data)
        let first = try #require(json["routes"]?[0])
        let second = try #require(try JSONParser().parse(Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("city-berlin.json"))))["routes"]?[0])
        json.setMember("routes", to: .array([first, second]))
        json.removeMember("waypoints")
        let run = ToolRun(["inspect", "-", "--route-index", "1"], stdin: json.serializedData())
        #expect(run.code == 0)
        #expect(run.out.hasPrefix("<stdin>: route 2 of 2, polyline6 geometry, right-hand traffic"))
        #expect(run.out.contains("rotary: Großer Stern"))
    }

    @Test func bundledDefaultRouteIsFound() throws {
        let io = CommandIO(out: { _ in }, err: { _ in }, environment: ["VOICEGUIDE_DATA": CLIFixtures.repository.path])
        let path = try DriveCommand.defaultRoute(ParsedArguments(), io: io)
        #expect(path.hasSuffix("Examples/Routes/city-dc.json"))
        let doc = try RouteLoading.load(path: path, io: io)
        #expect(doc.route.stepCount == 10)
    }
}
