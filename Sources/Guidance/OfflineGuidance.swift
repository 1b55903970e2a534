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
    /// Speed cameras on the route not said: reached before there was room (`AnnouncementPlanner.skippedCameras`).
    public var skippedCameras = 0
}

/// Runs guidance without a clock (the `transcript` path).
///
/// `run` gives exactly what feeding every fix of `Simulator` into a `GuidanceSession` gives (`runStepped`, kept
/// for comparison), but on a clean drive (no noise, dropout, deviation, stop or reversal) it jumps from
/// decision point to decision point: the planner's triggers are thresholds of the progress at the step's
/// speed and of the end of speaking (`AnnouncementPlanner.nextDecision`), so only the fixes where one can be
/// crossed are snapped and planned. The simulated clock and odometer still advance by the same additions as
/// the simulator's (a few nanoseconds a fix), so every trigger lands on the same fix with the same progress.
public enum OfflineGuidance {
    /// Drives `index` with `options` (its `speedKmh`, when set, also becomes the planning speed) and
    /// returns every announcement with a quality report.
    public static func run(_ index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                           estimator: any DurationEstimator = KindDurationEstimator(),
                           options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        var session = session(index, configuration: configuration, estimator: estimator, options: options)
        guard isClean(options) else { return drive(&session, fixes: Simulator(index: index, options: options)) }
        return jump(&session, options: options)
    }

    /// The same drive as `run`, planned at every simulated fix (the reference that `run` is tested against).
    public static func runStepped(_ index: RouteIndex, configuration: GuidanceConfiguration = .standard,
                                  estimator: any DurationEstimator = KindDurationEstimator(),
                                  options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        var session = session(index, configuration: configuration, estimator: estimator, options: options)
        return drive(&session, fixes: Simulator(index: index, options: options))
    }

    /// A session on `index` whose planning speed is the fixed speed of `options`, if any.
    private static func session(_ index: RouteIndex, configuration: GuidanceConfiguration,
                                estimator: any DurationEstimator, options: SimulatorOptions) -> GuidanceSession {
        var config = configuration
        if let kmh = options.speedKmh { config.speedOverride = kmh / 3.6 }
        return GuidanceSession(index: index, configuration: config, estimator: estimator)
    }

    /// True when `options` drive cleanly along the route (every fix on it, forward), so decisions can be jumped to.
    static func isClean(_ options: SimulatorOptions) -> Bool {
        options.noise == nil && options.dropout == nil && options.deviation == nil && options.stops.isEmpty
            && options.reversal == nil && options.interval > 0 && options.interval.isFinite
    }

    /// The clean drive of `Simulator` (same clock, same odometer, same fixes), planned only at the fixes where
    /// the planner can act; the others only advance the clock and mark the maneuvers reached.
    static func jump(_ session: inout GuidanceSession, options: SimulatorOptions) -> GuidanceRun {
        let index = session.index, path = index.path, length = path.length, steps = index.steps
        let catalog = ManeuverCatalog(index: index)
        let dt = options.interval
        var announcements = [Announcement]()
        var reached = [Double?](repeating: nil, count: catalog.roles.count)
        var nextToReach = 0
        var time = options.startTime, meters = 0.0, dwell = options.dwellSeconds
        var previous: (time: Double, meters: Double)?
        var skipped = false
        var wake: (meters: Double?, seconds: Double) = (nil, -.infinity)
        // The simulator's cruise speed, by a cursor over the steps instead of a search per fix.
        var cursor = 0
        func cursorSpeed() -> Double {
            if let kmh = options.speedKmh { return kmh / 3.6 }
            return index.speed(atDistance: meters) ?? GuidanceConfiguration.standard.fallbackSpeed
        }
        while cursor + 1 < steps.count && steps[cursor + 1].startMeters <= meters { cursor += 1 }
        var cruise = cursorSpeed()
        var end = time
        while true {
            while nextToReach < reached.count && catalog.meters(nextToReach) <= meters {
                var when = time
                if let p = previous, meters > p.meters {
                    let share = (catalog.meters(nextToReach) - p.meters) / (meters - p.meters)
                    when = p.time + (time - p.time) * Swift.max(0, share)
                }
                reached[nextToReach] = when
                nextToReach += 1
            }
            // Thresholds are in snapped progress, which matches the odometer to far below a centimetre.
            let due = wake.meters.map { meters >= $0 - 0.01 } ?? true
            if due || time >= wake.seconds {
                if skipped, let p = previous { session.skip(to: p.time, distance: p.meters) }
                let position = Position(coordinate: path.coordinate(atDistance: meters), speed: meters >= length ? 0 : cruise,
                                        heading: path.bearing(atDistance: meters), accuracy: nil, timestamp: time)
                announcements += session.update(position)
                wake = session.nextDecision(interval: dt)
                skipped = false
            } else {
                skipped = true
            }
            previous = (time, meters)
            end = time
            time += dt
            if meters >= length {
                dwell -= dt
                if dwell < 0 { break }
                continue
            }
            meters = Swift.min(length, meters + cruise * dt)
            var moved = false
            while cursor + 1 < steps.count && steps[cursor + 1].startMeters <= meters { cursor += 1; moved = true }
            if moved { cruise = cursorSpeed() }
        }
        let report = GuidanceQualityReport(catalog: catalog, announcements: announcements, reached: reached,
                                           configuration: session.tracker.configuration)
        return GuidanceRun(announcements: announcements, report: report, reachedSeconds: reached, endSeconds: end,
                           skippedCameras: session.planner.skippedCameras)
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
        return GuidanceRun(announcements: announcements, report: report, reachedSeconds: reached, endSeconds: end,
                           skippedCameras: session.planner.skippedCameras)
    }
}
