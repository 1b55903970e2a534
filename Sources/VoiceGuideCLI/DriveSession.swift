import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import SpeechESpeakNG
import AudioALSA
import Navigation

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

/// Composes one drive: guidance settings, the navigator on the right clock and player, the console, and the
/// simulator feed. `renderWAV` and text mode run speech in drive time (every announcement at its simulated moment,
/// at natural speaking speed); live audio plays in wall time at `speedup`, where stale announcements are dropped.
struct DriveSetup {
    let settings: GuidanceSettings
    let speedup: Double
    /// WAV only: how many times the rendered timeline is compressed (1 keeps every announcement).
    let compress: Double
    let mute: MuteWindow?
    /// Output gain 0…1 (`--volume`).
    let volume: Double
    let io: CommandIO

    private var voice: String { settings.locale.profile.voice }

    /// Sends the navigator's announcements and speech outcomes to the console.
    static func console(_ console: DriveConsole) -> @Sendable (NavigationEvent) -> Void {
        { event in
            switch event.kind {
            case .announced(let announcement, let phrase, let id):
                console.announced(announcement, phrase: phrase, id: id, at: event.driveTime)
            case .speech(let speech):
                console.speechEvent(speech)
            default:
                break
            }
        }
    }

    /// Renders the whole drive to a WAV file: each announcement at its simulated time (divided by `compress`),
    /// silence between.
    func renderWAV(to path: String) throws -> ExitCode {
        let synthesizer = try settings.synthesizer()
        let estimator = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
        estimator.fixDurations(route: settings.index, options: settings.simulatorOptions)
        let clock = VirtualClock()
        let sink = WAVFileSink(path: path)
        let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
        do { try player.prepare() } catch { throw Self.wavError(path, error) }
        let timebase = SpeechTimebase.compressed(by: compress)
        let console = DriveConsole(io: io, simTime: timebase.driveTime)
        let navigator = Navigator(route: settings.index, builder: settings.builder, estimator: estimator, player: player,
                                  clock: clock, options: settings.navigatorOptions(timebase: timebase, mute: mute),
                                  observer: Self.console(console))
        navigator.speech.volume = volume
        let loop = DriveLoop(navigator: navigator, speedKmh: settings.speedKmh)
        loop.run(until: .infinity)
        navigator.finish()
        do { try player.finish(padTo: timebase.clockTime(loop.simTime)) } catch { throw Self.wavError(path, error) }
        var extra = String(format: "wrote %@ (%.1f s of audio)", path, sink.secondsWritten)
        let tally = console.counts
        if compress != 1 {
            extra += "; timeline compressed ×\(StatusLine.speed(compress))"
            if tally.dropped + tally.interrupted > 0 {
                extra += ": \(tally.dropped) dropped and \(tally.interrupted) cut off because speech at its natural speed "
                    + "no longer fits between them; without --compress every announcement is rendered"
            }
        }
        summary(tally, driven: loop.progress?.distanceAlong ?? 0, sim: loop.simTime, extra: extra)
        return .ok
    }

    /// A WAV file that cannot be written: the output is unavailable (exit 69), in the file system's words.
    static func wavError(_ path: String, _ error: any Error) -> CLIError {
        let reason = (error as? AudioDeviceUnavailable)?.reason ?? "\(error)"
        return CLIError(.unavailable, "\(path): cannot write the WAV file: \(reason)")
    }

    /// The speech side of a live drive: the player and clock, and how drive time maps onto that clock.
    private struct LiveSpeech {
        var player: (any SpeechPlayer)?
        var streaming: StreamingPlayer?
        var clock: any SpeechClock
        var timebase: SpeechTimebase
        var estimator: any DurationEstimator
    }

    /// Opens the audio device, or (text mode, or a fallback) runs silent speech in drive time.
    private func liveSpeech(device: String?, fallbackToText: Bool, timeline: SimulationTimeline) throws -> LiveSpeech {
        if let device {
            let synthesizer = try settings.synthesizer()
            let candidate = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do {
                try candidate.prepare()
                let synthesized = SynthesizedDurationEstimator(builder: settings.builder, synthesizer: synthesizer, voice: voice)
                synthesized.fixDurations(route: settings.index, options: settings.simulatorOptions)  // as in renderWAV
                // Live audio sounds in wall time: at a speedup, speech takes longer in drive time and stale
                // announcements are dropped.
                let timebase = SpeechTimebase(clockTime: { timeline.wall(at: $0) }, driveTime: { timeline.sim(at: $0) })
                return LiveSpeech(player: candidate, streaming: candidate, clock: SystemClock(), timebase: timebase,
                                  estimator: synthesized)
            } catch let error as AudioDeviceUnavailable {
                guard fallbackToText else { throw CLIError(.unavailable, error.description) }
                io.error("voiceguide drive: no audio output (\(error.description)); continuing in text mode.")
            }
        }
        // Text mode: nothing sounds, so speech runs in drive time and every announcement is shown at its moment.
        return LiveSpeech(player: nil, streaming: nil, clock: VirtualClock(), timebase: .identity,
                          estimator: PhraseDurationEstimator(builder: settings.builder))
    }

    /// Drives in real time at `speedup`. `device` nil means text mode; with `fallbackToText`, a device that does
    /// not open gives one warning and text mode instead of exit 69.
    func live(device: String?, fallbackToText: Bool) throws -> ExitCode {
        let wall = SystemClock()
        let timeline = SimulationTimeline(speedup: speedup, wall: wall.now())
        let speech = try liveSpeech(device: device, fallbackToText: fallbackToText, timeline: timeline)
        let console = DriveConsole(io: io, simTime: speech.timebase.driveTime)
        let navigator = Navigator(route: settings.index, builder: settings.builder, estimator: speech.estimator,
                                  player: speech.player, clock: speech.clock,
                                  options: settings.navigatorOptions(timebase: speech.timebase, mute: mute),
                                  observer: Self.console(console))
        let controller = navigator.speech
        controller.volume = volume
        let loop = DriveLoop(navigator: navigator, speedKmh: settings.speedKmh)
        let interactive = LiveInteraction(io: io, console: console, controller: controller, timeline: timeline, clock: wall)
        let position = Locked((driven: 0.0, sim: 0.0))
        interactive.start { signal in
            // Ctrl-C / SIGTERM: stop speech at once (the player drops the ALSA buffer), restore, summarize, exit.
            let reason = "stopped by \(signal == SIGINT ? "Ctrl-C" : "SIGTERM")"
            console.stop(because: reason)
            navigator.stop()
            interactive.stop()
            let (driven, sim) = position.snapshot
            summary(console.counts, driven: driven, sim: sim, extra: reason)
            exit(signal == SIGINT ? ExitCode.interrupted.rawValue : 128 + SIGTERM)
        }
        defer { interactive.stop() }
        let status = StatusLine(settings: settings)
        var lastStatus = -1.0
        while !interactive.quitRequested {
            interactive.handleKeys(at: wall.now(), sim: loop.simTime)
            let now = wall.now()
            loop.run(until: timeline.sim(at: now))
            navigator.advance(to: timeline.sim(at: now))
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
            navigator.stop()
        }
        navigator.finish(timeout: 30)
        try? speech.streaming?.shutdown()
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
