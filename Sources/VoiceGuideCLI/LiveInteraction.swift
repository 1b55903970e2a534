import Foundation
import Guidance
import Speech
import SafeIO

/// The live drive's terminal side: raw mode and keys on a terminal (`m` mute, `+`/`-` speedup, space pause,
/// `?`/`h` keys, `q` quit, Ctrl-Z suspend), read from the controlling terminal even when the route comes from
/// stdin; the signals that end a drive (INT, TERM, HUP, QUIT); a terminal resize (WINCH) re-lays out the status
/// line at once. The terminal is restored on every way out (`stop()` is idempotent) and while suspended.
final class LiveInteraction: @unchecked Sendable {  // @unchecked: shared flags are Locked; the traps are set by start() and cleared by stop(), both called by the drive
    private let io: CommandIO
    private let console: DriveConsole
    private let controller: SpeechController
    private let timeline: SimulationTimeline
    private let clock: SystemClock
    private let keys = Locked<[UInt8]>([])
    private let running = Locked(false)
    private let quit = Locked(false)
    private let resized = Locked(false)
    private let suspendRequested = Locked(false)
    private var trap: SignalTrap?
    private var extraTraps: [SignalTrap] = []
    private var reader: Thread?
    /// Raw mode is on and keys are read.
    private(set) var interactive = false
    /// Told when the drive pauses (true) or resumes (false), so the utterance being said pauses with it.
    var onPause: (@Sendable (Bool) -> Void)?

    /// The fastest and slowest speedups the keys reach.
    static let speedupRange: ClosedRange<Double> = 0.25...1000

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

    /// True once since the last call when the terminal was resized: redraw the status line now.
    func takeResize() -> Bool { resized.withLock { r in defer { r = false }; return r } }

    /// Installs the signal handlers and, on a real terminal, raw mode and the key reader.
    func start(onSignal: @escaping @Sendable (Int32) -> Void) {
        running.withLock { $0 = true }
        trap = SignalTrap { signal in onSignal(signal) }
        extraTraps.append(SignalTrap(signals: [SIGWINCH]) { [resized] _ in resized.withLock { $0 = true } })
        // Keys only when both ends are a capable terminal (a drive piped to a file, run in-process by tests, or
        // on TERM=dumb stays plain).
        guard io.stdoutIsTTY, TerminalStyle.isCapable(isTTY: true, environment: io.environment),
              Terminal.shared.isTTY, Terminal.shared.enterRawMode() else { return }
        interactive = true
        // `kill -TSTP` from outside suspends the same way as the Ctrl-Z key: terminal restored first.
        extraTraps.append(SignalTrap(signals: [SIGTSTP]) { [suspendRequested] _ in suspendRequested.withLock { $0 = true } })
        let thread = Thread { [keys, running] in
            while running.snapshot {
                if let key = Terminal.shared.readKey() { keys.withLock { $0.append(key) } }
            }
        }
        thread.name = "voiceguide.keys"
        thread.start()
        reader = thread
        console.info("keys", at: 0)
    }

    /// Acts on the keys pressed since the last call (and on a suspend requested by SIGTSTP).
    func handleKeys(at wall: Double, sim: Double) {
        let pressed = keys.withLock { k in defer { k.removeAll() }; return k }
        for key in pressed { handle(key, wall: wall, sim: sim) }
        if suspendRequested.withLock({ r in defer { r = false }; return r }) { suspend(sim: sim) }
    }

    private func handle(_ key: UInt8, wall: Double, sim: Double) {
        let name = String(UnicodeScalar(key))
        switch key {
        case UInt8(ascii: "m"), UInt8(ascii: "M"):
            if controller.isMuted {
                console.info("muteOff", at: sim, event: DriveEvent("unmute", at: sim, [("source", .string("key"))]))
                controller.unmute()
            } else {
                console.info("muteOn", at: sim, event: DriveEvent("mute", at: sim, [("source", .string("key"))]))
                controller.mute()
            }
        case UInt8(ascii: "+"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "_"):
            let faster = key == UInt8(ascii: "+") || key == UInt8(ascii: "=")
            let before = timeline.speedup
            let limit = faster ? Self.speedupRange.upperBound : Self.speedupRange.lowerBound
            if before == limit {
                // Already at the limit: say so instead of silently doing nothing.
                console.info(faster ? "fastest" : "slowest", ["speedup": StatusLine.speed(before)], at: sim,
                             event: DriveEvent("speedup", at: sim, [("speedup", .number(before)), ("limit", .bool(true))]))
                return
            }
            timeline.setSpeedup(faster ? before * 2 : before / 2, wall: wall)
            let now = timeline.speedup
            console.info("speedup", ["speedup": StatusLine.speed(now)], at: sim,
                         event: DriveEvent("speedup", at: sim, [("speedup", .number(now)), ("limit", .bool(now == limit))]))
        case UInt8(ascii: " "), UInt8(ascii: "p"), UInt8(ascii: "P"):
            timeline.togglePause(wall: wall)
            let paused = timeline.isPaused
            onPause?(paused)
            console.info(paused ? "pauseOn" : "pauseOff", at: sim, event: DriveEvent(paused ? "pause" : "resume", at: sim))
        case UInt8(ascii: "?"), UInt8(ascii: "h"), UInt8(ascii: "H"):
            console.info("keys", at: sim, event: DriveEvent("key", at: sim, [("key", .string(name))]))
        case UInt8(ascii: "q"), UInt8(ascii: "Q"):
            console.event(DriveEvent("key", at: sim, [("key", .string("q")), ("action", .string("quit"))]))
            quit.withLock { $0 = true }
        case 0x1A:  // Ctrl-Z (the terminal's suspend character is off in raw mode, so it arrives as a key)
            suspend(sim: sim)
        default:
            break
        }
    }

    /// Ctrl-Z: stops the process like any job, with the terminal restored and the drive's clock paused; `fg`
    /// (SIGCONT) continues here with raw mode back on, and the simulated clock resumes where it stopped.
    private func suspend(sim: Double) {
        let wasPaused = timeline.isPaused
        if !wasPaused { timeline.togglePause(wall: clock.now()) }
        console.info("suspended", at: sim, event: DriveEvent("suspend", at: sim))
        console.clearStatus()
        Terminal.shared.restore()
        kill(getpid(), SIGSTOP)  // returns when continued
        Terminal.shared.enterRawMode()
        if !wasPaused { timeline.togglePause(wall: clock.now()) }
        console.info("continued", at: sim, event: DriveEvent("continue", at: sim))
        resized.withLock { $0 = true }
    }

    /// Restores the terminal and the signal handlers; clears the status line.
    func stop() {
        running.withLock { $0 = false }
        console.clearStatus()
        Terminal.shared.restore()
        trap?.cancel()
        trap = nil
        for t in extraTraps { t.cancel() }
        extraTraps.removeAll()
    }

    /// The ui key of the reason a signal ended the drive, and its exit code (128 + signal; 130 for Ctrl-C).
    static func ending(_ signal: Int32) -> (key: String, code: Int32) {
        switch signal {
        case SIGINT: return ("stopInterrupt", ExitCode.interrupted.rawValue)
        case SIGHUP: return ("stopHangup", 128 + SIGHUP)
        case SIGQUIT: return ("stopQuitSignal", 128 + SIGQUIT)
        default: return ("stopTerminate", 128 + signal)
        }
    }
}
