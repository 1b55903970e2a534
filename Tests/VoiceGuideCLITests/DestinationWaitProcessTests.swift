import Foundation
import VoiceGuideTestSupport
import Testing

/// The real binary under a pseudo-terminal, driving to a destination from a live gpsd that has no fix yet: the
/// log and the status line say it waits, and `q` or Ctrl-C end the drive while it waits.
@Suite(.serialized) struct DestinationWaitProcessTests {
    static let binary = TestPaths.product("voiceguide")

    private func waiting(_ gpsd: GpsdService) throws -> ExternalProcess {
        let router = "http://127.0.0.1:\(try FreePort.tcp())"
        return try DriveProcessTests().underTTY("\(Self.binary) drive --to 60.1760,24.9500 --location gpsd://127.0.0.1:\(gpsd.port) "
                                                + "--router \(router) --router-kind valhalla --output text; echo EXIT=$?")
    }

    @Test func qAndCtrlCEndADriveThatWaitsForItsFirstFix() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        let gpsd = try GpsdService()
        defer { gpsd.stop() }
        let quit = try waiting(gpsd)
        #expect(quit.wait(for: 20) { $0.contains("no GPS fix; guidance waits") && $0.contains("no GPS fix · gpsd") }, "\(quit.output)")
        quit.send("q")
        #expect(quit.wait(for: 5) { $0.contains("EXIT=") }, "\(quit.output)")
        #expect(quit.finish(timeout: 5))
        #expect(quit.output.contains("EXIT=0") && quit.output.contains("quit"), "\(quit.output)")

        let interrupted = try waiting(gpsd)
        #expect(interrupted.wait(for: 20) { $0.contains("no GPS fix; guidance waits") }, "\(interrupted.output)")
        let pid = try #require(DriveProcessTests().voiceguidePID(below: interrupted.process.processIdentifier))
        kill(pid, SIGINT)
        #expect(interrupted.wait(for: 5) { $0.contains("EXIT=") }, "\(interrupted.output)")
        #expect(interrupted.finish(timeout: 5))
        #expect(interrupted.output.contains("EXIT=130") && interrupted.output.contains("stopped by Ctrl-C"),
                "\(interrupted.output)")
    }
}
