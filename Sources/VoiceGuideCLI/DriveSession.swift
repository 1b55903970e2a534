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

    private var voice: String { settings.locale.profile.voice }

    /// Renders the whole drive to a WAV file: each announcement at its simulated time / speedup, silence between.
    func renderWAV(to path: String) throws -> ExitCode {
        let synthesizer = try settings.synthesizer()
        let estimator = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
        _ = settings.plan(estimator: estimator)  // fixes every duration first: the drive says what the transcript says
        let clock = VirtualClock()
        let sink = WAVFileSink(path: path)
        let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
        do { try player.prepare() } catch { throw Self.wavError(path, error) }
        let speedup = self.speedup
        let console = DriveConsole(io: io, simTime: { $0 * speedup })
        let controller = SpeechController(player: player, clock: clock, observer: { console.speechEvent($0) })
        controller.volume = volume
        let loop = DriveLoop(settings: settings, estimator: estimator, controller: controller, voice: voice,
                             muteWindow: mute, clockTime: { $0 / speedup },
                             onAnnouncement: { a, p, id in console.announced(a, phrase: p, id: id, at: a.triggerSeconds) })
        loop.run(until: .infinity) { controller.advance(to: $0 / speedup) }
        controller.waitUntilIdle()
        do { try player.finish(padTo: loop.simTime / speedup) } catch { throw Self.wavError(path, error) }
        summary(console.counts, driven: loop.progress?.distanceAlong ?? 0, sim: loop.simTime, extra: String(format: "wrote %@ (%.1f s of audio)", path, sink.secondsWritten))
        return .ok
    }

    /// A WAV file that cannot be written: the output is unavailable (exit 69), in the file system's words.
    static func wavError(_ path: String, _ error: any Error) -> CLIError {
        let reason = (error as? AudioDeviceUnavailable)?.reason ?? "\(error)"
        return CLIError(.unavailable, "\(path): cannot write the WAV file: \(reason)")
    }

    /// Drives in real time. `device` nil means text mode; with `fallbackToText`, a device that does not open
    /// gives one warning and text mode instead of exit 69.
    func live(device: String?, fallbackToText: Bool) throws -> ExitCode {
        let clock = SystemClock()
        let timeline = SimulationTimeline(speedup: speedup, wall: clock.now())
        let console = DriveConsole(io: io, simTime: { timeline.sim(at: $0) })
        var streaming: StreamingPlayer?
        var estimator: any DurationEstimator = PhraseDurationEstimator(builder: settings.builder)
        if let device {
            let synthesizer = try settings.synthesizer()
            let candidate = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do {
                try candidate.prepare()
                streaming = candidate
                let synthesized = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
                _ = settings.plan(estimator: synthesized)  // as in renderWAV: durations fixed before playback
                estimator = synthesized
            } catch let error as AudioDeviceUnavailable {
                guard fallbackToText else { throw CLIError(.unavailable, error.description) }
                io.error("voiceguide drive: no audio output (\(error.description)); continuing in text mode.")
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
        let position = Locked((driven: 0.0, sim: 0.0))
        interactive.start { signal in
            // Ctrl-C / SIGTERM: stop speech at once (the player drops the ALSA buffer), restore, summarize, exit.
            let reason = "stopped by \(signal == SIGINT ? "Ctrl-C" : "SIGTERM")"
            console.stop(because: reason)
            controller.mute()
            interactive.stop()
            let (driven, sim) = position.snapshot
            summary(console.counts, driven: driven, sim: sim, extra: reason)
            exit(signal == SIGINT ? ExitCode.interrupted.rawValue : 128 + SIGTERM)
        }
        defer { interactive.stop() }
        let status = StatusLine(settings: settings)
        var lastStatus = -1.0
        while !interactive.quitRequested {
            interactive.handleKeys(at: clock.now(), sim: loop.simTime)
            let now = clock.now()
            loop.run(until: timeline.sim(at: now)) { _ in controller.advance(to: clock.now()) }
            controller.advance(to: now)
            position.withLock { $0 = (loop.progress?.distanceAlong ?? 0, loop.simTime) }
            if now - lastStatus >= 0.2 {
                lastStatus = now
                console.setStatus(status.render(progress: loop.progress, muted: controller.isMuted,
                                                speedup: timeline.speedup, paused: timeline.isPaused,
                                                wallRemaining: loop.progress.map { $0.remainingSeconds / timeline.speedup }))
            }
            if loop.finished && controller.isIdle { break }
            usleep(10_000)
        }
        if interactive.quitRequested {
            console.stop(because: "quit")
            controller.mute()
        }
        controller.waitUntilIdle(timeout: 30)
        try? streaming?.shutdown()
        interactive.stop()
        summary(console.counts, driven: loop.progress?.distanceAlong ?? 0, sim: loop.simTime,
                extra: interactive.quitRequested ? "quit" : nil)
        return .ok
    }

    /// The closing line: distance and time driven, what became of the announcements.
    func summary(_ tally: DriveTally, driven: Double, sim: Double, extra: String?) {
        var line = "Drove \(DistanceFormatting.long(driven, units: settings.builder.units)) in \(TimeFormatting.clock(sim)) simulated"
        line += "; announcements: \(tally.triggered) triggered, \(tally.spoken) spoken, \(tally.interrupted) interrupted, "
        line += "\(tally.muted) muted, \(tally.dropped) dropped"
        if tally.failed > 0 { line += ", \(tally.failed) failed" }
        if let extra { line += " (\(extra))" }
        io.error(line + ".")
    }
}
