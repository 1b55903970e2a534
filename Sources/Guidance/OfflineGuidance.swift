import RouteModel

/// The result of one simulated drive: what was announced, when, and how well.
public struct GuidanceRun: Sendable {
    /// Announcements in the order they were started.
    public var announcements: [Announcement]
    /// The quality check of the announcements.
    public var report: GuidanceQualityReport
    /// When each step's maneuver was reached on the drive (by flat step index; nil when never reached).
    public var reachedSeconds: [Double?]
    /// Simulated time of the last fix, seconds.
    public var endSeconds: Double
}

/// Runs guidance without a clock: Simulator → GuidanceSession to the end (the `transcript` path).
public enum OfflineGuidance {
    /// Drives `index` with `options` (its `speedKmh`, when set, also becomes the planning speed) and
    /// returns every announcement with a quality report.
    public static func run(_ index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                           estimator: any DurationEstimator = KindDurationEstimator(),
                           options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        var config = configuration
        if let kmh = options.speedKmh { config.speedOverride = kmh / 3.6 }
        var session = GuidanceSession(index: index, configuration: config, estimator: estimator)
        return drive(&session, fixes: Simulator(index: index, options: options))
    }

    /// Feeds `fixes` (from a simulator on the session's current route) into `session` and checks the result.
    public static func drive(_ session: inout GuidanceSession, fixes: some Sequence<SimulatedFix>) -> GuidanceRun {
        let catalog = ManeuverCatalog(index: session.index)
        var announcements = [Announcement]()
        var reached = [Double?](repeating: nil, count: catalog.roles.count)
        var nextToReach = 0
        var previous: SimulatedFix?
        var end = 0.0
        for fix in fixes {
            announcements += session.update(fix.position)
            let t = fix.position.timestamp, d = fix.routeMeters
            while nextToReach < reached.count && catalog.meters(nextToReach) <= d {
                var when = t
                if let p = previous, d > p.routeMeters {
                    let share = (catalog.meters(nextToReach) - p.routeMeters) / (d - p.routeMeters)
                    when = p.position.timestamp + (t - p.position.timestamp) * Swift.max(0, share)
                }
                reached[nextToReach] = when
                nextToReach += 1
            }
            previous = fix
            end = t
        }
        let report = GuidanceQualityReport(catalog: catalog, announcements: announcements, reached: reached,
                                           configuration: session.tracker.configuration)
        return GuidanceRun(announcements: announcements, report: report, reachedSeconds: reached, endSeconds: end)
    }
}
