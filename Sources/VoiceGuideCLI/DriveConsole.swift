import Foundation
import Guidance
import Location
import Phrasing
import RouteModel
import Speech

/// How much the drive prints (`--quiet`, `--verbose`).
enum DriveVerbosity: Sendable, Equatable {
    /// Only warnings, errors and the closing summary.
    case quiet
    /// Each announcement, each outcome that was not "heard in full", key actions, the summary.
    case normal
    /// Also when each announcement starts and finishes sounding, and its spoken form when it differs.
    case verbose
}

/// What the drive prints: one log line per announcement and per outcome that was not "heard in full", and on a
/// terminal a live status line kept at the bottom (log lines are printed above it). Without a terminal (or with
/// `TERM=dumb`) only plain timestamped lines are written, with no escape codes. Every word comes from the
/// locale's `ui` strings (`DriveWords`); `--events` gets the same happenings as JSON lines. Thread-safe: speech
/// events arrive on other threads.
final class DriveConsole: @unchecked Sendable {  // @unchecked: every var is read and written under `lock`
    private let io: CommandIO
    private let style: TerminalStyle
    /// The locale's words.
    let words: DriveWords
    private let verbosity: DriveVerbosity
    private let events: DriveEventWriter?
    /// Log lines go to stderr (when stdout carries `--events -`).
    private let logToStderr: Bool
    private let lock = NSLock()
    private var status = ""
    private var tally = DriveTally()
    private var labels: [Int: String] = [:]
    /// Utterances suppressed by mute that have not sounded (unmute may still say one of them again).
    private var suppressed: Set<Int> = []
    /// Why the drive is stopping (its ui key: stopQuit, stopInterrupt…), once it is: speech cut then is not "muted".
    private var stopping: String?
    /// Maps controller clock time back to simulated seconds for the log.
    private let simTime: @Sendable (Double) -> Double

    /// Creates a console writing to `io`; the status line is shown only when `io` is a real terminal.
    init(io: CommandIO, simTime: @escaping @Sendable (Double) -> Double, words: DriveWords,
         verbosity: DriveVerbosity = .normal, events: DriveEventWriter? = nil, logToStderr: Bool = false) {
        self.io = io
        self.style = TerminalStyle(isTTY: io.stdoutIsTTY && !logToStderr && verbosity != .quiet, environment: io.environment)
        self.words = words
        self.verbosity = verbosity
        self.events = events
        self.logToStderr = logToStderr
        self.simTime = simTime
    }

    /// Counts so far.
    var counts: DriveTally { lock.withLock { tally } }

    /// True when the status line is drawn (a terminal that understands escapes).
    var showsStatus: Bool { style.enabled }

    /// Sends an event to `--events` (if given).
    func event(_ event: DriveEvent) { events?.write(event) }

    /// Logs a triggered announcement.
    func announced(_ announcement: Announcement, phrase: Phrase, id: Int, at sim: Double) {
        let kind = announcement.kind.rawValue
        var fields: [(String, JSONValue)] = [("id", .number(Double(id))), ("kind", .string(kind))]
        if let m = announcement.maneuver {
            fields += [("leg", .number(Double(m.id.leg))), ("step", .number(Double(m.id.step)))]
        }
        if let kmh = announcement.speedLimitKmh { fields.append(("speedLimitKmh", .number((kmh * 10).rounded() / 10))) }
        fields += [("text", .string(phrase.display)), ("spoken", .string(phrase.spoken)),
                   ("durationSeconds", .number((announcement.durationSeconds * 100).rounded() / 100))]
        events?.write(DriveEvent("announcement", at: sim, fields))
        if announcement.kind == .offRoute || announcement.kind == .reroute {
            events?.write(DriveEvent(kind, at: sim, [("id", .number(Double(id)))]))
        }
        lock.withLock {
            tally.triggered += 1
            labels[id] = kind
            guard verbosity != .quiet else { return }
            let label = words.kind(kind)
            writeLine("\(TimeFormatting.clock(sim).leftPadded(7))  \(style.bold(label.padding(toLength: max(9, label.count), withPad: " ", startingAt: 0))) \(phrase.display)")
            if verbosity == .verbose, phrase.spoken != phrase.display {
                writeLine(note(sim, "“\(phrase.spoken)”"))
            }
        }
    }

    /// Records a speech event; outcomes other than a full hearing get their own log line.
    func speechEvent(_ event: SpeechEvent) {
        lock.withLock {
            let sim = simTime(event.time)
            let raw = labels[event.utterance.id] ?? event.utterance.label
            let kind = words.kind(raw)
            let heard = words.seconds(event.heardSeconds)
            var fields: [(String, JSONValue)] = [("id", .number(Double(event.utterance.id))), ("kind", .string(raw))]
            if event.kind != .started { fields.append(("heardSeconds", .number((event.heardSeconds * 1000).rounded() / 1000))) }
            if let reason = event.reason { fields.append(("reason", .string(reason))) }
            var line: String?
            switch event.kind {
            case .started:
                events?.write(DriveEvent("started", at: sim, fields))
                // Unmute said a suppressed instruction after all: it was heard, not muted.
                if suppressed.remove(event.utterance.id) != nil {
                    tally.muted -= 1
                    line = words.text("saidAgain", ["kind": kind])
                } else if verbosity == .verbose {
                    line = "▶ " + kind
                }
            case .finished:
                tally.spoken += 1
                events?.write(DriveEvent("finished", at: sim, fields))
                if verbosity == .verbose { line = "■ " + kind + " (" + heard + ")" }
            case .interrupted:
                tally.interrupted += 1
                events?.write(DriveEvent("interrupted", at: sim, fields))
                line = words.text("interrupted", ["kind": kind, "seconds": heard])
            case .muted where stopping != nil:
                guard event.heardSeconds > 0 else { return }
                tally.interrupted += 1
                events?.write(DriveEvent("interrupted", at: sim, fields + [("stop", .string(stopping ?? ""))]))
                line = words.text("cutOff", ["kind": kind, "seconds": heard, "reason": words.text(stopping ?? "stopQuit")])
            case .muted:
                tally.muted += 1
                events?.write(DriveEvent("muted", at: sim, fields))
                if event.heardSeconds == 0 { suppressed.insert(event.utterance.id) }
                line = event.heardSeconds > 0 ? words.text("cutByMute", ["kind": kind, "seconds": heard])
                                              : words.text("silenced", ["kind": kind])
            case .dropped:
                tally.dropped += 1
                events?.write(DriveEvent("dropped", at: sim, fields))
                line = words.text("dropped", ["kind": kind])
            case .failed:
                tally.failed += 1
                events?.write(DriveEvent("failed", at: sim, fields))
                line = words.text("failed", ["kind": kind, "reason": StandardStreams.reason(event.reason ?? "audio output error")])
            }
            if let line, verbosity != .quiet { writeLine(note(sim, line)) }
        }
    }

    /// Marks the drive as stopping for `reason` (a ui key such as `stopInterrupt`): speech cut from now on counts
    /// as interrupted, not muted, and what never started is not counted at all.
    func stop(because reason: String) {
        lock.withLock { stopping = reason }
    }

    /// Logs a line of the locale's words (`key` with `values`), and sends `event` to `--events`.
    func info(_ key: String, _ values: [String: String] = [:], at sim: Double, event: DriveEvent? = nil) {
        if let event { events?.write(event) }
        guard verbosity != .quiet else { return }
        lock.withLock { writeLine(note(sim, words.text(key, values))) }
    }

    /// Replaces the status line (terminals only).
    func setStatus(_ line: String) {
        guard style.enabled else { return }
        lock.withLock {
            status = line
            io.write(style.clearLine + style.noWrap(status))
        }
    }

    /// Removes the status line so the summary starts on a clean line.
    func clearStatus() {
        guard style.enabled else { return }
        lock.withLock {
            status = ""
            io.write(style.clearLine)
        }
    }

    /// The closing line in the locale's words: distance and time driven, what became of the announcements,
    /// how many fixes an NMEA reader used and what it skipped (garbled sentences; fixes out of time order and time
    /// jumps bridged, when there were any), and why the drive ended early (a ui key) or what it wrote. Goes to
    /// stderr; `--events` gets `end`, with `skippedCameras` when cameras were given and `espeakFallbacks` (urgent
    /// announcements eSpeak NG said because the Piper voice's audio was not ready).
    func summary(driven: String, sim: Double, stopKey: String?, wrote: String? = nil, nmea: NMEAReport? = nil,
                 skippedCameras: Int? = nil, espeakFallbacks: Int = 0) {
        let t = counts
        let garbled = nmea?.garbled ?? 0, skipped = nmea?.outOfOrder ?? 0, jumps = nmea?.timeJumps ?? 0
        var more = ""
        if t.failed > 0 { more += ", " + words.text("summaryFailed", ["failed": String(t.failed)]) }
        if let nmea { more += "; " + words.text("summaryFixes", ["fixes": String(nmea.fixes)]) }
        if garbled > 0 { more += "; " + words.text("summaryGarbled", ["garbled": String(garbled)]) }
        if skipped + jumps > 0 {
            more += "; " + words.text("summaryTimes", ["skipped": String(skipped), "jumps": String(jumps)])
        }
        if let stopKey { more += " (" + words.text(stopKey) + ")" }
        if let wrote { more += "; " + wrote }
        let line = words.text("summary", ["distance": driven, "time": TimeFormatting.clock(sim),
                                          "triggered": String(t.triggered), "spoken": String(t.spoken),
                                          "interrupted": String(t.interrupted), "muted": String(t.muted),
                                          "dropped": String(t.dropped), "more": more])
        let cameras: [(String, JSONValue)] = skippedCameras.map { [("skippedCameras", .number(Double($0)))] } ?? []
        events?.write(DriveEvent("end", at: sim, [
            ("triggered", .number(Double(t.triggered))), ("spoken", .number(Double(t.spoken))),
            ("interrupted", .number(Double(t.interrupted))), ("muted", .number(Double(t.muted))),
            ("dropped", .number(Double(t.dropped))), ("failed", .number(Double(t.failed))),
            ("garbledSentences", .number(Double(garbled))), ("nmeaFixes", .number(Double(nmea?.fixes ?? 0))),
            ("outOfOrderFixes", .number(Double(skipped))),
            ("timeJumps", .number(Double(jumps))), ("gaps", .number(Double(nmea?.gaps ?? 0))),
            ("espeakFallbacks", .number(Double(espeakFallbacks))),
        ] + cameras + [
            ("reason", stopKey.map { .string($0) } ?? .string("finished")),
        ]))
        io.error(line)
    }

    private func note(_ sim: Double, _ text: String) -> String {
        "\(TimeFormatting.clock(sim).leftPadded(7))  \(style.dim("  ↳ " + text))"
    }

    /// Writes a log line above the status line. Called with the lock held.
    private func writeLine(_ line: String) {
        if logToStderr {
            io.error(line)
        } else {
            io.write(style.clearLine + line + "\n" + (status.isEmpty ? "" : style.noWrap(status)))
        }
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
