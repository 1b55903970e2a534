import RouteModel

/// Groups RMC, GGA and VTG sentences of one receiver epoch into a fix, in time order. An epoch is complete when
/// both its RMC and GGA have arrived, or when a sentence of another time starts the next one.
/// Dates come from RMC; without one, time of day rolls over midnight when it goes back by more than 12 h.
/// Epochs before the first date (a log that starts with GGA, or mid-epoch) wait for the next RMC's date, at most
/// `undatedLimit` of them and never past the end of the input: then they are placed on the day known (none: day 0),
/// and the first date that comes later continues that timeline instead of jumping to it.
/// Timestamps are seconds from the first fix, always increasing, whatever times the receiver sends: an epoch a
/// little behind the last one (or at the same time) is skipped (`outOfOrder`); one more than `maxJump` seconds
/// away in either direction (a wrong date, a receiver clock reset, a recording spliced from two days) is a time
/// jump: it is kept, `staleAfter` plus one step after the last fix, and later times continue from there
/// (`timeJumps`), so no jump makes a replay wait hours or skip the rest of the file. As live sources do, fixes
/// more than `staleAfter` seconds apart give `.status(.stale)` at `staleAfter` after the last fix and
/// `.status(.ok)` before the next one (so a replayed gap says "GPS lost", then "back"); intervals over
/// `gapSeconds` are counted (`gaps`).
struct NMEAAssembler: Sendable {
    /// Meters of 1-σ horizontal error per unit of HDOP (a typical user range error).
    static let metersPerHDOP = 5.0
    /// Seconds between epochs beyond which the receiver's time is not believed (5 minutes).
    static let maxJump = 300.0
    /// Seconds between fixes counted as a gap in the report.
    static let gapSeconds = 10.0
    /// Seconds without a fix after which a live source reports `.status(.stale)`; replays follow the same rule.
    static let staleAfter = 2.0
    /// Epochs kept waiting for a date by default (a receiver sends RMC every epoch or two).
    static let defaultUndatedLimit = 5

    private struct Epoch: Sendable {
        var timeOfDay: Double?
        var rmc: NMEASentence.RMC?
        var gga: NMEASentence.GGA?
        var vtg: NMEASentence.VTG?
        var isEmpty: Bool { rmc == nil && gga == nil && vtg == nil }
    }

    private var epoch = Epoch()
    /// Epochs completed before any date, waiting for one (at most `undatedLimit`).
    private var undated: [Epoch] = []
    /// How many epochs may wait for a date; 0 places them at once (a live receiver, whose times are replaced).
    private let undatedLimit: Int
    /// True once the day is known: from a date, or assumed when undated epochs could wait no longer.
    private var dayKnown = false
    /// Days added to RMC dates, so a date that comes after fixes placed on an assumed day continues them.
    private var dateShift: Int?
    /// True right after an epoch was completed by its RMC and GGA (so a stream delivers it without waiting
    /// for the next epoch to start).
    private var completedEarly = false
    private var day = 0
    private var lastTimeOfDay: Double?
    private var origin: Double?
    /// Seconds subtracted from receiver times after time jumps.
    private var shift = 0.0
    /// The last fix's time on the output timeline (receiver time minus `shift`).
    private var lastPlaced: Double?
    /// The last interval between fixes, the step a time jump is given (0.05…10 s).
    private var step = 1.0
    private var hasFix = false
    private var motion = MotionEstimator()
    /// Events ready for the consumer.
    private(set) var ready: [TimedEvent] = []

    /// Creates an assembler whose epochs before the first date wait for it, at most `undatedLimit` of them.
    init(undatedLimit: Int = NMEAAssembler.defaultUndatedLimit) { self.undatedLimit = max(0, undatedLimit) }

    /// Adds one sentence; may complete the previous epoch.
    mutating func add(_ sentence: NMEASentence, report: inout NMEAReport) {
        let time: Double?
        switch sentence {
        case .rmc(let rmc): time = rmc.timeOfDay
        case .gga(let gga): time = gga.timeOfDay
        case .vtg, .other: time = nil
        }
        if let time, let current = epoch.timeOfDay, current != time {
            flush(report: &report)
        }
        if let time { epoch.timeOfDay = time }
        switch sentence {
        case .rmc(let rmc): epoch.rmc = rmc
        case .gga(let gga): epoch.gga = gga
        case .vtg(let vtg):
            // Right after an epoch completed on RMC + GGA, a VTG belongs to that epoch, not the next.
            if !completedEarly { epoch.vtg = vtg }
        case .other: break
        }
        if time != nil { completedEarly = false }
        if epoch.rmc != nil, epoch.gga != nil, epoch.rmc?.timeOfDay == epoch.gga?.timeOfDay {
            flush(report: &report)
            completedEarly = true
        }
    }

    /// Parses one line (1-based `number`) and adds it, counting in `report` what is wrong with it; blank lines
    /// are skipped.
    mutating func add(line: LineSplitter.Line, number: Int, report: inout NMEAReport) {
        if !line.truncated, line.bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
        do {
            let sentence = try NMEASentence.parse(line.bytes)
            guard !line.truncated else { return report.recordBad(line: number, truncated: true) }
            report.sentences += 1
            add(sentence, report: &report)
        } catch {
            report.recordBad(line: number, checksum: error == .checksum, truncated: line.truncated)
        }
    }

    /// Completes the last epoch at the end of the input (epochs still waiting for a date are placed as they are).
    mutating func finish(report: inout NMEAReport) {
        flush(report: &report)
        releaseUndated(report: &report)
    }

    /// Removes and returns the ready events.
    mutating func take() -> [TimedEvent] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    private mutating func flush(report: inout NMEAReport) {
        let e = epoch
        epoch = Epoch()
        guard !e.isEmpty, let timeOfDay = e.timeOfDay else { return }
        if dayKnown {
            return place(e, timeOfDay: timeOfDay, day: day(of: e, timeOfDay: timeOfDay), report: &report)
        }
        guard let date = e.rmc?.day else {
            undated.append(e)
            if undated.count > undatedLimit { releaseUndated(report: &report) }
            return
        }
        // The first date: the epochs that waited for it are on that day, or the one before when their time of
        // day is more than 12 h after this one's (they were before midnight).
        var dayOfLater = date, later = timeOfDay
        var days = [Int](repeating: date, count: undated.count)
        for i in undated.indices.reversed() {
            let time = undated[i].timeOfDay ?? later
            if time > later + 43_200 { dayOfLater -= 1 } else if time < later - 43_200 { dayOfLater += 1 }
            days[i] = dayOfLater
            later = time
        }
        let waiting = undated
        undated = []
        dayKnown = true
        dateShift = 0
        for (i, u) in waiting.enumerated() { place(u, timeOfDay: u.timeOfDay ?? timeOfDay, day: days[i], report: &report) }
        place(e, timeOfDay: timeOfDay, day: date, report: &report)
    }

    /// The day of an epoch once the day is known: its date (shifted onto the timeline when the first date came
    /// after assumed days), else the last day, rolled over midnight when the time goes back by more than 12 h.
    private mutating func day(of e: Epoch, timeOfDay: Double) -> Int {
        var next = day
        if let last = lastTimeOfDay, timeOfDay < last - 43_200 { next += 1 }
        guard let date = e.rmc?.day else { return next }
        let shift = dateShift ?? (next - date)
        dateShift = shift
        return date + shift
    }

    /// Places the epochs waiting for a date on the day known so far (day 0 before any), in order; a date that
    /// comes later is shifted to continue them.
    private mutating func releaseUndated(report: inout NMEAReport) {
        guard !undated.isEmpty else { return }
        let waiting = undated
        undated = []
        dayKnown = true
        for u in waiting {
            let time = u.timeOfDay ?? 0
            place(u, timeOfDay: time, day: day(of: u, timeOfDay: time), report: &report)
        }
    }

    /// Turns a complete epoch on `day` into a fix (or a no-fix status) on the output timeline.
    private mutating func place(_ e: Epoch, timeOfDay: Double, day: Int, report: inout NMEAReport) {
        self.day = day
        lastTimeOfDay = timeOfDay
        let absolute = Double(day) * 86_400 + timeOfDay - shift
        let coordinate: NMEACoordinate? = if let rmc = e.rmc, rmc.valid, let c = rmc.coordinate { c }
            else if let gga = e.gga, gga.quality > 0, let c = gga.coordinate { c }
            else { nil }
        guard let coordinate else {
            report.invalidFixes += 1
            if hasFix, ready.last?.event != .status(.noFix) {
                // Never earlier than the last fix, never far after it: a status keeps the events in time order.
                let last = lastPlaced ?? absolute
                let at = min(max(absolute, last), last + Self.maxJump)
                ready.append(TimedEvent(time: at - (origin ?? at), event: .status(.noFix)))
            }
            hasFix = false
            return
        }
        let previous = lastPlaced
        guard let placed = placeTime(absolute, report: &report) else { return }
        let first = origin ?? placed
        origin = first
        if hasFix, let previous, placed - previous > Self.staleAfter {
            // What a live source says when fixes stop: stale once the last is `staleAfter` old, ok with the next.
            ready.append(TimedEvent(time: previous + Self.staleAfter - first, event: .status(.stale)))
            hasFix = false
        }
        let vtg = e.vtg.flatMap { $0.valid ? $0 : nil }
        let speed = e.rmc?.speedKnots.map { $0 * NMEAField.metersPerSecondPerKnot } ?? vtg?.speedMetersPerSecond
        let position = Position(coordinate: Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude),
                                speed: speed, heading: e.rmc?.course ?? vtg?.course,
                                accuracy: e.gga?.hdop.map { $0 * Self.metersPerHDOP }, timestamp: placed - first)
        if report.fixes > 0, !hasFix { ready.append(TimedEvent(time: position.timestamp, event: .status(.ok))) }
        hasFix = true
        report.fixes += 1
        ready.append(TimedEvent(time: position.timestamp, event: .fix(motion.complete(position))))
    }

    /// A fix's time on the output timeline (`absolute` is the receiver's time minus `shift`), or nil when the fix
    /// is skipped for going back in time. Counts what it does in `report`.
    private mutating func placeTime(_ absolute: Double, report: inout NMEAReport) -> Double? {
        guard absolute.isFinite else {
            report.outOfOrder += 1
            return nil
        }
        guard let last = lastPlaced else {
            lastPlaced = absolute
            return absolute
        }
        let interval = absolute - last
        if !(abs(interval) <= Self.maxJump) {
            report.timeJumps += 1
            let placed = last + Self.staleAfter + step
            shift += absolute - placed
            lastPlaced = placed
            return placed
        }
        guard interval > 0 else {
            report.outOfOrder += 1
            return nil
        }
        if interval > Self.gapSeconds { report.gaps += 1 }
        step = min(10, max(0.05, interval))
        lastPlaced = absolute
        return absolute
    }
}
