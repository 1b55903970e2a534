import Foundation
import Synchronization

/// What one reroute request came to.
public struct RerouteOutcome: Sendable {
    /// The request that was sent.
    public var request: RouteRequest
    /// The new route, or why there is none.
    public var result: Result<RouterResponse, RouterError>
    /// 1 for the first attempt after a success or `reset()`, counting up while attempts fail.
    public var attempt: Int
    /// After a failure: the seconds (guidance clock) before the next attempt is allowed; nil after a success.
    public var retryDelay: Double?
    /// Wall-clock seconds the request took.
    public var elapsed: Double
}

/// Non-blocking helper for a tick-based loop: at most one request in flight, and after a failure a back-off
/// of 1 s doubling to 16 s (in the caller's clock) before the next attempt. The network I/O runs off the
/// caller's thread (a `BlockingRouter` on a Dispatch thread apart from Swift concurrency, any other router in
/// a detached task);
/// `request` and `poll` return at once.
public final class RerouteRequester: Sendable {
    /// The router requests go to.
    public let router: any Router
    /// The back-off after the first failure, in seconds.
    public let initialBackoff: Double
    /// The longest back-off, in seconds.
    public let maximumBackoff: Double

    private struct State {
        var generation = 0
        var inFlight = false
        var completed: RerouteOutcome?
        var failures = 0
        var notBefore = -Double.infinity
        var anchorPending: Double?
        var dropped = 0
    }
    private let state = Mutex(State())

    /// Creates a requester for `router`.
    public init(router: any Router, initialBackoff: Double = 1, maximumBackoff: Double = 16) {
        self.router = router
        self.initialBackoff = initialBackoff
        self.maximumBackoff = maximumBackoff
    }

    /// True while a request is on its way.
    public var isInFlight: Bool { state.withLock { $0.inFlight } }

    /// How many finished requests were dropped because `reset()` had abandoned them (for tests to wait on).
    var droppedOutcomes: Int { state.withLock { $0.dropped } }

    /// The earliest clock time at which `request` starts a new attempt (−∞ when at once).
    public var nextAttemptAt: Double { state.withLock { $0.notBefore } }

    /// Starts `request` unless one is in flight, an outcome waits to be polled, or the back-off after a failure
    /// has not passed at `now` (seconds on the caller's clock). Returns true when a request was started.
    public func request(_ request: RouteRequest, now: Double) -> Bool {
        let generation: Int? = state.withLock { s in
            if let delay = s.anchorPending {
                s.notBefore = now + delay
                s.anchorPending = nil
            }
            guard !s.inFlight, s.completed == nil, now >= s.notBefore else { return nil }
            s.inFlight = true
            s.generation += 1
            return s.generation
        }
        guard let generation else { return false }
        let router = self.router
        let started = Date()
        if let blocking = router as? any BlockingRouter {
            // Off the Swift concurrency workers: the reroute never waits for one.
            blockingIOQueue.async { [weak self] in
                let result: Result<RouterResponse, RouterError>
                do throws(RouterError) { result = .success(try blocking.routeBlocking(request)) } catch { result = .failure(error) }
                self?.finish(generation: generation, request: request, result: result, elapsed: Date().timeIntervalSince(started))
            }
        } else {
            Task.detached { [weak self] in
                let result: Result<RouterResponse, RouterError>
                do throws(RouterError) { result = .success(try await router.route(request)) } catch { result = .failure(error) }
                self?.finish(generation: generation, request: request, result: result, elapsed: Date().timeIntervalSince(started))
            }
        }
        return true
    }

    /// The outcome of the finished request, once; nil while none has finished. After a failure the back-off
    /// starts at `now` when given, else at the next `request` call.
    public func poll(now: Double? = nil) -> RerouteOutcome? {
        state.withLock { s in
            guard let outcome = s.completed else { return nil }
            s.completed = nil
            if let delay = outcome.retryDelay {
                if let now { s.notBefore = now + delay } else { s.anchorPending = delay }
            }
            return outcome
        }
    }

    /// Forgets any request in flight (its outcome is dropped), any unpolled outcome and the back-off:
    /// for when the driver is back on the route or the destination changed.
    public func reset() {
        state.withLock { s in
            s.generation += 1
            s.inFlight = false
            s.completed = nil
            s.failures = 0
            s.notBefore = -.infinity
            s.anchorPending = nil
        }
    }

    /// The back-off after `failures` consecutive failures: 1, 2, 4, 8, 16, 16, … seconds by default.
    public func backoff(afterFailures failures: Int) -> Double {
        guard failures > 0 else { return 0 }
        return min(maximumBackoff, initialBackoff * pow(2, Double(min(failures - 1, 30))))
    }

    private func finish(generation: Int, request: RouteRequest, result: Result<RouterResponse, RouterError>,
                        elapsed: Double) {
        state.withLock { s in
            guard s.generation == generation, s.inFlight else {
                s.dropped += 1
                return
            }
            s.inFlight = false
            let attempt = s.failures + 1
            var delay: Double?
            switch result {
            case .success:
                s.failures = 0
                s.notBefore = -.infinity
            case .failure:
                s.failures += 1
                delay = backoff(afterFailures: s.failures)
            }
            s.completed = RerouteOutcome(request: request, result: result, attempt: attempt, retryDelay: delay,
                                         elapsed: elapsed)
        }
    }
}
