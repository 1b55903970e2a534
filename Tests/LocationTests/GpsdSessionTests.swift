import Foundation
import Network
import Synchronization
import Testing
import VoiceGuideTestSupport
@testable import Location

/// A gpsd-protocol server the test serves itself, for what a real gpsd will not send on demand: after the client's
/// `?WATCH`, it writes `lines` and keeps the connection open until stopped.
final class ScriptedGpsd: Sendable {
    /// The port it listens on (127.0.0.1).
    let port: UInt16
    private let stopped = Mutex(false)
    private let watched = Mutex(false)

    /// Starts serving `lines` (each sent with its newline) to the first client.
    init(lines: [[UInt8]]) throws {
        // Only the serving thread uses the listener once it has started.
        nonisolated(unsafe) let listener = try TCPListener(host: "127.0.0.1", port: 0)
        port = listener.port
        let thread = Thread { [self] in
            defer { listener.close() }
            var client: TCPSocket?
            while !stopped.withLock({ $0 }), client == nil {
                client = listener.accept()
                if client == nil { Thread.sleep(forTimeInterval: 0.01) }
            }
            guard let client else { return }
            defer { client.close() }
            var request: [UInt8] = []
            while !stopped.withLock({ $0 }), !request.contains(UInt8(ascii: "\n")) {
                if case .end = client.read(into: &request, timeout: 0.05) { return }
            }
            watched.withLock { $0 = String(decoding: request, as: UTF8.self).hasPrefix("?WATCH=") }
            for line in lines {
                guard client.write(line + [UInt8(ascii: "\n")], by: MonotonicDeadline(secondsFromNow: 10)) else { return }
            }
            while !stopped.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.02) }
        }
        thread.start()
    }

    /// True once the client asked to watch.
    var sawWatch: Bool { watched.withLock { $0 } }

    /// Stops serving and closes the connection.
    func stop() { stopped.withLock { $0 = true } }

    /// A TPV of a 3D fix at `lat`, `lon`, stamped now.
    static func tpv(lat: Double, lon: Double) -> [UInt8] {
        let time = UTCTime.iso8601(Date().timeIntervalSince1970) ?? ""
        return Array(#"{"class":"TPV","device":"/dev/fake","mode":3,"time":"\#(time)","lat":\#(lat),"lon":\#(lon),"speed":10,"track":90,"eph":5}"#.utf8)
    }

    /// A SKY report with `count` satellites: about 110 bytes each.
    static func sky(satellites count: Int) -> [UInt8] {
        let satellites = (0..<count).map { i in
            #"{"PRN":\#(i + 1),"el":\#(i % 90),"az":\#(i % 360),"ss":\#(20 + i % 30),"used":\#(i % 3 == 0),"gnssid":\#(i % 7),"svid":\#(i % 64),"health":1}"#
        }
        return Array((#"{"class":"SKY","device":"/dev/fake","hdop":0.9,"satellites":["# + satellites.joined(separator: ",") + "]}").utf8)
    }
}

/// The gpsd client's line handling through a session the test serves: long valid lines, overlong lines, and a
/// stream of nothing usable.
@Suite(.serialized) struct GpsdSessionTests {
    /// Collects events from `source` until `done` or `timeout`.
    static func collect(_ source: GpsdSource, timeout: Double, until done: ([LocationEvent]) -> Bool) throws -> [LocationEvent] {
        var events: [LocationEvent] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !done(events) {
            source.waitForEvent(timeout: 0.05)
            while let event = try source.nextEvent() { events.append(event) }
        }
        return events
    }

    @Test func aSkyLineOfNearly128KiBIsParsedAndTheFixAfterItArrives() throws {
        var sky = ScriptedGpsd.sky(satellites: 1)
        var n = 1
        while sky.count < 125 * 1024 { n += 64; sky = ScriptedGpsd.sky(satellites: n) }
        while sky.count > GpsdSource.lineLimit { n -= 1; sky = ScriptedGpsd.sky(satellites: n) }
        #expect(sky.count > 120 * 1024 && sky.count <= 128 * 1024)
        let server = try ScriptedGpsd(lines: [Array(#"{"class":"VERSION","release":"3.25"}"#.utf8), sky,
                                              ScriptedGpsd.tpv(lat: 60.17, lon: 24.94)])
        defer { server.stop() }
        let source = try GpsdSource(port: server.port)
        defer { source.close() }
        let events = try Self.collect(source, timeout: 5) { !GpsdFeed.fixes($0).isEmpty }
        #expect(server.sawWatch)
        #expect(GpsdFeed.fixes(events).count == 1, "\(events) \(source.counters)")
        let counters = source.counters
        #expect(counters.truncated == 0 && counters.malformed == 0 && counters.ignored == 2, "\(counters)")
    }

    @Test func aLongerLineIsSkippedAndCountedWithoutLosingTheStream() throws {
        let long = Array(#"{"class":"SKY","pad":""#.utf8) + [UInt8](repeating: UInt8(ascii: "x"), count: 200 * 1024)
            + Array(#""}"#.utf8)
        let server = try ScriptedGpsd(lines: [long, ScriptedGpsd.tpv(lat: 60.17, lon: 24.94), long,
                                              ScriptedGpsd.tpv(lat: 60.171, lon: 24.94)])
        defer { server.stop() }
        let source = try GpsdSource(port: server.port)
        defer { source.close() }
        let events = try Self.collect(source, timeout: 5) { GpsdFeed.fixes($0).count >= 2 }
        #expect(GpsdFeed.fixes(events).count == 2, "\(events) \(source.counters)")
        #expect(source.counters.truncated == 2 && source.counters.lines == 4, "\(source.counters)")
    }

    @Test func onlyUnusableLinesSayNoFixWithinTheStaleLimit() throws {
        let garbage: [[UInt8]] = [Array("not json at all".utf8), Array(#"{"class":"TPV","lat":"#.utf8),
                                  [UInt8](repeating: UInt8(ascii: "{"), count: 140 * 1024), Array(#"{"no":"class"}"#.utf8),
                                  ScriptedGpsd.sky(satellites: 12)]
        let server = try ScriptedGpsd(lines: garbage)
        defer { server.stop() }
        let source = try GpsdSource(port: server.port)
        defer { source.close() }
        let started = Date()
        let events = try Self.collect(source, timeout: 6) { $0.contains(.status(.noFix)) }
        #expect(events == [.status(.noFix)], "\(source.counters)")
        #expect(Date().timeIntervalSince(started) < 4)
        let counters = source.counters
        #expect(counters.malformed == 3 && counters.truncated == 1 && counters.ignored == 1, "\(counters)")
    }
}

/// The same through a real gpsd: a receiver with every constellation in view makes gpsd send a SKY report far
/// longer than the 1,536 bytes this client used to cut at.
@Suite(.serialized) struct GpsdLongSkyTests {
    /// GSV sentences for `count` satellites of `talker` from PRN `first`, four to a sentence.
    static func gsv(_ talker: String, first: Int, count: Int) -> String {
        let sentences = (count + 3) / 4
        return (0..<sentences).map { k in
            let sats: [String] = (k * 4..<min(count, k * 4 + 4)).map { (i: Int) -> String in
                let values: [CVarArg] = [first + i, 10 + i % 80, (i * 37) % 360, 20 + i % 30]
                return String(format: "%02d,%02d,%03d,%02d", arguments: values)
            }
            return TestFiles.nmea("\(talker)GSV,\(sentences),\(k + 1),\(count)," + sats.joined(separator: ","))
        }.joined()
    }

    @Test func aLongSkyFromRealGpsdIsReadAndFixesGoOn() throws {
        let (gpsd, source) = try GpsdFeed.start()
        defer { GpsdFeed.stop(gpsd, source) }
        var events = [LocationEvent]()
        let constellations: [(String, Int, Int)] = [("GP", 1, 32), ("GL", 65, 32), ("GA", 1, 36), ("GB", 1, 36)]
        let sky: String = constellations.map { Self.gsv($0.0, first: $0.1, count: $0.2) }.joined()
        for i in 0..<8 {
            _ = gpsd.send(sky)
            GpsdFeed.send(i, to: gpsd)
            try GpsdFeed.collect(source, timeout: 0.25, into: &events) { _ in false }
        }
        try GpsdFeed.collect(source, timeout: 3, into: &events) { _ in source.counters.longestLine > GpsdSource.lineLimit / 32 }
        let counters = source.counters
        #expect(counters.longestLine > 4096, "gpsd sent no long SKY: \(counters) \(gpsd.logTail())")
        #expect(counters.truncated == 0 && counters.malformed == 0, "\(counters)")
        #expect(GpsdFeed.fixes(events).count >= 5, "\(events) \(counters)")
    }
}
