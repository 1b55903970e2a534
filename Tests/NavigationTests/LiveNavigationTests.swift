import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Routing
import Navigation
import VoiceGuideTestSupport

/// Rerouting end to end: a real Helsinki route from a real Valhalla, a wrong turn onto another real route, 5 m noise
/// at 1 Hz fed through a real gpsd; the navigator says off route once, asks Valhalla for a new route, says reroute
/// once, and guides the new route to the arrival, with nothing said twice and nothing for the old route after
/// the switch.
@Suite(.serialized) struct LiveNavigationTests {
    static let origin = Coordinate(latitude: 60.1655, longitude: 24.9390)
    static let destination = Coordinate(latitude: 60.1770, longitude: 24.9500)
    /// Where the wrong turn goes: south-east, away from the planned route.
    static let elsewhere = Coordinate(latitude: 60.1640, longitude: 24.9500)
    /// Meters along the planned route where the driver goes wrong (on Erottajankatu, before the right turn).
    static let wrongTurnAt = 600.0

    /// Fetches a route from the running Valhalla.
    private func route(_ router: ValhallaRouter, from: Coordinate, heading: Double? = nil, to: Coordinate) async throws -> RouteIndex {
        let response = try await router.route(RouteRequest(origin: from, heading: heading, destinations: [to], language: "en-US"))
        return RouteIndex(route: response.document.route)
    }

    /// The summary of an announcement for exact comparisons: kind and display text.
    private func line(_ a: (Announcement, Phrase, Int)) -> String { "\(a.0.kind.rawValue): \(a.1.display)" }

    @Test func aWrongTurnThroughRealGpsdIsReroutedByRealValhallaOnceAndGuidedToTheEnd() async throws {
        let valhalla = try ValhallaService()
        defer { valhalla.stop() }
        let gpsd = try GpsdService()
        defer { gpsd.stop() }
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        let planned = try await route(router, from: Self.origin, to: Self.destination)
        let at = Self.wrongTurnAt
        let wrong = try await route(router, from: planned.path.coordinate(atDistance: at),
                                    heading: planned.path.bearing(atDistance: at), to: Self.elsewhere)
        #expect(planned.path.length > 2000 && wrong.path.length > 500)

        // The navigator, silent, in the drive's own seconds: gpsd gets one simulated second of driving every
        // quarter of a real second, so its receive clock runs 4 times slower than the drive. The fixes are restamped
        // in drive seconds (receive time / pace), so their timestamps agree with their speeds and with how far they
        // move, and the planner's speaking times (speech seconds) cover the stretch it plans them for. On the
        // receive clock a 6 s 'now' lasted 24 s of driving: the arrival it named came and went while it was said.
        let pace = 0.25
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let gpsdSource = try GpsdSource(port: gpsd.port)
        defer { gpsdSource.close() }
        let source = RescaledLocationSource(gpsdSource) { $0 / pace }
        let navigator = Navigator(route: planned, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: nil, clock: VirtualClock(), options: Navigator.Options(router: router),
                                  observer: log.observer)
        let feed = LocationFeed(source: source, navigator: navigator)
        func driveNow() -> Double { (SystemClock.monotonicSeconds() - gpsdSource.clockOrigin) / pace }

        // The driver: the planned route with 5 m noise at 1 Hz, the wrong route from 600 m on, and once guidance
        // has a new route, that one to the end.
        func noisy(_ seed: UInt64, from t: Double) -> SimulatorOptions {
            SimulatorOptions(startTime: t, noise: .init(sigmaMeters: 5, seed: seed), dwellSeconds: 3)
        }
        var driver = Simulator(index: planned, options: noisy(7, from: 0))
        var leg = 0  // 0 planned, 1 wrong turn, 2 the new route
        var sent = 0
        let start = Date()
        while let fix = driver.next(), sent < 2000 {
            let t = fix.position.timestamp
            if leg == 0, fix.routeMeters >= at {
                leg = 1
                driver = Simulator(index: wrong, options: noisy(8, from: t))
                continue
            }
            if leg == 1, log.names.contains("rerouted") {
                leg = 2
                driver = Simulator(index: navigator.route, options: noisy(9, from: t))
                continue
            }
            // Each fix is stamped with the real time it is sent at (gpsd calls older fixes stale).
            let due = start.addingTimeInterval(Double(sent) * pace)
            while Date() < due {
                try feed.run(until: driveNow())
                usleep(5_000)
            }
            var stamped = fix.position
            stamped.timestamp = 0
            #expect(gpsd.send(NMEAWriter.sentences(for: stamped, epoch: Date().timeIntervalSince1970) ?? ""),
                    "gpsd is not reading the feed: \(gpsd.logTail())")
            sent += 1
        }
        let settle = Date().addingTimeInterval(2)
        while Date() < settle {
            try feed.run(until: driveNow())
            usleep(5_000)
        }
        navigator.finish()
        #expect(leg == 2, "the drive never got a new route: \(log.names)")

        let announced = log.announced
        let kinds = announced.map(\.0.kind)
        let names = log.names
        // Off route once, one request, one switch, reroute said once after off route, then to the arrival.
        #expect(names.filter { $0 == "offRoute" }.count == 1, "\(names)")
        #expect(names.filter { $0 == "rerouted" }.count == 1, "\(names)")
        #expect(!names.contains("rerouteFailed"))
        #expect(kinds.filter { $0 == .offRoute }.count == 1, "\(announced.map(line))")
        #expect(kinds.filter { $0 == .reroute }.count == 1, "\(announced.map(line))")
        let offIndex = try #require(kinds.firstIndex(of: .offRoute))
        let rerouteIndex = try #require(kinds.firstIndex(of: .reroute))
        #expect(offIndex < rerouteIndex)
        #expect(kinds.last == .arrive, "\(announced.map(line))")
        #expect(navigator.route.path.length != planned.path.length)
        // Nothing twice: no kind is said twice for the same maneuver of the same route.
        let beforeSwitch = announced[..<rerouteIndex], afterSwitch = announced[rerouteIndex...]
        for part in [Array(beforeSwitch), Array(afterSwitch)] {
            let keys = part.compactMap { a in a.0.maneuver.map { "\(a.0.kind.rawValue) \($0.id)" } }
            #expect(Set(keys).count == keys.count, "\(part.map(line))")
        }
        // Nothing for the old route after the switch: every maneuver announced is one of the new route's.
        let newManeuvers = navigator.route.steps.map(\.step.maneuver.location)
        for a in afterSwitch {
            guard let m = a.0.maneuver else { continue }
            #expect(newManeuvers.contains { Geo.distance($0, m.step.maneuver.location) < 1 }, "\(line(a)) is not on the new route")
        }
        // Every announcement was said to the end (the speech clock runs in the drive's own seconds).
        #expect(log.speech.filter { $0.kind == .finished }.count == announced.count, "\(log.speech.map { "\($0.kind) \($0.utterance.label)" })")
        // The sequence up to the switch: which stage of which maneuver (type, direction, road), in order. Not the
        // words: the fixes are fixed by the seed, but gpsd hands them over in real time, so the update at which a
        // stage fires can move by one fix, and with it the rounded distance ("In 750 ft" / "In 800 ft") and the
        // side roads still ahead ("take the second left" / "turn left").
        func stage(_ a: (Announcement, Phrase, Int)) -> String {
            guard let m = a.0.maneuver, a.0.kind != .offRoute, a.0.kind != .reroute else { return a.0.kind.rawValue }
            return "\(a.0.kind.rawValue) \(m.step.maneuver.type.rawValue) \(m.step.maneuver.modifier?.rawValue ?? "-") \(m.step.name)"
        }
        #expect(announced[...rerouteIndex].map(stage) == [
            "depart depart - Annankatu",
            "prepare turn left Uudenmaankatu",
            "now turn left Uudenmaankatu",
            "prepare turn slight left Erottajankatu",
            "now turn slight left Erottajankatu",
            "prepare turn right Kaivokatu",
            "offRoute",
            "reroute",
        ], "\(announced[...rerouteIndex].map(line))")
        // The lanes are said with the prepare of the right turn, whichever update it fires at.
        #expect(announced[...rerouteIndex].last { $0.0.kind == .prepare }?.1.display.hasSuffix("Use the right lane.") == true,
                "\(announced[...rerouteIndex].map(line))")
        // After it, the new route's maneuvers in order, each 'now' once, to the arrival.
        let nowSteps = afterSwitch.filter { $0.0.kind == .now }.compactMap { $0.0.maneuver?.id }
        #expect(nowSteps == nowSteps.sorted() && Set(nowSteps).count == nowSteps.count)
        // The new route starts where Valhalla was asked from, which depends on how fast this machine got the answer
        // back (under load, further along the wrong turn): its first maneuver after the depart is the first 'now'.
        let firstNow = afterSwitch.first { $0.0.kind == .now }
        #expect(firstNow?.0.maneuver?.id == navigator.route.steps.dropFirst().first?.id, "\(firstNow.map(line) ?? "no now")")
        #expect(afterSwitch.last.map(line) == "arrive: You have arrived at your destination.")
    }

    /// Drives `source` into `navigator` with drive time advancing `rate` drive seconds per wall second, until it
    /// ends or `until` says so.
    private func drive(_ feed: LocationFeed, rate: Double, until done: () -> Bool = { false }) throws {
        let start = Date()
        while !feed.finished, !done() {
            try feed.run(until: Date().timeIntervalSince(start) * rate)
            usleep(5_000)
        }
    }

    @Test func aRouterThatIsDownIsRetriedWithBackOffAndUsedOnceItIsUp() async throws {
        let port = try FreePort.tcp()
        let up = try ValhallaService()
        let router = try ValhallaRouter(baseURL: up.baseURL)
        let planned = try await route(router, from: Self.origin, to: Self.destination)
        let at = Self.wrongTurnAt
        let wrong = try await route(router, from: planned.path.coordinate(atDistance: at),
                                    heading: planned.path.bearing(atDistance: at), to: Self.elsewhere)
        up.stop()
        // The drive's router is on a port where nothing listens yet.
        let down = try ValhallaRouter(baseURL: "http://127.0.0.1:\(port)")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let navigator = Navigator(route: planned, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: nil, clock: VirtualClock(), options: Navigator.Options(router: down),
                                  observer: log.observer)
        let source = SimulatedLocationSource(index: planned, detour: .init(atMeters: at, index: wrong))
        let feed = LocationFeed(source: source, navigator: navigator)
        try drive(feed, rate: 10) { log.names.filter { $0 == "rerouteFailed" }.count >= 2 }
        let failures = log.all.compactMap { e -> (Double, Double?)? in
            if case .rerouteFailed(_, let retry) = e.kind { return (e.driveTime, retry) } else { return nil }
        }
        #expect(failures.count == 2)
        #expect(failures.map(\.1) == [1, 2], "back-off doubles: \(failures)")
        #expect(navigator.isOffRoute)
        // Each failure is one event with a clear reason; guidance said off route once and nothing more.
        #expect(log.all.contains { if case .rerouteFailed(let reason, _) = $0.kind { reason.contains("127.0.0.1:\(port)") } else { false } })
        #expect(log.announced.filter { $0.0.kind == .offRoute }.count == 1)
        // The router comes up on that port: the next attempt switches routes, once.
        let service = try ValhallaService(port: port)
        defer { service.stop() }
        try drive(feed, rate: 10) { log.names.contains("rerouted") }
        #expect(log.names.filter { $0 == "rerouted" }.count == 1)
        #expect(log.announced.filter { $0.0.kind == .reroute }.count == 1)
        #expect(!navigator.isOffRoute)
    }

    @Test func gpsdKilledMidDriveIsLostThenGuidanceResumesWithoutRepeating() async throws {
        let valhalla = try ValhallaService()
        let planned = try await route(try ValhallaRouter(baseURL: valhalla.baseURL), from: Self.origin, to: Self.destination)
        valhalla.stop()
        let gpsd = try GpsdService()
        defer { gpsd.stop() }
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let source = try GpsdSource(port: gpsd.port)
        defer { source.close() }
        let pace = 0.25
        let navigator = Navigator(route: planned, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: nil, clock: VirtualClock(), options: Navigator.Options(timebase: .compressed(by: pace)),
                                  observer: log.observer)
        let feed = LocationFeed(source: source, navigator: navigator)
        func pump(for seconds: Double) throws {
            let end = Date().addingTimeInterval(seconds)
            repeat {
                try feed.run(until: SystemClock.monotonicSeconds() - source.clockOrigin)
                usleep(5_000)
            } while Date() < end
        }
        var killedAt: Int?
        for (n, fix) in Simulator(index: planned).enumerated() where n < 160 {
            if n == 60 {
                gpsd.killGpsd()
                killedAt = log.all.count
                try pump(for: 3)  // no fixes: the receiver is lost, the drive waits
                try gpsd.startGpsd()
            }
            var stamped = fix.position
            stamped.timestamp = 0
            if n >= 60 || killedAt == nil {
                _ = gpsd.send(NMEAWriter.sentences(for: stamped, epoch: Date().timeIntervalSince1970) ?? "")
            }
            try pump(for: pace)
        }
        navigator.finish()
        let after = Array(log.all[(killedAt ?? 0)...])
        let states = after.compactMap { e -> String? in if case .location(let s) = e.kind { "\(s)" } else { nil } }
        #expect(states.first?.hasPrefix("lost") == true, "\(states)")
        #expect(states.last == "ok", "\(states)")
        // Nothing is announced while the receiver is lost; guidance goes on after it is back.
        let lostIndex = try #require(after.firstIndex { if case .location(.lost) = $0.kind { true } else { false } })
        let okIndex = try #require(after.lastIndex { if case .location(.ok) = $0.kind { true } else { false } })
        #expect(!after[lostIndex..<okIndex].contains { if case .announced = $0.kind { true } else { false } })
        #expect(after[okIndex...].contains { if case .announced = $0.kind { true } else { false } }, "\(log.names)")
        let keys = log.announced.compactMap { a in a.0.maneuver.map { "\(a.0.kind.rawValue) \($0.id)" } }
        #expect(Set(keys).count == keys.count, "\(keys)")
        #expect(!log.names.contains("offRoute"))
    }
}
