import Foundation

/// Identifies a step: the leg index and the step index within that leg (both zero-based, input order).
public struct StepID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Leg index.
    public var leg: Int
    /// Step index within the leg.
    public var step: Int

    /// Creates a step id.
    public init(leg: Int, step: Int) {
        self.leg = leg
        self.step = step
    }

    /// Orders by leg, then step.
    public static func < (a: StepID, b: StepID) -> Bool { (a.leg, a.step) < (b.leg, b.step) }

    /// `leg/step`.
    public var description: String { "\(leg)/\(step)" }
}

/// The projection of a position onto a path.
public struct PathProjection: Sendable, Hashable {
    /// Distance along the path of the projected point, meters.
    public var distanceAlong: Double
    /// Distance from the position to the projected point, meters.
    public var offset: Double
    /// Index of the segment (vertex i to i+1) that holds the projected point.
    public var segment: Int
}

/// A polyline with cumulative distances: the geometry that progress is measured on.
public struct RoutePath: Sendable {
    /// Vertices in travel order.
    public let coordinates: [Coordinate]
    /// Distance along the path at each vertex, meters (same count as `coordinates`, starts at 0).
    public let cumulative: [Double]

    /// Builds the path and its cumulative distances.
    public init(coordinates: [Coordinate]) {
        self.coordinates = coordinates
        var sums = [Double]()
        sums.reserveCapacity(coordinates.count)
        var total = 0.0
        for i in coordinates.indices {
            if i > 0 { total += Geo.distance(coordinates[i - 1], coordinates[i]) }
            sums.append(total)
        }
        cumulative = sums
    }

    /// Length of the path in meters.
    public var length: Double { cumulative.last ?? 0 }

    /// Number of segments (vertices − 1, at least 0).
    public var segmentCount: Int { max(0, coordinates.count - 1) }

    /// The segment that holds `distance` (clamped to the path), by binary search: O(log n).
    public func segment(atDistance distance: Double) -> Int {
        guard coordinates.count > 1 else { return 0 }
        var lo = 0, hi = cumulative.count - 1
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if cumulative[mid] <= distance { lo = mid } else { hi = mid }
        }
        return min(lo, segmentCount - 1)
    }

    /// The point at `distance` along the path (clamped to the ends).
    public func coordinate(atDistance distance: Double) -> Coordinate {
        guard let first = coordinates.first else { return Coordinate(latitude: 0, longitude: 0) }
        guard coordinates.count > 1 else { return first }
        let s = segment(atDistance: distance)
        let a = coordinates[s], b = coordinates[s + 1]
        let span = cumulative[s + 1] - cumulative[s]
        let t = span > 0 ? min(1, max(0, (distance - cumulative[s]) / span)) : 0
        return Coordinate(latitude: a.latitude + (b.latitude - a.latitude) * t,
                          longitude: a.longitude + (b.longitude - a.longitude) * t)
    }

    /// Direction of travel at `distance`, degrees.
    public func bearing(atDistance distance: Double) -> Double {
        guard coordinates.count > 1 else { return 0 }
        let start = segment(atDistance: distance)
        // Skip zero-length segments so the bearing is meaningful: look ahead first, then back
        // (a path may end in a zero-length segment, e.g. OSRM's arrive step).
        var s = start
        while s < segmentCount - 1 && cumulative[s + 1] - cumulative[s] < 0.01 { s += 1 }
        if cumulative[s + 1] - cumulative[s] < 0.01 {
            s = start
            while s > 0 && cumulative[s + 1] - cumulative[s] < 0.01 { s -= 1 }
        }
        return Geo.bearing(coordinates[s], coordinates[s + 1])
    }

    /// Projects `point` onto the segments in `segments` (clamped to the path; a range past either end, or an empty
    /// one, means the nearest end segment) and returns the nearest. Nil only for an empty path.
    /// Cost is linear in the size of the range, independent of the path length.
    public func project(_ point: Coordinate, segments: Range<Int>) -> PathProjection? {
        guard segmentCount > 0 else {
            guard let only = coordinates.first else { return nil }
            return PathProjection(distanceAlong: 0, offset: Geo.distance(only, point), segment: 0)
        }
        let lower = min(max(0, segments.lowerBound), segmentCount - 1)
        let range = lower..<max(lower + 1, min(segments.upperBound, segmentCount))
        // Local equirectangular frame around the point: meters per degree.
        let mPerDegLat = Geo.earthRadius * .pi / 180
        let mPerDegLon = mPerDegLat * cos(point.latitude * .pi / 180)
        var best: PathProjection?
        var bestSquared = Double.infinity
        for s in range {
            let a = coordinates[s], b = coordinates[s + 1]
            let ax = (a.longitude - point.longitude) * mPerDegLon, ay = (a.latitude - point.latitude) * mPerDegLat
            let bx = (b.longitude - point.longitude) * mPerDegLon, by = (b.latitude - point.latitude) * mPerDegLat
            let dx = bx - ax, dy = by - ay
            let len2 = dx * dx + dy * dy
            var t = len2 > 0 ? -(ax * dx + ay * dy) / len2 : 0
            t = min(1, max(0, t))
            let px = ax + dx * t, py = ay + dy * t
            let d2 = px * px + py * py
            if d2 < bestSquared {
                bestSquared = d2
                let along = cumulative[s] + (cumulative[s + 1] - cumulative[s]) * t
                best = PathProjection(distanceAlong: along, offset: sqrt(d2), segment: s)
            }
        }
        return best
    }
}

/// A step placed on the route: where its maneuver is and when it is reached.
public struct IndexedStep: Sendable {
    /// Which step this is.
    public var id: StepID
    /// Position in the flattened step list.
    public var flatIndex: Int
    /// The step itself.
    public var step: Step
    /// Distance along the route of the step's maneuver, meters.
    public var startMeters: Double
    /// Distance along the route where the step ends (the next maneuver), meters.
    public var endMeters: Double
    /// Travel time from the route start to the maneuver, seconds (from the route's own durations).
    public var startSeconds: Double
    /// The step's own travel speed in m/s (distance / duration), or nil when unknown.
    public var speed: Double?
}

/// A stretch of the route with one speed limit (consecutive segments of `annotation.maxspeed` with the same one).
public struct SpeedLimitSpan: Sendable, Hashable {
    /// Distance along the route where the stretch starts, meters.
    public var startMeters: Double
    /// Distance along the route where it ends, meters.
    public var endMeters: Double
    /// The limit on it.
    public var limit: SpeedLimit
    /// Where the stretch starts.
    public var start: Coordinate

    /// Creates a span.
    public init(startMeters: Double, endMeters: Double, limit: SpeedLimit, start: Coordinate) {
        self.startMeters = startMeters
        self.endMeters = endMeters
        self.limit = limit
        self.start = start
    }
}

/// Derived data the planner needs: the route path, every maneuver's distance and time along it.
public struct RouteIndex: Sendable {
    /// The route this index describes.
    public let route: Route
    /// The geometry that progress is measured along.
    public let path: RoutePath
    /// All steps in travel order, across legs.
    public let steps: [IndexedStep]
    /// The speed limits along the route in travel order, from the legs' `maxspeeds` (empty when it has none).
    public let speedLimits: [SpeedLimitSpan]

    /// Builds the index. The path is the concatenation of step geometries (each step starts at its maneuver);
    /// a step without geometry contributes its maneuver location.
    public init(route: Route) {
        self.route = route
        var coords = [Coordinate]()
        var startVertex = [Int]()
        for leg in route.legs {
            for step in leg.steps {
                let g = step.geometry.isEmpty ? [step.maneuver.location] : step.geometry
                if let last = coords.last, last == g[0] {
                    startVertex.append(coords.count - 1)
                    coords.append(contentsOf: g.dropFirst())
                } else {
                    startVertex.append(coords.count)
                    coords.append(contentsOf: g)
                }
            }
        }
        let path = RoutePath(coordinates: coords)
        self.path = path
        var indexed = [IndexedStep]()
        var flat = 0
        var seconds = 0.0
        for (l, leg) in route.legs.enumerated() {
            for (s, step) in leg.steps.enumerated() {
                let start = path.cumulative.isEmpty ? 0 : path.cumulative[startVertex[flat]]
                let speed: Double? = step.duration > 0 && step.distance > 0 ? step.distance / step.duration : nil
                indexed.append(IndexedStep(id: StepID(leg: l, step: s), flatIndex: flat, step: step,
                                           startMeters: start, endMeters: start, startSeconds: seconds, speed: speed))
                seconds += step.duration
                flat += 1
            }
        }
        for i in indexed.indices {
            indexed[i].endMeters = i + 1 < indexed.count ? indexed[i + 1].startMeters : path.length
        }
        steps = indexed
        speedLimits = Self.spans(route: route, path: path, startVertex: startVertex)
    }

    /// The limit spans: leg segment `i` is the `i`-th segment of the leg's step geometries in order, which is path
    /// segment `startVertex[step] + k` for the step's `k`-th segment.
    private static func spans(route: Route, path: RoutePath, startVertex: [Int]) -> [SpeedLimitSpan] {
        var out = [SpeedLimitSpan]()
        var flat = 0
        for leg in route.legs {
            var segment = 0
            for step in leg.steps {
                defer { flat += 1 }
                guard step.geometry.count > 1 else { continue }
                for k in 0..<(step.geometry.count - 1) {
                    defer { segment += 1 }
                    let vertex = startVertex[flat] + k
                    guard segment < leg.maxspeeds.count, vertex + 1 < path.cumulative.count else { continue }
                    let limit = leg.maxspeeds[segment]
                    let (from, to) = (path.cumulative[vertex], path.cumulative[vertex + 1])
                    if let last = out.last, last.limit == limit, abs(last.endMeters - from) < 0.001 {
                        out[out.count - 1].endMeters = to
                    } else {
                        out.append(SpeedLimitSpan(startMeters: from, endMeters: to, limit: limit, start: path.coordinates[vertex]))
                    }
                }
            }
        }
        return out
    }

    /// The speed limit at `distance` along the route (nil where the route says nothing).
    public func speedLimit(atDistance distance: Double) -> SpeedLimit? {
        var lo = 0, hi = speedLimits.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if speedLimits[mid].endMeters <= distance { lo = mid + 1 } else { hi = mid }
        }
        guard lo < speedLimits.count, speedLimits[lo].startMeters <= distance else { return nil }
        return speedLimits[lo].limit
    }

    /// The flat index of the step being travelled at `distance` (the last step whose maneuver is at or before it).
    public func stepIndex(atDistance distance: Double) -> Int {
        guard !steps.isEmpty else { return 0 }
        var lo = 0, hi = steps.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if steps[mid].startMeters <= distance { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Route-time (seconds from start, by the route's own durations) at `distance`, interpolated within the step.
    public func time(atDistance distance: Double) -> Double {
        guard !steps.isEmpty else { return 0 }
        let i = stepIndex(atDistance: distance)
        let s = steps[i]
        let span = s.endMeters - s.startMeters
        let t = span > 0 ? min(1, max(0, (distance - s.startMeters) / span)) : 0
        return s.startSeconds + s.step.duration * t
    }

    /// Speed assumed where neither a fix nor the route gives one: 13.9 m/s (50 km/h, the common urban limit).
    /// `GuidanceConfiguration.fallbackSpeed` starts from it, and the `Simulator` drives at it.
    public static let fallbackSpeed = 13.9

    /// The route's own speed at `distance` in m/s (the current step's, or the nearest step with a speed).
    public func speed(atDistance distance: Double) -> Double? {
        guard !steps.isEmpty else { return nil }
        let i = stepIndex(atDistance: distance)
        if let v = steps[i].speed { return v }
        for j in stride(from: i - 1, through: 0, by: -1) { if let v = steps[j].speed { return v } }
        for j in i..<steps.count { if let v = steps[j].speed { return v } }
        return nil
    }
}
