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
/// An arrival starts at the latest on the update that reaches it; `notification` steps get no cues.
/// Nothing is said twice:
/// see `AnnouncementMemory`, which also spans reroutes.
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

    /// Creates a planner for `index`.
    public init(index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                estimator: any DurationEstimator) {
        self.configuration = configuration
        self.estimator = estimator
        self.catalog = ManeuverCatalog(index: index)
    }

    /// The route being planned.
    public var index: RouteIndex { catalog.index }

    /// Notes that the vehicle went off route: an `offRoute` announcement is given once, as soon as possible.
    public mutating func noteOffRoute() { pendingOffRoute = true }

    /// Continues on `index` (a new route from the current position). What was said stays remembered by
    /// maneuver identity; a `reroute` announcement is given as soon as possible.
    public mutating func reroute(to index: RouteIndex) {
        catalog = ManeuverCatalog(index: index)
        memory.newRoute()
        lastDistance = nil
        pendingOffRoute = false
        pendingReroute = true
    }

    /// The announcement to start at `progress`, if any. Call once per progress update, in time order.
    public mutating func plan(_ progress: RouteProgress) -> Announcement? {
        let time = progress.timestamp
        let interval = lastUpdateTime.map { min(2, max(0, time - $0)) } ?? 1
        lastUpdateTime = time
        let previousDistance = lastDistance
        lastDistance = progress.distanceAlong
        guard time >= speakingUntil else { return nil }
        let distance = progress.distanceAlong
        let speed = configuration.planningSpeed(gps: progress.speed, route: index.speed(atDistance: distance))
        let next = catalog.next(at: distance, from: progress.stepIndex)
        let situation = Situation(distance: distance, time: time, speed: max(speed, 0), next: next, interval: interval,
                                  previousDistance: previousDistance)
        if pendingOffRoute || pendingReroute {
            let kind: AnnouncementKind = pendingReroute ? .reroute : .offRoute
            if pendingReroute {
                let catalog = self.catalog, match = configuration.maneuverMatchMeters
                memory.release(configuration: configuration) { location, type, modifier in
                    catalog.matching(location, type, modifier, within: match)
                        .map { catalog.meters($0) - distance }
                }
            }
            pendingOffRoute = false
            pendingReroute = false
            return say(kind, step: next, situation)
        }
        guard progress.state == .onRoute else { return nil }
        if !departed {
            departed = true
            return depart(situation)
        }
        guard let next else { return nil }
        if let confirmation = continuation(before: next, situation) { return confirmation }
        return stage(of: next, situation)
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
        let then = s.next.flatMap { chain(from: 0, to: $0, s) }
        var announcement = make(.depart, step: 0, s, then: then)
        if let next = s.next { announcement.spokenDistanceMeters = catalog.meters(next) - s.distance }
        return commit(announcement, step: 0)
    }

    /// "Continue for X" after the previous maneuver, when the next one is far.
    private mutating func continuation(before next: Int, _ s: Situation) -> Announcement? {
        let config = configuration
        guard let previous = catalog.previous(before: next), catalog.roles[previous] == .maneuver,
              !memory.isHandled(previous, .continue) else { return nil }
        let since = s.distance - catalog.meters(previous)
        guard since >= max(config.continueMinDelayMeters, s.speed * config.continueDelaySeconds) else { return nil }
        memory.drop(previous, .continue)
        let toNext = catalog.meters(next) - s.distance
        let far = toNext >= max(config.continueMinMeters, s.speed * config.continueMinSeconds)
        let inWindow = since <= max(config.continueMinWindowMeters, s.speed * config.continueWindowSeconds)
        guard far, inWindow else { return nil }
        var announcement = make(.continue, step: previous, s)
        announcement.spokenDistanceMeters = toNext
        announcement.maneuver?.lanes = nil
        return commit(announcement, step: previous)
    }

    /// The most relevant due stage of maneuver `j`, dropping earlier stages that are due too.
    private mutating func stage(of j: Int, _ s: Situation) -> Announcement? {
        let config = configuration
        let role = catalog.roles[j]
        let toJ = catalog.meters(j) - s.distance
        let maneuver = catalog.descriptions[j].step.maneuver
        let final: AnnouncementKind = role == .destination ? .arrive : role == .waypoint ? .waypoint : .now
        let now = nowCandidate(j, kind: final, s)
        let nowTrigger = trigger(final, duration: now.durationSeconds, s)
        let prepareTrigger = trigger(.prepare, duration: 0, s)
        var stages: [AnnouncementKind] = [.prepare, final]
        if role == .maneuver && s.speed >= config.earlyMinSpeed { stages.insert(.early, at: 0) }
        let due = stages.filter { kind in
            let limit = kind == final ? nowTrigger : kind == .prepare ? prepareTrigger : trigger(.early, duration: 0, s)
            return toJ <= limit && !memory.blocks(j, kind, maneuver: maneuver, configuration: config)
        }
        guard let chosen = due.last else { return nil }
        for kind in due.dropLast() { memory.drop(j, kind) }
        switch chosen {
        case .early:
            guard s.seconds(toJ - prepareTrigger) >= config.earlyGapSeconds else { return dropped(j, .early) }
            var announcement = make(.early, step: j, s)
            announcement.spokenDistanceMeters = toJ
            announcement.maneuver?.lanes = nil
            return commit(announcement, step: j)
        case .prepare:
            var announcement = make(.prepare, step: j, s, then: chain(from: j, to: catalog.announceable(from: j + 1), s))
            announcement.spokenDistanceMeters = toJ
            announcement.durationSeconds = estimator.duration(of: announcement)
            guard s.seconds(toJ - nowTrigger) >= announcement.durationSeconds else { return dropped(j, .prepare) }
            return commit(announcement, step: j)
        default:
            guard final == .now else {
                // An arrival starts at the latest on the update that reaches its point, never after.
                if let before = s.previousDistance, before >= catalog.meters(j) - 0.001 { return dropped(j, final) }
                return commit(now, step: j)
            }
            let fitting = nowFallbacks(now, s).first { s.seconds(toJ) >= $0.durationSeconds + config.nowFinishMarginSeconds }
            guard let fitting else { return dropped(j, .now) }
            return commit(fitting, step: j)
        }
    }

    /// The forms of a `now`, in order of preference; the first that finishes in time is said.
    ///
    /// Without a "then": as planned, then terse (see `terse(_:)`). With one, the "then" is worth more than
    /// the names when the chained maneuver could not be sure of its own `now` (its terse form, the margin
    /// and one update interval do not fit in the gap): then the order is full, terse with the full "then",
    /// terse with a terse "then", full alone, terse alone. Otherwise the names come first: full, full alone,
    /// terse with a terse "then", terse alone. So in a run of close turns every maneuver is named, in order,
    /// before it is reached, as far as the update rate allows.
    private func nowFallbacks(_ now: Announcement, _ s: Situation) -> [Announcement] {
        let terseNow = now.maneuver.map(Self.terse)
        func form(terse: Bool, then: ChainedManeuver?) -> Announcement {
            var form = now
            if terse { form.maneuver = terseNow }
            form.then = then
            form.durationSeconds = estimator.duration(of: form)
            return form
        }
        guard let then = now.then else { return [now, form(terse: true, then: nil)] }
        var terseThen = then
        terseThen.maneuver = Self.terse(then.maneuver)
        var own = Announcement(kind: .now, maneuver: terseThen.maneuver)
        own.durationSeconds = estimator.duration(of: own)
        let thenIsNeeded = s.seconds(then.distanceMeters)
            < own.durationSeconds + configuration.nowFinishMarginSeconds + s.interval
        let alone = form(terse: false, then: nil), terseAlone = form(terse: true, then: nil)
        let bothTerse = form(terse: true, then: terseThen)
        return thenIsNeeded ? [now, form(terse: true, then: then), bothTerse, alone, terseAlone]
                            : [now, alone, bothTerse, terseAlone]
    }

    /// `description` without what only names the road (name, ref, pronunciation, destinations, exit signs,
    /// rotary and junction names) and without lanes: "Turn left." The maneuver itself (type, modifier,
    /// roundabout exit number) stays, so the driver still hears what to do.
    static func terse(_ description: ManeuverDescription) -> ManeuverDescription {
        var bare = description
        bare.step.name = ""
        bare.step.ref = nil
        bare.step.pronunciation = nil
        bare.step.destinations = nil
        bare.step.exits = nil
        bare.step.rotaryName = nil
        bare.step.rotaryPronunciation = nil
        bare.step.junctionName = nil
        bare.lanes = nil
        return bare
    }

    /// The final-stage announcement of `j` (now, arrive or waypoint), with its "then" part.
    private func nowCandidate(_ j: Int, kind: AnnouncementKind, _ s: Situation) -> Announcement {
        let then = kind == .now ? chain(from: j, to: catalog.announceable(from: j + 1), s) : nil
        var announcement = make(kind, step: j, s, then: then)
        if kind != .now { announcement.maneuver?.lanes = nil }
        announcement.durationSeconds = estimator.duration(of: announcement)
        return announcement
    }

    /// Trigger distance of `kind` at the planning speed. A `now` also leaves time to finish speaking, plus one
    /// update interval: positions arrive in steps (1 Hz), so a trigger set at exactly "duration + margin" would
    /// always be passed too late and a long instruction would never fit.
    private func trigger(_ kind: AnnouncementKind, duration: Double, _ s: Situation) -> Double {
        let c = configuration
        let clamp = GuidanceConfiguration.clamp
        switch kind {
        case .early: return clamp(s.speed * c.earlyLeadSeconds, c.earlyMinMeters, c.earlyMaxMeters)
        case .prepare: return clamp(s.speed * c.prepareLeadSeconds, c.prepareMinMeters, c.prepareMaxMeters)
        case .arrive, .waypoint: return clamp(s.speed * c.arriveLeadSeconds, c.arriveMinMeters, c.arriveMaxMeters)
        default:
            return max(clamp(s.speed * c.nowLeadSeconds, c.nowMinMeters, c.nowMaxMeters),
                       s.speed * (duration + c.nowFinishMarginSeconds + s.interval))
        }
    }

    /// The maneuver `k` chained after `j` when it follows soon enough (never into a merge, never past an arrival).
    private func chain(from j: Int, to k: Int?, _ s: Situation) -> ChainedManeuver? {
        let c = configuration
        guard let k, catalog.roles[j] == .maneuver || catalog.roles[j] == .depart,
              catalog.descriptions[k].step.maneuver.type != .merge else { return nil }
        let gap = catalog.meters(k) - catalog.meters(j)
        let speed = c.speedOverride ?? index.steps[j].speed ?? s.speed
        guard gap <= speed * c.thenMaxGapSeconds || (gap <= c.thenLowSpeedMaxMeters && speed <= c.thenLowSpeed)
        else { return nil }
        var description = catalog.descriptions[k]
        if catalog.roles[k] != .maneuver { description.lanes = nil }
        return ChainedManeuver(maneuver: description, distanceMeters: gap, sayDistance: gap >= c.thenSayDistanceMinMeters)
    }

    // MARK: - Output

    /// An announcement of `kind` about step `step` (or none) at the current situation, with its duration.
    private func make(_ kind: AnnouncementKind, step: Int?, _ s: Situation, then: ChainedManeuver? = nil) -> Announcement {
        let description = step.map { catalog.descriptions[$0] }
        let toManeuver = step.map { max(0, catalog.meters($0) - s.distance) } ?? 0
        var announcement = Announcement(kind: kind, maneuver: description, then: then, triggerMeters: s.distance,
                                        triggerSeconds: s.time, distanceToManeuverMeters: toManeuver)
        announcement.durationSeconds = estimator.duration(of: announcement)
        return announcement
    }

    /// An offRoute / reroute announcement: not remembered, since a later excursion needs one again.
    private mutating func say(_ kind: AnnouncementKind, step: Int?, _ s: Situation) -> Announcement {
        var announcement = make(kind, step: step, s)
        announcement.maneuver?.lanes = nil
        speakingUntil = s.time + announcement.durationSeconds
        return announcement
    }

    /// Starts speaking `announcement` about step `step`: remembers it (and its chained maneuver).
    private mutating func commit(_ announcement: Announcement, step: Int) -> Announcement {
        var final = announcement
        final.durationSeconds = estimator.duration(of: final)
        speakingUntil = final.triggerSeconds + final.durationSeconds
        let maneuver = catalog.descriptions[step].step.maneuver
        memory.record(step, final.kind, maneuver: maneuver, distance: final.distanceToManeuverMeters)
        if let then = final.then, let k = catalog.flatIndex(of: then.maneuver.id) {
            let distance = final.distanceToManeuverMeters + then.distanceMeters
            memory.record(k, .prepare, maneuver: then.maneuver.step.maneuver, distance: distance)
            memory.record(k, .early, maneuver: then.maneuver.step.maneuver, distance: distance)
        }
        return final
    }

    /// Drops `kind` for step `j` without saying anything.
    private mutating func dropped(_ j: Int, _ kind: AnnouncementKind) -> Announcement? {
        memory.drop(j, kind)
        return nil
    }
}
