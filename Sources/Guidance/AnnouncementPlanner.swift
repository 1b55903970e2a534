import RouteModel

/// Decides which announcement to start at each progress update (at most one, never while one is speaking).
///
/// For the next maneuver ahead it knows the stages early → prepare → now (prepare → arrive or waypoint for
/// arrivals) and their trigger distances from `GuidanceConfiguration` at the planning speed. When several
/// stages are due at once (after a GPS jump) only the latest is said and the earlier ones are dropped.
/// A stage that could no longer finish in time is dropped: a prepare or early cue must end before the next
/// stage's trigger, a `now` must end `nowFinishMarginSeconds` before the maneuver. Before a `now` is dropped
/// it falls back to shorter forms (see `nowFallbacks`): without its "then", then terse ("Turn left."), so in
/// a run of close turns each one is still named, in order, before it is reached when the update rate allows.
/// When the turns come faster than even terse `now`s can be said one by one, the "then" grows into a run
/// (`Announcement.thenMore`, see `chainRun`): "Turn right onto B, then turn left, then turn right."; every
/// maneuver named in a run counts as named (no prepare of its own; its own `now` only if there is time).
/// An arrival starts at the latest on the update that reaches it; `notification` steps get no cues.
/// Nothing is said twice:
/// see `AnnouncementMemory`, which also spans reroutes.
///
/// Off route (`noteOffRoute`) the planner says `offRoute` once and nothing else: no countdown goes on while
/// the position is not on the route. When the vehicle comes back without a reroute (`noteBackOnRoute`) it
/// says `backOnRoute` once (only if `offRoute` was said; a rejoin before it was said is silent) and then
/// resumes with the maneuver ahead; stages of it already said are not repeated, stages passed while off the
/// route are dropped. After `reroute(to:)` nothing more is said about the old route.
///
/// Alerts (`overspeed`, `camera`, `speedLimit`, in that order) come after every maneuver announcement: one is
/// said only when no maneuver stage is due and it ends (plus one update interval) before the next stage becomes
/// due, so it never delays or overlaps one. A limit change waits at most `speedLimitWindowSeconds` of driving for
/// that, then is skipped. A camera (`GuidanceConfiguration.cameras`) is due from the prepare distance before it
/// and waits for room as long as it can still end `cameraFinishMarginSeconds` before the camera; then it is
/// skipped and counted (`skippedCameras`). Cameras are remembered by place and bearing across reroutes, and
/// those passed on the old route stay done.
public struct AnnouncementPlanner: Sendable {
    /// The thresholds used.
    public let configuration: GuidanceConfiguration
    /// Supplies the speaking time of each announcement.
    public let estimator: any DurationEstimator
    private var catalog: ManeuverCatalog
    private var memory = AnnouncementMemory()
    private var speakingUntil = -Double.infinity
    private var lastUpdateTime: Double?
    private var lastDistance: Double?
    private var departed = false
    private var pendingOffRoute = false
    private var pendingReroute = false
    private var pendingBackOnRoute = false
    /// True from the `offRoute` announcement until the vehicle is back on the route or rerouted.
    private var offRouteSaid = false
    /// Maneuvers (flat indices) named after another one with "then", on the current route.
    private var chained = Set<Int>()
    /// The last final-stage candidate built by `stage`, with all it depends on but the trigger (see
    /// `nowCandidate`): reused at later updates and by `nextDecision` while none of that changes.
    private var lastFinal: FinalCandidate?
    /// Where the route's limit changes to one worth saying (`GuidanceConfiguration.speedLimitAlerts`).
    private var limitChanges: [LimitChange] = []
    /// The first entry of `limitChanges` not yet said or skipped.
    private var limitCursor = 0
    /// The overspeed warning's timers.
    private var overspeed = OverspeedTracker()
    /// The cameras on the current route in its driving direction (`GuidanceConfiguration.cameras`), by distance.
    private var cameras: [CameraOnRoute] = []
    /// The first entry of `cameras` not yet said or skipped.
    private var cameraCursor = 0
    /// Cameras not said: passed before there was room to say one (a maneuver's announcements took the time).
    public private(set) var skippedCameras = 0

    /// A place where the speed limit changes to one said on a fast road.
    struct LimitChange: Sendable, Hashable {
        /// Distance along the route, meters.
        var meters: Double
        /// The new limit, km/h.
        var kmh: Double
        /// Where it starts.
        var location: Coordinate
    }

    /// A final-stage candidate and what it was built from.
    private struct FinalCandidate {
        var j: Int
        var kind: AnnouncementKind
        var speed: Double
        var interval: Double
        var sideRoadOrdinal: Int?
        var announcement: Announcement
    }

    /// Creates a planner for `index`.
    public init(index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                estimator: any DurationEstimator) {
        self.configuration = configuration
        self.estimator = estimator
        self.catalog = ManeuverCatalog(index: index)
        self.limitChanges = Self.limitChanges(index, configuration: configuration)
        self.cameras = Self.cameras(index, configuration: configuration)
    }

    /// The route being planned.
    public var index: RouteIndex { catalog.index }

    /// Notes that the vehicle went off route: an `offRoute` announcement is given once, as soon as possible.
    public mutating func noteOffRoute() {
        pendingOffRoute = !offRouteSaid
        pendingBackOnRoute = false
    }

    /// Notes that the vehicle is back on the route without a reroute: a `backOnRoute` announcement is given
    /// once if `offRoute` was said for this excursion; if it was not said yet, neither is.
    public mutating func noteBackOnRoute() {
        pendingBackOnRoute = offRouteSaid
        pendingOffRoute = false
        offRouteSaid = false
    }

    /// Continues on `index` (a new route from the current position). What was said stays remembered by
    /// maneuver identity; a `reroute` announcement is given as soon as possible.
    public mutating func reroute(to index: RouteIndex) {
        // The cameras passed on the old route stay done, said or not: the new route may pass one again.
        if let passed = lastDistance {
            for camera in cameras[cameraCursor...] where camera.distanceAlong <= passed && !memory.isHandled(camera: camera) {
                memory.handle(camera: camera)
            }
        }
        catalog = ManeuverCatalog(index: index)
        limitChanges = Self.limitChanges(index, configuration: configuration)
        limitCursor = 0
        cameras = Self.cameras(index, configuration: configuration)
        cameraCursor = 0
        memory.newRoute()
        chained = []
        lastFinal = nil
        lastDistance = nil
        pendingOffRoute = false
        pendingBackOnRoute = false
        offRouteSaid = false
        pendingReroute = true
    }

    /// The announcement to start at `progress`, if any. Call once per progress update, in time order.
    public mutating func plan(_ progress: RouteProgress) -> Announcement? {
        let time = progress.timestamp
        let interval = lastUpdateTime.map { min(2, max(0, time - $0)) } ?? 1
        lastUpdateTime = time
        let previousDistance = lastDistance
        lastDistance = progress.distanceAlong
        if configuration.overspeedWarnings {
            let limit = progress.state == .onRoute ? index.speedLimit(atDistance: progress.distanceAlong)?.kmh : nil
            overspeed.update(time: time, speedKmh: progress.speed.map { $0 * 3.6 }, limitKmh: limit, configuration: configuration)
        }
        guard time >= speakingUntil else { return nil }
        let distance = progress.distanceAlong
        let speed = configuration.planningSpeed(gps: progress.speed, route: index.speed(atDistance: distance))
        let next = catalog.next(at: distance, from: progress.stepIndex)
        let situation = Situation(distance: distance, time: time, speed: max(speed, 0), next: next, interval: interval,
                                  previousDistance: previousDistance)
        if pendingOffRoute || pendingReroute || pendingBackOnRoute {
            let kind: AnnouncementKind = pendingReroute ? .reroute : pendingOffRoute ? .offRoute : .backOnRoute
            if pendingReroute {
                let catalog = self.catalog, match = configuration.maneuverMatchMeters
                memory.release(configuration: configuration) { location, type, modifier in
                    catalog.matching(location, type, modifier, within: match)
                        .map { catalog.meters($0) - distance }
                }
            }
            if kind == .offRoute { offRouteSaid = true }
            pendingOffRoute = false
            pendingReroute = false
            pendingBackOnRoute = false
            return say(kind, step: next, situation)
        }
        guard progress.state == .onRoute else { return nil }
        if !departed {
            departed = true
            return depart(situation)
        }
        if let departure = legDeparture(leg: departureLeg(progress, next: next), situation) { return departure }
        guard let next else { return alert(situation) }
        if let confirmation = continuation(before: next, situation) { return confirmation }
        return stage(of: next, situation) ?? afterRun(next, situation) ?? alert(situation)
    }

    // MARK: - Alerts

    /// The limit changes of `index` worth saying: where the limit becomes a different known one of at least
    /// `speedLimitMinKmh` (an unknown stretch between two equal limits is no change; the limit at the start is
    /// not a change).
    static func limitChanges(_ index: RouteIndex, configuration: GuidanceConfiguration) -> [LimitChange] {
        guard configuration.speedLimitAlerts else { return [] }
        var out = [LimitChange]()
        var previous: SpeedLimit?
        for span in index.speedLimits {
            guard span.limit != .unknown else { continue }
            defer { previous = span.limit }
            guard let kmh = span.limit.kmh, span.startMeters > 0, previous != span.limit,
                  kmh >= configuration.speedLimitMinKmh else { continue }
            out.append(LimitChange(meters: span.startMeters, kmh: kmh, location: span.start))
        }
        return out
    }

    /// The alert to say at `s`, if any: a due overspeed warning, else the latest limit change passed (earlier ones
    /// are skipped: the new limit is the one in force). Either only when it fits before the next maneuver stage.
    private mutating func alert(_ s: Situation) -> Announcement? {
        if overspeed.isDue, let limit = overspeed.limitKmh {
            let warning = make(.overspeed, step: nil, s, speedLimitKmh: limit)
            guard fitsBeforeManeuver(warning, s) else { return nil }
            overspeed.said()
            speakingUntil = s.time + warning.durationSeconds
            return warning
        }
        if let camera = dueCamera(s) {
            guard fitsBeforeManeuver(camera.announcement, s) else { return nil }
            memory.handle(camera: cameras[camera.index])
            cameraCursor = camera.index + 1
            speakingUntil = s.time + camera.announcement.durationSeconds
            return camera.announcement
        }
        guard let k = dueLimitChange(s) else { return nil }
        let change = limitChanges[k]
        let announcement = make(.speedLimit, step: nil, s, speedLimitKmh: change.kmh)
        guard fitsBeforeManeuver(announcement, s) else { return nil }
        memory.handle(limitChangeAt: change.location, kmh: change.kmh)
        limitCursor = k + 1
        speakingUntil = s.time + announcement.durationSeconds
        return announcement
    }

    /// The index of the latest limit change passed at `s` and not yet said, within its window; every earlier one,
    /// and this one once its window is behind, is marked skipped.
    private mutating func dueLimitChange(_ s: Situation) -> Int? {
        var latest: Int?
        var k = limitCursor
        while k < limitChanges.count, limitChanges[k].meters <= s.distance { latest = k; k += 1 }
        guard let last = latest else { return nil }
        for i in limitCursor..<last { skip(limitChanges[i]) }
        limitCursor = last
        let change = limitChanges[last]
        if memory.isHandled(limitChangeAt: change.location, kmh: change.kmh, configuration: configuration) {
            limitCursor = last + 1
            return nil
        }
        guard s.distance <= change.meters + limitWindow(s) else {
            skip(change)
            limitCursor = last + 1
            return nil
        }
        return last
    }

    /// The cameras of `index` in its driving direction, when there are cameras to announce.
    static func cameras(_ index: RouteIndex, configuration: GuidanceConfiguration) -> [CameraOnRoute] {
        configuration.cameras.isEmpty ? [] : RouteCameras(path: index.path, cameras: configuration.cameras).cameras
    }

    /// The next camera ahead not yet said or skipped and its announcement, when it is within the prepare distance
    /// and the announcement still ends `cameraFinishMarginSeconds` (plus one update interval) before it. Cameras
    /// reached, or too close to say one in time, are skipped (counted in `skippedCameras`); cameras already
    /// handled (on an earlier route) are passed over.
    private mutating func dueCamera(_ s: Situation) -> (index: Int, announcement: Announcement)? {
        while cameraCursor < cameras.count {
            let camera = cameras[cameraCursor]
            if memory.isHandled(camera: camera) { cameraCursor += 1; continue }
            let ahead = camera.distanceAlong - s.distance
            guard ahead <= trigger(.prepare, duration: 0, s) else { return nil }
            let announcement = cameraAnnouncement(camera, s)
            let end = s.speed * (announcement.durationSeconds + s.interval + configuration.cameraFinishMarginSeconds)
            if ahead > end { return (cameraCursor, announcement) }
            memory.handle(camera: camera)
            skippedCameras += 1
            cameraCursor += 1
        }
        return nil
    }

    /// "Speed camera in 400 m", with the camera's limit, else the road's limit there, when known.
    private func cameraAnnouncement(_ camera: CameraOnRoute, _ s: Situation) -> Announcement {
        let limit: Double?
        switch camera.camera.limit {
        case .unlimited?: limit = nil
        case .kilometersPerHour(let kmh)?: limit = kmh
        case .milesPerHour(let mph)?: limit = mph * SpeedLimit.kmhPerMph
        case nil: limit = index.speedLimit(atDistance: camera.distanceAlong)?.kmh
        }
        return make(.camera, step: nil, s, spokenDistance: camera.distanceAlong - s.distance, speedLimitKmh: limit)
    }

    /// Marks `change` as done without saying it.
    private mutating func skip(_ change: LimitChange) {
        guard !memory.isHandled(limitChangeAt: change.location, kmh: change.kmh, configuration: configuration) else { return }
        memory.handle(limitChangeAt: change.location, kmh: change.kmh)
    }

    /// How far past a limit change it may still be said, meters.
    private func limitWindow(_ s: Situation) -> Double {
        max(configuration.speedLimitWindowMinMeters, s.speed * configuration.speedLimitWindowSeconds)
    }

    /// True when `alert`, started now, ends (plus one update interval) before any stage of the maneuvers ahead
    /// that is not yet said becomes due.
    private func fitsBeforeManeuver(_ alert: Announcement, _ s: Situation) -> Bool {
        let end = s.distance + s.speed * (alert.durationSeconds + s.interval)
        return upcomingStageThresholds(s).allSatisfy { $0 > end }
    }

    /// The progress at which each open stage of the next maneuver (and of the one after it, when the next was
    /// named in a "then" and its `now` is said) becomes due.
    private func upcomingStageThresholds(_ s: Situation) -> [Double] {
        guard let next = s.next else { return [] }
        var thresholds = stageThresholds(of: next, s)
        if chained.contains(next), memory.isHandled(next, .now) {
            var candidate = catalog.announceable(from: next + 1)
            while let c = candidate, chained.contains(c) { candidate = catalog.announceable(from: c + 1) }
            if let c = candidate { thresholds += stageThresholds(of: c, s) }
        }
        return thresholds
    }

    // MARK: - Stages

    /// What the planner knows at one update.
    private struct Situation {
        /// Progress along the route, meters.
        var distance: Double
        /// Time of the update, seconds.
        var time: Double
        /// Planning speed, m/s (≥ 0).
        var speed: Double
        /// The next announceable maneuver.
        var next: Int?
        /// Seconds since the previous update (1 before the second one), at most 2: the granularity of decisions.
        var interval: Double = 1
        /// Progress at the previous update (nil at the first): what was already reached before this one.
        var previousDistance: Double?

        /// Seconds to cover `meters` at the planning speed (finite even when standing).
        func seconds(_ meters: Double) -> Double { meters / max(speed, 0.1) }
    }

    /// The single depart announcement, naming the first maneuver when it is close.
    private mutating func depart(_ s: Situation) -> Announcement? {
        guard !catalog.descriptions.isEmpty else { return nil }
        return commit(departure(0, s), step: 0)
    }

    /// The depart of step `k` (the route's first step or a leg's), with its "then" run. A depart is said from the
    /// start point, so while it is spoken the vehicle already drives towards the turns after it: each turn that
    /// could no longer get its own terse `now` once the depart ends (a turn 6 m after the first one, behind a
    /// depart that takes 3.6 s in German) is named in the depart's run. Its words grow with the run,
    /// so the run is recomputed from the depart's end until it no longer grows.
    private func departure(_ k: Int, _ s: Situation) -> Announcement {
        var run = chainRun(from: k, s)
        func form() -> Announcement {
            make(.depart, step: k, s, then: run.then, thenMore: run.more,
                 spokenDistance: s.next.map { catalog.meters($0) - s.distance })
        }
        var announcement = form()
        for _ in 0...Self.maxThenMore {
            let longer = chainRun(from: k, s, speakingUntil: s.distance + s.speed * announcement.durationSeconds)
            guard longer.more.count > run.more.count else { break }
            run = longer
            announcement = form()
        }
        return announcement
    }

    /// Past this distance from an intermediate stop the next leg's depart is no longer said (it would name a road
    /// already driven for a while), meters.
    static let legDepartWindowMeters = 300.0

    /// The leg whose depart may be due at `progress`: the current one, or the leg of the next maneuver when that is
    /// a later one. A router may start a leg away from where the previous one arrived (Valhalla snaps a stop to
    /// one edge for the arrival and another for the depart, 75 m apart): between the two points the progress is
    /// still on the earlier leg, but what comes next is the later one's, and its depart must come first.
    private func departureLeg(_ progress: RouteProgress, next: Int?) -> Int {
        max(progress.stepID.leg, next.map { catalog.descriptions[$0].id.leg } ?? 0)
    }

    /// The depart of leg `leg` after an intermediate stop ("Head east on Third Street"), said once when the stop
    /// is done: its announcement said (or dropped) and the vehicle moving again, or already past the stop. The
    /// stop is where the previous leg arrives (usually where this one starts). Nothing of this leg is said
    /// before it.
    private mutating func legDeparture(leg: Int, _ s: Situation) -> Announcement? {
        guard leg > 0, let k = catalog.flatIndex(of: StepID(leg: leg, step: 0)), catalog.roles[k] == .legStart,
              !memory.isHandled(k, .depart) else { return nil }
        let since = s.distance - catalog.meters(k - 1)
        guard since >= -0.001 else { return nil }
        // Standing at the stop, the driver is busy stopping: the depart waits until the vehicle moves again.
        let moving = s.speed >= configuration.headingMinSpeed
        guard since > 1 || (memory.isHandled(k - 1, .waypoint) && moving) else { return nil }
        guard since <= Self.legDepartWindowMeters else { return dropped(k, .depart) }
        return commit(departure(k, s), step: k)
    }

    /// "Continue for X" after the previous maneuver, when the next one is far.
    private mutating func continuation(before next: Int, _ s: Situation) -> Announcement? {
        // No "continue" on a ferry: the driver is not driving; the drive-off is announced in time.
        guard let previous = catalog.previous(before: next), catalog.roles[previous] == .maneuver,
              catalog.descriptions[previous].step.mode != "ferry",
              !memory.isHandled(previous, .continue) else { return nil }
        let since = s.distance - catalog.meters(previous)
        guard since >= max(configuration.continueMinDelayMeters, s.speed * configuration.continueDelaySeconds) else { return nil }
        memory.drop(previous, .continue)
        let toNext = catalog.meters(next) - s.distance
        let far = toNext >= max(configuration.continueMinMeters, s.speed * configuration.continueMinSeconds)
        let inWindow = since <= max(configuration.continueMinWindowMeters, s.speed * configuration.continueWindowSeconds)
        guard far, inWindow else { return nil }
        let announcement = make(.continue, step: previous, s, spokenDistance: toNext, withoutLanes: true)
        return commit(announcement, step: previous)
    }

    /// The most relevant due stage of maneuver `j`, dropping earlier stages that are due too.
    private mutating func stage(of j: Int, _ s: Situation) -> Announcement? {
        let role = catalog.roles[j]
        let toJ = catalog.meters(j) - s.distance
        let maneuver = catalog.descriptions[j].step.maneuver
        let final: AnnouncementKind = role == .destination ? .arrive : role == .waypoint ? .waypoint : .now
        let now = nowCandidate(j, kind: final, s, reusing: lastFinal)
        lastFinal = FinalCandidate(j: j, kind: final, speed: s.speed, interval: s.interval,
                                   sideRoadOrdinal: now.maneuver?.sideRoadOrdinal, announcement: now)
        let nowTrigger = trigger(final, duration: now.durationSeconds, s)
        let prepareTrigger = trigger(.prepare, duration: 0, s)
        let due = stages(of: j, final: final, s).filter { kind in
            let limit = kind == final ? nowTrigger : kind == .prepare ? prepareTrigger : trigger(.early, duration: 0, s)
            return toJ <= limit && !memory.blocks(j, kind, maneuver: maneuver, configuration: configuration)
        }
        guard let chosen = due.last else { return nil }
        for kind in due.dropLast() { memory.drop(j, kind) }
        switch chosen {
        case .early:
            guard s.seconds(toJ - prepareTrigger) >= configuration.earlyGapSeconds else { return dropped(j, .early) }
            let nowThere = final == .now ? projectedNowTrigger(j, now, from: nowTrigger, s) : nowTrigger
            let announcement = sameCount(make(.early, step: j, s, spokenDistance: toJ, withoutLanes: true), j, asNowAt: nowThere, s)
            return commit(announcement, step: j)
        case .prepare:
            let run = chainRun(from: j, s)
            let nowThere = final == .now ? projectedNowTrigger(j, now, from: nowTrigger, s) : nowTrigger
            let announcement = sameCount(make(.prepare, step: j, s, then: run.then, thenMore: run.more, spokenDistance: toJ),
                                         j, asNowAt: nowThere, s)
            guard s.seconds(toJ - nowThere) >= announcement.durationSeconds else { return dropped(j, .prepare) }
            return commit(announcement, step: j)
        default:
            guard final == .now else {
                // An arrival starts at the latest on the update that reaches its point, never after.
                if let before = s.previousDistance, before >= catalog.meters(j) - 0.001 { return dropped(j, final) }
                return commit(now, step: j)
            }
            let fitting = nowFallbacks(now, s).first { s.seconds(toJ) >= $0.durationSeconds + configuration.nowFinishMarginSeconds }
            guard let fitting else { return dropped(j, .now) }
            return commit(fitting, step: j)
        }
    }

    /// `cue` (an early or prepare cue of `j`) without its side-road count when the `now`, said `nowAt` meters before the
    /// turn, will say another one ("the third right" here, "the second right" there, after a side road was passed):
    /// the driver hears one count only, the one seen from near where he acts, and the cue's distance tells the
    /// turn. The `now` is said at the first update within `nowAt`, up to one update interval nearer: the count
    /// must be the same over that whole stretch.
    private func sameCount(_ cue: Announcement, _ j: Int, asNowAt nowAt: Double, _ s: Situation) -> Announcement {
        guard let ordinal = cue.maneuver?.sideRoadOrdinal else { return cue }
        let nearest = max(0, nowAt - s.speed * s.interval)
        if catalog.sideRoadOrdinal(j, within: nowAt) == ordinal && catalog.sideRoadOrdinal(j, within: nearest) == ordinal { return cue }
        var plain = cue
        plain.maneuver?.sideRoadOrdinal = nil
        plain.durationSeconds = estimator.duration(of: plain)
        return plain
    }

    /// The stages `j` has, in order: early (fast roads), prepare, and its final stage. A drive-off the ferry has only
    /// its final stage: aboard, the driver is not driving, so nothing counts down ("In 450 m, drive off the
    /// ferry"); it is said once, as the ferry arrives.
    private func stages(of j: Int, final: AnnouncementKind, _ s: Situation) -> [AnnouncementKind] {
        if catalog.descriptions[j].previousMode == "ferry" { return [final] }
        let early = catalog.roles[j] == .maneuver && s.speed >= configuration.earlyMinSpeed
        return early ? [.early, .prepare, final] : [.prepare, final]
    }

    /// The trigger of `j`'s `now` as it will be where the `now` is said. Its words, and so its trigger, depend on
    /// the side roads still ahead there: "Not this one, take the second left" while one is, "Turn left" once none
    /// is. `now` is the form seen from here and `trigger` its trigger; the form at that trigger is timed in turn
    /// until the two agree (the count only falls as the turn comes closer, so a few rounds settle it).
    private func projectedNowTrigger(_ j: Int, _ now: Announcement, from trigger: Double, _ s: Situation) -> Double {
        guard j > 0, !catalog.sideRoads[j].isEmpty else { return trigger }
        var at = trigger, ordinal = now.maneuver?.sideRoadOrdinal
        for _ in 0..<4 {
            let there = catalog.sideRoadOrdinal(j, within: at)
            guard there != ordinal else { break }
            var form = now
            form.maneuver?.sideRoadOrdinal = there
            ordinal = there
            at = self.trigger(.now, duration: estimator.duration(of: form), s)
        }
        return at
    }

    /// The `now` of the first maneuver after a run of turns that are all named already (with "then") while
    /// they are still ahead: when the run was capped (`maxThenMore`), that maneuver could not wait until it is
    /// next, since its own `now` would no longer fit in the gap. Only its `now` (never an early or prepare cue
    /// while the run's turns are still ahead); once said, the own `now`s of the run's turns still ahead are
    /// dropped, so no turn is named out of order. Applies once `next` is named and its own `now` is done, and
    /// only when that maneuver follows the run's last turn too closely for its own `now` (`needsNaming`).
    private mutating func afterRun(_ next: Int, _ s: Situation) -> Announcement? {
        guard chained.contains(next), memory.isHandled(next, .now) else { return nil }
        var skipped = [next], candidate = catalog.announceable(from: next + 1)
        while let c = candidate, chained.contains(c) {
            skipped.append(c)
            candidate = catalog.announceable(from: c + 1)
        }
        guard let c = candidate, catalog.roles[c] == .maneuver, let last = skipped.last,
              let link = chain(from: last, to: c, s), needsNaming(link, s) else { return nil }
        memory.drop(c, .early)
        memory.drop(c, .prepare)
        guard let announcement = stage(of: c, s) else { return nil }
        for j in skipped { memory.drop(j, .now) }
        return announcement
    }

    /// The forms of a `now`, in order of preference; the first that finishes in time is said.
    ///
    /// Without a "then": as planned, then terse (see `ManeuverDescription.terse`). With one, the "then" is worth more than
    /// the names when the chained maneuver could not be sure of its own `now` (its terse form, the margin
    /// and one update interval do not fit in the gap): then the order is full, terse with the full "then",
    /// terse with a terse "then", full alone, terse alone. Otherwise the names come first: full, full alone,
    /// terse with a terse "then", terse alone. So in a run of close turns every maneuver is named, in order,
    /// before it is reached, as far as the update rate allows. The run after the "then" (`thenMore`, already
    /// terse) goes with every form that has a "then" and with none that lacks it.
    private func nowFallbacks(_ now: Announcement, _ s: Situation) -> [Announcement] {
        let terseNow = now.maneuver?.terse
        func form(terse: Bool, then: ChainedManeuver?) -> Announcement {
            var form = now
            if terse { form.maneuver = terseNow }
            form.then = then
            if then == nil { form.thenMore = [] }
            form.durationSeconds = estimator.duration(of: form)
            return form
        }
        guard let then = now.then else { return [now, form(terse: true, then: nil)] }
        var terseThen = then
        terseThen.maneuver = then.maneuver.terse
        let thenIsNeeded = needsNaming(then, s)
        let alone = form(terse: false, then: nil), terseAlone = form(terse: true, then: nil)
        let bothTerse = form(terse: true, then: terseThen)
        return thenIsNeeded ? [now, form(terse: true, then: then), bothTerse, alone, terseAlone]
                            : [now, alone, bothTerse, terseAlone]
    }

    /// True when `chained` follows its predecessor too closely for its own terse `now` (plus the finish margin
    /// and one update interval) to be said after the predecessor, or after `speakingUntil` (the progress where the
    /// announcement naming it ends) when that is later: it must be named before, with "then".
    private func needsNaming(_ chained: ChainedManeuver, _ s: Situation, speakingUntil end: Double = -.infinity) -> Bool {
        var own = Announcement(kind: .now, maneuver: chained.maneuver.terse)
        own.durationSeconds = estimator.duration(of: own)
        var room = chained.distanceMeters
        if let k = catalog.flatIndex(of: chained.maneuver.id) { room = min(room, catalog.meters(k) - end) }
        return s.seconds(room) < own.durationSeconds + configuration.nowFinishMarginSeconds + s.interval
    }

    /// At most this many maneuvers are named after the "then" (`Announcement.thenMore`).
    static let maxThenMore = 3

    /// The "then" of `j` (see `chain`) and the run after it: while the chained maneuver needs naming before it
    /// is reached (`needsNaming`) and the one after it does too, that one is added, terse and without distance,
    /// up to `maxThenMore`. A "then" that can still get its own `now` starts no run: that `now` names what follows.
    /// `speakingUntil` is the progress where the announcement ends, when it may end after `j` (a depart).
    private func chainRun(from j: Int, _ s: Situation, speakingUntil end: Double = -.infinity) -> (then: ChainedManeuver?, more: [ChainedManeuver]) {
        guard let then = chain(from: j, to: catalog.announceable(from: j + 1), s) else { return (nil, []) }
        var more: [ChainedManeuver] = [], last = then
        while more.count < Self.maxThenMore, needsNaming(last, s, speakingUntil: end), let previous = catalog.flatIndex(of: last.maneuver.id),
              var next = chain(from: previous, to: catalog.announceable(from: previous + 1), s),
              needsNaming(next, s, speakingUntil: end) {
            next.maneuver = next.maneuver.terse
            next.sayDistance = false
            more.append(next)
            last = next
        }
        return (then, more)
    }

    /// The final-stage announcement of `j` (now, arrive or waypoint), with its "then" part.
    ///
    /// It depends on the situation only through its speed and interval (the "then" run), the side-road ordinal
    /// at its distance, and the trigger fields: when `previous` was built for the same maneuver, kind, speed,
    /// interval and ordinal, it is reused with the trigger moved.
    private func nowCandidate(_ j: Int, kind: AnnouncementKind, _ s: Situation, reusing previous: FinalCandidate? = nil) -> Announcement {
        if let previous, previous.j == j, previous.kind == kind, previous.speed == s.speed, previous.interval == s.interval {
            let toManeuver = max(0, catalog.meters(j) - s.distance)
            let ordinal = kind == .now && j > 0 ? catalog.sideRoadOrdinal(j, within: toManeuver) : nil
            if ordinal == previous.sideRoadOrdinal {
                var announcement = previous.announcement
                announcement.triggerMeters = s.distance
                announcement.triggerSeconds = s.time
                announcement.distanceToManeuverMeters = toManeuver
                return announcement
            }
        }
        let run = kind == .now ? chainRun(from: j, s) : (then: nil, more: [])
        // An arrival's form has no lanes.
        return make(kind, step: j, s, then: run.then, thenMore: run.more, withoutLanes: kind != .now)
    }

    /// Trigger distance of `kind` at the planning speed. A `now` also leaves time to finish speaking, plus one
    /// update interval: positions arrive in steps (1 Hz), so a trigger set at exactly "duration + margin" would
    /// always be passed too late and a long instruction would never fit.
    private func trigger(_ kind: AnnouncementKind, duration: Double, _ s: Situation) -> Double {
        let clamp = GuidanceConfiguration.clamp
        switch kind {
        case .early: return clamp(s.speed * configuration.earlyLeadSeconds, configuration.earlyMinMeters, configuration.earlyMaxMeters)
        case .prepare: return clamp(s.speed * configuration.prepareLeadSeconds, configuration.prepareMinMeters, configuration.prepareMaxMeters)
        case .arrive, .waypoint: return clamp(s.speed * configuration.arriveLeadSeconds, configuration.arriveMinMeters, configuration.arriveMaxMeters)
        default:
            return max(clamp(s.speed * configuration.nowLeadSeconds, configuration.nowMinMeters, configuration.nowMaxMeters),
                       s.speed * (duration + configuration.nowFinishMarginSeconds + s.interval))
        }
    }

    /// The maneuver `k` chained after `j` when it follows soon enough (never into a merge, never past an arrival).
    private func chain(from j: Int, to k: Int?, _ s: Situation) -> ChainedManeuver? {
        guard let k, [.maneuver, .depart, .legStart].contains(catalog.roles[j]),
              catalog.descriptions[k].step.maneuver.type != .merge else { return nil }
        let gap = catalog.meters(k) - catalog.meters(j)
        let speed = configuration.speedOverride ?? index.steps[j].speed ?? s.speed
        guard gap <= speed * configuration.thenMaxGapSeconds || (gap <= configuration.thenLowSpeedMaxMeters && speed <= configuration.thenLowSpeed)
        else { return nil }
        var description = catalog.descriptions[k]
        if catalog.roles[k] != .maneuver { description.lanes = nil }
        if k > 0 { description.sideRoadOrdinal = catalog.sideRoadOrdinal(k, within: gap) }
        // A counted turn is counted from the first maneuver; a distance before it ("then after 150 m, take the second
        // right") would have the driver start counting at the 150 m point and skip a road: the count alone is said.
        let sayDistance = description.sideRoadOrdinal == nil && gap >= configuration.thenSayDistanceMinMeters
        return ChainedManeuver(maneuver: description, distanceMeters: gap, sayDistance: sayDistance)
    }

    // MARK: - Output

    /// An announcement of `kind` about step `step` (or none) at the current situation, saying `spokenDistance`,
    /// without the maneuver's lanes when `withoutLanes`, with its duration.
    private func make(_ kind: AnnouncementKind, step: Int?, _ s: Situation, then: ChainedManeuver? = nil,
                      thenMore: [ChainedManeuver] = [], spokenDistance: Double? = nil, withoutLanes: Bool = false,
                      speedLimitKmh: Double? = nil) -> Announcement {
        let description = step.map { catalog.descriptions[$0] }
        let toManeuver = step.map { max(0, catalog.meters($0) - s.distance) } ?? 0
        var announcement = Announcement(kind: kind, maneuver: description, then: then, triggerMeters: s.distance,
                                        triggerSeconds: s.time, distanceToManeuverMeters: toManeuver)
        if let j = step, j > 0, [.early, .prepare, .now].contains(kind) {
            announcement.maneuver?.sideRoadOrdinal = catalog.sideRoadOrdinal(j, within: toManeuver)
        }
        announcement.thenMore = thenMore
        announcement.speedLimitKmh = speedLimitKmh
        announcement.spokenDistanceMeters = spokenDistance
        if withoutLanes { announcement.maneuver?.lanes = nil }
        announcement.durationSeconds = estimator.duration(of: announcement)
        return announcement
    }

    /// An offRoute / reroute / backOnRoute announcement: not remembered, since a later excursion needs one again.
    private mutating func say(_ kind: AnnouncementKind, step: Int?, _ s: Situation) -> Announcement {
        var announcement = make(kind, step: step, s)
        announcement.maneuver?.lanes = nil
        speakingUntil = s.time + announcement.durationSeconds
        return announcement
    }

    /// Starts speaking `announcement` about step `step` (timed by `make` or `nowFallbacks` in its final form):
    /// remembers it (and its chained maneuvers, which need no prepare or early cue of their own).
    private mutating func commit(_ final: Announcement, step: Int) -> Announcement {
        speakingUntil = final.triggerSeconds + final.durationSeconds
        let maneuver = catalog.descriptions[step].step.maneuver
        memory.record(step, final.kind, maneuver: maneuver, distance: final.distanceToManeuverMeters)
        var distance = final.distanceToManeuverMeters
        for chained in (final.then.map { [$0] } ?? []) + final.thenMore {
            distance += chained.distanceMeters
            guard let k = catalog.flatIndex(of: chained.maneuver.id) else { continue }
            self.chained.insert(k)
            memory.record(k, .prepare, maneuver: chained.maneuver.step.maneuver, distance: distance)
            memory.record(k, .early, maneuver: chained.maneuver.step.maneuver, distance: distance)
        }
        return final
    }

    /// Drops `kind` for step `j` without saying anything.
    private mutating func dropped(_ j: Int, _ kind: AnnouncementKind) -> Announcement? {
        memory.drop(j, kind)
        return nil
    }
}

// MARK: - Jumping between decision points (offline planning)

extension AnnouncementPlanner {
    /// Keeps the bookkeeping of an update that `plan` would have been given but that cannot change anything (the
    /// offline planner skips it): the previous update's time and progress, which the next update reads.
    mutating func skip(time: Double, distance: Double) {
        lastUpdateTime = time
        lastDistance = distance
    }

    /// When, after the update at `progress` (just planned), the planner can next do anything on a drive that
    /// stays on the route at a constant speed within each step: the first later update at or after `seconds`
    /// (the end of speaking) or whose progress reaches `meters`. Every decision of `plan` is a
    /// threshold of the progress at the planning speed (a stage's trigger, the continue delay, a leg's depart
    /// window), of the time (the end of speaking), or of the step (speed, leg, next maneuver), so between these
    /// points `plan` returns nil and changes nothing. `interval` is the time between updates. Nil `meters` means
    /// the next update must be planned (a state this does not model: off route, a pending notice, before the
    /// depart, a camera due and waiting for room); `.infinity` means nothing is left to decide by distance.
    func nextDecision(after progress: RouteProgress, interval: Double) -> (meters: Double?, seconds: Double) {
        let time = progress.timestamp
        // The overspeed timers read every update.
        guard departed, !pendingOffRoute, !pendingReroute, !pendingBackOnRoute, progress.state == .onRoute,
              lastUpdateTime != nil, !configuration.overspeedWarnings else { return (nil, time) }
        if time < speakingUntil { return (.infinity, speakingUntil) }
        let d = progress.distanceAlong
        var thresholds = [Double]()
        let steps = index.steps
        if progress.stepIndex + 1 < steps.count { thresholds.append(steps[progress.stepIndex + 1].startMeters) }
        let interval = min(2, max(0, interval))
        let speed = max(configuration.planningSpeed(gps: progress.speed, route: index.speed(atDistance: d)), 0)
        let s = Situation(distance: d, time: time, speed: speed, next: catalog.next(at: d, from: progress.stepIndex),
                          interval: interval, previousDistance: lastDistance)
        // A later leg's depart: from the stop (−1 mm), past 1 m, and its window's end.
        let leg = departureLeg(progress, next: s.next)
        if leg > 0, let k = catalog.flatIndex(of: StepID(leg: leg, step: 0)), catalog.roles[k] == .legStart,
           !memory.isHandled(k, .depart) {
            let at = catalog.meters(k - 1)
            thresholds += [at - 0.001, at + 1, at + Self.legDepartWindowMeters]
        }
        if let next = s.next {
            let at = catalog.meters(next)
            // The next maneuver changes once it is passed (an arrival 1 mm after).
            thresholds += catalog.roles[next] == .maneuver ? [at] : [at, at + 0.001]
            if let previous = catalog.previous(before: next), catalog.roles[previous] == .maneuver,
               !memory.isHandled(previous, .continue) {
                thresholds.append(catalog.meters(previous) + max(configuration.continueMinDelayMeters, speed * configuration.continueDelaySeconds))
            }
            thresholds += upcomingStageThresholds(s)
        }
        // A limit change: where it is passed, and where its window ends.
        if let k = limitChanges[limitCursor...].firstIndex(where: {
            !memory.isHandled(limitChangeAt: $0.location, kmh: $0.kmh, configuration: configuration)
        }) {
            let change = limitChanges[k]
            thresholds += [change.meters, change.meters + limitWindow(s) + 0.001]
            if k + 1 < limitChanges.count { thresholds.append(limitChanges[k + 1].meters) }
        }
        // A camera: where it comes within the prepare distance. Once there and waiting for room, every update is
        // planned: its speaking time changes with the distance it says ("in 350 m", "in 300 m"), so whether it fits
        // before the next stage and before the camera is no threshold of the progress (a few updates a camera).
        if let k = cameras[cameraCursor...].firstIndex(where: { !memory.isHandled(camera: $0) }) {
            let camera = cameras[k], lead = trigger(.prepare, duration: 0, s)
            if camera.distanceAlong - lead <= d { return (nil, time) }
            thresholds += [camera.distanceAlong - lead, camera.distanceAlong]
        }
        let ahead = thresholds.filter { $0 > d }.min() ?? .infinity
        return (ahead, .infinity)
    }

    /// The progress at which each stage of `j` not yet said or dropped becomes due at the situation's speed. The
    /// `now` trigger depends on its speaking time, which changes along the way only with the side-road ordinal
    /// ("the second right"): the trigger of every form is a threshold, so the one in force is among them.
    private func stageThresholds(of j: Int, _ s: Situation) -> [Double] {
        let role = catalog.roles[j]
        guard role.isAnnounceable else { return [] }
        let maneuver = catalog.descriptions[j].step.maneuver
        let final: AnnouncementKind = role == .destination ? .arrive : role == .waypoint ? .waypoint : .now
        var limits = [Double]()
        func open(_ kind: AnnouncementKind) -> Bool { !memory.blocks(j, kind, maneuver: maneuver, configuration: configuration) }
        let stages = stages(of: j, final: final, s)
        if stages.contains(.early) && open(.early) { limits.append(trigger(.early, duration: 0, s)) }
        if stages.contains(.prepare) && open(.prepare) { limits.append(trigger(.prepare, duration: 0, s)) }
        if open(final) {
            // `nowCandidate` depends only on the maneuver, the kind and the situation's distance, speed and interval.
            let now = nowCandidate(j, kind: final, s, reusing: lastFinal)
            limits.append(trigger(final, duration: now.durationSeconds, s))
            // The side-road count only falls as the turn comes closer: each smaller one may still be said.
            let toJ = max(0, catalog.meters(j) - s.distance)
            let count = final == .now && j > 0 ? catalog.sideRoadCount(j, within: toJ) : 0
            for ordinal in Set((0..<count).map(SideRoads.ordinal(count:))) where ordinal != now.maneuver?.sideRoadOrdinal {
                var form = now
                form.maneuver?.sideRoadOrdinal = ordinal
                limits.append(trigger(final, duration: estimator.duration(of: form), s))
            }
        }
        return limits.map { catalog.meters(j) - $0 }
    }
}
