import RouteModel

/// Progress tracking and announcement planning together: feed positions, get announcements.
///
/// What a drive needs after each `update` is in `progress`: `state` (on route, leaving, off route),
/// `becameOffRoute` (the update to start asking a router for a new route) and `becameOnRoute` (the vehicle
/// came back by itself: stop asking). Off route the session says `offRoute` once and no countdown; back on
/// the route it says `backOnRoute` once and goes on with the next maneuver without repeating what was said.
public struct GuidanceSession: Sendable {
    /// The progress tracker on the current route.
    public private(set) var tracker: ProgressTracker
    /// The planner (its memory of what was said spans reroutes).
    public private(set) var planner: AnnouncementPlanner
    /// The progress after the last update, if any.
    public private(set) var progress: RouteProgress?

    /// Starts guidance on `index`.
    public init(index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                estimator: any DurationEstimator) {
        tracker = ProgressTracker(index: index, configuration: configuration)
        planner = AnnouncementPlanner(index: index, configuration: configuration, estimator: estimator)
    }

    /// The route currently followed.
    public var index: RouteIndex { tracker.index }

    /// True while the vehicle is confirmed off the route (after `offRoute`, before a rejoin or a reroute).
    public var isOffRoute: Bool { progress?.state == .offRoute }

    /// Takes one position and returns the announcements to start now (at most one).
    public mutating func update(_ position: Position) -> [Announcement] {
        let current = tracker.update(position)
        progress = current
        if current.becameOffRoute { planner.noteOffRoute() }
        if current.becameOnRoute { planner.noteBackOnRoute() }
        return planner.plan(current).map { [$0] } ?? []
    }

    /// Continues on `index`, a new route from the current position, without repeating what was said.
    public mutating func reroute(to index: RouteIndex) {
        tracker = ProgressTracker(index: index, configuration: tracker.configuration)
        planner.reroute(to: index)
        progress = nil
    }
}

extension GuidanceSession {
    /// Jumps over the clean on-route updates up to the one at `time` and `distance` (see `OfflineGuidance`):
    /// the tracker and the planner are left as those updates would have left them when nothing was said.
    mutating func skip(to time: Double, distance: Double) {
        tracker.resume(at: distance, timestamp: time)
        planner.skip(time: time, distance: distance)
    }

    /// When the planner can next act after the last update (see `AnnouncementPlanner.nextDecision`).
    func nextDecision(interval: Double) -> (meters: Double?, seconds: Double) {
        guard let progress else { return (nil, -.infinity) }
        return planner.nextDecision(after: progress, interval: interval)
    }
}
