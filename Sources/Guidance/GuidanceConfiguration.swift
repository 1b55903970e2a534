import RouteModel

/// Every threshold of progress tracking and announcement planning, in one value (meters, seconds, m/s).
///
/// Triggers are time-based ("say it N seconds before the maneuver at the current speed") and then clamped
/// to a distance range, so that a crawl does not squeeze a cue to nothing and a motorway does not push it
/// out of sight. The defaults follow what drivers are used to from other engines; each number says why.
public struct GuidanceConfiguration: Sendable, Hashable {
    // MARK: Speed

    /// A fixed speed in m/s used instead of GPS and route speeds (`--speed`); nil to use them.
    public var speedOverride: Double? = nil
    /// Speed used when neither GPS nor the route gives one: 50 km/h, the common urban limit (`RouteIndex.fallbackSpeed`).
    public var fallbackSpeed: Double = RouteIndex.fallbackSpeed

    // MARK: Early (long range, fast roads only)

    /// Early cues only at or above this speed: 80 km/h, below which roads are not "fast".
    public var earlyMinSpeed: Double = 22.2
    /// Early cue lead time: 60 s, about 2 km at 120 km/h, time to plan a lane change in traffic.
    public var earlyLeadSeconds: Double = 60
    /// The early cue is never nearer than 1.5 km: nearer than that the prepare already covers it.
    public var earlyMinMeters: Double = 1500
    /// The early cue is never farther than 3 km: beyond that drivers forget it before the exit.
    public var earlyMaxMeters: Double = 3000
    /// An early cue needs at least 20 s of travel before the prepare trigger, or it just doubles the prepare.
    public var earlyGapSeconds: Double = 20

    // MARK: Prepare

    /// Prepare lead time: 30 s, long enough to signal and change lanes, short enough to remember.
    public var prepareLeadSeconds: Double = 30
    /// The prepare is at least 200 m out, so that slow traffic still gets a usable warning.
    public var prepareMinMeters: Double = 200
    /// The prepare is at most 2 km out, so that it stays tied to a visible junction.
    public var prepareMaxMeters: Double = 2000

    // MARK: Now

    /// "Now" lead time: 7 s, inside the 5–10 s that drivers can act on without braking hard.
    public var nowLeadSeconds: Double = 7
    /// "Now" at least 25 m out: at a crawl, the junction is then still ahead and visible.
    public var nowMinMeters: Double = 25
    /// "Now" at most 250 m out: farther away it is no longer "now" (7 s at 130 km/h is 253 m).
    public var nowMaxMeters: Double = 250
    /// A "now" must finish speaking at least 1 s before the maneuver at the current speed.
    public var nowFinishMarginSeconds: Double = 1

    // MARK: Arrival and waypoints

    /// Arrival (and waypoint) lead time: 4 s, while the driver slows down to stop.
    public var arriveLeadSeconds: Double = 4
    /// Arrival at least 15 m out: about a house front.
    public var arriveMinMeters: Double = 15
    /// Arrival at most 100 m out: farther, the destination is not yet in sight.
    public var arriveMaxMeters: Double = 100

    // MARK: Continue ("continue for 5 km")

    /// Say "continue" only when the next maneuver is at least this far: 1.5 km; nearer, the prepare follows soon.
    public var continueMinMeters: Double = 1500
    /// …and at least 90 s away at the current speed, so motorways need about 3 km.
    public var continueMinSeconds: Double = 90
    /// Wait 2 s after the maneuver (at least 20 m) so it is not said in the middle of the turn.
    public var continueDelaySeconds: Double = 2
    /// Minimum distance after the maneuver before "continue".
    public var continueMinDelayMeters: Double = 20
    /// Give up on "continue" 20 s (at least 300 m) after the maneuver: later it confirms nothing.
    public var continueWindowSeconds: Double = 20
    /// Minimum length of the window in which "continue" may be said.
    public var continueMinWindowMeters: Double = 300

    // MARK: "then" chaining

    /// Chain the next maneuver when it follows within 12 s of travel (drivers need it before the first ends).
    public var thenMaxGapSeconds: Double = 12
    /// …or within 150 m when slow (at or below `thenLowSpeed`), where 12 s would be too short a distance.
    public var thenLowSpeedMaxMeters: Double = 150
    /// "Slow" for chaining: 50 km/h.
    public var thenLowSpeed: Double = 13.9
    /// Say the gap ("then, in 200 m, …") from 100 m; shorter gaps are just "then".
    public var thenSayDistanceMinMeters: Double = 100

    // MARK: Progress tracking

    /// Off route beyond max(50 m, 3 × accuracy): 50 m clears a wide junction, 3 σ keeps noisy fixes on route.
    public var offRouteMinMeters: Double = 50
    /// The accuracy multiple in the off-route distance.
    public var offRouteAccuracyFactor: Double = 3
    /// Off route after 3 consecutive far fixes (at 1 Hz about 2 s: one bad fix is not enough)…
    public var offRouteUpdates: Int = 3
    /// …or after 5 s of far fixes (at least two), for sparse position streams.
    public var offRouteSeconds: Double = 5
    /// …or after 2 fixes whose GPS heading runs more than `headingToleranceDegrees` against the route, the last
    /// of them far: the mark of a wrong turn. The first may still be within the off-route distance, past
    /// `offRouteLeavingFraction` of it (at 50 km/h straight on where the route turns 90°, that calls it within
    /// 5 s whatever the noise, not 6).
    public var offRouteUpdatesHeadingAway: Int = 2
    /// The share of the off-route distance past which a fix heading away already counts towards
    /// `offRouteUpdatesHeadingAway`.
    public var offRouteLeavingFraction: Double = 0.5
    /// The search window starts 30 m behind the last progress, to absorb backwards jitter without rewinding.
    public var windowBackMeters: Double = 30
    /// The search window reaches at least 100 m ahead of the last progress.
    public var windowAheadMinMeters: Double = 100
    /// …and twice the distance the current speed covers since the last fix.
    public var windowAheadSpeedFactor: Double = 2
    /// …but never more than 500 m, so that a loop of the route further on stays outside it.
    public var windowAheadMaxMeters: Double = 500
    /// The wider search (when the window fails, e.g. after a tunnel) covers what 70 m/s (250 km/h) allows.
    public var maxPlausibleSpeed: Double = 70
    /// A fix that neither search places, but that lies on the route (driven its way) up to 5 km further on — a
    /// receiver that re-acquired late, a position jump — is taken there once the next fix confirms it: not off
    /// route, and guidance goes on from the maneuver ahead.
    public var jumpSearchMeters: Double = 5000
    /// The very first fix is searched within the first 2 km of the route.
    public var acquisitionMeters: Double = 2000
    /// A segment whose direction differs from the GPS heading by more than 70° is disfavoured…
    public var headingToleranceDegrees: Double = 70
    /// …by adding 40 m to its distance (enough to prefer the right carriageway of an overlap).
    public var headingPenaltyMeters: Double = 40
    /// GPS heading is trusted only from 2 m/s: below that it wanders.
    public var headingMinSpeed: Double = 2

    // MARK: Alerts

    /// Say a new speed limit where it changes on a fast road (`--speed-limits`).
    public var speedLimitAlerts = false
    /// A road is fast from this limit, km/h: below it (town streets, 30 and 50 zones) limits change at every
    /// corner and the signs are the driver's business; from it a change is easy to miss at speed.
    public var speedLimitMinKmh: Double = 60
    /// A limit change not said within 10 s of driving past it (a maneuver took the time) is skipped…
    public var speedLimitWindowSeconds: Double = 10
    /// …or within 150 m when that is farther.
    public var speedLimitWindowMinMeters: Double = 150
    /// Warn when the GPS speed stays over the limit by more than the tolerance (`drive --overspeed`).
    public var overspeedWarnings = false
    /// The tolerance over the limit, km/h; nil: 5 km/h or 5 % of the limit, whichever is more.
    public var overspeedToleranceKmh: Double? = nil
    /// Over the limit for this long (fix time) before the warning, seconds.
    public var overspeedSeconds: Double = 3
    /// After a warning, under the limit for this long before another one, seconds (or a new limit).
    public var overspeedRearmSeconds: Double = 10

    /// The fixed speed cameras to announce (`--cameras`), matched to each route in its driving direction
    /// (`RouteCameras`); empty: none. Each one ahead is said once ("Speed camera in 400 m"), from the prepare
    /// distance at the planning speed, and never again on a later route.
    public var cameras: [SpeedCamera] = []
    /// A camera announcement must end at least this long before the camera is reached, seconds; when it no longer
    /// can, the camera is skipped (`AnnouncementPlanner.skippedCameras`).
    public var cameraFinishMarginSeconds: Double = 2

    /// The speed over `limitKmh` from which the car is too fast, km/h.
    public func overspeedThresholdKmh(limitKmh: Double) -> Double {
        limitKmh + (overspeedToleranceKmh ?? max(5, limitKmh * 0.05))
    }

    // MARK: Memory across reroutes

    /// A maneuver on a new route is the same as one already announced when it is within 20 m with the same type.
    public var maneuverMatchMeters: Double = 20
    /// After a reroute, an announcement of the same kind is repeated only when, at the reroute, the maneuver
    /// is at least 200 m farther away than when it was said (a long detour)…
    public var repeatMinGrowthMeters: Double = 200
    /// …and at least 50 % farther. Closer than before, the driver already knows; the "now" still comes.
    public var repeatMinGrowthFraction: Double = 0.5

    /// The defaults described on each property.
    public init() {}

    /// The defaults described on each property.
    public static let standard = GuidanceConfiguration()

    /// The speed used for planning: the override, else GPS, else the route's, else the fallback.
    func planningSpeed(gps: Double?, route: Double?) -> Double {
        speedOverride ?? gps ?? route ?? fallbackSpeed
    }

    /// `value` clamped to `low...high`.
    static func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double { min(high, max(low, value)) }
}
