import Foundation
import Guidance
import Location
import RouteModel
import Testing
import VoiceGuideTestSupport

/// `voiceguide drive --location nmea:/dev/pts/N` as a user runs it with a serial GPS: the real binary reads a
/// pseudo-terminal whose other side this test writes, and the drive's log says what the receiver does.
@Suite(.serialized) struct NMEADeviceDriveTests {
    /// RMC sentences only (a receiver configured for the minimum), one per fix, along the start of uk-oxford.
    static func rmc(_ route: RouteIndex, fix: Int) -> String {
        let position = Position(coordinate: route.path.coordinate(atDistance: Double(fix) * 10), speed: 10,
                                heading: route.path.bearing(atDistance: Double(fix) * 10), timestamp: Double(fix))
        let pair = NMEAWriter.sentences(for: position, epoch: 1_795_000_000) ?? ""
        return pair.components(separatedBy: "\r\n").filter { $0.contains("RMC") }.joined() + "\r\n"
    }

    @Test func quietReceiverIsStaleThenBackThenLost() throws {
        try #require(FileManager.default.isExecutableFile(atPath: DriveProcessTests.binary), "build voiceguide first (swift build)")
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("uk-oxford.json")))
        let route = RouteIndex(route: try RouteImporter().read(data, fileName: "uk-oxford.json").route)
        let receiver = try PseudoTerminal()
        let run = try ExternalProcess(DriveProcessTests.binary,
                                      ["drive", "uk-oxford", "--location", "nmea:\(receiver.path)", "--output", "text"], stdin: .pipe)
        defer { if run.process.isRunning { run.process.terminate() } }
        // Wait until the drive has the receiver open (and in raw mode), so no sentence is read before.
        let pid = run.process.processIdentifier
        #expect(run.wait(for: 20) { _ in receiver.isOpen(byProcess: pid) }, "the drive did not open \(receiver.path): \(run.output)")
        // Ten fixes at a 5 Hz receiver's rate (the pacing of the data, not a wait for the drive), then silence.
        for fix in 0..<10 {
            receiver.write(Self.rmc(route, fix: fix))
            usleep(200_000)
        }
        #expect(run.wait(for: 20) { $0.contains("depart") }, "the depart is announced from the fixes: \(run.output)")
        #expect(run.wait(for: 10) { $0.contains("GPS position out of date") }, "stale after 2 s without a fix: \(run.output)")
        // The receiver comes back.
        for fix in 10..<14 {
            receiver.write(Self.rmc(route, fix: fix))
            usleep(200_000)
        }
        let staleThenBack: (String) -> Bool = { text in
            guard let stale = text.range(of: "GPS position out of date") else { return false }
            return text[stale.upperBound...].contains("GPS signal back")
        }
        #expect(run.wait(for: 10, until: staleThenBack), "back once fixes resume: \(run.output)")
        // Unplugged.
        receiver.close()
        #expect(run.wait(for: 10) { $0.contains("GPS signal lost") }, "\(run.output)")
        run.process.interrupt()
        #expect(run.finish(timeout: 10))
        let out = run.output
        #expect(run.process.terminationStatus == 130, "\(out)")
        #expect(out.contains("Drove "), "the summary: \(out)")
        let depart = out.split(separator: "\n").filter { $0.contains("depart") }
        #expect(!depart.isEmpty && !depart.contains { $0.contains("cut off") || $0.contains("interrupted") || $0.contains("dropped") },
                "the depart is said to the end: \(depart)")
    }
}
