/// What an NMEA reader saw: how many sentences it used and skipped, and where the first bad ones are.
public struct NMEAReport: Sendable, Equatable, CustomStringConvertible {
    /// How many bad line numbers are kept.
    public static let keptLineNumbers = 5
    /// The input as named to the user ("drive.nmea", "<stdin>").
    public var name: String
    /// Lines read (blank ones included).
    public var lines = 0
    /// Sentences with a valid checksum, of any type.
    public var sentences = 0
    /// Fixes delivered.
    public var fixes = 0
    /// Epochs without a valid fix (RMC status V, GGA quality 0).
    public var invalidFixes = 0
    /// Garbled lines: no `$…*hh` shape, cut short, or a field that does not parse.
    public var garbled = 0
    /// Lines whose checksum does not match (counted in `garbled` too).
    public var checksumErrors = 0
    /// Lines cut at the length limit or at the end of the input (counted in `garbled` too).
    public var truncated = 0
    /// Epochs whose time goes backwards (or repeats the last one), skipped.
    public var outOfOrder = 0
    /// Epochs whose time jumps more than 5 minutes from the last fix (either way): a gap, not a wait: kept just
    /// after the stale limit (so the drive says GPS lost, then back) with the times after them moved to follow.
    public var timeJumps = 0
    /// Intervals of more than 10 s between fixes (kept as they are).
    public var gaps = 0
    /// The first few garbled line numbers, 1-based.
    public var firstBadLines: [Int] = []

    /// Creates an empty report for `name`.
    public init(name: String) { self.name = name }

    /// Counts a garbled line.
    mutating func recordBad(line: Int, checksum: Bool = false, truncated cut: Bool = false) {
        garbled += 1
        if checksum { checksumErrors += 1 }
        if cut { truncated += 1 }
        if firstBadLines.count < Self.keptLineNumbers { firstBadLines.append(line) }
    }

    /// One line: "drive.nmea: 1200 fixes from 3600 sentences; skipped 360 garbled (…), first at lines 3, 9".
    public var description: String {
        var text = "\(name): \(fixes) fix\(fixes == 1 ? "" : "es") from \(sentences) sentence\(sentences == 1 ? "" : "s")"
        if garbled > 0 {
            text += "; skipped \(garbled) garbled (\(checksumErrors) bad checksum, \(truncated) truncated), first at line"
            text += (firstBadLines.count == 1 ? " " : "s ") + firstBadLines.map(String.init).joined(separator: ", ")
        }
        if invalidFixes > 0 { text += "; \(invalidFixes) without a fix" }
        if outOfOrder > 0 { text += "; \(outOfOrder) out of time order" }
        if timeJumps > 0 { text += "; \(timeJumps) time jump\(timeJumps == 1 ? "" : "s") over 5 min" }
        if gaps > 0 { text += "; \(gaps) gap\(gaps == 1 ? "" : "s") over 10 s" }
        return text
    }
}
