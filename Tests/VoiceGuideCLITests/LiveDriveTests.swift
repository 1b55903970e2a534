import Foundation
import Testing
@testable import VoiceGuideCLI
import RouteModel
import Routing
import VoiceGuideTestSupport

/// Issue 9 in `voiceguide drive`: the location options, recording a drive and replaying it, and the errors.
@Suite struct LiveDriveTests {
    let route = CLIFixtures.example("city-dc.json")

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-\(UUID().uuidString)-\(name)").path
    }

    /// The drive's log lines without their timestamps' padding: "0:00 depart Head west on …".
    private func logLines(_ run: ToolRun) -> [String] {
        run.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
    }

    @Test(arguments: ["nmea", "gpx"])
    func aRecordedDriveReplaysToTheSameTranscript(format: String) throws {
        let file = temporaryPath("drive.\(format)")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let original = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--gps-noise", "5", "--seed", "3",
                                "--record", file])
        #expect(original.code == 0, "\(original.err)")
        let replay = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--location", "\(format):\(file)"])
        #expect(replay.code == 0, "\(replay.err)")
        let said = logLines(original)
        #expect(said.count >= 15)
        #expect(logLines(replay) == said)
        #expect(replay.err.contains("announcements: \(said.filter { !$0.contains("↳") }.count) triggered"))
    }

    @Test func locationErrorsAreOneLineWithTheirExitCodes() throws {
        let missing = ToolRun(["drive", route, "--output", "text", "--location", "nmea:/nonexistent/drive.nmea"])
        #expect(missing.code == 66)
        #expect(missing.errLines.first?.contains("/nonexistent/drive.nmea") == true, "\(missing.err)")
        let noGpsd = ToolRun(["drive", route, "--output", "text", "--location", "gpsd://127.0.0.1:\(try unusedPort())"])
        #expect(noGpsd.code == 69)
        #expect(noGpsd.errLines.first?.contains("gpsd is not running") == true, "\(noGpsd.err)")
        let record = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--record", "/nonexistent/dir/x.gpx"])
        #expect(record.code == 73, "\(record.err)")
        #expect(record.errLines.first?.contains("/nonexistent/dir/x.gpx") == true)
        for arguments in [["--location", "nmea:x.nmea", "--gps-noise", "5"], ["--location", "bluetooth"],
                          ["--router-kind", "valhalla"], ["--router", "ftp://x", "--output", "text"],
                          ["--location", "gpsd", "--output", "wav:/tmp/x.wav"], ["--gps-rate", "100"],
                          ["--record", "drive.txt", "--output", "text"]] {
            let run = ToolRun(["drive", route] + arguments)
            #expect(run.code == 64, "\(arguments): \(run.err)")
            #expect(run.errLines.count <= 2, "\(arguments): \(run.err)")
        }
    }

    /// A loopback port nobody listens on.
    private func unusedPort() throws -> UInt16 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7f00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return UInt16(bigEndian: address.sin_port)
    }
}

/// `drive --detour … --router …` against a real Valhalla: the simulated driver takes the wrong turn, the drive
/// asks Valhalla for a new route, says so once, and the driver follows it to the arrival.
@Suite(.serialized) struct LiveDriveRerouteTests {
    @Test func aSimulatedWrongTurnIsReroutedByValhallaAndGuidedToTheArrival() async throws {
        let valhalla = try ValhallaService()
        defer { valhalla.stop() }
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let planned = try await router.route(RouteRequest(origin: Coordinate(latitude: 60.1655, longitude: 24.9390),
                                                          destinations: [Coordinate(latitude: 60.1770, longitude: 24.9500)]))
        let index = RouteIndex(route: planned.document.route)
        let wrong = try await router.route(RouteRequest(origin: index.path.coordinate(atDistance: 600),
                                                        heading: index.path.bearing(atDistance: 600),
                                                        destinations: [Coordinate(latitude: 60.1700, longitude: 24.9530)]))
        let plannedFile = try CLIFixtures.temporaryFile(planned.body, name: "planned.json")
        let wrongFile = try CLIFixtures.temporaryFile(wrong.body, name: "wrong.json")
        let drive = ToolRun(["drive", plannedFile, "--output", "text", "--speedup", "10", "--detour", "600:\(wrongFile)",
                             "--router", valhalla.baseURL, "--router-kind", "valhalla"])
        #expect(drive.code == 0, "\(drive.err)")
        let lines = drive.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("You have left the route.") }.count == 1, "\(drive.out)")
        #expect(lines.filter { $0.contains("Route recalculated.") }.count == 1, "\(drive.out)")
        #expect(lines.filter { $0.contains("new route:") }.count == 1, "\(drive.out)")
        #expect(!drive.out.contains("no new route"))
        let said = lines.filter { !$0.contains("↳") }
        #expect(said.last?.contains("You have arrived at your destination.") == true, "\(drive.out)")
    }
}
