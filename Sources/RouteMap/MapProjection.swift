import Foundation
import RouteModel

/// North-up, equirectangular projection of a small area onto a drawing: x east, y south, meters scaled to fit.
/// Good to a fraction of a pixel over a city or a region; a route across a continent is still drawn, just
/// stretched where the latitude changes much.
struct MapProjection {
    /// The drawing's size in pixels.
    let width: Double
    let height: Double
    /// Pixels per meter.
    let scale: Double
    private let originLongitude: Double
    private let originLatitude: Double
    private let cosLatitude: Double
    private let margin: Double
    private let spanX: Double
    private let spanY: Double

    /// Fits `coordinates` into a drawing `width` wide (its height follows the area's shape, within bounds).
    init(fitting coordinates: [Coordinate], width: Double = 1000, margin: Double = 60) {
        let valid = coordinates.filter(\.isValid)
        let lats = valid.map(\.latitude), lons = valid.map(\.longitude)
        let minLat = lats.min() ?? 0, maxLat = lats.max() ?? 0, minLon = lons.min() ?? 0, maxLon = lons.max() ?? 0
        originLatitude = maxLat
        originLongitude = minLon
        cosLatitude = max(0.01, cos((minLat + maxLat) / 2 * .pi / 180))
        let metersPerDegree = Geo.earthRadius * .pi / 180
        spanX = max(1, (maxLon - minLon) * metersPerDegree * cosLatitude)
        spanY = max(1, (maxLat - minLat) * metersPerDegree)
        self.margin = margin
        let inner = width - 2 * margin
        var scale = inner / spanX
        var height = spanY * scale + 2 * margin
        if height > 1400 {
            scale = (1400 - 2 * margin) / spanY
            height = 1400
        }
        self.scale = scale
        self.width = width
        self.height = max(300, height)
    }

    /// The point of `c` on the drawing.
    func point(_ c: Coordinate) -> (x: Double, y: Double) {
        let metersPerDegree = Geo.earthRadius * .pi / 180
        let x = (c.longitude - originLongitude) * metersPerDegree * cosLatitude * scale
        let y = (originLatitude - c.latitude) * metersPerDegree * scale
        // Centre the area in the drawing.
        let offsetX = (width - spanX * scale) / 2, offsetY = (height - spanY * scale) / 2
        return (x + offsetX, y + offsetY)
    }

    /// The points of a line, leaving out those closer than `tolerance` pixels to the previous one kept (the
    /// last point is always kept), so a route of millions of points stays a drawing of a few thousand.
    func polyline(_ coordinates: [Coordinate], tolerance: Double = 0.7) -> [(x: Double, y: Double)] {
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(min(coordinates.count, 4096))
        for (n, c) in coordinates.enumerated() where c.isValid {
            let p = point(c)
            if let last = out.last, n != coordinates.count - 1, hypot(p.x - last.x, p.y - last.y) < tolerance { continue }
            out.append(p)
        }
        return out
    }
}

/// A number for SVG attributes: at most one decimal, no exponent.
func svgNumber(_ v: Double) -> String {
    guard v.isFinite else { return "0" }
    let r = (v * 10).rounded() / 10
    return r == r.rounded() ? String(Int(r)) : String(format: "%.1f", r)
}
