import Foundation
import RouteModel
import Synchronization

/// Positions from a GPX track (`trkpt` with `time`), read at once. Route points and waypoints are refused:
/// they are a plan, not a drive. A track without times needs a speed, from which the times are derived.
public final class GPXSource: LocationSource {
    /// GPX files larger than this are refused while reading.
    public static let sizeLimit = 64 << 20

    /// "gpx track.gpx".
    public let label: String
    /// Recorded: the consumer paces the fixes by their times.
    public var timing: LocationTiming { .recorded }
    /// Points skipped because their time goes backwards.
    public let outOfOrder: Int
    private let events: [TimedEvent]
    private let cursor = Mutex(0)

    /// Reads `path` ("-" is standard input). `speed` (m/s) drives a track without times at that speed.
    public init(path: String, speed: Double? = nil) throws {
        let input = try InputFile(path: path, kind: "gpx")
        let data = Data(try input.readAll(limit: Self.sizeLimit))
        label = "gpx \(input.name)"
        let document = try GPXDocument.parse(data, name: input.name)
        let (events, skipped) = try Self.events(document, name: input.name, speed: speed)
        self.events = events
        outOfOrder = skipped
    }

    /// The next fix, `.end` once, then nil.
    public func nextEvent() throws -> LocationEvent? {
        cursor.withLock { i -> LocationEvent? in
            defer { i += 1 }
            if i < events.count { return events[i].event }
            return i == events.count ? .end : nil
        }
    }

    /// The next fix's time, nil at the end.
    public func peekTime() -> Double? {
        cursor.withLock { i in i < events.count ? events[i].time : nil }
    }

    /// Turns track points into timed fixes, refusing documents that are not a drive.
    private static func events(_ doc: GPXDocument, name: String, speed: Double?) throws -> ([TimedEvent], Int) {
        guard let first = doc.points.first else {
            if doc.routePoints > 0 || doc.waypoints > 0 {
                throw LocationError(.badData, "gpx:\(name): has \(doc.routePoints) route points (rtept) and \(doc.waypoints) waypoints (wpt) but no track points (trkpt); a drive needs a recorded track")
            }
            throw LocationError(.badData, "gpx:\(name): no track points (trkpt)")
        }
        let untimed = doc.points.first { $0.time == nil }
        if let untimed, speed == nil {
            throw LocationError(.badData, "gpx:\(name): line \(untimed.line): <trkpt> has no <time>; give a speed to drive the track at a fixed pace")
        }
        if let speed, untimed != nil, !(speed > 0 && speed.isFinite) {
            throw LocationError(.usage, "gpx:\(name): the speed must be above 0, not \(speed)")
        }
        var motion = MotionEstimator()
        var events = [TimedEvent]()
        var skipped = 0
        var meters = 0.0
        var previous: GPXDocument.Point?
        let origin = first.time ?? 0
        for point in doc.points {
            let coordinate = Coordinate(latitude: point.latitude, longitude: point.longitude)
            if let p = previous { meters += Geo.distance(Coordinate(latitude: p.latitude, longitude: p.longitude), coordinate) }
            let time: Double
            if untimed != nil, let speed { time = meters / speed } else { time = (point.time ?? 0) - origin }
            if let last = events.last, time <= last.time {
                skipped += 1
                continue
            }
            previous = point
            let position = Position(coordinate: coordinate, speed: point.speed ?? (untimed != nil ? speed : nil),
                                    heading: point.course, accuracy: point.hdop.map { $0 * NMEAAssembler.metersPerHDOP },
                                    timestamp: time)
            events.append(TimedEvent(time: time, event: .fix(motion.complete(position))))
        }
        return (events, skipped)
    }
}
