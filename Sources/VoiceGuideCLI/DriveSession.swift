import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import SpeechESpeakNG
import AudioALSA

/// Maps wall-clock time to simulated time under a changing speedup and pauses (the live drive's `+`, `-`, space).
final class SimulationTimeline: @unchecked Sendable {
    private struct State {
        var baseWall: Double
        var baseSim: Double
        var speedup: Double
        var paused = false
    }
    private let state: Locked<State>

    /// Starts at simulated second 0 at wall time `wall`.
    init(speedup: Double, wall: Double) { state = Locked(State(baseWall: wall, baseSim: 0, speedup: speedup)) }

    /// Simulated seconds at wall time `wall`.
    func sim(at wall: Double) -> Double {
        state.withLock { s in s.paused ? s.baseSim : s.baseSim + (wall - s.baseWall) * s.speedup }
    }

    /// Wall time at which simulated second `sim` is reached at the current speedup.
    func wall(at sim: Double) -> Double {
        state.withLock { s in s.baseWall + (sim - s.baseSim) / s.speedup }
    }

    /// The current speedup.
    var speedup: Double { state.withLock { $0.speedup } }
    /// True while paused.
    var isPaused: Bool { state.withLock { $0.paused } }

    /// Changes the speedup from `wall` on (clamped to 0.25…1000).
    func setSpeedup(_ value: Double, wall: Double) {
        state.withLock { s in
            rebase(&s, wall: wall)
            s.speedup = min(1000, max(0.25, value))
        }
    }

    /// Pauses or resumes at `wall`.
    func togglePause(wall: Double) {
        state.withLock { s in
            rebase(&s, wall: wall)
            s.paused.toggle()
        }
    }

    private func rebase(_ s: inout State, wall: Double) {
        s.baseSim = s.paused ? s.baseSim : s.baseSim + (wall - s.baseWall) * s.speedup
        s.baseWall = wall
    }
}

/// Composes one drive: guidance settings, the speech controller on the right clock and player, the console,
/// and the loop. `renderWAV` runs in virtual time; `live` in real time with keys and signals.
struct DriveSetup {
    let settings: GuidanceSettings
    let speedup: Double
    let mute: MuteWindow?
    /// Output gain 0…1 (`--volume`).
    let volume: Double
    let io: CommandIO
    /// `--voice`, `--rate`, `--pitch`, verbosity and `--events`.
    var extras = DriveExtras()

    private var voice: String { extras.voiceName(settings) }

    /// The console for this drive, in the locale's words.
    private func console(simTime: @escaping @Sendable (Double) -> Double) -> DriveConsole {
        DriveConsole(io: io, simTime: simTime, words: DriveWords(locale: settings.locale), verbosity: extras.verbosity,
                     events: extras.events, logToStderr: extras.eventsToStdout)
    }

    /// The `start` event.
    private func startEvent(output: String) -> DriveEvent {
        DriveEvent("start", at: 0, [("route", .string(settings.routeName)), ("locale", .string(settings.locale.profile.tag)),
                                    ("output", .string(output)), ("speedup", .number(speedup))])
    }

    /// Renders the whole drive to a WAV file: each announcement at its simulated time / speedup, silence between.
    func renderWAV(to path: String) throws -> ExitCode {
        let synthesizer = try extras.synthesizer(settings)
        let estimator = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
        _ = settings.plan(estimator: estimator)  // fixes every duration first: the drive says what the transcript says
        let clock = VirtualClock()
        let sink = WAVFileSink(path: path)
        let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
        do { try player.prepare() } catch { throw Self.wavError(path, error, creating: true) }
        let speedup = self.speedup
        let console = console(simTime: { $0 * speedup })
        console.event(startEvent(output: "wav:" + path))
        let controller = SpeechController(player: player, clock: clock, observer: { console.speechEvent($0) })
        controller.volume = volume
        let loop = DriveLoop(settings: settings, estimator: estimator, controller: controller, voice: voice,
                             muteWindow: mute, clockTime: { $0 / speedup },
                             onAnnouncement: { a, p, id in console.announced(a, phrase: p, id: id, at: a.triggerSeconds) })
        let window = WindowEvents(window: mute, console: console)
        loop.run(until: .infinity) { t in
            window.reach(t)
            controller.advance(to: t / speedup)
        }
        controller.waitUntilIdle()
        do { try player.finish(padTo: loop.simTime / speedup) } catch { throw Self.wavError(path, error, creating: false) }
        let failed = console.counts.failed
        console.summary(driven: distance(loop.progress?.distanceAlong ?? 0), sim: loop.simTime, stopKey: nil,
                        wrote: console.words.text("wrote", ["file": path, "seconds": console.words.seconds(sink.secondsWritten)]))
        if failed > 0 {
            throw CLIError(.ioError, "\(path): writing the WAV file failed for \(failed) announcement(s)")
        }
        return .ok
    }

    /// A WAV file that cannot be written is a file error, not a missing sound card: exit 73 when it cannot be
    /// created, 74 when writing fails; the message names the path and the system's reason.
    static func wavError(_ path: String, _ error: any Error, creating: Bool) -> CLIError {
        let reason = (error as? AudioDeviceUnavailable)?.reason ?? StandardStreams.reason(error)
        return CLIError(creating ? .cannotCreate : .ioError,
                        "\(path): cannot \(creating ? "create" : "write") the WAV file: \(reason)")
    }

    /// A route distance in the locale's units and decimal separator.
    private func distance(_ meters: Double) -> String {
        let s = DistanceFormatting.long(meters, units: settings.builder.units)
        let separator = settings.locale.profile.decimalSeparator
        return separator == "." ? s : s.replacingOccurrences(of: ".", with: separator)
    }

    /// Drives in real time. `device` nil means text mode; with `fallbackToText`, a device that does not open
    /// gives one warning and text mode instead of exit 69.
    func live(device: String?, fallbackToText: Bool) throws -> ExitCode {
        let clock = SystemClock()
        let timeline = SimulationTimeline(speedup: speedup, wall: clock.now())
        let console = console(simTime: { timeline.sim(at: $0) })
        var streaming: StreamingPlayer?
        var estimator: any DurationEstimator = PhraseDurationEstimator(builder: settings.builder)
        if let device {
            let synthesizer = try extras.synthesizer(settings)
            let candidate = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do {
                try candidate.prepare()
                streaming = candidate
                let synthesized = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
                _ = settings.plan(estimator: synthesized)  // as in renderWAV: durations fixed before playback
                estimator = synthesized
            } catch let error as AudioDeviceUnavailable {
                guard fallbackToText else { throw CLIError(.unavailable, error.description, hint: AudioHint.text) }
                io.error("voiceguide drive: " + console.words.text("noAudio", ["reason": error.description]))
            }
        }
        let durations = Locked<[Int: Double]>([:])
        let player: any SpeechPlayer = streaming ?? TextBackend(clock: clock, duration: { u in durations.withLock { $0[u.id] ?? 2 } })
        let controller = SpeechController(player: player, clock: clock, observer: { console.speechEvent($0) })
        controller.volume = volume
        let loop = DriveLoop(settings: settings, estimator: estimator, controller: controller, voice: voice,
                             muteWindow: mute, clockTime: { timeline.wall(at: $0) },
                             onAnnouncement: { a, p, id in
                                 durations.withLock { $0[id] = a.durationSeconds }
                                 console.announced(a, phrase: p, id: id, at: a.triggerSeconds)
                             })
        let interactive = LiveInteraction(io: io, console: console, controller: controller, timeline: timeline, clock: clock)
        let audio = streaming
        interactive.onPause = { paused in audio?.setPaused(paused) }
        let position = Locked((driven: 0.0, sim: 0.0))
        let distance = self.distance
        console.event(startEvent(output: streaming == nil ? "text" : "alsa:" + (device ?? "default")))
        interactive.start { signal in
            // Ctrl-C, SIGTERM, SIGHUP, SIGQUIT: stop speech at once (the player drops the ALSA buffer), restore
            // the terminal, summarize, exit 128 + signal (130 for Ctrl-C).
            let (reason, code) = LiveInteraction.ending(signal)
            console.stop(because: reason)
            controller.mute()
            interactive.stop()
            let (driven, sim) = position.snapshot
            console.summary(driven: distance(driven), sim: sim, stopKey: reason)
            exit(code)
        }
        defer { interactive.stop() }
        let status = StatusLine(settings: settings)
        let mode: StatusLine.Mode = streaming == nil ? .text : .sound
        let window = WindowEvents(window: mute, console: console)
        let watchPipe = io.isProcessStdout
        var lastStatus = -1.0
        while !interactive.quitRequested {
            // A closed stdout pipe (`| head -1`) ends the drive now, even between log lines; a failed write (disk
            // full) ends it too, with exit 74.
            if watchPipe, StandardStreams.stdoutReaderGone() { StandardStreams.brokenPipe() }
            if io.outputError != nil { break }
            interactive.handleKeys(at: clock.now(), sim: loop.simTime)
            let now = clock.now()
            loop.run(until: timeline.sim(at: now)) { t in
                window.reach(t)
                controller.advance(to: clock.now())
            }
            controller.advance(to: now)
            position.withLock { $0 = (loop.progress?.distanceAlong ?? 0, loop.simTime) }
            if console.showsStatus, now - lastStatus >= 0.2 || interactive.takeResize() {
                lastStatus = now
                console.setStatus(status.render(progress: loop.progress, muted: controller.isMuted,
                                                speedup: timeline.speedup, paused: timeline.isPaused,
                                                wallRemaining: loop.progress.map { $0.remainingSeconds / timeline.speedup },
                                                mode: mode, columns: Terminal.shared.columns))
            }
            if loop.finished && controller.isIdle { break }
            usleep(10_000)
        }
        if interactive.quitRequested {
            console.stop(because: "stopQuit")
            controller.mute()
        }
        controller.waitUntilIdle(timeout: 30)
        try? streaming?.shutdown()
        interactive.stop()
        console.summary(driven: distance(loop.progress?.distanceAlong ?? 0), sim: loop.simTime,
                        stopKey: interactive.quitRequested ? "stopQuit" : nil)
        return .ok
    }
}
