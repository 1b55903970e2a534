import Synchronization

/// Positions from an NMEA 0183 log (a file or standard input), read lazily line by line.
/// Garbled sentences are counted in `report` and skipped; an input with no fix at all is a data error.
public final class NMEASource: LocationSource {
    /// The longest line kept (a sentence is at most 82 characters; longer lines are garbled).
    static let lineLimit = 1024

    private struct State: ~Copyable {
        var input: InputFile
        var splitter = LineSplitter(limit: NMEASource.lineLimit)
        var assembler = NMEAAssembler()
        var report: NMEAReport
        var queue: [TimedEvent] = []
        var queueIndex = 0
        var atEOF = false
        var ended = false
    }

    /// "nmea drive.nmea" or "nmea <stdin>".
    public let label: String
    /// Recorded: the consumer paces the fixes by their times.
    public var timing: LocationTiming { .recorded }
    private let state: Mutex<State>

    /// Opens `path` ("-" is standard input).
    public init(path: String) throws {
        let input = try InputFile(path: path, kind: "nmea")
        label = "nmea \(input.name)"
        state = Mutex(State(input: input, report: NMEAReport(name: input.name)))
    }

    /// What has been read so far (complete once `.end` was returned).
    public var report: NMEAReport { state.withLock { $0.report } }

    /// The same as `report`, for any `LocationSource`.
    public var nmeaReport: NMEAReport? { report }

    /// The next fix or status, `.end` once, then nil.
    public func nextEvent() throws -> LocationEvent? {
        try state.withLock { s throws -> LocationEvent? in
            try Self.fill(&s)
            if s.queueIndex < s.queue.count {
                s.queueIndex += 1
                return s.queue[s.queueIndex - 1].event
            }
            guard !s.ended else { return nil }
            s.ended = true
            return .end
        }
    }

    /// The next event's time, nil at the end.
    public func peekTime() -> Double? {
        state.withLock { s -> Double? in
            do { try Self.fill(&s) } catch { return nil }
            return s.queueIndex < s.queue.count ? s.queue[s.queueIndex].time : nil
        }
    }

    /// Reads until an event is queued or the input ends.
    private static func fill(_ s: inout State) throws {
        while s.queueIndex >= s.queue.count, !s.atEOF {
            if let line = s.splitter.next() {
                s.report.lines += 1
                s.assembler.add(line: line, number: s.report.lines, report: &s.report)
            } else {
                let chunk = try s.input.read(upTo: 65_536)
                if chunk.isEmpty {
                    s.splitter.finish()
                    while let line = s.splitter.next() {
                        s.report.lines += 1
                        s.assembler.add(line: line, number: s.report.lines, report: &s.report)
                    }
                    s.assembler.finish(report: &s.report)
                    s.atEOF = true
                } else {
                    s.splitter.append(chunk)
                }
            }
            let fresh = s.assembler.take()
            if !fresh.isEmpty {
                s.queue.removeFirst(s.queueIndex)
                s.queueIndex = 0
                s.queue.append(contentsOf: fresh)
            }
        }
        if s.atEOF, s.queueIndex >= s.queue.count, s.report.fixes == 0, !s.ended {
            s.ended = true
            throw LocationError(.badData, "\(s.report.name): no valid NMEA fix (RMC or GGA) in \(s.report.lines) lines"
                + (s.report.firstBadLines.isEmpty ? "" : "; first garbled at line \(s.report.firstBadLines[0])"))
        }
    }
}
