import Foundation
import Guidance
import Speech
import SafeIO

/// The live drive's terminal side: raw mode and keys on a TTY (`m` mute, `+`/`-` speedup, space pause, `q` quit),
/// and SIGINT/SIGTERM handling. The terminal is restored on every way out (`stop()` is idempotent).
final class LiveInteraction: @unchecked Sendable {
    private let io: CommandIO
    private let console: DriveConsole
    private let controller: SpeechController
    private let timeline: SimulationTimeline
    private let clock: SystemClock
    private let keys = Locked<[UInt8]>([])
    private let running = Locked(false)
    private let quit = Locked(false)
    private var trap: SignalTrap?
    private var reader: Thread?

    /// Creates the interaction for one drive.
    init(io: CommandIO, console: DriveConsole, controller: SpeechController, timeline: SimulationTimeline, clock: SystemClock) {
        self.io = io
        self.console = console
        self.controller = controller
        self.timeline = timeline
        self.clock = clock
    }

    /// True once `q` was pressed.
    var quitRequested: Bool { quit.snapshot }

    /// Installs the signal handler and, when stdin is a TTY, raw mode and the key reader.
    func start(onSignal: @escaping @Sendable (Int32) -> Void) {
        running.withLock { $0 = true }
        trap = SignalTrap { signal in onSignal(signal) }
        // Keys only when both ends are a terminal (a drive piped to a file or run in-process by tests stays plain).
        guard io.stdoutIsTTY, Terminal.shared.isTTY, Terminal.shared.enterRawMode() else { return }
        let thread = Thread { [keys, running] in
            while running.snapshot {
                if let key = Terminal.shared.readKey() { keys.withLock { $0.append(key) } }
            }
        }
        thread.name = "voiceguide.keys"
        thread.start()
        reader = thread
        console.info("keys: m mute/unmute · + faster · - slower · space pause · q quit", at: 0)
    }

    /// Acts on the keys pressed since the last call.
    func handleKeys(at wall: Double, sim: Double) {
        let pressed = keys.withLock { k in defer { k.removeAll() }; return k }
        for key in pressed {
            switch key {
            case UInt8(ascii: "m"), UInt8(ascii: "M"):
                if controller.isMuted {
                    console.info("unmuted", at: sim)
                    controller.unmute()
                } else {
                    console.info("muted", at: sim)
                    controller.mute()
                }
            case UInt8(ascii: "+"), UInt8(ascii: "="):
                timeline.setSpeedup(timeline.speedup * 2, wall: wall)
                console.info("speedup ×\(StatusLine.speed(timeline.speedup))", at: sim)
            case UInt8(ascii: "-"), UInt8(ascii: "_"):
                timeline.setSpeedup(timeline.speedup / 2, wall: wall)
                console.info("speedup ×\(StatusLine.speed(timeline.speedup))", at: sim)
            case UInt8(ascii: " "):
                timeline.togglePause(wall: wall)
                console.info(timeline.isPaused ? "paused" : "resumed", at: sim)
            case UInt8(ascii: "q"), UInt8(ascii: "Q"):
                quit.withLock { $0 = true }
            default:
                break
            }
        }
    }

    /// Restores the terminal and the signal handlers; clears the status line.
    func stop() {
        running.withLock { $0 = false }
        console.clearStatus()
        Terminal.shared.restore()
        trap?.cancel()
        trap = nil
    }
}

/// Renders the live status line: progress bar, next maneuver and its distance, current street, remaining
/// distance and time, ETA (wall clock at the current speedup), mute and speed state.
struct StatusLine {
    let settings: GuidanceSettings
    private let nextInstructions: [String]
    private let clockFormatter: DateFormatter

    init(settings: GuidanceSettings) {
        self.settings = settings
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.dateFormat = "HH:mm:ss"
        // Phrased once per maneuver at start-up, not on every redraw.
        nextInstructions = settings.index.steps.map { s in
            settings.builder.phrase(Announcement(kind: .now, maneuver: ManeuverDescription(id: s.id, step: s.step))).display
        }
    }

    /// The line, most important first so that a narrow terminal (cut at its width) still shows the mute state,
    /// the speed and the next maneuver: state │ progress │ next maneuver │ remaining │ ETA │ street.
    func render(progress: RouteProgress?, muted: Bool, speedup: Double, paused: Bool, wallRemaining: Double?) -> String {
        let state = word(muted ? "muted" : "sound") + " " + (paused ? word("paused") : "×" + Self.speed(speedup))
        guard let p = progress else { return state + " │ " + word("starting") }
        let length = max(1, settings.index.path.length)
        let fraction = min(1, max(0, p.distanceAlong / length))
        let cells = 10
        let filled = Int(saturatingRounded: fraction * Double(cells))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
        var parts = [state, "\(bar) \(Int(saturating: fraction * 100))%"]
        if let next = p.nextManeuverIndex, nextInstructions.indices.contains(next) {
            parts.append("\(distance(p.distanceToNextManeuver)): \(nextInstructions[next])")
        }
        parts.append(word("remaining", "\(distance(p.remainingDistance)) \(TimeFormatting.clock(p.remainingSeconds))"))
        if let wallRemaining {
            parts.append(word("eta", clockFormatter.string(from: Date(timeIntervalSinceNow: wallRemaining))))
        }
        let street = settings.index.steps.indices.contains(p.stepIndex) ? settings.index.steps[p.stepIndex].step.name : ""
        if !street.isEmpty { parts.append(word("on", street)) }
        return parts.joined(separator: " │ ")
    }

    /// A status-line word from the phrasebook's `ui` section (English comes in through the fallback chain),
    /// with `value` in place of `{}`.
    private func word(_ key: String, _ value: String = "") -> String {
        (settings.builder.book.ui[key] ?? "{}").replacingOccurrences(of: "{}", with: value)
    }

    /// A speedup for people: "4", "0.5".
    static func speed(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(format: "%.2g", v)
    }

    /// A distance rounded by the locale's bands, with the unit symbol.
    private func distance(_ meters: Double) -> String {
        let r = settings.builder.distances.round(meters)
        let symbol: String
        switch r.unit {
        case .meter: symbol = "m"
        case .kilometer: symbol = "km"
        case .foot: symbol = "ft"
        case .yard: symbol = "yd"
        case .mile: symbol = "mi"
        }
        let number = settings.locale.profile.decimalSeparator == "." ? r.plainText
            : r.plainText.replacingOccurrences(of: ".", with: settings.locale.profile.decimalSeparator)
        return "\(number) \(symbol)"
    }
}
