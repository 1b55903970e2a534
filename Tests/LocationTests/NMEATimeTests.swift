import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// NMEA in any order, with any times: sentences out of order, times going back, midnight without a date, far-off
/// dates and gaps are counted in the report; fixes always come out in time order and no time makes a replay wait.
@Suite struct NMEATimeTests {
    static let epoch = 1_795_000_000.0
    static let start = Coordinate(latitude: 51.752, longitude: -1.2577)

    /// RMC + GGA for the `i`-th point east of the start at receiver time `epoch + seconds`.
    static func sentences(_ i: Int, at seconds: Double, epoch: Double = epoch) -> String {
        let p = Position(coordinate: Geo.destination(from: start, bearing: 90, meters: Double(i) * 10), speed: 10,
                         heading: 90, accuracy: 5, timestamp: seconds)
        return NMEAWriter.sentences(for: p, epoch: epoch) ?? ""
    }

    /// The fixes and report of reading `text` as a recording.
    static func read(_ text: String) throws -> ([Position], NMEAReport) {
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        let events = try TestFiles.drain(source)
        #expect(events.last == .end)
        return (TestFiles.fixes(events), source.report)
    }

    static func times(_ fixes: [Position]) -> [Double] { fixes.map { ($0.timestamp * 100).rounded() / 100 } }

    @Test func backwardsAndRepeatedTimesAreSkipped() throws {
        let text = [0.0, 1, 2, 1.5, 2, 3].enumerated().map { Self.sentences($0.offset, at: $0.element) }.joined()
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 2, 3])
        #expect(report.outOfOrder == 2 && report.timeJumps == 0, "\(report)")
        #expect(report.description.contains("2 out of time order"))
    }

    @Test func sentencesOfOneEpochInAnyOrder() throws {
        // GGA before RMC, and a VTG between: each pair is still one fix.
        var text = ""
        for i in 0..<4 {
            let lines = Self.sentences(i, at: Double(i)).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            text += lines.reversed().joined(separator: "\r\n") + "\r\n"
            text += TestFiles.nmea("GPVTG,090.0,T,,M,019.4,N,036.0,K,A")
        }
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 2, 3], "\(report)")
        #expect(report.outOfOrder == 0 && report.garbled == 0)
    }

    @Test func midnightWithoutDatesRollsOver() throws {
        // GGA only (no date): 23:59:58 … 00:00:01 is four seconds, not a day backwards.
        let midnight = (Self.epoch / 86_400).rounded(.up) * 86_400
        let text = (0..<4).map { i in
            Self.sentences(i, at: Double(i), epoch: midnight - 2).components(separatedBy: "\r\n")
                .filter { $0.contains("GGA") }.joined() + "\r\n"
        }.joined()
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 2, 3], "\(report)")
        #expect(report.timeJumps == 0 && report.outOfOrder == 0)
    }

    @Test func farOffFixIsAJumpNotAWaitOrTheEndOfTheFile() throws {
        // One fix dated 30 years ahead, then the drive goes on: every fix is used, times stay close together.
        var text = (0..<5).map { Self.sentences($0, at: Double($0)) }.joined()
        text += Self.sentences(5, at: 30 * 365 * 86_400)
        text += (6..<10).map { Self.sentences($0, at: Double($0)) }.joined()
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        let events = try TestFiles.drain(source)
        let report = source.report
        // Each jump is a gap, as live: stale 2 s after the last fix, then ok and the fix one step later.
        #expect(Self.times(TestFiles.fixes(events)) == [0, 1, 2, 3, 4, 7, 10, 11, 12, 13], "\(report)")
        #expect(report.timeJumps == 2 && report.outOfOrder == 0, "\(report)")
        #expect(report.description.contains("2 time jumps over 5 min"))
        #expect(Self.statuses(events) == [.stale, .ok, .stale, .ok])
    }

    @Test func clockResetBackwardsKeepsTheRestOfTheDrive() throws {
        // The receiver's date goes back a day (a week-number rollover bug): the fixes after it are still used.
        var text = (0..<3).map { Self.sentences($0, at: Double($0)) }.joined()
        text += (3..<6).map { Self.sentences($0, at: Double($0) - 86_400) }.joined()
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 2, 5, 6, 7], "\(report)")
        #expect(report.timeJumps == 1 && report.outOfOrder == 0, "\(report)")
    }

    @Test func gapsAreKeptAndCounted() throws {
        let text = [0.0, 1, 61, 62, 200].enumerated().map { Self.sentences($0.offset, at: $0.element) }.joined()
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 61, 62, 200])
        #expect(report.gaps == 2 && report.timeJumps == 0, "\(report)")
        #expect(report.description.contains("2 gaps over 10 s"))
    }

    /// The statuses among `events`, in order.
    static func statuses(_ events: [LocationEvent]) -> [LocationStatus] {
        events.compactMap { if case .status(let s) = $0 { s } else { nil } }
    }

    /// The times of the statuses and fixes of a recording, "stale@3.0" / "ok@3.5" / "3.5" for a fix.
    static func timeline(_ text: String) throws -> [String] {
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        var line: [String] = []
        while let due = source.peekTime(), let event = try source.nextEvent() {
            let t = String(format: "%.1f", due)
            switch event {
            case .fix: line.append(t)
            case .status(let s): line.append("\(s)@\(t)")
            case .end: break
            }
        }
        return line
    }

    @Test func aGapLongerThanTheStaleLimitSaysStaleThenOkAsLiveSourcesDo() throws {
        // 1 Hz, then 2 s (not stale), then 3.5 s (stale at 2 s after the last fix), then a 60 s gap.
        let text = [0.0, 1, 3, 6.5, 7.5, 67.5].enumerated().map { Self.sentences($0.offset, at: $0.element) }.joined()
        #expect(try Self.timeline(text) == ["0.0", "1.0", "3.0", "stale@5.0", "ok@6.5", "6.5", "7.5",
                                            "stale@9.5", "ok@67.5", "67.5"])
    }

    @Test func ggaBeforeTheFirstRMCTakesItsDateFromTheNextRMC() throws {
        // A GGA before the first RMC, then that RMC: no time jump, no gap, two fixes one second apart.
        let text = "$GPGGA,185331.00,3854.8225558,N,07702.7600000,W,1,08,,0.0,M,0.0,M,,*69\r\n"
            + "$GPRMC,185332.00,A,3854.8255563,N,07702.7600000,W,10.809,0.00,011226,,,A*47\r\n"
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        let events = try TestFiles.drain(source)
        #expect(Self.times(TestFiles.fixes(events)) == [0, 1], "\(source.report)")
        #expect(source.report.timeJumps == 0 && source.report.gaps == 0, "\(source.report)")
        #expect(Self.statuses(events).isEmpty, "\(events)")
    }

    @Test func aLogThatStartsMidEpochHasNoTimeJump() throws {
        // `tail -n +2` of a good log: the first epoch's GGA (and VTG) without its RMC.
        let whole = (0..<8).map { Self.sentences($0, at: Double($0)) + TestFiles.nmea("GPVTG,090.0,T,,M,019.4,N,036.0,K,A") }
            .joined().components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let text = whole.dropFirst().joined(separator: "\r\n") + "\r\n"
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        let events = try TestFiles.drain(source)
        #expect(Self.times(TestFiles.fixes(events)) == (0..<8).map(Double.init), "\(source.report)")
        #expect(source.report.timeJumps == 0 && source.report.outOfOrder == 0, "\(source.report)")
        #expect(Self.statuses(events).isEmpty, "\(events)")
    }

    @Test func ggaJustBeforeMidnightTakesTheDayBeforeTheRMCsDate() throws {
        let midnight = (Self.epoch / 86_400).rounded(.up) * 86_400
        let lines = (0..<3).map { Self.sentences($0, at: Double($0), epoch: midnight - 1) }
            .joined().components(separatedBy: "\r\n").filter { !$0.isEmpty }
        // GGA of 23:59:59 alone, then 00:00:00 and 00:00:01 with their RMCs (dated the next day).
        let text = lines.filter { !($0.contains("RMC") && $0.contains(",235959")) }.joined(separator: "\r\n") + "\r\n"
        let (fixes, report) = try Self.read(text)
        #expect(Self.times(fixes) == [0, 1, 2], "\(report)")
        #expect(report.timeJumps == 0 && report.outOfOrder == 0, "\(report)")
    }

    @Test func manyGGAsWithoutADateWaitNoLongerThanTheBoundAndTheDateContinuesThem() throws {
        // Twelve GGA-only epochs, then RMC + GGA: the first ones are placed before the date comes (bounded), and
        // the date that comes continues their timeline (no jump, no gap).
        let n = NMEAAssembler.defaultUndatedLimit + 7
        let lines = (0..<(n + 3)).flatMap { i in
            Self.sentences(i, at: Double(i)).components(separatedBy: "\r\n").filter { !$0.isEmpty && (i >= n || $0.contains("GGA")) }
        }
        let (fixes, report) = try Self.read(lines.joined(separator: "\r\n") + "\r\n")
        #expect(Self.times(fixes) == (0..<(n + 3)).map(Double.init), "\(report)")
        #expect(report.timeJumps == 0 && report.gaps == 0, "\(report)")
        // Bounded: after the limit, a fix is out before the input ends.
        var assembler = NMEAAssembler()
        var partial = NMEAReport(name: "t")
        for (i, line) in lines.prefix(NMEAAssembler.defaultUndatedLimit + 2).enumerated() {
            assembler.add(line: LineSplitter.Line(bytes: Array(line.utf8), truncated: false), number: i + 1, report: &partial)
        }
        #expect(!assembler.take().isEmpty)
    }

    /// Seeded: epochs with every kind of time trouble, sentences shuffled within neighbouring epochs. Fixes stay in
    /// order, never more than the jump limit apart, and every epoch is accounted for.
    @Test func anyOrderAnyTimesFuzz() throws {
        var random = SplitMix64(seed: 1811)
        func below(_ n: Int) -> Int { Int(random.next() % UInt64(n)) }
        let began = Date()
        var runs = 0
        while Date().timeIntervalSince(began) < ParserFuzzTests.budget {
            var time = 0.0
            var lines: [String] = []
            let epochs = 1 + below(40)
            for i in 0..<epochs {
                switch below(8) {
                case 0: time -= Double(below(5))                      // backwards or repeated
                case 1: time += 3600 * Double(1 + below(24 * 365 * 40)) // far ahead (up to 40 years)
                case 2: time -= 3600 * Double(1 + below(24 * 365))      // far back
                case 3: time += Double(11 + below(280))                 // a gap
                case 4: time += 86_400 - time.truncatingRemainder(dividingBy: 86_400) - 0.5  // to midnight
                default: time += 0.1 * Double(1 + below(20))
                }
                var pair = Self.sentences(i, at: time).components(separatedBy: "\r\n").filter { !$0.isEmpty }
                if below(4) == 0 { pair.reverse() }
                if below(6) == 0 { pair.removeFirst() }   // RMC or GGA alone
                lines += pair
                if below(5) == 0, lines.count > 2 { lines.swapAt(lines.count - 1, lines.count - 3) }
            }
            let started = Date()
            let source = try NMEASource(path: try TestFiles.write(lines.joined(separator: "\r\n") + "\r\n", suffix: ".nmea"))
            do {
                let events = try TestFiles.drain(source)
                let fixes = TestFiles.fixes(events)
                ParserFuzzTests.checkFixes(events)
                let steps = zip(fixes, fixes.dropFirst()).map { $1.timestamp - $0.timestamp }
                #expect(steps.allSatisfy { $0 > 0 && $0 <= NMEAAssembler.maxJump }, "\(steps)")
                let report = source.report
                #expect(report.fixes == fixes.count && report.fixes + report.outOfOrder + report.invalidFixes <= lines.count,
                        "\(report) from \(epochs) epochs")
            } catch let error as LocationError {
                #expect(error.kind == .badData, "\(error)")
            }
            #expect(Date().timeIntervalSince(started) < ParserFuzzTests.perInputLimit)
            runs += 1
        }
        #expect(runs > 50, "\(runs) runs")
    }
}
