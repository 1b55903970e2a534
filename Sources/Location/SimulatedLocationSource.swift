import RouteModel
import Synchronization

/// The `Simulator` as a location source: fixes at the simulator's rate with its noise and dropout, and
/// optionally a detour that leaves the route at a distance and drives another route's geometry, time continuing.
/// A dropout is reported as `.status(.noFix)` when it starts and `.status(.ok)` with the first fix after it.
public final class SimulatedLocationSource: LocationSource {
    /// Where the detour leaves and what it drives.
    public struct Detour: Sendable {
        /// Distance along the planned route, meters.
        public var atMeters: Double
        /// The route driven from there.
        public var index: RouteIndex
        /// Creates a detour.
        public init(atMeters: Double, index: RouteIndex) {
            self.atMeters = atMeters
            self.index = index
        }
    }

    private struct State: Sendable {
        var simulator: Simulator
        var detour: Detour?
        var newRoute: RouteIndex?
        var seedOffset: UInt64 = 1
        var queue: [TimedEvent] = []
        var lastTime: Double?
        var ended = false
        var finished = false
    }

    /// "simulated".
    public let label = "simulated"
    /// Recorded: simulated times, paced by the consumer.
    public var timing: LocationTiming { .recorded }
    private let state: Mutex<State>

    /// Drives `index` with `options`, taking `detour` if given.
    public init(index: RouteIndex, options: SimulatorOptions = SimulatorOptions(), detour: Detour? = nil) {
        state = Mutex(State(simulator: Simulator(index: index, options: options), detour: detour))
    }

    /// From the next fix on, drive `route` from its start (where the vehicle is after a reroute), so a simulated
    /// driver follows guidance. Safe to call from a navigator's event observer.
    public func routeChanged(to route: RouteIndex) {
        state.withLock { $0.newRoute = route }
    }

    /// The next fix or status, `.end` once, then nil.
    public func nextEvent() throws -> LocationEvent? {
        state.withLock { s -> LocationEvent? in
            Self.fill(&s)
            if !s.queue.isEmpty { return s.queue.removeFirst().event }
            guard !s.finished else { return nil }
            s.finished = true
            return .end
        }
    }

    /// The next event's time, nil at the end.
    public func peekTime() -> Double? {
        state.withLock { s -> Double? in
            Self.fill(&s)
            return s.queue.first?.time
        }
    }

    private static func fill(_ s: inout State) {
        guard s.queue.isEmpty, !s.ended else { return }
        if let route = s.newRoute, let last = s.lastTime {
            s.newRoute = nil
            s.simulator = Simulator(index: route, options: continued(&s, from: last + s.simulator.options.interval))
        }
        guard var fix = s.simulator.next() else {
            s.ended = true
            return
        }
        if let detour = s.detour, fix.routeMeters >= detour.atMeters {
            s.simulator = Simulator(index: detour.index, options: continued(&s, from: fix.position.timestamp))
            s.detour = nil
            guard let first = s.simulator.next() else {
                s.ended = true
                return
            }
            fix = first
        }
        let t = fix.position.timestamp
        if let d = s.simulator.options.dropout, let last = s.lastTime, last < d.fromSeconds, t >= d.untilSeconds {
            s.queue.append(TimedEvent(time: max(d.fromSeconds, last), event: .status(.noFix)))
            s.queue.append(TimedEvent(time: t, event: .status(.ok)))
        }
        s.lastTime = t
        s.queue.append(TimedEvent(time: t, event: .fix(fix.position)))
    }

    /// The options to drive on from `time` on another route: same speed, rate and noise (the next seed), no
    /// scripted stops, reversal or deviation.
    private static func continued(_ s: inout State, from time: Double) -> SimulatorOptions {
        var options = s.simulator.options
        options.startTime = time
        options.stops = []
        options.reversal = nil
        options.deviation = nil
        let offset = s.seedOffset
        s.seedOffset &+= 1
        options.noise = options.noise.map { .init(sigmaMeters: $0.sigmaMeters, seed: $0.seed &+ offset) }
        return options
    }
}
