import Foundation
import RouteModel
import Guidance
import Location
import Routing
import Testing
import VoiceGuideTestSupport

/// `drive --to` plans through the test's own real Valhalla over the Helsinki extract, then guides: from --from in
/// a simulated drive, from the first fix of a replayed track, and from the first fix of a real gpsd fed NMEA made
/// from the planned route's geometry, each to the arrival. Names come from a places file; a router that is down
/// at the start is one line and exit 69, and the same drive starts once the router is up.
@Suite(.valhalla) struct DriveToDestinationTests {
    static let from = "60.1700,24.9400"
    static let via = "60.1730,24.9450"
    static let to = "60.1760,24.9500"

    private func json(_ line: Substring) -> JSONValue? { try? JSONParser().parse(Data(line.utf8)) }
    private func kinds(_ out: String) -> [String] {
        out.split(separator: "\n").compactMap(json).filter { $0["event"]?.stringValue == "announcement" }
            .compactMap { $0["kind"]?.stringValue }
    }
    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vg-dest-\(UUID().uuidString)-\(name)").path
    }
    private func places() throws -> String {
        let text = """
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9400, 60.1700]}, "properties": {"name": "Kamppi"}},
              {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[24.94, 60.17], [24.95, 60.17]]}, "properties": {"name": "A street"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9450, 60.1730]}, "properties": {"name": "Ateneum"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9500, 60.1760]}, "properties": {"name": "Kruununhaka"}},
              {"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9480, 60.1740]}, "properties": {}}
            ]}
            """
        let path = temporary("places.geojson")
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func aSimulatedDriveFromToIsPlannedAndGuidedToTheArrival() throws {
        let valhalla = try ValhallaService.scoped()
        let run = ToolRun(["drive", "--from", Self.from, "--via", Self.via, "--to", Self.to, "--router", valhalla.baseURL,
                           "--router-kind", "valhalla", "--locale", "de-DE", "--output", "text", "--speedup", "1000",
                           "--quiet", "--events", "-"])
        #expect(run.code == 0, "\(run.err)")
        let kinds = kinds(run.out)
        #expect(kinds.first == "depart" && kinds.last == "arrive" && kinds.contains("waypoint"), "\(kinds)")
        let start = run.out.split(separator: "\n").compactMap(json).first { $0["event"]?.stringValue == "start" }
        #expect(start?["route"]?.stringValue == "route to \(Self.to)")
        // Without --from a simulated drive has nowhere to start; a ROUTE besides --to is one route too many.
        let noFrom = ToolRun(["drive", "--to", Self.to, "--router", valhalla.baseURL, "--output", "text"])
        #expect(noFrom.code == 64 && noFrom.err.contains("--location simulate needs --from"), "\(noFrom.err)")
        let both = ToolRun(["drive", "uk-oxford", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL])
        #expect(both.code == 64 && both.err.contains("give no ROUTE"), "\(both.err)")
        let noRouter = ToolRun(["drive", "--from", Self.from, "--to", Self.to, "--output", "text"])
        #expect(noRouter.code == 64 && noRouter.err.contains("--to needs --router URL"), "\(noRouter.err)")
        #expect(ToolRun(["drive", "--via", Self.via, "--output", "text"]).err.contains("--via goes with --to"))
    }

    @Test func aReplayedTrackStartsFromItsFirstFix() throws {
        let valhalla = try ValhallaService.scoped()
        let track = temporary("r.gpx")
        let gpx = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL, "--format", "gpx", "-o", track])
        #expect(gpx.code == 0, "\(gpx.err)")
        let run = ToolRun(["drive", "--to", Self.to, "--location", "gpx:\(track)", "--router", valhalla.baseURL,
                           "--output", "text", "--speedup", "1000", "--quiet", "--events", "-"])
        #expect(run.code == 0, "\(run.err)")
        let kinds = kinds(run.out)
        #expect(kinds.first == "depart" && kinds.last == "arrive", "\(kinds)")
        #expect(!run.err.contains("before the destination") && !run.out.contains("leftRoute"), "\(run.out)")
    }

    @Test func unroutableAndOffTheMapAreOneLineAndExit65() throws {
        let valhalla = try ValhallaService.scoped()
        let offMap = ToolRun(["drive", "--from", Self.from, "--to", "0.5,0.5", "--router", valhalla.baseURL,
                              "--router-kind", "valhalla", "--output", "text"])
        #expect(offMap.code == 65, "\(offMap.err)")
        #expect(offMap.errLines.count == 1 && offMap.err.contains("router found no route"), "\(offMap.err)")
    }

    @Test func aRouterThatIsDownAtTheStartIsExit69AndTheSameDriveStartsOnceItIsUp() throws {
        let port = try FreePort.tcp()
        let arguments = ["drive", "--from", Self.from, "--to", Self.to, "--router", "http://127.0.0.1:\(port)",
                         "--output", "text", "--speedup", "1000", "--quiet", "--events", "-"]
        let start = Date()
        let down = ToolRun(arguments)
        #expect(down.code == 69, "\(down.err)")
        #expect(down.errLines.count == 1 && down.err.contains("router unreachable"), "\(down.err)")
        #expect(Date().timeIntervalSince(start) < 15, "bounded by the router's timeout")
        let valhalla = try ValhallaService(port: port)
        defer { valhalla.stop() }
        let up = ToolRun(arguments)
        #expect(up.code == 0, "\(up.err)")
        #expect(kinds(up.out).last == "arrive", "\(up.out.suffix(400))")
    }

    @Test func aRouterThatDoesNotAnswerAtTheStartIsExit69WithinItsTimeout() throws {
        let silent = try ScriptedHTTPServer { _ in .silence }
        defer { silent.stop() }
        let start = Date()
        let run = ToolRun(["drive", "--from", Self.from, "--to", Self.to, "--router", silent.baseURL, "--router-kind", "valhalla",
                           "--output", "text"])
        let elapsed = Date().timeIntervalSince(start)
        #expect(run.code == 69, "\(run.err)")
        #expect(run.errLines.count == 1 && run.err.contains("router timed out after 5 s"), "\(run.err)")
        #expect(elapsed >= 4.5 && elapsed < 15, "bounded by the router's 5 s timeout: \(elapsed) s")
    }

    @Test func namesComeFromAPlacesFileWithSuggestionsForUnknownOnes() throws {
        let valhalla = try ValhallaService.scoped()
        let places = try places()
        let named = ToolRun(["route", "--places", places, "--from", "kamppi", "--via", "Ateneum", "--to", "Kruununhaka",
                             "--router", valhalla.baseURL])
        #expect(named.code == 0, "\(named.err)")
        #expect(named.errLines.last?.hasPrefix("voiceguide route: 2 leg(s), ") == true, "\(named.err)")
        let drive = ToolRun(["drive", "--places", places, "--from", "Kamppi", "--to", "Kruununhaka", "--router", valhalla.baseURL,
                             "--output", "text", "--speedup", "1000", "--quiet", "--events", "-"])
        #expect(drive.code == 0 && kinds(drive.out).last == "arrive", "\(drive.err)")
        let unknown = ToolRun(["drive", "--places", places, "--from", "Kamppi", "--to", "Kruunuhaka", "--router", valhalla.baseURL])
        #expect(unknown.code == 64, "\(unknown.err)")
        #expect(unknown.errLines.first == "voiceguide drive: --to 'Kruunuhaka': no place of that name in \(places)", "\(unknown.err)")
        #expect(unknown.err.contains("Did you mean 'Kruununhaka'"), "\(unknown.err)")
        let noFile = ToolRun(["route", "--from", Self.from, "--to", "Kamppi", "--router", valhalla.baseURL])
        #expect(noFile.code == 64 && noFile.err.contains("give --places FILE"), "\(noFile.err)")
        let missing = ToolRun(["route", "--places", places + ".gone", "--from", Self.from, "--to", "Kamppi", "--router", valhalla.baseURL])
        #expect(missing.code == 66 && missing.err.contains("no such file"), "\(missing.err)")
        let badCoordinates = temporary("bad.geojson")
        try Data(#"{"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "X"}, "geometry": {"type": "Point", "coordinates": [24.9]}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: badCoordinates))
        let bad = ToolRun(["route", "--places", badCoordinates, "--from", Self.from, "--to", "X", "--router", valhalla.baseURL])
        #expect(bad.code == 65, "\(bad.err)")
        #expect(bad.errLines.first?.contains("\(badCoordinates): features[0].geometry.coordinates: expected [longitude, latitude]") == true,
                "\(bad.err)")
        let notJSON = temporary("broken.geojson")
        try Data("{\"type\": \"FeatureCollection\", \"features\": [".utf8).write(to: URL(fileURLWithPath: notJSON))
        let broken = ToolRun(["route", "--places", notJSON, "--from", Self.from, "--to", "X", "--router", valhalla.baseURL])
        #expect(broken.code == 65 && broken.err.contains("\(notJSON): ") && broken.err.contains("not JSON"), "\(broken.err)")
        let typo = ToolRun(["route", "--places", places, "--from", "60.17", "--to", "Kamppi", "--router", valhalla.baseURL])
        #expect(typo.code == 64 && typo.err.contains("needs LAT,LON"), "numbers are coordinates, not a name: \(typo.err)")
    }

    /// The live case: the drive waits for gpsd's first fix (saying so), plans from it, and is guided to the
    /// arrival by NMEA made from the planned route's own geometry, sent through a real gpsd.
    @Test func aLiveDriveWaitsForTheFirstFixFromGpsdPlansFromItAndArrives() throws {
        let valhalla = try ValhallaService.scoped()
        let gpsd = try GpsdService()
        defer { gpsd.stop() }
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let origin = try #require(DestinationOptionsCoordinates.parse(Self.from))
        let destination = try #require(DestinationOptionsCoordinates.parse(Self.via))
        // The route the drive will plan: from a car standing at the origin (no course), as the test asks for it.
        let planned = try router.routeBlocking(RouteRequest(origin: origin, destinations: [destination], language: "en-US",
                                                            units: "imperial"))
        let index = RouteIndex(route: planned.document.route)
        let events = temporary("events.jsonl")
        let finished = DispatchSemaphore(value: 0)
        let box = TestBox<ToolRun?>(nil)
        DispatchQueue.global().async {
            box.set(ToolRun(["drive", "--to", Self.via, "--location", "gpsd://127.0.0.1:\(gpsd.port)", "--router", valhalla.baseURL,
                             "--output", "text", "--events", events]))
            finished.signal()
        }
        func log() -> String { (try? String(contentsOfFile: events, encoding: .utf8)) ?? "" }
        func send(_ position: Position) {
            var stamped = position
            stamped.timestamp = 0
            #expect(gpsd.send(NMEAWriter.sentences(for: stamped, epoch: Date().timeIntervalSince1970) ?? ""),
                    "gpsd is not reading the feed: \(gpsd.logTail())")
        }
        // Standing at the start until the drive has planned its route and started (bounded).
        let start = index.path.coordinate(atDistance: 0)
        let planning = Date().addingTimeInterval(20)
        while !log().contains("\"event\":\"start\""), Date() < planning, finished.wait(timeout: .now() + 0.2) != .success {
            send(Position(coordinate: start, speed: 0, timestamp: 0))
        }
        // Then driving the planned geometry at 36 km/h, a fix every 0.3 s (as if at 120 km/h), each stamped when sent.
        var sent = 0
        for fix in Simulator(index: index, options: SimulatorOptions(speedKmh: 36)) {
            if finished.wait(timeout: .now() + 0.3) == .success { finished.signal(); break }
            send(fix.position)
            sent += 1
        }
        // The last position, held, until the drive ends (bounded).
        let end = Date().addingTimeInterval(20)
        let last = index.path.coordinate(atDistance: index.path.length)
        while finished.wait(timeout: .now() + 0.2) != .success, Date() < end {
            send(Position(coordinate: last, speed: 0, timestamp: 0))
        }
        let run = try #require(box.get(), "the drive did not end after \(sent) fixes: \(log().suffix(1500)) \(gpsd.logTail())")
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("no GPS fix; guidance waits"), "\(run.out.prefix(600))")
        let kinds = kinds(log())
        #expect(kinds.first == "depart" && kinds.last == "arrive", "\(kinds) after \(sent) fixes")
        #expect(!log().contains("leftRoute"), "planned from the first fix, the drive follows the same route")
    }
}

/// `LAT,LON` for the test's own requests.
enum DestinationOptionsCoordinates {
    static func parse(_ text: String) -> Coordinate? {
        let parts = text.split(separator: ",").compactMap { Double($0) }
        return parts.count == 2 ? Coordinate(latitude: parts[0], longitude: parts[1]) : nil
    }
}
