import Foundation
import Location
import Testing
@testable import VoiceGuideCLI
import RouteModel
import Routing
import Navigation
import VoiceGuideTestSupport

/// Live positions in `voiceguide drive`: the location options, recording a drive and replaying it, and the errors.
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

    @Test func recordingWhereNoFileCanBeMadeIsOneLineAndExit73() throws {
        let folder = temporaryPath("record-folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let plain = folder + "/plain.txt"
        try Data("x".utf8).write(to: URL(fileURLWithPath: plain))
        let readOnly = folder + "/read-only"
        try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: false,
                                                attributes: [.posixPermissions: 0o500])
        let directory = folder + "/folder.gpx"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        var paths = [plain + "/drive.gpx", folder + "/missing/drive.nmea", directory]
        if getuid() != 0 { paths.append(readOnly + "/drive.gpx") }  // root may write anywhere
        for path in paths {
            let run = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--record", path])
            #expect(run.code == 73, "\(path): \(run.err)")
            #expect(run.errLines.count == 1 && run.errLines.first?.contains(path) == true
                    && run.errLines.first?.contains("cannot create the file") == true, "\(path): \(run.err)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: readOnly).isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["folder.gpx", "plain.txt", "read-only"],
                "no half file or temporary file is left")
    }

    @Test(arguments: ["nmea", "gpx"])
    func aRecordingIsCompleteWhenTheDriveEnds(format: String) throws {
        let file = temporaryPath("complete.\(format)")
        defer { try? FileManager.default.removeItem(atPath: file) }
        let run = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--record", file])
        #expect(run.code == 0, "\(run.err)")
        let text = try String(contentsOfFile: file, encoding: .utf8)
        if format == "gpx" {
            #expect(text.hasPrefix("<?xml") && text.hasSuffix("</gpx>\n"))
            #expect(text.components(separatedBy: "<trkpt ").count > 30)
        } else {
            let lines = text.components(separatedBy: "\r\n")
            #expect(lines.last == "" && lines.count > 60, "ends with a whole sentence")
            #expect(lines.dropLast().allSatisfy { $0.hasPrefix("$GP") && $0.dropLast(2).hasSuffix("*") })
        }
    }

    /// Records a clean drive of `route` as NMEA and returns the file and the drive's log lines.
    private func recordedDrive(_ name: String) throws -> (file: String, lines: [String]) {
        let file = temporaryPath(name)
        let original = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--record", file])
        #expect(original.code == 0, "\(original.err)")
        return (file, logLines(original))
    }

    /// The first `epochs` fixes of an NMEA recording (its lines up to the next time stamp).
    private func firstEpochs(_ epochs: Int, of file: String) throws -> String {
        // NMEA lines end in CR LF, one Character in Swift: split on both.
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(whereSeparator: \.isNewline)
        var times: [Substring] = []
        var kept: [Substring] = []
        for line in lines {
            let time = line.split(separator: ",", omittingEmptySubsequences: false).dropFirst().first ?? ""
            if times.last != time { times.append(time) }
            if times.count > epochs { break }
            kept.append(line)
        }
        return kept.joined(separator: "\n") + "\n"
    }

    /// "m:ss" or "h:mm:ss" as seconds.
    private func seconds(_ clock: Substring) -> Int {
        clock.split(separator: ":").reduce(0) { $0 * 60 + (Int($1) ?? 0) }
    }

    /// A recording cut short while an announcement is being said: the announcement is said to the end, one line
    /// says how far from the destination the recording ended, and the drive ends with exit 0 (it used to wait
    /// forever for the utterance to finish).
    @Test func aRecordingThatEndsBeforeTheDestinationEndsTheDrive() throws {
        let (full, lines) = try recordedDrive("full.nmea")
        defer { try? FileManager.default.removeItem(atPath: full) }
        // Cut one second after the third announcement started: it is still being said when the positions end.
        let third = try #require(lines.dropFirst(2).first, "\(lines)")
        let at = seconds(try #require(third.split(separator: " ").first))
        let short = temporaryPath("short.nmea")
        defer { try? FileManager.default.removeItem(atPath: short) }
        try firstEpochs(at + 2, of: full).write(toFile: short, atomically: true, encoding: .utf8)
        let replay = try CLIProcess.run(["drive", route, "--output", "text", "--speedup", "50", "--verbose",
                                         "--location", "nmea:" + short], timeout: 30)
        #expect(!replay.timedOut, "the drive hung after the recording ended: \(replay.out)")
        #expect(replay.code == 0, "\(replay.summary)")
        let ended = replay.out.split(separator: "\n").filter { $0.contains("the recording ended") }
        #expect(ended.count == 1, "\(replay.out)")
        #expect(ended.first?.contains("before the destination") == true)
        // The announcement in progress was heard to the end, and nothing after the cut was said.
        #expect(replay.err.contains("announcements: 3 triggered, 3 spoken"), "\(replay.err)")
        let finishedLines = replay.out.split(separator: "\n").filter { $0.contains("■") }
        #expect(finishedLines.count == 3, "\(replay.out)")
    }

    /// Standard input carries the route or the positions, not both: a usage error, not a drive of no distance.
    @Test(arguments: ["nmea:-", "gpx:-"])
    func routeAndPositionsCannotBothComeFromStandardInput(location: String) throws {
        let routeData = try Data(contentsOf: URL(fileURLWithPath: route))
        let run = ToolRun(["drive", "-", "--location", location, "--output", "text"], stdin: routeData)
        #expect(run.code == 64, "\(run.err)")
        #expect(run.errLines.first?.contains("standard input") == true, "\(run.err)")
        #expect(run.errLines.count <= 2, "\(run.err)")
        #expect(run.out.isEmpty)
    }

    /// Garbled NMEA sentences are skipped and counted: `--verbose` says how many when the recording ends, and
    /// the summary says so when there were any.
    @Test func garbledSentencesAreCountedInTheSummary() throws {
        let (full, _) = try recordedDrive("clean.nmea")
        defer { try? FileManager.default.removeItem(atPath: full) }
        var lines = try String(contentsOfFile: full, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        // Every 40th sentence loses its last characters (a bad checksum or a cut-off line).
        var garbled = 0
        for i in lines.indices where i % 40 == 7 && lines[i].count > 10 {
            lines[i] = String(lines[i].dropLast(4))
            garbled += 1
        }
        let damaged = temporaryPath("damaged.nmea")
        defer { try? FileManager.default.removeItem(atPath: damaged) }
        try (lines.joined(separator: "\n") + "\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        let normal = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--location", "nmea:" + damaged])
        #expect(normal.code == 0, "\(normal.err)")
        #expect(normal.err.contains("garbled NMEA sentences skipped: \(garbled)"), "\(normal.err)")
        #expect(!normal.out.contains("garbled sentences skipped"))
        let verbose = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--verbose", "--location", "nmea:" + damaged])
        #expect(verbose.out.contains("garbled sentences skipped: \(garbled)"), "\(verbose.out)")
        let clean = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--location", "nmea:" + full])
        #expect(!clean.err.contains("garbled"), "\(clean.err)")
    }

    /// NMEA in any order, with any times: an epoch after its successor is skipped, a fix dated 30 years ahead is
    /// a time jump bridged (twice: there and back), the drive still reaches the destination at once, and the
    /// summary and the `end` event count both.
    @Test func nmeaTimesOutOfOrderAndFarOffAreCountedInTheSummary() throws {
        let (full, _) = try recordedDrive("times.nmea")
        defer { try? FileManager.default.removeItem(atPath: full) }
        let lines = try String(contentsOfFile: full, encoding: .utf8).split(whereSeparator: \.isNewline).map(String.init)
        var epochs: [[String]] = []
        for line in lines {
            let time = line.split(separator: ",", omittingEmptySubsequences: false).dropFirst().first.map(String.init)
            if let last = epochs.last?.last, last.split(separator: ",").dropFirst().first.map(String.init) == time {
                epochs[epochs.count - 1].append(line)
            } else {
                epochs.append([line])
            }
        }
        try #require(epochs.count > 30)
        epochs.swapAt(4, 5)
        epochs[20] = epochs[20].map { line in
            guard line.hasPrefix("$GPRMC") else { return line }
            var fields = line.dropFirst().split(separator: "*")[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            let year = (Int(fields[9].suffix(2)) ?? 0) + 30
            fields[9] = String(fields[9].prefix(4)) + String(format: "%02d", year % 100)
            return NMEAWriter.framed(fields.joined(separator: ",")).trimmingCharacters(in: .newlines)
        }
        let damaged = temporaryPath("times-damaged.nmea")
        let events = temporaryPath("times-events.jsonl")
        defer { for file in [damaged, events] { try? FileManager.default.removeItem(atPath: file) } }
        try (epochs.joined().joined(separator: "\r\n") + "\r\n").write(toFile: damaged, atomically: true, encoding: .utf8)
        let started = Date()
        let run = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--location", "nmea:" + damaged,
                           "--events", events])
        #expect(run.code == 0, "\(run.err)")
        #expect(Date().timeIntervalSince(started) < 60, "no wait for the far-off time")
        #expect(run.err.contains("NMEA fixes out of time order skipped: 1; time jumps bridged: 2"), "\(run.err)")
        #expect(run.out.contains("arrive") && !run.out.contains("the recording ended"), "\(run.out)")
        let end = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n").last.map(String.init) ?? ""
        #expect(end.contains("\"outOfOrderFixes\":1") && end.contains("\"timeJumps\":2"), "\(end)")
    }

    /// A simulated tunnel: the drive says when the fixes stop, not only when they are back.
    @Test func aDropoutIsLoggedWhenItStartsAndWhenItEnds() throws {
        let run = ToolRun(["drive", route, "--output", "text", "--speedup", "1000", "--gps-dropout", "60:200"])
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        let lost = lines.indices.filter { lines[$0].contains("no GPS fix") }
        let back = lines.indices.filter { lines[$0].contains("GPS signal back") }
        #expect(lost.count == 1 && back.count == 1, "\(run.out)")
        if let l = lost.first, let b = back.first { #expect(l < b) }
        // Each at its moment: the tunnel's start, the first fix after it.
        #expect(lost.first.map { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("1:00") } == true, "\(run.out)")
        #expect(back.first.map { lines[$0].trimmingCharacters(in: .whitespaces).hasPrefix("3:20") } == true, "\(run.out)")
    }

    /// A router that does not answer, named without `--router-kind`: creating the drive asks it nothing; the
    /// first reroute finds it down. The log says so once for the whole outage, not twice per retry; every
    /// attempt is still in `--events`.
    @Test func aDeadRouterIsLoggedOncePerOutage() throws {
        let events = temporaryPath("events.jsonl")
        defer { try? FileManager.default.removeItem(atPath: events) }
        let run = ToolRun(["drive", route, "--output", "text", "--speedup", "200", "--detour",
                           "500:" + CLIFixtures.example("city-berlin.json"),
                           "--router", "http://127.0.0.1:\(try unusedPort())", "--events", events])
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("You have left the route.") }.count == 1, "\(run.out)")
        #expect(lines.filter { $0.contains("for a new route") }.count == 1, "\(run.out)")
        #expect(lines.filter { $0.contains("no new route") }.count == 1, "\(run.out)")
        let failures = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("\"rerouteFailed\"") }
        #expect(failures.count >= 2, "the router was retried: \(failures.count)")
    }

    /// The log of a router outage: the request that found it down and its failure are logged, the retries and
    /// their failures are not, and when the router answers again one line says so before the new route.
    @Test func aRouterOutageIsLoggedWhenItStartsAndWhenItEnds() throws {
        let out = TestBox("")
        let io = CommandIO(out: { s in out.set(out.get() + s) }, err: { _ in })
        let arguments = try ParsedArguments.parse([], specs: GuidanceSettings.optionSpecs, command: "drive")
        let settings = try GuidanceSettings.load(routePath: route, arguments: arguments, command: "drive", io: io)
        let setup = DriveSetup(settings: settings, speedup: 1, compress: 1, mute: nil, volume: 1, io: io)
        let console = DriveConsole(io: io, simTime: { $0 }, words: DriveWords(locale: settings.locale))
        let observe = setup.observer(console, router: "valhalla http://127.0.0.1:8002")
        func count(_ text: String) -> Int { out.get().split(separator: "\n").filter { $0.contains(text) }.count }
        var t = 10.0
        for attempt in 1...4 {
            observe(NavigationEvent(driveTime: t, kind: .rerouteRequested(attempt: attempt)))
            observe(NavigationEvent(driveTime: t + 5, kind: .rerouteFailed(reason: "router unreachable: connection refused",
                                                                          retryInSeconds: Double(attempt))))
            t += 10
        }
        #expect(count("asking valhalla") == 1, "\(out.get())")
        #expect(count("no new route: router unreachable") == 1, "\(out.get())")
        observe(NavigationEvent(driveTime: t, kind: .rerouteRequested(attempt: 5)))
        observe(NavigationEvent(driveTime: t + 1, kind: .rerouted(settings.index)))
        #expect(count("valhalla http://127.0.0.1:8002 answers again") == 1, "\(out.get())")
        #expect(count("↳ new route:") == 1)
        // The next excursion, the router up: asked and answered as usual, no outage lines.
        observe(NavigationEvent(driveTime: t + 50, kind: .rerouteRequested(attempt: 1)))
        observe(NavigationEvent(driveTime: t + 51, kind: .rerouted(settings.index)))
        #expect(count("asking valhalla") == 2)
        #expect(count("answers again") == 1)
        #expect(count("no new route") == 1)
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
        let (plannedFile, wrongFile) = try await CLIFixtures.valhallaWrongTurn(valhalla.baseURL)
        // ×5, not ×10: on a loaded machine (a full suite on 2 cores) Valhalla's answer must still come before the
        // wrong turn's recording ends, about 15 s of wall time after the request at this speed.
        let drive = ToolRun(["drive", plannedFile, "--output", "text", "--speedup", "5", "--detour", "600:\(wrongFile)",
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
