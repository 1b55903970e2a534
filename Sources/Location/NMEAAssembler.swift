import Guidance
import RouteModel

/// Groups RMC, GGA and VTG sentences of one receiver epoch into a fix, in time order. An epoch is complete when
/// both its RMC and GGA have arrived, or when a sentence of another time starts the next one.
/// Dates come from RMC; without one, time of day rolls over midnight when it goes back by more than 12 h.
/// Timestamps are seconds from the first fix, always increasing, whatever times the receiver sends: an epoch a
/// little behind the last one (or at the same time) is skipped (`outOfOrder`); one more than `maxJump` seconds
/// away in either direction (a wrong date, a receiver clock reset, a recording spliced from two days) is a time
/// jump: it is kept, one step after the last fix, and later times continue from there (`timeJumps`), so no jump
/// makes a replay wait hours or skip the rest of the file. Intervals over `gapSeconds` are counted (`gaps`).
struct NMEAAssembler: Sendable {
    /// Meters of 1-σ horizontal error per unit of HDOP (a typical user range error).
    static let metersPerHDOP = 5.0
    /// Seconds between epochs beyond which the receiver's time is not believed (5 minutes).
    static let maxJump = 300.0
    /// Seconds between fixes counted as a gap in the report.
    static let gapSeconds = 10.0

    private struct Epoch: Sendable {
        var timeOfDay: Double?
        var rmc: NMEASentence.RMC?
        var gga: NMEASentence.GGA?
        var vtg: NMEASentence.VTG?
        var isEmpty: Bool { rmc == nil && gga == nil && vtg == nil }
    }

    private var epoch = Epoch()
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

    /// Completes the last epoch at the end of the input.
    mutating func finish(report: inout NMEAReport) { flush(report: &report) }

    /// Removes and returns the ready events.
    mutating func take() -> [TimedEvent] {
        defer { ready.removeAll(keepingCapacity: true) }
        return ready
    }

    private mutating func flush(report: inout NMEAReport) {
        let e = epoch
        epoch = Epoch()
        guard !e.isEmpty, let timeOfDay = e.timeOfDay else { return }
        if let date = e.rmc?.day {
            day = date
        } else if let last = lastTimeOfDay, timeOfDay < last - 43_200 {
            day += 1
        }
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
        guard let placed = place(absolute, report: &report) else { return }
        let first = origin ?? placed
        origin = first
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
    private mutating func place(_ absolute: Double, report: inout NMEAReport) -> Double? {
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
            shift += interval - step
            lastPlaced = last + step
            return last + step
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
