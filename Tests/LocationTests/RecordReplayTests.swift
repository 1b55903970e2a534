import Foundation
import Guidance
import RouteModel
import Testing
import VoiceGuideTestSupport
@testable import Location

/// `--record`: what is written replays to the same positions, and files are written safely.
@Suite struct RecordReplayTests {
    static func drive() throws -> [Position] {
        var spec = SimulationSpec()
        spec.noiseMeters = 5
        spec.seed = 9
        spec.rateHz = 4
        let source = SimulatedLocationSource(index: try ExampleRoutes.index("city-dc"), options: spec.options())
        return TestFiles.fixes(try TestFiles.drain(source))
    }

    static func same(_ a: [Position], _ b: [Position]) {
        #expect(a.count == b.count)
        for (x, y) in zip(a, b) {
            #expect(abs(x.coordinate.latitude - y.coordinate.latitude) < 1e-7)
            #expect(abs(x.coordinate.longitude - y.coordinate.longitude) < 1e-7)
            #expect(abs(x.timestamp - y.timestamp) < 0.006)
            #expect(abs((x.speed ?? -1) - (y.speed ?? -9)) < 0.001)
            let turn = abs((x.heading ?? -1) - (y.heading ?? -9)).truncatingRemainder(dividingBy: 360)
            #expect(min(turn, 360 - turn) < 0.006)
            #expect(abs((x.accuracy ?? -1) - (y.accuracy ?? -9)) < 0.03)
        }
    }

    @Test(arguments: ["nmea", "gpx"])
    func replayGivesTheSamePositions(_ format: String) throws {
        let positions = try Self.drive()
        let path = TestFiles.path(suffix: ".\(format)")
        let recorder = try LocationRecorder(path: path, epoch: 1_795_000_000.25)
        for p in positions { try recorder.record(p) }
        #expect(!FileManager.default.fileExists(atPath: path), "appears only when finished")
        try recorder.finish()
        let source: any LocationSource = format == "nmea" ? try NMEASource(path: path) : try GPXSource(path: path)
        let replayed = TestFiles.fixes(try TestFiles.drain(source))
        Self.same(positions, replayed)
        if let nmea = source as? NMEASource { #expect(nmea.report.garbled == 0) }
    }

    @Test func specialFilesAreWrittenInPlace() throws {
        let fifo = TestFiles.path(suffix: ".nmea")
        #expect(mkfifo(fifo, 0o600) == 0)
        defer { unlink(fifo) }
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        let recorder = try LocationRecorder(path: fifo, epoch: 0)
        try recorder.record(Position(coordinate: Coordinate(latitude: 1, longitude: 2), timestamp: 0))
        try recorder.finish()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
        #expect(String(decoding: buffer.prefix(max(0, n)), as: UTF8.self).hasPrefix("$GPRMC,000000.00,A,0100.0000000,N,00200.0000000,E"))
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO, "still a FIFO, not replaced by a file")
    }

    @Test func existingFileKeepsItsModeAndSymlinksAreWrittenThrough() throws {
        let target = try TestFiles.write("old", suffix: ".gpx")
        chmod(target, 0o640)
        let link = TestFiles.path(suffix: ".gpx")
        #expect(symlink(target, link) == 0)
        let recorder = try LocationRecorder(path: link)
        try recorder.record(Position(coordinate: Coordinate(latitude: 1, longitude: 2), timestamp: 0))
        try recorder.finish()
        var info = stat()
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK, "the link is still a link")
        #expect(stat(target, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("<trkpt lat=\"1.0000000\" lon=\"2.0000000\">"))
    }

    @Test func unwritablePathsAreFileErrors() throws {
        let directory = TestFiles.path(suffix: ".gpx")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        for (path, kind, needle) in [(directory, LocationError.Kind.cannotCreate, "is a directory"),
                                     ("/nonexistent/dir/x.nmea", .cannotCreate, "No such file"),
                                     ("drive.txt", .usage, "expected a file ending in .gpx or .nmea")] {
            do {
                _ = try LocationRecorder(path: path)
                Issue.record("opened \(path)")
            } catch let error as LocationError {
                #expect(error.kind == kind)
                #expect(error.message.contains(path) && error.message.contains(needle), "\(error)")
            }
        }
        let full = try LocationRecorder(path: "/dev/full", format: .gpx)
        for i in 0..<200 { try? full.record(Position(coordinate: Coordinate(latitude: 1, longitude: 2), timestamp: Double(i))) }
        do {
            try full.finish()
            Issue.record("/dev/full accepted everything")
        } catch let error as LocationError {
            #expect(error.kind == .io && error.message.hasPrefix("/dev/full: cannot write: No space left on device"))
        }
    }
}

/// Opening sources from `--location` values, with recording on top.
@Suite struct OpenAndRecordTests {
    @Test func simulateRecordedThenReplayedThroughSpecs() throws {
        let route = try ExampleRoutes.index("uk-oxford")
        var simulation = SimulationSpec()
        simulation.noiseMeters = 3
        simulation.seed = 5
        let path = TestFiles.path(suffix: ".nmea")
        let recording = RecordingLocationSource(try LocationSpec.parse("simulate").open(route: route, simulation: simulation),
                                                recorder: try LocationRecorder(path: path))
        #expect(recording.label == "simulated" && recording.timing == .recorded)
        let original = TestFiles.fixes(try TestFiles.drain(recording))
        try recording.finish()
        let replay = try LocationSpec.parse("nmea:\(path)").open(route: route)
        #expect(replay.label == "nmea \(path)")
        RecordReplayTests.same(original, TestFiles.fixes(try TestFiles.drain(replay)))
    }

    @Test func gpsdSpecNotRunningIsExit69() throws {
        let port = try FreePort.tcp()
        do {
            _ = try LocationSpec.parse("gpsd://127.0.0.1:\(port)").open(route: try ExampleRoutes.index("uk-oxford"))
            Issue.record("opened")
        } catch let error as LocationError {
            #expect(error.kind == .unavailable)
        }
    }
}
