import Foundation

/// Douglas–Peucker simplification of a line of coordinates, for overview geometries (a route drawn whole on a
/// screen needs a fraction of its points).
public enum LineSimplification {
    /// The indices of the points of `points` that a Douglas–Peucker pass at `tolerance` meters keeps, in order:
    /// always the first and the last, and every point that lies farther than `tolerance` from the line between the
    /// points kept on either side of it. Every dropped point is within `tolerance` of the simplified line.
    ///
    /// Distances are measured in a local plane (equirectangular, scaled at the segment's mean latitude), which is
    /// exact to well under 1 % over the lengths of road a route's segments span. Iterative (no recursion depth on a
    /// 2-million-point line); O(n log n) on road geometry, O(n²) in the worst case of a pathological spiral.
    public static func keptIndices(_ points: [Coordinate], tolerance: Double) -> [Int] {
        guard points.count > 2 else { return Array(points.indices) }
        var keep = [Bool](repeating: false, count: points.count)
        keep[0] = true
        keep[points.count - 1] = true
        var spans = [(points.startIndex, points.count - 1)]
        while let (first, last) = spans.popLast() {
            guard last - first > 1 else { continue }
            var farthest = first, distance = -1.0
            for i in (first + 1)..<last {
                let d = offset(of: points[i], from: points[first], to: points[last])
                if d > distance { distance = d; farthest = i }
            }
            guard distance > tolerance else { continue }
            keep[farthest] = true
            spans.append((first, farthest))
            spans.append((farthest, last))
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The tolerance of an overview line (Mapbox's and OSRM's `overview=simplified`): one thousandth of the
    /// diagonal of the line's bounding box, and at least 1 m, so a route drawn to fit a screen loses nothing that a
    /// pixel would show, whatever its length (5 m on a 5 km city route, 1 km on a 1,000 km drive).
    public static func overviewTolerance(_ points: [Coordinate]) -> Double {
        guard let first = points.first else { return 1 }
        var south = first.latitude, north = first.latitude, west = first.longitude, east = first.longitude
        for p in points {
            south = min(south, p.latitude); north = max(north, p.latitude)
            west = min(west, p.longitude); east = max(east, p.longitude)
        }
        let diagonal = Geo.distance(Coordinate(latitude: south, longitude: west), Coordinate(latitude: north, longitude: east))
        return max(1, diagonal / 1000)
    }

    /// The distance in meters of `p` from the segment `a`–`b` (from the nearer end beyond either end).
    public static func offset(of p: Coordinate, from a: Coordinate, to b: Coordinate) -> Double {
        let metersPerDegree = Geo.earthRadius * .pi / 180
        let scale = cos((a.latitude + b.latitude) / 2 * .pi / 180) * metersPerDegree
        let bx = (b.longitude - a.longitude) * scale, by = (b.latitude - a.latitude) * metersPerDegree
        let px = (p.longitude - a.longitude) * scale, py = (p.latitude - a.latitude) * metersPerDegree
        let length2 = bx * bx + by * by
        let t = length2 > 0 ? max(0, min(1, (px * bx + py * by) / length2)) : 0
        let dx = px - t * bx, dy = py - t * by
        return (dx * dx + dy * dy).squareRoot()
    }
}
