import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// The tick-loop helper: one request in flight, back-off 1 s doubling to 16 s, recovery once the router is up.
@Suite struct RerouteRequesterTests {
    static let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131), heading: 10,
                                      destinations: [Coordinate(latitude: 60.17334, longitude: 24.93661)], language: "de-DE")

    /// Polls until the outcome arrives (at most `limit` wall seconds); anchors the back-off at `now`.
    /// Polls once more after the limit, in case this task itself was kept waiting by a busy machine.
    func outcome(_ requester: RerouteRequester, now: Double, limit: Double = 30) async throws -> RerouteOutcome {
        let deadline = Date().addingTimeInterval(limit)
        while Date() < deadline {
            if let outcome = requester.poll(now: now) { return outcome }
            try await Task.sleep(nanoseconds: 5_000_000)
        }
        if let outcome = requester.poll(now: now) { return outcome }
        throw RouterError.timeout(limit)
    }

    @Test func oneRequestInFlightAndTheCallerNeverWaits() async throws {
        let server = try ScriptedHTTPServer { _ in .silence }
        defer { server.stop() }
        let requester = RerouteRequester(router: try ValhallaRouter(baseURL: server.baseURL, timeout: 2))
        let before = Date()
        #expect(requester.request(Self.request, now: 0))
        #expect(Date().timeIntervalSince(before) < 1, "request() returns at once, not after the 2 s network timeout")
        #expect(requester.isInFlight)
        #expect(!requester.request(Self.request, now: 0.1), "a second request while one is in flight is refused")
        #expect(requester.poll(now: 0.1) == nil)
        let outcome = try await outcome(requester, now: 2.1)
        #expect(server.requests.count == 1, "exactly one request reached the server")
        guard case .failure(let error) = outcome.result else { Issue.record("expected a timeout"); return }
        #expect(error == .timeout(2))
        #expect(outcome.attempt == 1 && outcome.retryDelay == 1 && outcome.request == Self.request)
        #expect(outcome.elapsed >= 1.95)
        #expect(requester.poll() == nil, "an outcome is delivered once")
        #expect(!requester.isInFlight)
    }

    @Test func backOffDoublesToSixteenSeconds() async throws {
        let requester = RerouteRequester(router: try ValhallaRouter(baseURL: "http://127.0.0.1:\(try FreePort.tcp())"))
        var now = 100.0
        var delays: [Double] = []
        for attempt in 1...7 {
            #expect(requester.request(Self.request, now: now), "attempt \(attempt) at \(now)")
            let outcome = try await outcome(requester, now: now)
            guard case .failure(.unreachable) = outcome.result else { Issue.record("\(outcome.result)"); return }
            #expect(outcome.attempt == attempt)
            let delay = try #require(outcome.retryDelay)
            delays.append(delay)
            #expect(!requester.request(Self.request, now: now + delay - 0.01), "no retry before the back-off")
            now += delay
        }
        #expect(delays == [1, 2, 4, 8, 16, 16, 16])
        requester.reset()
        #expect(requester.nextAttemptAt == -.infinity)
        #expect(requester.request(Self.request, now: now - 50), "reset forgets the back-off")
        _ = try await outcome(requester, now: now)
    }

    @Test func backOffStartsAtTheNextRequestWhenPolledWithoutAClock() async throws {
        let requester = RerouteRequester(router: try OSRMRouter(baseURL: "http://127.0.0.1:\(try FreePort.tcp())"))
        #expect(requester.request(Self.request, now: 0))
        let deadline = Date().addingTimeInterval(30)
        var polled = requester.poll()
        while polled == nil, Date() < deadline {
            try await Task.sleep(nanoseconds: 5_000_000)
            polled = requester.poll()
        }
        #expect(polled?.retryDelay == 1)
        #expect(!requester.request(Self.request, now: 30), "the first call after the failure anchors the back-off")
        #expect(requester.nextAttemptAt == 31)
        #expect(requester.request(Self.request, now: 31))
        _ = try await outcome(requester, now: 31)
    }

    @Test func resetDropsTheOutcomeInFlight() async throws {
        let server = try ScriptedHTTPServer { _ in .silence }
        defer { server.stop() }
        let requester = RerouteRequester(router: try ValhallaRouter(baseURL: server.baseURL, timeout: 0.3))
        #expect(requester.request(Self.request, now: 0))
        requester.reset()
        #expect(!requester.isInFlight)
        // Waits until the abandoned request has timed out and its outcome was dropped (not for a fixed time).
        let deadline = Date().addingTimeInterval(30)
        while requester.droppedOutcomes == 0, Date() < deadline { try await Task.sleep(nanoseconds: 5_000_000) }
        #expect(requester.droppedOutcomes == 1, "the abandoned request finished within 30 s")
        #expect(server.requests.count == 1)
        #expect(requester.poll(now: 1) == nil, "the abandoned request's outcome (a timeout) is dropped")
        #expect(!requester.isInFlight)
    }

    @Test func routerDownThenUpSucceedsOnALaterRetry() async throws {
        let port = try FreePort.tcp()
        let requester = RerouteRequester(router: try ValhallaRouter(baseURL: "http://127.0.0.1:\(port)"))
        #expect(requester.request(Self.request, now: 0))
        let down = try await outcome(requester, now: 0)
        guard case .failure(.unreachable) = down.result else { Issue.record("\(down.result)"); return }
        let service = try ValhallaService(port: port)
        defer { service.stop() }
        #expect(!requester.request(Self.request, now: 0.5), "still backing off")
        #expect(requester.request(Self.request, now: 1))
        let up = try await outcome(requester, now: 1)
        guard case .success(let response) = up.result else { Issue.record("\(up.result)\n\(service.logTail())"); return }
        #expect(up.attempt == 2 && up.retryDelay == nil)
        #expect(response.document.route.legs[0].steps.count > 5)
        #expect(response.document.json["routes"]?[0]?["voiceLocale"]?.stringValue == "de-DE")
        #expect(requester.nextAttemptAt == -.infinity, "success clears the back-off")
    }
}
