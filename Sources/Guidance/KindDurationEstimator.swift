import RouteModel

/// A text-free duration estimate: a base time per kind plus extra time for "then" parts and a lane hint.
/// It stands in where no phrase builder or synthesizer is at hand (tests, quick statistics); the
/// composition root normally supplies the real, text-based estimate (docs/ARCHITECTURE.md §1).
public struct KindDurationEstimator: DurationEstimator {
    /// Seconds for each kind on its own.
    public var base: [AnnouncementKind: Double]
    /// Seconds added by a "then" part.
    public var thenSeconds: Double
    /// Seconds added when the "then" part says its distance.
    public var thenDistanceSeconds: Double
    /// Seconds added by a lane hint.
    public var laneSeconds: Double
    /// Seconds of each part (the announcement, its "then") that name the road: left out when that maneuver
    /// has no name, ref, destinations, exit signs or rotary name (a terse "Turn left.").
    public var namesSeconds: Double

    /// Creates an estimator; the defaults are typical English phrase lengths at 170 words per minute.
    public init(base: [AnnouncementKind: Double] = [.depart: 2.5, .continue: 2.0, .early: 3.0, .prepare: 2.5,
                                                     .now: 1.5, .arrive: 2.0, .waypoint: 2.5,
                                                     .offRoute: 1.5, .reroute: 2.0, .backOnRoute: 1.5,
                                                     .speedLimit: 1.5, .overspeed: 2.0, .camera: 2.5],
                thenSeconds: Double = 1.5, thenDistanceSeconds: Double = 0.8, laneSeconds: Double = 1.5, namesSeconds: Double = 0.7) {
        self.base = base
        self.thenSeconds = thenSeconds
        self.thenDistanceSeconds = thenDistanceSeconds
        self.laneSeconds = laneSeconds
        self.namesSeconds = namesSeconds
    }

    /// The base time of the kind plus the extras that apply.
    public func duration(of announcement: Announcement) -> Double {
        var seconds = base[announcement.kind] ?? 2
        if let m = announcement.maneuver, !Self.namesRoad(m.step) { seconds -= namesSeconds }
        if let then = announcement.then {
            seconds += thenSeconds + (then.sayDistance ? thenDistanceSeconds : 0)
            if !Self.namesRoad(then.maneuver.step) { seconds -= namesSeconds }
        }
        // Each maneuver of the run after the "then" is a terse "then" clause of its own.
        seconds += Double(announcement.thenMore.count) * (thenSeconds - namesSeconds)
        if announcement.maneuver?.lanes != nil { seconds += laneSeconds }
        return seconds
    }

    /// True when phrasing would say something about the road of `step` besides the maneuver.
    static func namesRoad(_ step: Step) -> Bool {
        !step.name.isEmpty || step.ref != nil || step.destinations != nil || step.exits != nil || step.rotaryName != nil
    }
}
