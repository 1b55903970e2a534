import Foundation
import RouteModel
import Testing
import VoiceGuideTestSupport

/// `voiceguide route`: plans through the test's own real Valhalla over the Helsinki extract, writes
/// an OSRM v5 response or a GPX track, and what it writes is driven to arrival; a point off the map, a router that
/// is down and a bad coordinate each get one line and their exit code.
@Suite(.valhalla) struct RouteCommandTests {
    static let from = "60.1700,24.9400"
    static let via = "60.1730,24.9450"
    static let to = "60.1760,24.9500"

    private func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Data(text.utf8)) }
    private func temporary(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("vg-route-\(UUID().uuidString)-\(name)").path
    }

    @Test func plansARouteThatTheOtherCommandsTake() throws {
        let valhalla = try ValhallaService.scoped()
        let run = ToolRun(["route", "--from", Self.from, "--via", Self.via, "--to", Self.to, "--router", valhalla.baseURL,
                           "--router-kind", "valhalla", "--locale", "fi-FI"])
        #expect(run.code == 0, "\(run.err)")
        let response = try json(run.out)
        let legs = response["routes"]?[0]?["legs"]?.arrayValue ?? []
        #expect(legs.count == 2, "one leg per stop")
        #expect(run.errLines.last?.hasPrefix("voiceguide route: 2 leg(s), ") == true, "\(run.err)")
        // What it wrote is a route the rest of the tool reads: its transcript ends with the arrival.
        let file = temporary("r.json")
        try Data(run.out.utf8).write(to: URL(fileURLWithPath: file))
        let transcript = try json(ToolRun(["transcript", file, "--format", "json", "--locale", "fi-FI"]).out)
        let kinds = (transcript["announcements"]?.arrayValue ?? []).compactMap { $0["kind"]?.stringValue }
        #expect(kinds.first == "depart" && kinds.last == "arrive" && kinds.contains("waypoint"), "\(kinds)")
        // Without --router-kind the kind is asked of the server.
        #expect(ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL]).code == 0)
    }

    @Test func aGPXTrackOfThePlanReplaysAsADriveToArrival() throws {
        let valhalla = try ValhallaService.scoped()
        let route = temporary("r.json"), track = temporary("r.gpx")
        #expect(ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL, "-o", route]).code == 0)
        let gpx = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL, "--format", "gpx", "--output", track])
        #expect(gpx.code == 0, "\(gpx.err)")
        let text = try String(contentsOfFile: track, encoding: .utf8)
        #expect(text.contains("<trkpt") && text.contains("<time>"), "a track with times")
        let drive = ToolRun(["drive", route, "--location", "gpx:\(track)", "--output", "text", "--speedup", "1000", "--quiet", "--events", "-"])
        #expect(drive.code == 0, "\(drive.err)")
        let kinds = drive.out.split(separator: "\n").compactMap { try? json(String($0)) }
            .filter { $0["event"]?.stringValue == "announcement" }.compactMap { $0["kind"]?.stringValue }
        #expect(kinds.first == "depart" && kinds.last == "arrive", "driven to the arrival: \(kinds)")
        #expect(!drive.err.contains("before the destination"), "\(drive.err)")
    }

    @Test func noRouteARouterThatIsDownAndBadPointsSayWhy() throws {
        let valhalla = try ValhallaService.scoped()
        let offMap = ToolRun(["route", "--from", "0.5,0.5", "--to", Self.to, "--router", valhalla.baseURL, "--router-kind", "valhalla"])
        #expect(offMap.code == 65, "\(offMap.err)")
        #expect(offMap.errLines.count == 1 && offMap.err.contains("router found no route"), "\(offMap.err)")
        #expect(offMap.out.isEmpty)
        let port = try FreePort.tcp()
        let start = Date()
        let down = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", "http://127.0.0.1:\(port)", "--router-kind", "osrm"])
        #expect(down.code == 69, "\(down.err)")
        #expect(down.errLines.count == 1 && down.err.contains("router unreachable"), "\(down.err)")
        #expect(Date().timeIntervalSince(start) < 10)
        for (arguments, says) in [(["--from", "60.17", "--to", Self.to], "needs LAT,LON"), (["--from", "91,24", "--to", Self.to], "needs LAT,LON"),
                                  (["--to", Self.to], "needs --from LAT,LON and --to LAT,LON")] {
            let bad = ToolRun(["route"] + arguments + ["--router", valhalla.baseURL])
            #expect(bad.code == 64 && bad.err.contains(says), "\(arguments): \(bad.err)")
        }
        #expect(ToolRun(["route", "--from", Self.from, "--to", Self.to]).err.contains("route needs --router URL"))
    }
}
