import Foundation

/// One simulated fix and the truth behind it.
public struct SimulatedFix: Sendable, Hashable {
    /// The position as a receiver would report it (noise and deviation included).
    public var position: Position
    /// True distance along the route of the vehicle, meters.
    public var routeMeters: Double
}

/// Drives a route and produces position fixes, deterministically (same options → same fixes).
public struct Simulator: Sequence, IteratorProtocol, Sendable {
    /// The route driven.
    public let index: RouteIndex
    /// How it is driven.
    public let options: SimulatorOptions
    private var time: Double
    private var meters = 0.0
    private var stopLeft = 0.0
    private var reverseLeft = 0.0
    private var reversed = false
    private var reversalDone = false
    private var pendingStops: [SimulatorOptions.Stop]
    private var dwellLeft: Double
    private var finished = false
    private var random: SplitMix64

    /// Creates a simulator at the start of `index`.
    public init(index: RouteIndex, options: SimulatorOptions = SimulatorOptions()) {
        self.index = index
        self.options = options
        time = options.startTime
        pendingStops = options.stops.sorted { $0.atMeters < $1.atMeters }
        dwellLeft = options.dwellSeconds
        random = SplitMix64(seed: options.noise?.seed ?? 0)
    }

    /// The next fix, or nil once the dwell at the destination is over.
    public mutating func next() -> SimulatedFix? {
        while !finished {
            let fix = makeFix()
            advance()
            if let fix { return fix }
        }
        return nil
    }

    /// The fix at the current time, or nil inside a dropout.
    private mutating func makeFix() -> SimulatedFix? {
        if let d = options.dropout, time >= d.fromSeconds, time < d.untilSeconds { return nil }
        let path = index.path
        var bearing = path.bearing(atDistance: meters)
        var point = path.coordinate(atDistance: meters)
        let lateral = deviationOffset(at: meters)
        if lateral > 0 { point = Geo.destination(from: point, bearing: bearing + 90, meters: lateral) }
        var accuracy: Double? = nil
        if let noise = options.noise {
            let (east, north) = random.nextGaussianPair()
            let mPerDegLat = Geo.earthRadius * .pi / 180
            let mPerDegLon = mPerDegLat * cos(point.latitude * .pi / 180)
            point = Coordinate(latitude: point.latitude + north * noise.sigmaMeters / mPerDegLat,
                               longitude: point.longitude + east * noise.sigmaMeters / mPerDegLon)
            accuracy = noise.sigmaMeters
        }
        let speed: Double
        if stopLeft > 0 || meters >= path.length {
            speed = 0
        } else if reversed {
            speed = options.reversal?.speed ?? 0
            bearing = (bearing + 180).truncatingRemainder(dividingBy: 360)
        } else {
            speed = cruiseSpeed()
        }
        let position = Position(coordinate: point, speed: speed, heading: bearing, accuracy: accuracy, timestamp: time)
        return SimulatedFix(position: position, routeMeters: meters)
    }

    /// Moves the vehicle by one interval.
    private mutating func advance() {
        let dt = options.interval
        time += dt
        let length = index.path.length
        if meters >= length {
            dwellLeft -= dt
            finished = dwellLeft < 0
            return
        }
        if stopLeft > 0 {
            stopLeft -= dt
            return
        }
        if reversed {
            let back = Swift.min(reverseLeft, (options.reversal?.speed ?? 0) * dt)
            meters = Swift.max(0, meters - back)
            reverseLeft -= back
            if reverseLeft <= 0 || meters == 0 { reversed = false }
            return
        }
        var target = Swift.min(length, meters + cruiseSpeed() * dt)
        if let stop = pendingStops.first, stop.atMeters <= target {
            pendingStops.removeFirst()
            target = Swift.max(meters, stop.atMeters)
            stopLeft = stop.seconds
        }
        if let r = options.reversal, !reversalDone, meters < r.atMeters, r.atMeters <= target {
            target = r.atMeters
            reversed = true
            reversalDone = true
            reverseLeft = r.backMeters
        }
        meters = target
    }

    /// Forward speed here: the fixed speed, the step's own, or `RouteIndex.fallbackSpeed`.
    private func cruiseSpeed() -> Double {
        if let kmh = options.speedKmh { return kmh / 3.6 }
        return index.speed(atDistance: meters) ?? RouteIndex.fallbackSpeed
    }

    /// Sideways offset of a deviation at `distance`, meters.
    private func deviationOffset(at distance: Double) -> Double {
        guard let d = options.deviation, distance >= d.startMeters else { return 0 }
        let ramp = Swift.max(d.rampMeters, 0.001)
        var factor = Swift.min(1, (distance - d.startMeters) / ramp)
        if d.rejoins {
            let end = d.startMeters + d.lengthMeters
            guard distance <= end else { return 0 }
            factor = Swift.min(factor, (end - distance) / ramp)
        }
        return d.offsetMeters * Swift.max(0, factor)
    }
}
