import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// NMEA logs cut anywhere: a recording that starts or ends at any line, or at any byte, is read to its
/// end at once, through the library's reader, and every epoch whole after the cut is a fix, in time order, with
/// no false time jump or gap.
@Suite struct NMEACutFuzzTests {
    static let epochs = 40

    /// The lines of a good 1 Hz log (RMC, GGA, VTG per epoch), and the epoch of each line.
    static let log: (lines: [String], epochOf: [Int]) = {
        var lines: [String] = [], epochOf: [Int] = []
        for i in 0..<epochs {
            let pair = NMEATimeTests.sentences(i, at: Double(i)).components(separatedBy: "\r\n").filter { !$0.isEmpty }
            for line in pair + [TestFiles.nmea("GPVTG,090.0,T,,M,019.4,N,036.0,K,A").trimmingCharacters(in: .newlines)] {
                lines.append(line)
                epochOf.append(i)
            }
        }
        return (lines, epochOf)
    }()

    /// Where epoch `i` is.
    static func coordinate(_ i: Int) -> Coordinate { Geo.destination(from: NMEATimeTests.start, bearing: 90, meters: Double(i) * 10) }

    /// Reads `text` through `NMEASource`; checks it ends in time, in order, with every epoch in `whole` as a fix
    /// and, when the log is `continuous` (one piece), no time jump and no gap. Returns the fixes' epochs.
    @discardableResult
    static func check(_ text: String, whole: [Int], continuous: Bool = true, _ what: String) throws -> [Int] {
        let started = Date()
        let source = try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))
        let events: [LocationEvent]
        do { events = try TestFiles.drain(source) } catch let error as LocationError {
            #expect(whole.isEmpty && error.kind == .badData, "\(what): \(error)")
            return []
        }
        #expect(Date().timeIntervalSince(started) < ParserFuzzTests.perInputLimit, "\(what)")
        #expect(events.last == .end, "\(what)")
        ParserFuzzTests.checkFixes(events)
        let fixes = TestFiles.fixes(events)
        let found = fixes.compactMap { fix in
            (0..<epochs).first { Geo.distance(coordinate($0), fix.coordinate) < 0.5 }
        }
        #expect(found.count == fixes.count, "\(what): a fix that is no epoch")
        for i in whole { #expect(found.contains(i), "\(what): epoch \(i) lost; \(source.report)") }
        #expect(source.report.timeJumps == 0 && source.report.outOfOrder == 0, "\(what): \(source.report)")
        guard continuous else { return found }
        #expect(!events.contains(.status(.stale)), "\(what): a false gap")
        // Times follow the receiver's: one second per epoch, from the first fix.
        if let first = found.first {
            #expect(zip(found, fixes).allSatisfy { abs($1.timestamp - Double($0 - first)) < 0.01 }, "\(what)")
        }
        return found
    }

    @Test func cutAtEveryLineFromTheStartAndFromTheEnd() throws {
        let lines = Self.log.lines
        for k in 0...lines.count {
            // `tail -n +(k+1)`: epoch i is whole when its RMC (line 3i) is kept.
            let tail = k == lines.count ? "" : lines[k...].joined(separator: "\r\n") + "\r\n"
            try Self.check(tail, whole: Array(((k + 2) / 3)..<Self.epochs), "tail from line \(k + 1)")
            // `head -n k`: epoch i is whole when its GGA (line 3i + 1) is kept.
            let head = k == 0 ? "" : lines[..<k].joined(separator: "\r\n") + "\r\n"
            try Self.check(head, whole: Array(0..<((k + 1) / 3)), "head of \(k) lines")
        }
    }

    /// Seeded: cut at any byte (from a byte to the end, from the start to a byte, or a middle piece spliced out);
    /// the line cut in two is garbled, every epoch whole on either side of the cut is a fix.
    @Test func cutAtAnyByteNeverHangsNorLosesWhatFollows() throws {
        var random = SplitMix64(seed: 2323)
        let bytes = Array((Self.log.lines.joined(separator: "\r\n") + "\r\n").utf8)
        var starts: [Int] = [], offset = 0
        for line in Self.log.lines { starts.append(offset); offset += line.utf8.count + 2 }
        /// Epochs whose RMC and GGA lines (with their line ends) lie in `range`.
        func whole(in range: Range<Int>) -> [Int] {
            (0..<Self.epochs).filter { i in range.lowerBound <= starts[i * 3] && starts[i * 3 + 2] <= range.upperBound }
        }
        let began = Date()
        var runs = 0
        while Date().timeIntervalSince(began) < ParserFuzzTests.budget || runs < 100 {
            let a = Int(random.next() % UInt64(bytes.count + 1)), b = Int(random.next() % UInt64(bytes.count + 1))
            let cut = min(a, b)..<max(a, b)
            switch random.next() % 3 {
            case 0:
                try Self.check(String(decoding: bytes[cut.lowerBound...], as: UTF8.self),
                               whole: whole(in: cut.lowerBound..<bytes.count), "from byte \(cut.lowerBound)")
            case 1:
                try Self.check(String(decoding: bytes[..<cut.upperBound], as: UTF8.self),
                               whole: whole(in: 0..<cut.upperBound), "to byte \(cut.upperBound)")
            default:
                try Self.check(String(decoding: bytes[..<cut.lowerBound] + bytes[cut.upperBound...], as: UTF8.self),
                               whole: whole(in: 0..<cut.lowerBound) + whole(in: cut.upperBound..<bytes.count),
                               continuous: cut.isEmpty, "bytes \(cut) spliced out")
            }
            runs += 1
        }
        #expect(runs >= 100, "\(runs) runs")
    }
}
