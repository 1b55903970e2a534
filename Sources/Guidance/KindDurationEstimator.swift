/// A text-free duration estimate: a base time per kind plus extra time for a "then" part and a lane hint.
/// It stands in where no phrase builder or synthesizer is at hand (tests, quick statistics); the
/// composition root normally supplies the real, text-based estimate (DESIGN.md §1).
public struct KindDurationEstimator: DurationEstimator {
    /// Seconds for each kind on its own.
    public var base: [AnnouncementKind: Double]
    /// Seconds added by a "then" part.
    public var thenSeconds: Double
    /// Seconds added when the "then" part says its distance.
    public var thenDistanceSeconds: Double
    /// Seconds added by a lane hint.
    public var laneSeconds: Double

    /// Creates an estimator; the defaults are typical English phrase lengths at 170 words per minute.
    public init(base: [AnnouncementKind: Double] = [.depart: 2.5, .continue: 2.0, .early: 3.0, .prepare: 2.5,
                                                     .now: 1.5, .arrive: 2.0, .waypoint: 2.5,
                                                     .offRoute: 1.5, .reroute: 2.0],
                thenSeconds: Double = 1.5, thenDistanceSeconds: Double = 0.8, laneSeconds: Double = 1.5) {
        self.base = base
        self.thenSeconds = thenSeconds
        self.thenDistanceSeconds = thenDistanceSeconds
        self.laneSeconds = laneSeconds
    }

    /// The base time of the kind plus the extras that apply.
    public func duration(of announcement: Announcement) -> Double {
        var seconds = base[announcement.kind] ?? 2
        if let then = announcement.then { seconds += thenSeconds + (then.sayDistance ? thenDistanceSeconds : 0) }
        if announcement.maneuver?.lanes != nil { seconds += laneSeconds }
        return seconds
    }
}
