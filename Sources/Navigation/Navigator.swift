import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Routing

/// Turn-by-turn guidance with speech, for an app: feed it positions, it decides what to say and when, phrases it
/// in the locale's words and speaks it, one utterance at a time, dropping what went stale.
///
/// It owns a `GuidanceSession` (progress tracking and announcement planning) and a `SpeechController` (the
/// queue, priorities, mute and volume) on the clock you give it. Positions carry their own time ("drive time");
/// `SpeechTimebase` maps it onto the speech clock, so the same navigator renders a drive in virtual time (a
/// `VirtualClock`, every announcement at its moment), plays it live (a `SystemClock`), or follows a GPS receiver.
///
/// Everything observable is reported as `NavigationEvent`s, in order: to the `observer` given at creation
/// (called synchronously on the thread that caused the event — it must not call the navigator back) and to
/// every `events()` stream.
///
/// Thread-safe: positions usually come from one thread, `mute()`/`unmute()` may come from any.
public final class Navigator: @unchecked Sendable {  // @unchecked: `state` is read and written under `lock`; the rest is immutable
    /// How a navigator guides and speaks.
    public struct Options: Sendable {
        /// Planner and tracker numbers (`speedOverride` fixes the planning speed; `cameras` are the speed cameras to announce).
        public var configuration: GuidanceConfiguration
        /// The synthesizer voice; nil means the locale's own (`LocaleProfile.voice`).
        public var voice: String?
        /// How drive time maps onto the speech clock.
        public var timebase: SpeechTimebase
        /// A scripted mute, in drive seconds.
        public var muteWindow: MuteWindow?
        /// What unmute may say again.
        public var unmutePolicy: UnmutePolicy
        /// The routing service asked for a new route when the vehicle is off route; nil to only say so.
        public var router: (any Router)?

        /// Creates options; the defaults guide with the standard numbers, the locale's voice, drive time on the
        /// speech clock, no mute window, and the latest still-valid instruction repeated after unmute.
        public init(configuration: GuidanceConfiguration = .standard, voice: String? = nil,
                    timebase: SpeechTimebase = .identity, muteWindow: MuteWindow? = nil,
                    unmutePolicy: UnmutePolicy = .repeatLatestValid, router: (any Router)? = nil) {
            self.configuration = configuration
            self.voice = voice
            self.timebase = timebase
            self.muteWindow = muteWindow
            self.unmutePolicy = unmutePolicy
            self.router = router
        }
    }

    private struct State {
        var session: GuidanceSession
        var nextID = 1
        var driveTime = 0.0
        var mutedByWindow = false
        var windowClosed = false
        var offRoute = false
        var arrived = false
        var location = LocationStatus.ok
        var rerouteAttempt = 1
    }

    /// The speech queue the navigator speaks through (volume, `isIdle`, `current`; mute through the navigator).
    public let speech: SpeechController
    /// The phrase builder (locale and units).
    public let builder: PhraseBuilder
    /// The voice utterances are spoken in.
    public let voice: String
    /// The options it was created with.
    public let options: Options
    private let lock = NSLock()
    private var state: State
    private let broadcaster: EventBroadcaster
    private let durations: Locked<[Int: Double]>
    private let rerouter: RerouteRequester?

    /// Creates a navigator on `route`, phrasing with `builder` and planning with `estimator`'s speaking times.
    ///
    /// - Parameters:
    ///   - player: plays utterances (a `StreamingPlayer` on a sound card, a `RenderingPlayer` into a WAV file);
    ///     nil for a silent `TextBackend` that takes each announcement's planned speaking time.
    ///   - clock: the speech clock (`VirtualClock` for rendering, `SystemClock` for live playback).
    ///   - observer: told of every event, in order, on the thread that caused it; it must not call the navigator.
    public init(route: RouteIndex, builder: PhraseBuilder, estimator: any DurationEstimator,
                player: (any SpeechPlayer)?, clock: any SpeechClock, options: Options = Options(),
                observer: (@Sendable (NavigationEvent) -> Void)? = nil) {
        self.builder = builder
        self.options = options
        voice = options.voice ?? builder.locale.voice
        let durations = Locked<[Int: Double]>([:])
        self.durations = durations
        let broadcaster = EventBroadcaster(observer: observer)
        self.broadcaster = broadcaster
        let chosen = player ?? TextBackend(clock: clock, duration: { u in
            durations.withLock { $0[u.id] } ?? EstimatingSynthesizer().seconds(for: u)
        })
        let timebase = options.timebase
        speech = SpeechController(player: chosen, clock: clock, unmutePolicy: options.unmutePolicy, observer: { event in
            broadcaster.send(NavigationEvent(driveTime: timebase.driveTime(event.time), kind: .speech(event)))
        })
        state = State(session: GuidanceSession(index: route, configuration: options.configuration, estimator: estimator))
        rerouter = options.router.map { RerouteRequester(router: $0) }
    }

    /// The route being followed (changes on `reroute(to:)`).
    public var route: RouteIndex { locked { $0.session.index } }
    /// Progress after the last position, if any.
    public var progress: RouteProgress? { locked { $0.session.progress } }
    /// Drive time of the last position or `advance(to:)`.
    public var driveTime: Double { locked { $0.driveTime } }
    /// True while speech is muted (by `mute()` or the mute window).
    public var isMuted: Bool { speech.isMuted }
    /// True once the final arrival has been announced.
    public var hasArrived: Bool { locked { $0.arrived } }
    /// True while the vehicle is confirmed off the route.
    public var isOffRoute: Bool { locked { $0.offRoute } }
    /// Speed cameras passed without being said so far (no room before them; `AnnouncementPlanner.skippedCameras`).
    public var skippedCameras: Int { locked { $0.session.planner.skippedCameras } }
    /// True while a reroute request is on its way to the router.
    public var isRerouting: Bool { rerouter?.isInFlight ?? false }
    /// The position receiver's last reported state.
    public var locationStatus: LocationStatus { locked { $0.location } }

    /// A stream of every event from now on (ends with `finish()`).
    public func events() -> AsyncStream<NavigationEvent> { broadcaster.stream() }

    /// Takes one position (its timestamp is drive time, never earlier than the last one): moves speech time
    /// there, updates progress, and speaks what guidance triggers. Returns the triggered announcements.
    @discardableResult
    public func update(_ position: Position) -> [Announcement] {
        locked { s in
            let t = max(position.timestamp, s.driveTime)
            moveTime(&s, to: t)
            applyRerouteOutcome(&s)
            let announcements = s.session.update(position)
            noteRouteState(&s)
            if s.offRoute { requestReroute(&s, from: position) }
            for announcement in announcements { say(announcement, &s) }
            return announcements
        }
    }

    /// Moves drive time to `time` without a position: runs speech up to it (a virtual clock advances; a real
    /// one is already there), drops what went stale, and applies the mute window's edges on the way.
    public func advance(to time: Double) {
        locked { s in moveTime(&s, to: max(time, s.driveTime)) }
    }

    /// Notes the position receiver's state (from `LocationEvent.status`). Guidance needs no action: while fixes
    /// do not come, nothing new is announced; the event lets a status line show "GPS lost" and when it is back.
    public func locationChanged(_ status: LocationStatus) {
        locked { s in
            guard s.location != status else { return }
            s.location = status
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .location(status)))
        }
    }

    /// Mutes now: the current utterance is cut, everything is suppressed until `unmute()`.
    public func mute() {
        locked { s in
            guard !speech.isMuted else { return }
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .muted(scheduled: false)))
            speech.mute()
        }
    }

    /// Unmutes now; the most urgent suppressed instruction that can still finish in time is said again.
    public func unmute() {
        locked { s in
            guard speech.isMuted else { return }
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .unmuted(scheduled: false)))
            speech.unmute()
        }
    }

    /// Stops speaking for good (the user quit): cuts current speech, suppresses everything after, and cancels
    /// the rest of the mute window so nothing is said again. Call `finish()` afterwards.
    public func stop() {
        locked { s in
            s.windowClosed = true
            s.mutedByWindow = false
            guard !speech.isMuted else { return }
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .muted(scheduled: false)))
            speech.mute()
        }
    }

    /// Continues on `route`, a new route from the current position, without repeating what was already said for
    /// maneuvers that are the same on both; a `reroute` announcement follows at the next position.
    public func reroute(to route: RouteIndex) {
        locked { s in switchRoute(&s, to: route) }
    }

    /// Ends the drive: closes a pending mute window, lets speech finish (a virtual clock runs to the end, a real
    /// one waits up to `timeout` seconds), reports `.finished` and ends the event streams. Returns true when
    /// speech went idle.
    @discardableResult
    public func finish(timeout: Double = 60) -> Bool {
        locked { s in applyMuteWindow(&s, upTo: .infinity) }
        let idle = speech.waitUntilIdle(timeout: timeout)
        let end = locked { s in max(s.driveTime, options.timebase.driveTime(speech.clock.now())) }
        broadcaster.send(NavigationEvent(driveTime: end, kind: .finished))
        broadcaster.finish()
        speech.finishEvents()
        return idle
    }

    // MARK: - Internals (called with the lock held)

    private func locked<R>(_ body: (inout State) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&state)
    }

    /// Applies mute-window edges up to `time`, then moves the speech clock there.
    private func moveTime(_ s: inout State, to time: Double) {
        applyMuteWindow(&s, upTo: time)
        s.driveTime = max(s.driveTime, time)
        speech.advance(to: options.timebase.clockTime(s.driveTime))
    }

    /// Mutes/unmutes when the window's edges fall at or before `time`, each at its exact moment.
    private func applyMuteWindow(_ s: inout State, upTo time: Double) {
        guard let window = options.muteWindow else { return }
        if !s.mutedByWindow, !s.windowClosed, window.from <= time {
            let at = max(window.from, s.driveTime)
            speech.advance(to: options.timebase.clockTime(at))
            broadcaster.send(NavigationEvent(driveTime: at, kind: .muted(scheduled: true)))
            speech.mute()
            s.mutedByWindow = true
        }
        if s.mutedByWindow, window.until <= time {
            let at = max(window.until, s.driveTime)
            speech.advance(to: options.timebase.clockTime(at))
            broadcaster.send(NavigationEvent(driveTime: at, kind: .unmuted(scheduled: true)))
            speech.unmute()
            s.mutedByWindow = false
            s.windowClosed = true
        }
    }

    /// Reports entering and leaving the off-route state; back on route, a pending reroute is forgotten.
    private func noteRouteState(_ s: inout State) {
        guard let progress = s.session.progress else { return }
        if progress.becameOffRoute, !s.offRoute {
            s.offRoute = true
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .offRoute))
        } else if s.offRoute, progress.becameOnRoute || progress.state == .onRoute {
            s.offRoute = false
            rerouter?.reset()
            broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .backOnRoute))
        }
    }

    /// Switches guidance to `route` (it starts at the current position) and reports it.
    private func switchRoute(_ s: inout State, to route: RouteIndex) {
        s.session.reroute(to: route)
        s.offRoute = false
        rerouter?.reset()
        broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .rerouted(route)))
    }

    /// Asks the router for a route from `position` to the remaining waypoints, unless a request is in flight or
    /// the back-off after a failure has not passed. Never waits for the network.
    private func requestReroute(_ s: inout State, from position: Position) {
        guard let rerouter else { return }
        let request = RouteRequest(rerouting: s.session.index.route, currentLeg: s.session.progress?.stepID.leg ?? 0,
                                   position: position.coordinate, heading: position.heading,
                                   language: builder.locale.tag, units: builder.units.rawValue)
        guard !request.destinations.isEmpty, rerouter.request(request, now: s.driveTime) else { return }
        broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .rerouteRequested(attempt: s.rerouteAttempt)))
    }

    /// Applies a finished reroute request: a new route is switched to; a failure is reported and retried later.
    private func applyRerouteOutcome(_ s: inout State) {
        guard let outcome = rerouter?.poll(now: s.driveTime) else { return }
        switch outcome.result {
        case .success(let response):
            s.rerouteAttempt = 1
            guard s.offRoute else { return }  // back on the route meanwhile: the old route stays
            switchRoute(&s, to: RouteIndex(route: response.document.route))
        case .failure(let error):
            s.rerouteAttempt = outcome.attempt + 1
            broadcaster.send(NavigationEvent(driveTime: s.driveTime,
                                             kind: .rerouteFailed(reason: error.description, retryInSeconds: outcome.retryDelay)))
        }
    }

    /// The current speed in m/s: the position's, else the route's own, else 50 km/h.
    private func currentSpeed(_ s: State) -> Double {
        if let v = s.session.progress?.speed, v > 0.5 { return v }
        return s.session.index.speed(atDistance: s.session.progress?.distanceAlong ?? 0) ?? 13.9
    }

    /// Phrases an announcement and hands it to speech with the deadline after which it is stale.
    private func say(_ announcement: Announcement, _ s: inout State) {
        let phrase = builder.phrase(announcement)
        let id = s.nextID
        s.nextID += 1
        durations.withLock { $0[id] = announcement.durationSeconds }
        if announcement.kind == .arrive { s.arrived = true }
        broadcaster.send(NavigationEvent(driveTime: s.driveTime, kind: .announced(announcement, phrase, utteranceID: id)))
        let validity = AnnouncementValidity.seconds(announcement, speed: currentSpeed(s))
        let deadline = max(options.timebase.clockTime(s.driveTime + validity),
                           speech.clock.now() + AnnouncementValidity.submissionGraceSeconds)
        speech.speak(Utterance(id: id, text: phrase.ssml, isSSML: true, voice: voice,
                               priority: announcement.kind.priority, deadline: deadline,
                               label: announcement.kind.rawValue))
    }
}

/// Delivers events to the observer and the open streams, in order.
final class EventBroadcaster: @unchecked Sendable {  // @unchecked: every var is read and written under `lock`
    private let lock = NSLock()
    private let observer: (@Sendable (NavigationEvent) -> Void)?
    private var continuations: [Int: AsyncStream<NavigationEvent>.Continuation] = [:]
    private var nextKey = 0

    init(observer: (@Sendable (NavigationEvent) -> Void)?) { self.observer = observer }

    func send(_ event: NavigationEvent) {
        lock.lock()
        defer { lock.unlock() }
        observer?(event)
        for c in continuations.values { c.yield(event) }
    }

    func stream() -> AsyncStream<NavigationEvent> {
        let (stream, continuation) = AsyncStream<NavigationEvent>.makeStream()
        let key: Int = lock.withLock {
            nextKey += 1
            continuations[nextKey] = continuation
            return nextKey
        }
        continuation.onTermination = { [weak self] _ in
            guard let self else { return }
            self.lock.withLock { _ = self.continuations.removeValue(forKey: key) }
        }
        return stream
    }

    func finish() {
        let all: [AsyncStream<NavigationEvent>.Continuation] = lock.withLock {
            defer { continuations = [:] }
            return Array(continuations.values)
        }
        for c in all { c.finish() }
    }
}
