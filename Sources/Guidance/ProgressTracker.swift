import Foundation
import RouteModel

/// Snaps positions onto a route and keeps monotonic progress along it (docs/ARCHITECTURE.md §1).
///
/// Each update searches a moving window around the last progress (from `windowBackMeters` behind to a
/// speed-dependent distance ahead), so its cost does not depend on the route length. Progress never moves
/// backwards; a part of the route further on that passes close by (a loop, an overpass) stays outside the
/// window, and the GPS heading disfavours segments driven the other way. When the window finds nothing
/// near, a wider search covers what a plausible speed allows since the last fix on the route (after a tunnel,
/// or while off route). When that fails too, a fix that lies on the route further on (up to
/// `jumpSearchMeters`, driven the route's way) is a candidate jump: the next fix taken on the route just after it
/// confirms it (a position jump, a receiver that re-acquired late), else the fixes count towards going off route.
///
/// Off route, the vehicle is back on the route (`RouteProgress.becameOnRoute`) only at a fix that is near the
/// route *and* driven the route's way when the GPS heading is known: crossing the route on another road (a
/// bridge over it, a crossroads of a loop) is not a rejoin.
public struct ProgressTracker: Sendable {
    /// The route being followed.
    public let index: RouteIndex
    /// The thresholds used.
    public let configuration: GuidanceConfiguration
    /// Progress so far along the route, meters.
    public private(set) var distanceAlong: Double = 0
    /// On-route state after the last update.
    public private(set) var state: RouteState = .onRoute
    private var segment = 0
    private var lastTimestamp: Double?
    private var farCount = 0
    /// Consecutive far fixes whose GPS heading runs against the nearest route segment.
    private var awayCount = 0
    private var farSince: Double?
    private var lastOnRouteTimestamp: Double?
    /// A far fix that lay on the route further on: where, and when.
    private var jump: (distanceAlong: Double, timestamp: Double)?

    /// Creates a tracker at the start of `index`.
    public init(index: RouteIndex, configuration: GuidanceConfiguration = .standard) {
        self.index = index
        self.configuration = configuration
    }

    /// Snaps `position` and returns the progress after it.
    public mutating func update(_ position: Position) -> RouteProgress {
        let threshold = max(configuration.offRouteMinMeters, configuration.offRouteAccuracyFactor * (position.accuracy ?? 0))
        let dt = lastTimestamp.map { max(0, position.timestamp - $0) }
        let speed = position.speed ?? index.speed(atDistance: distanceAlong) ?? configuration.fallbackSpeed
        var found: Snap?
        if let dt {
            let ahead = min(configuration.windowAheadMaxMeters,
                            max(configuration.windowAheadMinMeters,
                                configuration.windowAheadSpeedFactor * speed * dt + (position.accuracy ?? 0)))
            found = nearest(position, from: distanceAlong - configuration.windowBackMeters, to: distanceAlong + ahead, preferNear: true)
            if found.map({ $0.offset > threshold || !rejoinable($0) }) ?? true {
                let since = lastOnRouteTimestamp.map { max(dt, position.timestamp - $0) } ?? dt
                let wide = configuration.maxPlausibleSpeed * since + configuration.windowAheadMinMeters
                if wide > ahead {
                    let again = nearest(position, from: distanceAlong - configuration.windowBackMeters, to: distanceAlong + wide)
                    if let again, again.offset <= threshold, rejoinable(again) { found = again }
                }
            }
            if found.map({ $0.offset > threshold || !rejoinable($0) }) ?? true {
                found = confirmedJump(position, threshold: threshold) ?? found
            }
        } else {
            found = nearest(position, from: 0, to: configuration.acquisitionMeters)
        }
        let previous = distanceAlong
        var offset = found?.offset ?? .infinity
        var becameOffRoute = false, becameOnRoute = false
        if let found, found.offset <= threshold, rejoinable(found) {
            becameOnRoute = state == .offRoute
            if found.distanceAlong > distanceAlong {
                distanceAlong = found.distanceAlong
                segment = found.segment
            }
            farCount = 0
            // Heading away while already well off the line counts towards a wrong turn (see GuidanceConfiguration).
            let leaving = found.offset > threshold * configuration.offRouteLeavingFraction && !found.headingAgrees
            awayCount = leaving && state != .offRoute ? awayCount + 1 : 0
            farSince = nil
            jump = nil
            state = .onRoute
            lastOnRouteTimestamp = position.timestamp
        } else {
            farCount += 1
            let since = farSince ?? position.timestamp
            farSince = since
            let longEnough = farCount >= 2 && position.timestamp - since >= configuration.offRouteSeconds
            // Driving away from the route (a wrong turn) is confirmed one fix sooner.
            let away = found.map { !$0.headingAgrees } ?? false
            awayCount = away ? awayCount + 1 : 0
            let turnedAway = awayCount >= configuration.offRouteUpdatesHeadingAway
            if state != .offRoute && (farCount >= configuration.offRouteUpdates || longEnough || turnedAway) {
                state = .offRoute
                becameOffRoute = true
            } else if state != .offRoute {
                state = .leaving
            }
            if !offset.isFinite { offset = Double.greatestFiniteMagnitude }
        }
        var rate: Double? = position.speed
        if rate == nil, let dt, dt > 0 { rate = (distanceAlong - previous) / dt }
        lastTimestamp = position.timestamp
        var result = progress(at: position.timestamp, speed: rate, offset: offset, becameOffRoute: becameOffRoute)
        result.becameOnRoute = becameOnRoute
        return result
    }

    /// Looks for `position` on the route further on than the search windows reach. The first such fix is
    /// remembered; it returns the snap when this fix confirms the one before (on the route, driven its way, just
    /// after where that one was).
    private mutating func confirmedJump(_ position: Position, threshold: Double) -> Snap? {
        guard let far = nearest(position, from: distanceAlong, to: distanceAlong + configuration.jumpSearchMeters),
              far.offset <= threshold, far.headingAgrees else {
            jump = nil
            return nil
        }
        if let before = jump {
            let reach = configuration.maxPlausibleSpeed * max(0, position.timestamp - before.timestamp) + configuration.windowAheadMinMeters
            if far.distanceAlong >= before.distanceAlong - configuration.windowBackMeters,
               far.distanceAlong <= before.distanceAlong + reach {
                return far
            }
        }
        jump = (far.distanceAlong, position.timestamp)
        return nil
    }

    /// True when `snap` may count as on the route: always while on it; off it, only when driven the route's way
    /// (or when the heading is unknown).
    private func rejoinable(_ snap: Snap) -> Bool { state != .offRoute || snap.headingAgrees }

    /// The progress record for the current distance.
    private func progress(at timestamp: Double, speed: Double?, offset: Double, becameOffRoute: Bool) -> RouteProgress {
        let stepIndex = index.stepIndex(atDistance: distanceAlong)
        let step = index.steps.isEmpty ? nil : index.steps[stepIndex]
        let nextIndex = stepIndex + 1 < index.steps.count ? stepIndex + 1 : nil
        let toNext = nextIndex.map { max(0, index.steps[$0].startMeters - distanceAlong) } ?? 0
        let total = index.steps.last.map { $0.startSeconds + $0.step.duration } ?? 0
        let remainingSeconds = max(0, total - index.time(atDistance: distanceAlong))
        return RouteProgress(distanceAlong: distanceAlong, stepIndex: stepIndex,
                             stepID: step?.id ?? StepID(leg: 0, step: 0), nextManeuverIndex: nextIndex,
                             distanceToNextManeuver: toNext,
                             remainingDistance: max(0, index.path.length - distanceAlong),
                             remainingSeconds: remainingSeconds, eta: timestamp + remainingSeconds,
                             speed: speed, offset: offset, state: state, becameOffRoute: becameOffRoute,
                             timestamp: timestamp)
    }

    /// The best projection of `position` onto the segments between `low` and `high` meters: nearest, with
    /// segments against the GPS heading disfavoured. Walks from the last segment, so the cost is the number
    /// of segments in the range. In the window after the last progress (`preferNear`), without a heading to trust
    /// (at a crawl), a projection ahead of the last progress
    /// costs `aheadPenaltyPerMeter` of offset per meter ahead: where the route comes back along itself (into a
    /// dead end to a stop and out again) both carriageways are equally near, and the nearer one along the route is
    /// where the vehicle is; on a single line the nearest point is still the true one.
    private func nearest(_ position: Position, from low: Double, to high: Double, preferNear: Bool = false) -> Snap? {
        let path = index.path
        let cumulative = path.cumulative
        guard path.segmentCount > 0 else { let only = path.coordinates.first
            return only.map { Snap(distanceAlong: 0, offset: Geo.distance($0, position.coordinate), segment: 0,
                                   headingAgrees: true) } }
        var first = min(segment, path.segmentCount - 1)
        while first > 0 && cumulative[first] > low { first -= 1 }
        var last = first
        while last + 1 < path.segmentCount && cumulative[last + 1] < high { last += 1 }
        var heading: (x: Double, y: Double)?
        if let h = position.heading, (position.speed ?? configuration.headingMinSpeed) >= configuration.headingMinSpeed {
            heading = (sin(h * .pi / 180), cos(h * .pi / 180))
        }
        let cosTolerance = cos(configuration.headingToleranceDegrees * .pi / 180)
        let point = position.coordinate
        let mPerDegLat = Geo.earthRadius * .pi / 180
        let mPerDegLon = mPerDegLat * cos(point.latitude * .pi / 180)
        let coordinates = path.coordinates
        var best: Snap?
        var bestScore = Double.infinity
        for s in first...last {
            let a = coordinates[s], b = coordinates[s + 1]
            let ax = (a.longitude - point.longitude) * mPerDegLon, ay = (a.latitude - point.latitude) * mPerDegLat
            let dx = (b.longitude - a.longitude) * mPerDegLon, dy = (b.latitude - a.latitude) * mPerDegLat
            let len2 = dx * dx + dy * dy
            let t = len2 > 0 ? min(1, max(0, -(ax * dx + ay * dy) / len2)) : 0
            let px = ax + dx * t, py = ay + dy * t
            let offset = (px * px + py * py).squareRoot()
            var score = offset
            if preferNear && heading == nil {
                let along = cumulative[s] + (cumulative[s + 1] - cumulative[s]) * t
                score += Self.aheadPenaltyPerMeter * max(0, along - distanceAlong)
            }
            var agrees = true
            if let heading, len2 > 0, (dx * heading.x + dy * heading.y) < cosTolerance * len2.squareRoot() {
                score += configuration.headingPenaltyMeters
                agrees = false
            } else if let heading, t >= 1, s + 1 < path.segmentCount {
                // Past the end of the segment the route goes on along the next one: a vehicle beyond a turn that
                // kept its old heading went straight where the route turns (a wrong turn), so it does not agree.
                // Only the flag changes (it speeds up confirming off route), not which segment is nearest.
                let c = coordinates[s + 2]
                let nx = (c.longitude - b.longitude) * mPerDegLon, ny = (c.latitude - b.latitude) * mPerDegLat
                let nextLength = (nx * nx + ny * ny).squareRoot()
                if nextLength > 0, (nx * heading.x + ny * heading.y) < cosTolerance * nextLength { agrees = false }
            }
            if score < bestScore {
                bestScore = score
                best = Snap(distanceAlong: cumulative[s] + (cumulative[s + 1] - cumulative[s]) * t,
                            offset: offset, segment: s, headingAgrees: agrees)
            }
        }
        return best
    }
}

extension ProgressTracker {
    /// Offset added per meter a projection lies ahead of the last progress when the heading is not trusted (see
    /// `nearest`): 10 m along counts as 1 m aside, less than any real offset slope, so it only breaks near-ties.
    static let aheadPenaltyPerMeter = 0.1

    /// Puts the tracker where a clean drive along the route would have left it after an on-route fix at
    /// `distance` and `timestamp` (the offline planner's jump over updates it does not need).
    mutating func resume(at distance: Double, timestamp: Double) {
        distanceAlong = distance
        segment = index.path.segment(atDistance: distance)
        state = .onRoute
        lastTimestamp = timestamp
        lastOnRouteTimestamp = timestamp
        farCount = 0
        awayCount = 0
        farSince = nil
    }
}

/// A position snapped onto one segment of the route path.
private struct Snap {
    /// Distance along the path of the snapped point, meters.
    var distanceAlong: Double
    /// Distance from the position to the snapped point, meters.
    var offset: Double
    /// Segment that holds the snapped point.
    var segment: Int
    /// False when the GPS heading is known and the segment runs against it (beyond the tolerance).
    var headingAgrees: Bool
}
