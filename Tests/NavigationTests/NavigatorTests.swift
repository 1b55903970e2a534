import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing
import Speech
import Navigation

/// The library navigator: guidance and speech on one clock, every step observable as an event.
@Suite struct NavigatorTests {
    private func navigator(_ route: RouteIndex, builder: PhraseBuilder, log: EventLog,
                           timebase: SpeechTimebase = .identity, mute: MuteWindow? = nil) -> Navigator {
        Navigator(route: route, builder: builder, estimator: PhraseDurationEstimator(builder: builder), player: nil,
                  clock: VirtualClock(), options: Navigator.Options(timebase: timebase, muteWindow: mute),
                  observer: log.observer)
    }

    @Test func inDriveTimeEveryAnnouncementIsSpokenToTheEnd() throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        navigator(route, builder: builder, log: log).drive()
        let planned = OfflineGuidance.run(route, estimator: PhraseDurationEstimator(builder: builder)).announcements
        #expect(planned.count >= 10)
        #expect(log.announced.map { builder.phrase($0.0).display } == planned.map { builder.phrase($0).display })
        #expect(log.speech.filter { $0.kind == .finished }.count == planned.count)
        #expect(log.speech.filter { $0.kind != .started && $0.kind != .finished }.isEmpty)
        #expect(log.names.last == "driveFinished")
    }

    @Test func aCompressedTimelineDropsWhatNoLongerFitsAndAccountsForEveryAnnouncement() throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        navigator(route, builder: builder, log: log, timebase: .compressed(by: 20)).drive()
        let ids = log.announced.map(\.2)
        let outcomes = log.speech.filter { $0.kind != .started }
        // Each announcement ends exactly once: heard, cut by a more urgent one, or dropped as stale.
        #expect(outcomes.map(\.utterance.id).sorted() == ids.sorted())
        let dropped = outcomes.filter { $0.kind == .dropped }
        #expect(!dropped.isEmpty)
        #expect(dropped.allSatisfy { $0.reason == "deadline passed" })
        // Events are in drive time: the speech clock runs 20 times slower.
        let last = try #require(log.all.last { if case .speech = $0.kind { true } else { false } })
        let speech = try #require(log.speech.last)
        #expect(abs(last.driveTime - speech.time * 20) < 1e-6)
    }

    @Test func theObserverAndTheStreamSeeTheSameEventsInOrder() async throws {
        let route = try NavigationFixtures.route("uk-oxford.json")
        let builder = try NavigationFixtures.builder("en-GB")
        let log = EventLog()
        let nav = navigator(route, builder: builder, log: log)
        let stream = nav.events()
        let collector = Task { var names: [String] = []; for await e in stream { names.append(e.name) }; return names }
        nav.drive()
        let streamed = await collector.value
        #expect(streamed == log.names)
        // Every utterance is announced before it starts, and starts before it finishes.
        var seen: [Int: [String]] = [:]
        for event in log.all {
            switch event.kind {
            case .announced(_, _, let id): seen[id, default: []].append("announced")
            case .speech(let s): seen[s.utterance.id, default: []].append(s.kind.rawValue)
            default: break
            }
        }
        #expect(!seen.isEmpty)
        #expect(seen.values.allSatisfy { $0 == ["announced", "started", "finished"] })
        // Drive time never goes backwards.
        let times = log.all.map(\.driveTime)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
    }

    @Test func offRouteAndBackOnRouteAreReportedOnceEach() throws {
        let route = try NavigationFixtures.route("motorway-bay-bridge.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        // 150 m beside the road for a kilometre, then back on it.
        let away = SimulatorOptions(deviation: .init(startMeters: 3000, lengthMeters: 1000, offsetMeters: 150))
        navigator(route, builder: builder, log: log).drive(away)
        let states = log.names.filter { $0 == "offRoute" || $0 == "backOnRoute" }
        #expect(states == ["offRoute", "backOnRoute"])
        #expect(log.announced.filter { $0.0.kind == .offRoute }.count == 1)
    }

    @Test func rerouteSwitchesRoutesAndSaysSoOnce() throws {
        let route = try NavigationFixtures.route("motorway-bay-bridge.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let nav = navigator(route, builder: builder, log: log)
        let away = SimulatorOptions(deviation: .init(startMeters: 3000, lengthMeters: 0, offsetMeters: 200, rejoins: false))
        var last = 0.0
        for fix in Simulator(index: route, options: away) {
            nav.update(fix.position)
            last = fix.position.timestamp
            if log.names.contains("offRoute") { break }
        }
        nav.reroute(to: route)
        for fix in Simulator(index: route, options: SimulatorOptions(startTime: last + 1)) { nav.update(fix.position) }
        nav.finish()
        let names = log.names.filter { ["offRoute", "rerouted", "backOnRoute"].contains($0) }
        #expect(names == ["offRoute", "rerouted"])
        let kinds = log.announced.map(\.0.kind)
        #expect(kinds.filter { $0 == .reroute }.count == 1)
        #expect(kinds.filter { $0 == .offRoute }.count == 1)
        let rerouteIndex = try #require(kinds.firstIndex(of: .reroute))
        #expect(kinds.firstIndex(of: .offRoute).map { $0 < rerouteIndex } == true)
        #expect(kinds.last == .arrive)
        #expect(nav.route.path.length == route.path.length)
    }

    @Test func muteAndUnmuteAreEventsAndUnmuteSaysTheValidInstructionAgain() throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let nav = navigator(route, builder: builder, log: log)
        var muted = false
        for fix in Simulator(index: route) {
            nav.update(fix.position)
            if !muted, log.announced.contains(where: { $0.0.kind == .prepare }) {
                nav.mute()
                nav.mute()  // a second mute changes nothing
                muted = true
                nav.unmute()
            }
        }
        nav.finish()
        #expect(log.names.filter { $0 == "mute" || $0 == "unmute" } == ["mute", "unmute"])
        let prepare = try #require(log.announced.first { $0.0.kind == .prepare }?.2)
        #expect(log.speech.filter { $0.utterance.id == prepare }.map(\.kind) == [.started, .muted, .started, .finished])
    }

    @Test func stopCancelsTheRestOfTheMuteWindow() throws {
        let route = try NavigationFixtures.route("city-dc.json")
        let builder = try NavigationFixtures.builder()
        let log = EventLog()
        let nav = navigator(route, builder: builder, log: log, mute: MuteWindow(from: 50, until: 300))
        for fix in Simulator(index: route) where fix.position.timestamp <= 100 { nav.update(fix.position) }
        nav.stop()
        nav.finish()
        #expect(!log.names.contains("unmute"))
        #expect(log.speech.last { $0.kind == .started }.map { $0.time < 50 } == true)
    }
}
