import Foundation
import Guidance
import RouteModel
import Testing
import VoiceGuideTestSupport
@testable import Location

/// A live NMEA receiver on a character device, played by a pseudo-terminal whose master side the test writes.
@Suite(.serialized) struct NMEADeviceSourceTests {
    static func collect(_ source: any LocationSource, seconds: Double, into events: inout [LocationEvent]) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            source.waitForEvent(timeout: 0.05)
            while let event = try source.nextEvent() { events.append(event) }
        }
    }

    @Test func liveFixesStaleAndUnplugged() throws {
        let receiver = try PseudoTerminal()
        let path = receiver.path
        let source = try LocationSpec.parse("nmea:\(path)").open(route: try ExampleRoutes.index("uk-oxford"))
        #expect(source.timing == .live && source.label == "nmea \(path)")
        var events = [LocationEvent]()
        let start = Coordinate(latitude: 51.752, longitude: -1.2577)
        for i in 0..<5 {
            let p = Position(coordinate: Geo.destination(from: start, bearing: 90, meters: Double(i) * 5), speed: 5,
                             heading: 90, accuracy: 5, timestamp: Double(i))
            receiver.write(NMEAWriter.sentences(for: p, epoch: 1_795_000_000) ?? "")
            if i == 2 { receiver.write("$GPGGA,garbage*00\r\n") }
            try Self.collect(source, seconds: 0.15, into: &events)
        }
        let fixes = TestFiles.fixes(events)
        #expect(events.first == .status(.ok))
        #expect(fixes.count == 5, "\(events)")
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $1.timestamp - $0.timestamp > 0.1 }, "receive-clock timestamps")
        #expect(fixes.allSatisfy { $0.speed.map { abs($0 - 5) < 0.001 } ?? false })
        #expect(source.nmeaReport?.garbled == 1)
        try Self.collect(source, seconds: 2.5, into: &events)
        #expect(events.last == .status(.stale))
        receiver.close()
        try Self.collect(source, seconds: 1, into: &events)
        let lost = events.contains { if case .status(.lost) = $0 { true } else { false } }
        #expect(lost && events.contains(.status(.reconnecting(attempt: 1))), "\(events.suffix(3))")
        source.close()
    }

    @Test func filesAndPipesAreRecordings() throws {
        #expect(!NMEADeviceSource.isDevice("-"))
        #expect(!NMEADeviceSource.isDevice(try TestFiles.write("", suffix: ".nmea")))
        #expect(NMEADeviceSource.isDevice("/dev/zero"))
        #expect(throws: LocationError.self) { _ = try NMEADeviceSource(path: "/nonexistent/ttyACM0") }
    }
}
