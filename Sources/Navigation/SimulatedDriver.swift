import Guidance
import Location
import RouteModel
import Synchronization

/// A simulated driver who follows guidance: drives the route, takes a wrong turn onto `detour` if given, and once
/// the navigator has a new route (after a reroute) drives that one from where the vehicle is. It is the simulator
/// as a `LocationSource` (recorded timing) for drives with a router, where the positions must react to guidance.
///
/// Call `routeChanged(to:)` when the navigator reports `.rerouted` (from the event observer it is safe: the new
/// route is read by the next `nextEvent()`).
public final class SimulatedDriver: LocationSource {
    private struct State: Sendable {
        var simulator: Simulator
        var detour: SimulatedLocationSource.Detour?
        var pending: Position?
        var newRoute: RouteIndex?
        var lastTime = 0.0
        var seedOffset: UInt64 = 0
        var finished = false
    }

    /// "simulated".
    public let label = "simulated"
    /// Recorded: simulated times, paced by the consumer.
    public var timing: LocationTiming { .recorded }
    private let state: Mutex<State>

    /// Drives `index` with `options`, taking `detour` if given.
    public init(index: RouteIndex, options: SimulatorOptions = SimulatorOptions(), detour: SimulatedLocationSource.Detour? = nil) {
        state = Mutex(State(simulator: Simulator(index: index, options: options), detour: detour))
    }

    /// From the next fix on, drive `route` (it starts where the vehicle is).
    public func routeChanged(to route: RouteIndex) {
        state.withLock { $0.newRoute = route }
    }

    /// The next fix, `.end` once the simulator is done, then nil.
    public func nextEvent() throws -> LocationEvent? {
        state.withLock { s -> LocationEvent? in
            Self.fill(&s)
            if let p = s.pending {
                s.pending = nil
                return .fix(p)
            }
            guard !s.finished else { return nil }
            s.finished = true
            return .end
        }
    }

    /// The next fix's time, nil at the end.
    public func peekTime() -> Double? {
        state.withLock { s -> Double? in
            Self.fill(&s)
            return s.pending?.timestamp
        }
    }

    private static func fill(_ s: inout State) {
        guard s.pending == nil, !s.finished else { return }
        if let route = s.newRoute {
            s.newRoute = nil
            let options = continued(&s, from: s.lastTime + s.simulator.options.interval)
            s.simulator = Simulator(index: route, options: options)
        }
        guard let fix = s.simulator.next() else { return }
        if let detour = s.detour, fix.routeMeters >= detour.atMeters {
            s.detour = nil
            let options = continued(&s, from: fix.position.timestamp)
            s.simulator = Simulator(index: detour.index, options: options)
            fill(&s)
            return
        }
        s.lastTime = fix.position.timestamp
        s.pending = fix.position
    }

    /// The options to drive on from `time`: same speed, rate and noise (a new seed), no scripted events.
    private static func continued(_ s: inout State, from time: Double) -> SimulatorOptions {
        var options = s.simulator.options
        options.startTime = time
        options.stops = []
        options.reversal = nil
        options.deviation = nil
        s.seedOffset &+= 1
        let offset = s.seedOffset
        options.noise = options.noise.map { .init(sigmaMeters: $0.sigmaMeters, seed: $0.seed &+ offset) }
        return options
    }
}
