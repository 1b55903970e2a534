/// How the `Simulator` drives: speed, fix rate and the disturbances to inject.
public struct SimulatorOptions: Sendable, Hashable {
    /// Seeded GPS noise: each fix is displaced by a normal error of σ meters east and north.
    public struct Noise: Sendable, Hashable {
        /// Standard deviation per axis, meters.
        public var sigmaMeters: Double
        /// Seed of the generator.
        public var seed: UInt64
        /// Creates a noise setting.
        public init(sigmaMeters: Double, seed: UInt64) {
            self.sigmaMeters = sigmaMeters
            self.seed = seed
        }
    }

    /// A gap in the fixes (a tunnel): the vehicle keeps driving but no position is given.
    public struct Dropout: Sendable, Hashable {
        /// First second without fixes.
        public var fromSeconds: Double
        /// First second with fixes again.
        public var untilSeconds: Double
        /// Creates a dropout.
        public init(fromSeconds: Double, untilSeconds: Double) {
            self.fromSeconds = fromSeconds
            self.untilSeconds = untilSeconds
        }
    }

    /// Driving beside the route: fixes are moved sideways (to the right) by `offsetMeters`.
    public struct Deviation: Sendable, Hashable {
        /// Distance along the route where the deviation starts, meters.
        public var startMeters: Double
        /// Length of the deviation along the route, meters (ignored when it does not rejoin).
        public var lengthMeters: Double
        /// Sideways distance once fully off, meters.
        public var offsetMeters: Double
        /// True to come back to the route; false to stay off until the end.
        public var rejoins: Bool
        /// Distance over which the offset grows (and shrinks when rejoining), meters.
        public var rampMeters: Double
        /// Creates a deviation.
        public init(startMeters: Double, lengthMeters: Double, offsetMeters: Double, rejoins: Bool = true,
                    rampMeters: Double = 30) {
            self.startMeters = startMeters
            self.lengthMeters = lengthMeters
            self.offsetMeters = offsetMeters
            self.rejoins = rejoins
            self.rampMeters = rampMeters
        }
    }

    /// A stop (a red light, a jam) at a point of the route.
    public struct Stop: Sendable, Hashable {
        /// Where, along the route, meters.
        public var atMeters: Double
        /// How long, seconds.
        public var seconds: Double
        /// Creates a stop.
        public init(atMeters: Double, seconds: Double) {
            self.atMeters = atMeters
            self.seconds = seconds
        }
    }

    /// Reversing for a moment (backing into a gap), then driving on.
    public struct Reversal: Sendable, Hashable {
        /// Where, along the route, meters.
        public var atMeters: Double
        /// How far back, meters.
        public var backMeters: Double
        /// Reversing speed, m/s.
        public var speed: Double
        /// Creates a reversal.
        public init(atMeters: Double, backMeters: Double, speed: Double = 2) {
            self.atMeters = atMeters
            self.backMeters = backMeters
            self.speed = speed
        }
    }

    /// A fixed speed in km/h, or nil to drive each step at its own speed (distance / duration).
    public var speedKmh: Double?
    /// Seconds between fixes (1 Hz by default).
    public var interval: Double
    /// Timestamp of the first fix, seconds.
    public var startTime: Double
    /// GPS noise, if any.
    public var noise: Noise?
    /// A dropout, if any.
    public var dropout: Dropout?
    /// A deviation, if any.
    public var deviation: Deviation?
    /// Stops, in any order.
    public var stops: [Stop]
    /// A reversal, if any.
    public var reversal: Reversal?
    /// Seconds spent standing at the destination after arriving (fixes keep coming).
    public var dwellSeconds: Double

    /// Creates options; the defaults drive cleanly at the route's speeds at 1 Hz.
    public init(speedKmh: Double? = nil, interval: Double = 1, startTime: Double = 0, noise: Noise? = nil,
                dropout: Dropout? = nil, deviation: Deviation? = nil, stops: [Stop] = [],
                reversal: Reversal? = nil, dwellSeconds: Double = 10) {
        self.speedKmh = speedKmh
        self.interval = interval
        self.startTime = startTime
        self.noise = noise
        self.dropout = dropout
        self.deviation = deviation
        self.stops = stops
        self.reversal = reversal
        self.dwellSeconds = dwellSeconds
    }
}
