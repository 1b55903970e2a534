import Foundation
import Guidance
import RouteModel
import Testing
import VoiceGuideTestSupport
@testable import Location

/// The gpsd client against a real gpsd started by the test (run scripts/setup.sh if it is missing).
@Suite(.serialized) struct GpsdSourceTests {
    @Test func fixesArriveThroughRealGpsd() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        try GpsdFeed.feed(0..<12, to: gpsd, source, into: &events, spacing: 0.25)
        try GpsdFeed.collect(source, timeout: 2, into: &events) { GpsdFeed.fixes($0).count >= 10 }
        let fixes = GpsdFeed.fixes(events)
        #expect(fixes.count >= 10, "events: \(events) counters: \(source.counters) log: \(gpsd.logTail())")
        #expect(events.first == .status(.ok) || events.first == .status(.noFix), "\(events.prefix(3))")
        for fix in fixes {
            let nearest = (0..<12).map { Geo.distance(GpsdFeed.position($0).coordinate, fix.coordinate) }.min() ?? .infinity
            #expect(nearest < 0.01, "fix \(fix) is not one that was sent")
            if let speed = fix.speed { #expect(abs(speed - 10) < 0.01) }
        }
        #expect(fixes.contains { $0.speed != nil && $0.heading != nil })
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.timestamp <= $1.timestamp })
        #expect(source.counters.ignored > 0, "VERSION/DEVICES/WATCH are other classes")
    }
}

/// Losing gpsd mid-drive, staleness, and gpsd not running.
@Suite(.serialized) struct GpsdFaultTests {
    @Test func gpsdKilledMidDriveIsLostThenReconnectsAndResumes() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        try GpsdFeed.feed(0..<5, to: gpsd, source, into: &events)
        let before = GpsdFeed.fixes(events).count
        #expect(before >= 3, "\(events) \(gpsd.logTail())")
        gpsd.killGpsd()
        try GpsdFeed.collect(source, timeout: 3, into: &events) { $0.contains(.status(.reconnecting(attempt: 2))) }
        guard let lost = events.firstIndex(where: { if case .status(.lost) = $0 { true } else { false } }) else {
            Issue.record("no lost status: \(events)")
            return
        }
        #expect(events[lost...].contains(.status(.reconnecting(attempt: 1))))
        #expect(GpsdFeed.fixes(Array(events[lost...])).isEmpty)
        try gpsd.startGpsd()
        let mark = events.count
        try GpsdFeed.collect(source, timeout: 20, into: &events) { _ in source.counters.reconnections == 1 }
        try GpsdFeed.feed(5..<11, to: gpsd, source, into: &events)
        try GpsdFeed.collect(source, timeout: 2, into: &events) { GpsdFeed.fixes(Array($0[mark...])).count >= 3 }
        let after = Array(events[mark...])
        let firstFix = after.firstIndex { if case .fix = $0 { true } else { false } }
        let ok = after.firstIndex(of: .status(.ok))
        #expect(firstFix != nil && ok != nil && (ok ?? 0) < (firstFix ?? 0), "after restart: \(after)")
        #expect(GpsdFeed.fixes(after).count >= 3)
        #expect(source.counters.reconnections == 1)
    }

    @Test func noFixForTwoSecondsIsStale() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        try GpsdFeed.feed(0..<4, to: gpsd, source, into: &events)
        #expect(!GpsdFeed.fixes(events).isEmpty, "\(events) \(gpsd.logTail())")
        #expect(!events.contains(.status(.stale)))
        try GpsdFeed.collect(source, timeout: 4, into: &events) { $0.contains(.status(.stale)) }
        #expect(events.last == .status(.stale), "\(events)")
        GpsdFeed.send(10, to: gpsd)
        GpsdFeed.send(11, to: gpsd)
        let mark = events.count
        try GpsdFeed.collect(source, timeout: 3, into: &events) { !GpsdFeed.fixes(Array($0[mark...])).isEmpty }
        #expect(events[mark...].first == .status(.ok), "\(events[mark...])")
    }

    @Test func oldFixesAreStaleNotDelivered() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        try GpsdFeed.feed(0..<5, to: gpsd, source, into: &events, age: 30)
        try GpsdFeed.collect(source, timeout: 2, into: &events) { _ in source.counters.staleFixes >= 2 }
        #expect(GpsdFeed.fixes(events).isEmpty, "\(events)")
        #expect(events.contains(.status(.stale)))
        #expect(source.counters.staleFixes >= 2, "\(source.counters) \(gpsd.logTail())")
    }

    @Test func gpsdNotRunningIsATypedErrorAtOnce() throws {
        let port = try FreePort.tcp()
        let start = Date()
        do {
            _ = try GpsdSource(port: port)
            Issue.record("connected to nothing")
        } catch let error as LocationError {
            #expect(error.kind == .unavailable && error.kind == .unavailable)
            #expect(error.message == "gpsd is not running at 127.0.0.1:\(port) (connection refused)")
        }
        #expect(Date().timeIntervalSince(start) < 1)
    }
}

/// The receiver behind gpsd going away while gpsd stays up.
@Suite(.serialized) struct GpsdDeviceTests {
    @Test func receiverGoneIsLostAndBackIsOk() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        try GpsdFeed.feed(0..<4, to: gpsd, source, into: &events)
        #expect(source.device != nil, "\(events)")
        gpsd.dropFeed()
        try GpsdFeed.collect(source, timeout: 4, into: &events) { $0.last.map { if case .status(.lost) = $0 { true } else { false } } ?? false }
        guard case .status(.lost(let why)) = events.last else {
            Issue.record("no lost status after the receiver went away: \(events)")
            return
        }
        #expect(why == "GPS device tcp://127.0.0.1:\(gpsd.nmeaPort) went away")
        #expect(source.device == nil)
        let mark = events.count
        try gpsd.addFeedDevice()
        try GpsdFeed.feed(10..<14, to: gpsd, source, into: &events, spacing: 0.3)
        #expect(events[mark...].first == .status(.ok), "\(events[mark...])")
        #expect(!GpsdFeed.fixes(Array(events[mark...])).isEmpty)
        #expect(source.device == "tcp://127.0.0.1:\(gpsd.nmeaPort)")
    }
}

/// The `AsyncStream` view of a live source, as library users consume it.
@Suite(.serialized) struct GpsdStreamTests {
    @Test func eventsStreamDeliversLiveFixes() async throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        let feeder = Thread {
            for i in 0..<8 {
                GpsdFeed.send(i, to: gpsd)
                usleep(150_000)
            }
        }
        feeder.start()
        var fixes = [Position]()
        var statuses = [LocationStatus]()
        for await event in source.events() {
            switch event {
            case .fix(let p): fixes.append(p)
            case .status(let s): statuses.append(s)
            case .end: Issue.record("a live source does not end")
            }
            if fixes.count == 5 { break }
        }
        #expect(fixes.count == 5)
        #expect(statuses.first == .ok || statuses.first == .noFix)
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }
}
