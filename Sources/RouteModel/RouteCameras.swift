import Foundation
import SafeIO

/// A speed camera placed on a route: where along it the camera is passed.
public struct CameraOnRoute: Sendable, Hashable {
    /// The camera.
    public var camera: SpeedCamera
    /// Distance along the route path where it is passed (its projection onto the route), meters.
    public var distanceAlong: Double
    /// Distance from the route line to the camera, meters.
    public var offset: Double
    /// The route's direction of travel there, degrees.
    public var routeBearing: Double

    /// Creates a placed camera.
    public init(camera: SpeedCamera, distanceAlong: Double, offset: Double, routeBearing: Double) {
        self.camera = camera
        self.distanceAlong = distanceAlong
        self.offset = offset
        self.routeBearing = routeBearing
    }
}

/// The speed cameras that lie on a route in its driving direction, ordered by distance along it.
///
/// A camera is on the route where it is within `maxOffset` of the route line and, when its direction is known,
/// that direction is within `maxHeadingDifference` of the route's bearing there. A route that passes the same
/// camera more than once (a loop, there and back) has it once per pass whose direction fits. A camera of unknown
/// direction beside a dual carriageway drawn as one line is matched on both ways: the file cannot tell them apart.
///
/// Cost: O(C + S·k + M log M) for C cameras, S route segments, k grid cells a segment touches (a few; a long
/// segment is walked in cell-sized pieces) and M cameras near the route; memory O(C). 10,000 cameras on a
/// 100 km route are a few milliseconds, not the O(C·S) of trying every camera on every segment.
public struct RouteCameras: Sendable {
    /// The default lateral tolerance: 20 m. Routes and cameras come from the same OpenStreetMap ways, drawn on the
    /// road's centre line, while a camera node stands on its pole at the roadside: half of a four-lane road (~7 m)
    /// plus a verge and a few meters of mapping error. City blocks put a parallel street 40 m or more away, so
    /// 20 m keeps the road's own cameras and leaves the next street's. The two ways of a dual carriageway are often
    /// closer than that; the camera's direction tells them apart.
    public static let defaultMaxOffset = 20.0
    /// The default largest difference between a camera's direction and the route's bearing: 45 degrees, loose
    /// enough for a curve or a camera drawn a little off, tight enough to reject the crossing and opposite roads.
    public static let defaultMaxHeadingDifference = 45.0

    /// The cameras on the route, by `distanceAlong` (a camera passed twice appears twice).
    public let cameras: [CameraOnRoute]

    /// Places `cameras` on `path`. See the type's documentation for the rule and the cost. `maxOffset` is held
    /// to 0...1000 m (a value that is not finite means the default).
    public init(path: RoutePath, cameras: [SpeedCamera], maxOffset: Double = defaultMaxOffset,
                maxHeadingDifference: Double = defaultMaxHeadingDifference) {
        let offset = maxOffset.isFinite ? min(1000, max(0, maxOffset)) : Self.defaultMaxOffset
        self.cameras = Self.match(path: path, cameras: cameras, maxOffset: offset,
                                  maxHeadingDifference: maxHeadingDifference)
    }

    /// The cameras with `distanceAlong` in `from...from + within` (by binary search: O(log n) plus the result).
    public func ahead(of from: Double, within: Double = .infinity) -> ArraySlice<CameraOnRoute> {
        var lo = 0, hi = cameras.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if cameras[mid].distanceAlong < from { lo = mid + 1 } else { hi = mid }
        }
        var end = lo
        while end < cameras.count && cameras[end].distanceAlong <= from + within { end += 1 }
        return cameras[lo..<end]
    }

    /// The smallest angle between two headings, 0...180 degrees.
    public static func headingDifference(_ a: Double, _ b: Double) -> Double {
        let d = abs(a - b).truncatingRemainder(dividingBy: 360)
        return d > 180 ? 360 - d : d
    }

    /// One camera's nearest point on one segment.
    private struct Candidate {
        var camera: Int
        var segment: Int
        var along: Double
        var offset: Double
        var bearing: Double
    }

    private static func match(path: RoutePath, cameras: [SpeedCamera], maxOffset: Double,
                              maxHeadingDifference: Double) -> [CameraOnRoute] {
        let coordinates = path.coordinates
        guard path.segmentCount > 0, !cameras.isEmpty else { return [] }
        // A local grid in degrees. Cells are `cell` meters tall; their width in degrees is taken at the route's
        // highest latitude, so everywhere on the route a cell is at least `cell` meters wide.
        let mPerDegLat = Geo.earthRadius * .pi / 180
        var minLat = Double.infinity, maxLat = -Double.infinity, minLon = Double.infinity, maxLon = -Double.infinity
        for c in coordinates {
            minLat = min(minLat, c.latitude); maxLat = max(maxLat, c.latitude)
            minLon = min(minLon, c.longitude); maxLon = max(maxLon, c.longitude)
        }
        guard minLat.isFinite, maxLat.isFinite, minLon.isFinite, maxLon.isFinite else { return [] }
        let cosLat = max(0.01, cos(max(abs(minLat), abs(maxLat)) * .pi / 180))
        let cell = max(50, 2 * maxOffset)
        let cellLat = cell / mPerDegLat, cellLon = cell / (mPerDegLat * cosLat)
        let padLat = maxOffset / mPerDegLat, padLon = maxOffset / (mPerDegLat * cosLat)
        struct Key: Hashable { var x: Int; var y: Int }
        func key(_ lat: Double, _ lon: Double) -> Key {
            Key(x: Int(saturating: (lon / cellLon).rounded(.down)), y: Int(saturating: (lat / cellLat).rounded(.down)))
        }
        // Only the cameras within the route's padded bounding box go into the grid.
        var grid: [Key: [Int]] = [:]
        for (i, camera) in cameras.enumerated() {
            let p = camera.coordinate
            guard p.latitude >= minLat - padLat, p.latitude <= maxLat + padLat,
                  p.longitude >= minLon - padLon, p.longitude <= maxLon + padLon else { continue }
            grid[key(p.latitude, p.longitude), default: []].append(i)
        }
        guard !grid.isEmpty else { return [] }

        var candidates: [Candidate] = []
        var seenOnSegment = [Int](repeating: -1, count: cameras.count)
        for s in 0..<path.segmentCount where path.cumulative[s + 1] - path.cumulative[s] >= 0.01 {
            let a = coordinates[s], b = coordinates[s + 1]
            let bearing = Geo.bearing(a, b)
            // A long segment is walked in pieces of about a cell, each piece's padded box looked up in the grid.
            let pieces = max(1, Int(saturating: ((path.cumulative[s + 1] - path.cumulative[s]) / cell).rounded(.up)))
            for piece in 0..<pieces {
                let t0 = Double(piece) / Double(pieces), t1 = Double(piece + 1) / Double(pieces)
                let lat0 = a.latitude + (b.latitude - a.latitude) * t0, lat1 = a.latitude + (b.latitude - a.latitude) * t1
                let lon0 = a.longitude + (b.longitude - a.longitude) * t0, lon1 = a.longitude + (b.longitude - a.longitude) * t1
                let low = key(min(lat0, lat1) - padLat, min(lon0, lon1) - padLon)
                let high = key(max(lat0, lat1) + padLat, max(lon0, lon1) + padLon)
                for y in low.y...high.y {
                    for x in low.x...high.x {
                        guard let inCell = grid[Key(x: x, y: y)] else { continue }
                        for i in inCell where seenOnSegment[i] != s {
                            seenOnSegment[i] = s
                            guard let projection = path.project(cameras[i].coordinate, segments: s..<(s + 1)),
                                  projection.offset <= maxOffset else { continue }
                            candidates.append(Candidate(camera: i, segment: s, along: projection.distanceAlong,
                                                        offset: projection.offset, bearing: bearing))
                        }
                    }
                }
            }
        }

        // One pass of the route by a camera is a run of candidates on consecutive segments (or within `maxOffset`
        // of each other along the route, across a skipped zero-length segment): at a corner the camera is near
        // both segments. In each pass the nearest candidate whose bearing fits the camera's direction is kept.
        candidates.sort { ($0.camera, $0.along) < ($1.camera, $1.along) }
        var placed: [CameraOnRoute] = []
        var start = 0
        while start < candidates.count {
            var end = start + 1
            while end < candidates.count, candidates[end].camera == candidates[start].camera,
                  candidates[end].segment <= candidates[end - 1].segment + 1
                    || candidates[end].along - candidates[end - 1].along <= maxOffset {
                end += 1
            }
            let camera = cameras[candidates[start].camera]
            let fitting = candidates[start..<end].filter { candidate in
                camera.directions.isEmpty
                    || camera.directions.contains { headingDifference($0, candidate.bearing) <= maxHeadingDifference }
            }
            if let best = fitting.min(by: { $0.offset < $1.offset }) {
                placed.append(CameraOnRoute(camera: camera, distanceAlong: best.along, offset: best.offset,
                                            routeBearing: best.bearing))
            }
            start = end
        }
        placed.sort { $0.distanceAlong < $1.distanceAlong }
        return placed
    }
}
