import Foundation
import Guidance
import Location
import RouteModel
import VoiceGuideTestSupport

/// Feeds a straight drive to a real gpsd as NMEA stamped with the current UTC time, and collects what a
/// `GpsdSource` delivers.
struct GpsdFeed {
    /// A position `index` steps of 10 m east of a point in Helsinki.
    static func position(_ index: Int) -> Position {
        let start = Coordinate(latitude: 60.1699, longitude: 24.9384)
        return Position(coordinate: Geo.destination(from: start, bearing: 90, meters: Double(index) * 10),
                        speed: 10, heading: 90, accuracy: 5, timestamp: 0)
    }

    /// Starts a real gpsd and connects a client to it.
    static func start() throws -> (GpsdService, GpsdSource) {
        let gpsd = try GpsdService()
        do { return (gpsd, try GpsdSource(port: gpsd.port)) } catch {
            gpsd.stop()
            throw error
        }
    }

    /// Closes the client and stops gpsd.
    static func stop(_ gpsd: GpsdService, _ source: GpsdSource) {
        source.close()
        gpsd.stop()
    }

    /// Sends fix `index` stamped now (or `age` seconds ago).
    @discardableResult
    static func send(_ index: Int, to gpsd: GpsdService, age: Double = 0) -> Bool {
        let now = Date().timeIntervalSince1970 - age
        guard let text = NMEAWriter.sentences(for: position(index), epoch: now) else { return false }
        return gpsd.send(text)
    }

    /// Sends fixes `indices` one by one, collecting events for `spacing` seconds after each.
    static func feed(_ indices: Range<Int>, to gpsd: GpsdService, _ source: GpsdSource, into events: inout [LocationEvent],
                     age: Double = 0, spacing: Double = 0.2) throws {
        for i in indices {
            send(i, to: gpsd, age: age)
            try collect(source, timeout: spacing, into: &events) { _ in false }
        }
    }

    /// Polls `source` until `until` is true for the events so far, or `timeout` passes.
    static func collect(_ source: GpsdSource, timeout: Double, into events: inout [LocationEvent],
                        until done: ([LocationEvent]) -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, !done(events) {
            source.waitForEvent(timeout: 0.05)
            while let event = try source.nextEvent() { events.append(event) }
        }
    }

    /// The fixes among `events`.
    static func fixes(_ events: [LocationEvent]) -> [Position] {
        events.compactMap { if case .fix(let p) = $0 { p } else { nil } }
    }
}
