import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import SpeechBackends
import AudioALSA
import Navigation
import Location
import Routing

/// Maps wall-clock time to simulated time under a changing speedup and pauses (the live drive's `+`, `-`, space).
final class SimulationTimeline: @unchecked Sendable {  // @unchecked: its only state is a Locked
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
    /// `--voice`, `--rate`, `--pitch`, verbosity and `--events`.
    var extras = DriveExtras()
    /// `--location`, simulation options, `--record`, `--router`.
    var location = DriveLocation()

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

    /// Sends the navigator's events to the console and `--events`; `router` names the routing server.
    ///
    /// The log gets one line per change, not per attempt: a router that does not answer is reported when the
    /// outage starts (its first failed request) and when it answers again; the requests and failures between
    /// go to `--events` only. A receiver that stops delivering fixes (no fix, stale, lost) is reported when it
    /// stops, and again when fixes are back.
    func observer(_ console: DriveConsole, router: String?, driver: (any LocationSource)? = nil) -> @Sendable (NavigationEvent) -> Void {
        let units = settings.builder.units
        let routerName = router ?? "the router"
        let routerDown = Locked(false)
        return { event in
            if case .rerouted(let route) = event.kind { driver?.routeChanged(to: route) }
            let t = event.driveTime
            switch event.kind {
            case .announced(let announcement, let phrase, let id):
                console.announced(announcement, phrase: phrase, id: id, at: t)
            case .speech(let speech):
                console.speechEvent(speech)
            case .muted(scheduled: true):
                console.event(DriveEvent("mute", at: t, [("source", .string("window"))]))
            case .unmuted(scheduled: true):
                console.event(DriveEvent("unmute", at: t, [("source", .string("window"))]))
            case .muted, .unmuted, .finished:
                break
            case .offRoute:
                console.event(DriveEvent("leftRoute", at: t))
            case .backOnRoute:
                console.event(DriveEvent("backOnRoute", at: t))
            case .rerouteRequested(let attempt):
                let event = DriveEvent("rerouteRequested", at: t, [("attempt", .number(Double(attempt)))])
                if attempt == 1, !routerDown.snapshot {
                    console.info("rerouting", ["router": routerName, "attempt": String(attempt)], at: t, event: event)
                } else {
                    console.event(event)
                }
            case .rerouteFailed(let reason, let retry):
                let event = DriveEvent("rerouteFailed", at: t, [("reason", .string(reason)),
                                                               ("retryInSeconds", retry.map { .number($0) } ?? .null)])
                let outageStarts = routerDown.withLock { down in
                    defer { down = true }
                    return !down
                }
                if outageStarts {
                    console.info("rerouteFailed", ["reason": reason, "seconds": console.words.seconds(retry ?? 0)], at: t,
                                 event: event)
                } else {
                    console.event(event)
                }
            case .rerouted(let route):
                let outageEnds = routerDown.withLock { down in
                    defer { down = false }
                    return down
                }
                if outageEnds { console.info("routerBack", ["router": routerName], at: t) }
                let meters = route.path.length, steps = route.steps.count
                console.info("rerouted", ["distance": DistanceFormatting.long(meters, units: units), "steps": String(steps)], at: t,
                             event: DriveEvent("rerouted", at: t, [("distanceMeters", .number((meters * 10).rounded() / 10)),
                                                                  ("steps", .number(Double(steps)))]))
            case .location(let status):
                let event = DriveEvent("location", at: t, [("state", .string(Self.stateName(status)))])
                switch status {
                case .ok: console.info("gpsOk", at: t, event: event)
                case .noFix: console.info("gpsNoFix", at: t, event: event)
                case .stale: console.info("gpsStale", at: t, event: event)
                case .lost(let reason): console.info("gpsLost", ["reason": reason], at: t, event: event)
                case .reconnecting: console.event(event)
                }
            }
        }
    }

    /// The `state` of a `location` event.
    static func stateName(_ status: LocationStatus) -> String {
        switch status {
        case .ok: return "ok"
        case .noFix: return "noFix"
        case .stale: return "stale"
        case .lost: return "lost"
        case .reconnecting: return "reconnecting"
        }
    }

    /// The duration estimator of a drive with sound: the library's synthesis ahead
    /// (`SynthesizedDurationEstimator.plannedAhead`, what a `Navigator` user calls), with one line saying how long
    /// it took for a Piper voice.
    private func plannedEstimator(_ chosen: SpeechBackend.Voice) -> SynthesizedDurationEstimator {
        let planned = SynthesizedDurationEstimator.plannedAhead(route: settings.index, builder: settings.builder,
                                                                synthesizer: chosen.synthesizer, voice: chosen.name,
                                                                standIn: chosen.standIn, options: settings.simulatorOptions)
        if let piper = chosen.piper, extras.verbosity != .quiet {
            io.error("voiceguide drive: \(piper.voice.name): \(planned.run.announcements.count) announcements synthesized ahead in "
                     + String(format: "%.1f s", planned.seconds)
                     + (piper.loadSeconds > 0 ? String(format: " (model loaded in %.1f s)", piper.loadSeconds) : ""))
        }
        return planned.estimator
    }

    /// With a Piper voice: one line when urgent announcements were said by eSpeak NG because their neural audio
    /// was not ready at their moment.
    private func noteFallbacks(_ chosen: SpeechBackend.Voice) {
        guard chosen.fallbacks > 0 else { return }
        io.error("voiceguide drive: \(chosen.fallbacks) urgent announcement(s) said by eSpeak NG: their \(chosen.name) audio was not ready in time")
    }

    /// Renders the whole drive to a WAV file: each announcement at its simulated time (divided by `compress`),
    /// silence between.
    func renderWAV(to path: String) throws -> ExitCode {
        let chosen = try extras.voice(settings, io: io)
        let synthesizer = chosen.synthesizer, voice = chosen.name
        let estimator = plannedEstimator(chosen)
        let clock = VirtualClock()
        let sink = WAVFileSink(path: path)
        let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
        do { try player.prepare() } catch { throw Self.wavError(path, error, creating: true) }
        let timebase = SpeechTimebase.compressed(by: compress)
        let console = console(simTime: timebase.driveTime)
        console.event(startEvent(output: "wav:" + path))
        let router = try location.router(command: DriveCommand.name)
        let source = try location.open(settings)
        let navigator = Navigator(route: settings.index, builder: settings.builder, estimator: estimator, player: player,
                                  clock: clock,
                                  options: settings.navigatorOptions(voice: voice, timebase: timebase, mute: mute, router: router),
                                  observer: observer(console, router: router?.label, driver: source))
        navigator.speech.volume = volume
        let recorder = try location.openRecorder()
        let loop = DriveLoop(navigator: navigator, source: source, recorder: recorder)
        do { try loop.run(until: .infinity) } catch { recorder?.abandon(); throw DriveLocation.cliError(error) }
        noteSourceEnd(loop, console: console)
        navigator.finish()
        do { try recorder?.finish() } catch { throw DriveLocation.cliError(error) }
        do { try player.finish(padTo: timebase.clockTime(loop.simTime)) } catch { throw Self.wavError(path, error, creating: false) }
        let tally = console.counts
        var wrote = console.words.text("wrote", ["file": path, "seconds": console.words.seconds(sink.secondsWritten)])
        if compress != 1 {
            wrote += "; timeline compressed ×\(StatusLine.speed(compress))"
            if tally.dropped + tally.interrupted > 0 {
                wrote += ": \(tally.dropped) dropped and \(tally.interrupted) cut off because speech at its natural speed "
                    + "no longer fits between them; without --compress every announcement is rendered"
            }
        }
        console.summary(driven: distance(loop.progress?.distanceAlong ?? 0), sim: loop.simTime, stopKey: nil, wrote: wrote,
                        nmea: source.nmeaReport, skippedCameras: settings.cameras.isEmpty ? nil : navigator.skippedCameras,
                        espeakFallbacks: chosen.fallbacks)
        Self.noteNoFix(loop, source: source, io: io)
        noteFallbacks(chosen)
        if tally.failed > 0 {
            throw CLIError(.ioError, "\(path): writing the WAV file failed for \(tally.failed) announcement(s)")
        }
        return .ok
    }

    /// Once the recorded positions are over (call it once): with `--verbose`, what the NMEA reader used and
    /// skipped; and when they ended before the destination, one line saying how far from it (the drive then
    /// ends, once what is being said is finished).
    private func noteSourceEnd(_ loop: DriveLoop, console: DriveConsole) {
        let time = loop.feed.endedShort?.driveTime ?? loop.simTime
        if extras.verbosity == .verbose, let report = loop.feed.source.nmeaReport {
            console.info("nmeaRead", ["file": report.name, "fixes": String(report.fixes), "garbled": String(report.garbled)],
                         at: time)
        }
        guard let short = loop.feed.endedShort else { return }
        let meters = short.remainingMeters
        console.info("positionsEnded", ["distance": distance(meters)], at: short.driveTime,
                     event: DriveEvent("positionsEnded", at: short.driveTime,
                                       [("remainingMeters", .number((meters * 10).rounded() / 10))]))
    }

    /// After the summary: a drive that ended without a single fix says so on stderr, however it ended.
    static func noteNoFix(_ loop: DriveLoop, source: any LocationSource, io: CommandIO) {
        guard loop.feed.fixesUsed == 0 else { return }
        io.error("voiceguide drive: the drive ended without any position fix from \(source.label)")
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

    /// The speech side of a live drive: the player and clock, and how drive time maps onto that clock.
    private struct LiveSpeech {
        var player: (any SpeechPlayer)?
        var streaming: StreamingPlayer?
        var clock: any SpeechClock
        var timebase: SpeechTimebase
        var estimator: any DurationEstimator
        /// The voice name utterances carry (nil in text mode: the locale's).
        var voice: String?
        /// The voice built for sound (nil in text mode): its `fallbacks` go into the summary.
        var chosen: SpeechBackend.Voice?
    }

    /// Opens the audio device, or (text mode, or a fallback) runs silent speech in drive time.
    private func liveSpeech(device: String?, fallbackToText: Bool, timeline: SimulationTimeline,
                            words: DriveWords) throws -> LiveSpeech {
        if let device {
            let chosen = try extras.voice(settings, io: io)
            let synthesizer = chosen.synthesizer
            let candidate = StreamingPlayer(synthesizer: synthesizer, sink: ALSASink(device: device))
            do {
                try candidate.prepare()
                let synthesized = plannedEstimator(chosen)  // as in renderWAV
                // Live audio sounds in wall time: at a speedup, speech takes longer in drive time and stale
                // announcements are dropped.
                let timebase = SpeechTimebase(clockTime: { timeline.wall(at: $0) }, driveTime: { timeline.sim(at: $0) })
                return LiveSpeech(player: candidate, streaming: candidate, clock: SystemClock(), timebase: timebase,
                                  estimator: synthesized, voice: chosen.name, chosen: chosen)
            } catch let error as AudioDeviceUnavailable {
                guard fallbackToText else { throw CLIError(.unavailable, error.description, hint: AudioHint.text) }
                io.error("voiceguide drive: " + words.text("noAudio", ["reason": error.description]))
            }
        }
        // Text mode: nothing sounds, so speech runs in drive time and every announcement is shown at its moment.
        return LiveSpeech(player: nil, streaming: nil, clock: VirtualClock(), timebase: .identity,
                          estimator: PhraseDurationEstimator(builder: settings.builder), voice: nil)
    }

    /// Drives in real time at `speedup`. `device` nil means text mode; with `fallbackToText`, a device that does
    /// not open gives one warning and text mode instead of exit 69.
    func live(device: String?, fallbackToText: Bool) throws -> ExitCode {
        let source = try location.open(settings)
        let wall = SystemClock()
        // A live receiver's positions come in wall-clock time: its drive time is the time since it was opened.
        // (counted from when it was opened, when that was before: waiting for the fix a route was planned from).
        let timeline = SimulationTimeline(speedup: source.timing == .live ? 1 : speedup,
                                          wall: wall.now() - (source.timing == .live ? location.opened?.since.now() ?? 0 : 0))
        let speech = try liveSpeech(device: device, fallbackToText: fallbackToText, timeline: timeline,
                                    words: DriveWords(locale: settings.locale))
        let console = console(simTime: speech.timebase.driveTime)
        let router = try location.router(command: DriveCommand.name)
        let navigator = Navigator(route: settings.index, builder: settings.builder, estimator: speech.estimator,
                                  player: speech.player, clock: speech.clock,
                                  options: settings.navigatorOptions(voice: speech.voice, timebase: speech.timebase, mute: mute,
                                                                     router: router),
                                  observer: observer(console, router: router?.label, driver: source))
        let controller = navigator.speech
        controller.volume = volume
        let recorder = try location.openRecorder()
        let loop = DriveLoop(navigator: navigator, source: source, recorder: recorder)
        let interactive = LiveInteraction(io: io, console: console, controller: controller, timeline: timeline, clock: wall)
        let audio = speech.streaming
        interactive.onPause = { paused in audio?.setPaused(paused) }
        let position = Locked((driven: 0.0, sim: 0.0, nmea: NMEAReport?.none))
        let distance = self.distance
        console.event(startEvent(output: speech.streaming == nil ? "text" : "alsa:" + (device ?? "default")))
        interactive.start { signal in
            // Ctrl-C, SIGTERM, SIGHUP, SIGQUIT: stop speech at once (the player drops the ALSA buffer), restore
            // the terminal, summarize, exit 128 + signal (130 for Ctrl-C).
            let (reason, code) = LiveInteraction.ending(signal)
            try? recorder?.finish()
            console.stop(because: reason)
            navigator.stop()
            interactive.stop()
            let (driven, sim, nmea) = position.snapshot
            console.summary(driven: distance(driven), sim: sim, stopKey: reason, nmea: nmea,
                            espeakFallbacks: speech.chosen?.fallbacks ?? 0)
            Self.noteNoFix(loop, source: source, io: io)
            if let chosen = speech.chosen { noteFallbacks(chosen) }
            exit(code)
        }
        defer { interactive.stop() }
        let status = StatusLine(settings: settings)
        let mode: StatusLine.Mode = speech.streaming == nil ? .text : .sound
        let watchPipe = io.isProcessStdout
        var lastStatus = -1.0
        var sourceEndNoted = false
        while !interactive.quitRequested {
            // A closed stdout pipe (`| head -1`) ends the drive now, even between log lines; a failed write (disk
            // full) ends it too, with exit 74.
            if watchPipe, StandardStreams.stdoutReaderGone() { StandardStreams.brokenPipe() }
            if io.outputError != nil { break }
            interactive.handleKeys(at: wall.now(), sim: loop.simTime)
            let now = wall.now()
            do { try loop.run(until: timeline.sim(at: now)) } catch {
                interactive.stop()
                recorder?.abandon()
                throw DriveLocation.cliError(error)
            }
            position.withLock { $0 = (loop.progress?.distanceAlong ?? 0, loop.simTime, source.nmeaReport) }
            if loop.finished, !sourceEndNoted {
                sourceEndNoted = true
                noteSourceEnd(loop, console: console)
            }
            if console.showsStatus, now - lastStatus >= 0.2 || interactive.takeResize() {
                lastStatus = now
                let alert = StatusLine.Alert(location: navigator.locationStatus, offRoute: navigator.isOffRoute,
                                             rerouting: navigator.isRerouting)
                console.setStatus(status.render(progress: loop.progress, muted: controller.isMuted,
                                                speedup: timeline.speedup, paused: timeline.isPaused,
                                                wallRemaining: loop.progress.map { $0.remainingSeconds / timeline.speedup },
                                                mode: mode, alert: alert, columns: Terminal.shared.columns))
            }
            if loop.finished && controller.isIdle { break }
            usleep(10_000)
        }
        if interactive.quitRequested {
            console.stop(because: "stopQuit")
            navigator.stop()
        }
        navigator.finish(timeout: 30)
        try? speech.streaming?.shutdown()
        source.close()
        interactive.stop()
        do { try recorder?.finish() } catch { throw DriveLocation.cliError(error) }
        console.summary(driven: distance(loop.progress?.distanceAlong ?? 0), sim: loop.simTime,
                        stopKey: interactive.quitRequested ? "stopQuit" : nil, nmea: source.nmeaReport,
                        skippedCameras: settings.cameras.isEmpty ? nil : navigator.skippedCameras,
                        espeakFallbacks: speech.chosen?.fallbacks ?? 0)
        Self.noteNoFix(loop, source: source, io: io)
        if let chosen = speech.chosen { noteFallbacks(chosen) }
        return .ok
    }
}
