import Foundation
import Guidance
import RouteModel
import SafeIO
import VoiceGuideTestSupport

/// A straight-ish route with `vertices` vertices 10 m apart (a gentle zigzag so segments are not collinear).
private func benchRoute(vertices: Int) -> RouteIndex {
    var builder = ScenarioRouteBuilder(start: Coordinate(latitude: 10, longitude: 10), heading: 60,
                                       name: "Bench Road", speedKmh: 50, vertexSpacing: 10)
    for i in 0..<(vertices - 2) {
        builder.shift(10, bearing: builder.heading + (i % 2 == 0 ? 3 : -3))
    }
    return RouteIndex(route: builder.build())
}

/// Tracker updates per second on `index`: fixes 14 m apart (50 km/h at 1 Hz) with ±4 m sideways jitter,
/// restarting the tracker whenever the route ends.
private func trackerRate(_ index: RouteIndex, updates: Int) -> Double {
    let path = index.path
    var fixes = [Position]()
    let perPass = Int(saturating: path.length / 14) - 1
    for i in 0..<min(perPass, 20_000) {
        let d = Double(i) * 14
        let bearing = path.bearing(atDistance: d)
        let point = Geo.destination(from: path.coordinate(atDistance: d), bearing: bearing + 90,
                                    meters: Double(i % 5) * 2 - 4)
        fixes.append(Position(coordinate: point, speed: 13.9, heading: bearing, accuracy: 5, timestamp: Double(i)))
    }
    var checksum = 0.0
    let seconds = medianSeconds(runs: 3) {
        var tracker = ProgressTracker(index: index)
        var k = 0
        for _ in 0..<updates {
            if k == fixes.count { tracker = ProgressTracker(index: index); k = 0 }
            checksum += tracker.update(fixes[k]).distanceAlong
            k += 1
        }
    }
    if checksum.isNaN { print("unexpected NaN") }
    return Double(updates) / seconds
}

/// Progress-tracker throughput on a short and a very long route (targets: ratio ≤ 1.5, ≥ 1,000,000/s).
func guidanceBenchmarks() -> [BenchFigure] {
    let small = trackerRate(benchRoute(vertices: 1_000), updates: 1_000_000)
    let large = trackerRate(benchRoute(vertices: 500_000), updates: 1_000_000)
    let ratio = small / large
    return [
        BenchFigure(name: "tracker updates/s, 1,000-vertex route", value: benchFormat(small) + "/s"),
        BenchFigure(name: "tracker updates/s, 500,000-vertex route", value: benchFormat(large) + "/s",
                    target: "≥ 1,000,000/s", met: large >= 1_000_000),
        BenchFigure(name: "tracker rate ratio small/large", value: String(format: "%.2f×", ratio),
                    target: "≤ 1.5×", met: ratio <= 1.5),
    ]
}
