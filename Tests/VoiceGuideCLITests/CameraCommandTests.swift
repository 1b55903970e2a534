import Foundation
import Testing
import Guidance
import RouteModel
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// `--cameras FILE` through the commands: cameras files the test writes (GeoJSON and OpenStreetMap XML) placed on
/// the speed-limit fixture, said once each in the driving direction, left out of the Mapbox output, bad files
/// named with where they are bad, and the settings file's `cameras`.
@Suite struct CameraCommandTests {
    static let route = SpeedLimitCommandTests.route

    /// The fixture's path (3 km east at 50 then 80 km/h, a left turn, 3 km north at 80, a right turn, 4 km at 100).
    static func path() throws -> RoutePath {
        let data = try Data(contentsOf: URL(fileURLWithPath: route))
        return RouteIndex(route: try RouteImporter().read(data, fileName: route).route).path
    }

    /// A point `side` meters right of the route at `along`, and the route's bearing there.
    static func point(_ path: RoutePath, at along: Double, side: Double = 6) -> (Coordinate, Double) {
        let bearing = path.bearing(atDistance: along)
        return (Geo.destination(from: path.coordinate(atDistance: along), bearing: bearing + 90, meters: side), bearing)
    }

    /// Cameras at 1000 m (no limit: the road's 50 is said), at 4500 m (its own 70), and one at 8000 m checking the
    /// other way (not said), as GeoJSON.
    static func geoJSON() throws -> String {
        let path = try path()
        let (a, aBearing) = point(path, at: 1000), (b, _) = point(path, at: 4500, side: -7), (c, cBearing) = point(path, at: 8000)
        func feature(_ p: Coordinate, _ properties: String) -> String {
            #"{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(p.longitude),\#(p.latitude)]},"properties":\#(properties)}"#
        }
        let features = [feature(a, #"{"highway":"speed_camera","direction":\#(aBearing)}"#),
                        feature(b, #"{"highway":"speed_camera","maxspeed":"70"}"#),
                        feature(c, #"{"highway":"speed_camera","direction":\#(cBearing + 180)}"#),
                        feature(Coordinate(latitude: a.latitude, longitude: a.longitude + 0.0001), #"{"highway":"traffic_signals"}"#)]
        return #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#
    }

    /// The same cameras as OpenStreetMap XML nodes, with a way and a node that is no camera between them.
    static func osmXML() throws -> String {
        let path = try path()
        let (a, aBearing) = point(path, at: 1000), (b, _) = point(path, at: 4500, side: -7), (c, cBearing) = point(path, at: 8000)
        func node(_ id: Int, _ p: Coordinate, _ tags: [(String, String)]) -> String {
            "  <node id=\"\(id)\" lat=\"\(p.latitude)\" lon=\"\(p.longitude)\">"
                + tags.map { "<tag k=\"\($0.0)\" v=\"\($0.1)\"/>" }.joined() + "</node>"
        }
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="test">
            \(node(1, a, [("highway", "speed_camera"), ("direction", String(aBearing))]))
            \(node(2, b, [("highway", "speed_camera"), ("maxspeed", "70")]))
              <node id="3" lat="\(a.latitude)" lon="\(a.longitude + 0.0001)"><tag k="highway" v="traffic_signals"/></node>
            \(node(4, c, [("highway", "speed_camera"), ("direction", String(cBearing + 180))]))
              <way id="9"><nd ref="1"/><nd ref="2"/><tag k="highway" v="primary"/></way>
            </osm>
            """
    }

    static func announcements(_ arguments: [String], environment: [String: String]? = nil) throws -> [[String: Any]] {
        let run = environment.map { ToolRun(["transcript", route, "--format", "json"] + arguments, environment: $0) }
            ?? ToolRun(["transcript", route, "--format", "json"] + arguments)
        #expect(run.code == 0, "\(run.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return try #require(object["announcements"] as? [[String: Any]])
    }

    @Test(arguments: ["geojson", "osm"])
    func transcriptSaysEachCameraAheadOnceWithItsLimit(format: String) throws {
        let file = try CLIFixtures.temporaryFile(Data((format == "osm" ? try Self.osmXML() : try Self.geoJSON()).utf8),
                                                 name: "cameras.\(format == "osm" ? "xml" : "json")")
        let list = try Self.announcements(["--cameras", file, "--units", "metric"])
        let cameras = list.filter { $0["kind"] as? String == "camera" }
        let texts = cameras.compactMap { $0["text"] as? String }
        #expect(texts.count == 2, "\(list.compactMap { $0["text"] as? String })")
        #expect(texts.first.map { $0.hasPrefix("Speed camera in ") && $0.hasSuffix(", limit 50.") } == true, "\(texts)")
        #expect(texts.last.map { $0.hasPrefix("Speed camera in ") && $0.hasSuffix(", limit 70.") } == true, "\(texts)")
        #expect(cameras.map { $0["speedLimitKmh"] as? Double } == [50, 70])
        #expect(cameras.allSatisfy { $0["leg"] is NSNull && $0["step"] is NSNull })
        for (a, b) in zip(list, list.dropFirst()) {
            let end = (a["triggerSeconds"] as? Double ?? 0) + (a["durationSeconds"] as? Double ?? 0)
            #expect(end <= (b["triggerSeconds"] as? Double ?? 0) + 0.011, "\(a["text"] ?? "") overlaps \(b["text"] ?? "")")
        }
        // The maneuvers are said as without cameras.
        let plain = try Self.announcements(["--units", "metric"])
        #expect(list.filter { $0["kind"] as? String != "camera" }.compactMap { $0["text"] as? String }
                == plain.compactMap { $0["text"] as? String })
        // The text transcript names the kind; the Mapbox output leaves the alerts out.
        let text = ToolRun(["transcript", Self.route, "--cameras", file, "--units", "metric"])
        #expect(text.code == 0 && text.out.contains("camera"), "\(text.err)")
        let mapbox = ToolRun(["transcript", Self.route, "--format", "mapbox", "--cameras", file, "--units", "metric"])
        #expect(mapbox.code == 0, "\(mapbox.err)")
        #expect(!mapbox.out.contains("Speed camera") && mapbox.out.contains("Turn left onto Landstraße."))
    }

    @Test func aGermanDriveSaysTheCamerasInGerman() throws {
        let file = try CLIFixtures.temporaryFile(Data(try Self.geoJSON().utf8), name: "cameras.geojson")
        let texts = try Self.announcements(["--cameras", file, "--locale", "de-DE"])
            .filter { $0["kind"] as? String == "camera" }.compactMap { $0["text"] as? String }
        #expect(texts.count == 2 && texts.allSatisfy { !$0.contains("Speed camera") }, "\(texts)")
        #expect(texts.first?.contains("50") == true && texts.last?.contains("70") == true, "\(texts)")
    }

    @Test func aMissingFileIs66AndABadOne65NamingWhere() throws {
        let missing = ToolRun(["transcript", Self.route, "--cameras", "/nonexistent/cameras.json"])
        #expect(missing.code == 66, "\(missing.err)")
        #expect(missing.err.contains("/nonexistent/cameras.json"))
        let badJSON = try CLIFixtures.temporaryFile(Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[24.9,60.1]},"properties":{"maxspeed":true}}]}"#.utf8), name: "c.json")
        let json = ToolRun(["transcript", Self.route, "--cameras", badJSON])
        #expect(json.code == 65)
        #expect(json.err.contains("\(badJSON): features[0].properties.maxspeed: "), "\(json.err)")
        #expect(json.err.split(separator: "\n").count == 1, "one line: \(json.err)")
        let badXML = try CLIFixtures.temporaryFile(Data("<osm>\n<node id=\"1\" lat=\"60.1\" lon=\"24.9\">\n<tag k=\"highway\" v=\"speed_camera\"/>\n</osm>".utf8), name: "c.osm")
        let xml = ToolRun(["drive", Self.route, "--output", "text", "--cameras", badXML])
        #expect(xml.code == 65)
        #expect(xml.err.contains("\(badXML): line "), "\(xml.err)")
        #expect(xml.err.split(separator: "\n").count == 1, "one line: \(xml.err)")
        #expect(ToolRun(["transcript", Self.route, "--cameras"]).code == 64, "a value is needed")
    }

    @Test func aSimulatedDriveReportsTheCamerasInItsEvents() throws {
        let file = try CLIFixtures.temporaryFile(Data(try Self.geoJSON().utf8), name: "cameras.geojson")
        let events = try SpeedLimitCommandTests.driveEvents(["--cameras", file])
        let cameras = events.filter { $0["kind"] as? String == "camera" }
        #expect(cameras.count == 2, "\(events.compactMap { $0["text"] as? String })")
        #expect(cameras.compactMap { $0["text"] as? String }.allSatisfy { $0.hasPrefix("Speed camera in ") })
    }

    @Test func theSettingsFileMayNameTheCamerasFile() throws {
        let file = try CLIFixtures.temporaryFile(Data(try Self.geoJSON().utf8), name: "cameras.geojson")
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vg-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("voiceguide"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: home) }
        try Data(#"{"cameras": "\#(file)"}"#.utf8).write(to: home.appendingPathComponent("voiceguide/config.json"))
        let environment = ["XDG_CONFIG_HOME": home.path]
        let list = try Self.announcements(["--units", "metric"], environment: environment)
        #expect(list.filter { $0["kind"] as? String == "camera" }.count == 2)
        let config = ToolRun(["config"], environment: environment)
        #expect(config.code == 0 && config.out.contains("cameras") && config.out.contains(file), "\(config.out)")
    }

    @Test func statsCountTheCamerasSkippedAndMatchTheSchema() throws {
        // 40 m from the start: the depart takes the time, so it cannot be said before it is reached.
        let path = try Self.path()
        let (p, bearing) = Self.point(path, at: 40)
        let file = try CLIFixtures.temporaryFile(Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[\#(p.longitude),\#(p.latitude)]},"properties":{"direction":\#(bearing)}}]}"#.utf8), name: "c.geojson")
        let run = ToolRun(["transcript", Self.route, "--format", "json", "--stats", "--cameras", file])
        #expect(run.code == 0, "\(run.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let stats = try #require(object["stats"] as? [String: Any])
        #expect(stats["skippedCameras"] as? Double == 1)
        #expect((object["announcements"] as? [[String: Any]])?.contains { $0["kind"] as? String == "camera" } == false)
        let problems = try SchemaValidation.problems([run.out], schema: "transcript.schema.json")
        #expect(problems.allSatisfy { $0.isEmpty }, "\(problems)")
        let text = ToolRun(["transcript", Self.route, "--stats", "--cameras", file])
        #expect(text.out.contains("cameras skipped:    1"), "\(text.out)")
        // Without --cameras the report has no such line or member.
        let plain = ToolRun(["transcript", Self.route, "--format", "json", "--stats"])
        #expect(!plain.out.contains("skippedCameras"))
    }
}
