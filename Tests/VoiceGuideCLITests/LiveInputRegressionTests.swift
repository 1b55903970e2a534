import Foundation
import Testing
import VoiceGuideTestSupport

/// Live input and time: the reproducers under `Tests/Fixtures/regressions/nmea/`, run against the real
/// binary. Each hung, waited out a gap, or said nothing about it before the fix.
extension RegressionTests {
    static func nmea(_ name: String) -> String { Regressions.directory.appendingPathComponent("nmea/\(name)").path }

    /// The drive of `nmea` over city-dc in text mode at ×1000, with a deadline far below any wait.
    func replay(_ name: String, _ more: [String] = []) throws -> CLIProcess.Result {
        try CLIProcess.run(["drive", dc, "--location", "nmea:" + Self.nmea(name), "--output", "text", "--speedup", "1000"] + more,
                           timeout: 30)
    }

    /// The drive time the summary states ("in 1:01 simulated"), seconds.
    static func simulatedSeconds(_ err: String) -> Double? {
        guard let range = err.range(of: #"in [0-9:]+ simulated"#, options: .regularExpression) else { return nil }
        let clock = err[range].dropFirst(3).prefix { $0 != " " }
        return clock.split(separator: ":").reduce(0.0) { $0 * 60 + (Double($1) ?? .nan) }
    }

    /// Item 1: a GGA before the first RMC (the issue's two lines) ends at once, its date taken from the RMC: no
    /// time jump, and the summary says how many fixes were used.
    @Test func ggaBeforeTheFirstRMCEndsPromptlyWithoutATimeJump() throws {
        let started = Date()
        let r = try replay("gga-first.nmea")
        #expect(r.code == 0 && !r.timedOut && !r.crashed, "\(r.summary)")
        #expect(Date().timeIntervalSince(started) < 15)
        #expect(!r.err.contains("time jump") && !r.out.contains("GPS"), "\(r.out)\(r.err)")
        #expect(r.err.contains("NMEA fixes used: 2"), "\(r.err)")
    }

    /// Item 1: `tail -n +2` of a good log (it starts with the GGA of an epoch whose RMC is cut off) is read whole,
    /// with no false time jump or gap.
    @Test func aLogStartingMidEpochIsReadWithoutAFalseTimeJump() throws {
        let r = try replay("mid-epoch.nmea")
        #expect(r.code == 0 && !r.timedOut, "\(r.summary)")
        #expect(!r.err.contains("time jump") && !r.out.contains("GPS"), "\(r.out)\(r.err)")
        #expect(r.err.contains("NMEA fixes used: 60"), "\(r.err)")
    }

    /// Item 2: an hour without fixes is a gap, not a wait: "out of date" 2 s after the last fix (as from gpsd),
    /// "back" with the next, and the drive time does not hold the hour.
    /// (far-ahead: one GGA at 23:59:59 in a log of 14:19, a jump there and back; its RMC is a fix of its own.)
    @Test(arguments: [("hour-gap.nmea", 1, 60), ("far-ahead.nmea", 2, 61)])
    func aJumpInFixTimeIsAGapSaidAsLiveNotAWait(_ name: String, _ gaps: Int, _ fixes: Int) throws {
        let events = FileManager.default.temporaryDirectory.appendingPathComponent("vg-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: events) }
        let r = try replay(name, ["--events", events])
        #expect(r.code == 0 && !r.timedOut, "\(r.summary)")
        let lines = r.out.split(separator: "\n").map(String.init)
        let stale = lines.indices.filter { lines[$0].contains("GPS position out of date") }
        let back = lines.indices.filter { lines[$0].contains("GPS signal back") }
        #expect(stale.count == gaps && back.count == gaps, "\(r.out)")
        #expect(zip(stale, back).allSatisfy { $0 < $1 }, "\(r.out)")
        let seconds = try #require(Self.simulatedSeconds(r.err), "\(r.err)")
        #expect(seconds < 120, "the drive waited for the jump: \(r.err)")
        #expect(r.err.contains("NMEA fixes used: \(fixes);") && r.err.contains("time jumps bridged: \(gaps)"), "\(r.err)")
        let log = try String(contentsOfFile: events, encoding: .utf8)
        #expect(log.components(separatedBy: "\"state\":\"stale\"").count - 1 == gaps, "\(log)")
        #expect(log.contains("\"nmeaFixes\":\(fixes)"), "\(log)")
    }

    /// Item 4: a dropout over the whole simulated drive is refused (64) with one line saying so, at once; a partial
    /// one drives as before (`LiveDriveTests.aDropoutIsLoggedWhenItStartsAndWhenItEnds`).
    @Test func aDropoutOverTheWholeDriveIsAUsageError() throws {
        for dropout in ["0:1e9", "0:100000"] {
            let r = try CLIProcess.run(["drive", dc, "--output", "text", "--speedup", "1000", "--gps-dropout", dropout], timeout: 30)
            expectCleanFailure(r, code: 64, mentioning: ["--gps-dropout", "covers the whole simulated drive"])
        }
        let partial = try CLIProcess.run(["drive", dc, "--output", "text", "--speedup", "1000", "--gps-dropout", "0:60"], timeout: 60)
        #expect(partial.code == 0 && partial.out.contains("depart"), "\(partial.summary)")
        #expect(!partial.err.contains("without any position fix"), "\(partial.err)")
    }

    /// Item 4: a drive that ends without a single fix says so on stderr: a live gpsd with no receiver, ended by `q`
    /// and by Ctrl-C once the log says there is no fix.
    @Test func aDriveEndedWithoutAnyFixSaysSo() throws {
        let gpsd = try GpsdService()
        defer { gpsd.stop() }
        for (ending, exit) in [("q", "EXIT=0"), ("SIGINT", "EXIT=130")] {
            let drive = try DriveProcessTests().underTTY("\(CLIProcess.binary) drive \(dc) --location gpsd://127.0.0.1:\(gpsd.port) "
                                                         + "--output text; echo EXIT=$?")
            #expect(drive.wait(for: 20) { $0.contains("no GPS fix; guidance waits") }, "\(drive.output)")
            if ending == "q" {
                drive.send("q")
            } else {
                let pid = try #require(DriveProcessTests().voiceguidePID(below: drive.process.processIdentifier))
                kill(pid, SIGINT)
            }
            #expect(drive.wait(for: 10) { $0.contains("EXIT=") }, "\(drive.output)")
            #expect(drive.finish(timeout: 5))
            #expect(drive.output.contains(exit), "\(drive.output)")
            #expect(drive.output.contains("the drive ended without any position fix from gpsd 127.0.0.1:\(gpsd.port)"),
                    "\(ending): \(drive.output)")
        }
    }

    /// Item 5: `say` in text mode estimates instead of synthesizing: 9.9 KB of text returns at once, with the
    /// locale's words-per-second figure (en-US: 2.9 words/s) scaled by --rate; the 10,000-byte limit stays.
    @Test func sayInTextModeEstimatesAtOnce() throws {
        let words = String(repeating: "turn left ", count: 999)
        let started = Date()
        let r = try CLIProcess.run(["say", words, "--output", "text"], timeout: 30)
        #expect(r.code == 0, "\(r.summary)")
        #expect(Date().timeIntervalSince(started) < 5, "synthesized instead of estimated")
        let seconds = String(format: "%.2f", 1998 / 2.9)
        #expect(r.out.hasPrefix("[0.00–\(seconds)] ("), "\(r.out.prefix(80))")
        let fast = try CLIProcess.run(["say", "turn left now please", "--output", "text", "--rate", "350"])
        #expect(fast.out.hasPrefix("[0.00–\(String(format: "%.2f", 4 / 5.8))] ("), "\(fast.out)")
        let ssml = try CLIProcess.run(["say", "--ssml", "<speak>Turn <emphasis>left</emphasis> now.</speak>", "--output", "text"])
        #expect(ssml.out.hasPrefix("[0.00–\(String(format: "%.2f", 3 / 2.9))] ("), "\(ssml.out)")
        let tooLong = try CLIProcess.run(["say", words + "turn left again", "--output", "text"])
        #expect(tooLong.code == 64 && tooLong.errLines.first?.contains("say takes at most 10000") == true, "\(tooLong.summary)")
    }
}
