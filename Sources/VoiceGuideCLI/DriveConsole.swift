import Foundation
import Guidance
import Phrasing
import Speech

/// What the drive prints: one log line per announcement and per outcome that was not "heard in full", and on a
/// TTY a live status line kept at the bottom (log lines are printed above it). Without a TTY only plain
/// timestamped lines are written, with no escape codes. Thread-safe: speech events arrive on other threads.
final class DriveConsole: @unchecked Sendable {
    private let io: CommandIO
    private let style: TerminalStyle
    private let lock = NSLock()
    private var status = ""
    private var tally = DriveTally()
    private var labels: [Int: String] = [:]
    /// Utterances suppressed by mute that have not sounded (unmute may still say one of them again).
    private var suppressed: Set<Int> = []
    /// Why the drive is stopping (quit, Ctrl-C, SIGTERM), once it is: speech cut then is not "muted".
    private var stopping: String?
    /// Maps controller clock time back to simulated seconds for the log.
    private let simTime: @Sendable (Double) -> Double

    /// Creates a console writing to `io`; the status line is shown only when `io` is a TTY.
    init(io: CommandIO, simTime: @escaping @Sendable (Double) -> Double) {
        self.io = io
        self.style = TerminalStyle(isTTY: io.stdoutIsTTY, environment: io.environment)
        self.simTime = simTime
    }

    /// Counts so far.
    var counts: DriveTally { lock.withLock { tally } }

    /// Logs a triggered announcement.
    func announced(_ announcement: Announcement, phrase: Phrase, id: Int, at sim: Double) {
        let kind = announcement.kind.rawValue
        lock.withLock {
            tally.triggered += 1
            labels[id] = kind
            writeLine("\(TimeFormatting.clock(sim).leftPadded(7))  \(style.bold(kind.padding(toLength: 9, withPad: " ", startingAt: 0))) \(phrase.display)")
        }
    }

    /// Records a speech event; outcomes other than a full hearing get their own log line.
    func speechEvent(_ event: SpeechEvent) {
        lock.withLock {
            let sim = simTime(event.time)
            let label = labels[event.utterance.id] ?? event.utterance.label
            let heard = String(format: "%.1f s", event.heardSeconds)
            switch event.kind {
            case .started:
                // Unmute said a suppressed instruction after all: it was heard, not muted.
                guard suppressed.remove(event.utterance.id) != nil else { return }
                tally.muted -= 1
                writeLine(note(sim, "\(label) said again after unmute"))
            case .finished: tally.spoken += 1; return
            case .interrupted:
                tally.interrupted += 1
                writeLine(note(sim, "\(label) interrupted after \(heard)" + (event.reason.map { " (\($0))" } ?? "")))
            case .muted where stopping != nil:
                guard event.heardSeconds > 0 else { return }
                tally.interrupted += 1
                writeLine(note(sim, "\(label) cut off after \(heard) (\(stopping ?? "stopped"))"))
            case .muted:
                tally.muted += 1
                if event.heardSeconds == 0 { suppressed.insert(event.utterance.id) }
                writeLine(note(sim, event.heardSeconds > 0 ? "\(label) cut off by mute after \(heard)" : "\(label) muted"))
            case .dropped:
                tally.dropped += 1
                writeLine(note(sim, "\(label) dropped: its moment passed before it could be said"))
            case .failed:
                tally.failed += 1
                writeLine(note(sim, "\(label) failed: \(event.reason ?? "audio output error")"))
            }
        }
    }

    /// Marks the drive as stopping for `reason`: speech cut from now on counts as interrupted, not muted,
    /// and what never started is not counted at all.
    func stop(because reason: String) {
        lock.withLock { stopping = reason }
    }

    /// Logs a free-form line (mute toggles, speedup changes).
    func info(_ text: String, at sim: Double) {
        lock.withLock { writeLine(note(sim, text)) }
    }

    /// Replaces the status line (TTY only).
    func setStatus(_ line: String) {
        guard style.enabled else { return }
        lock.withLock {
            status = Self.fit(line, columns: Terminal.shared.columns)
            io.write(style.clearLine + status)
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

    /// Cuts `line` to the terminal width so it never wraps (a wrapped status line could not be redrawn in place).
    static func fit(_ line: String, columns: Int?) -> String {
        guard let columns, columns > 1, line.count >= columns else { return line }
        return String(line.prefix(columns - 2)) + "…"
    }

    private func note(_ sim: Double, _ text: String) -> String {
        "\(TimeFormatting.clock(sim).leftPadded(7))  \(style.dim("  ↳ " + text))"
    }

    /// Writes a log line above the status line. Called with the lock held.
    private func writeLine(_ line: String) {
        io.write(style.clearLine + line + "\n" + status)
    }
}

extension String {
    /// The string right-aligned in `width` columns.
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
