import Foundation
import Guidance
import Phrasing
import RouteModel
import VoiceGuideTestSupport
import VoiceGuideCLI

/// A route of `hours` at `speedKmh` with a turn every `spacing` meters (alternating right and left; a slight one
/// on fast roads), vertices `vertexSpacing` apart.
private func planningRoute(hours: Double, speedKmh: Double, spacing: Double, vertexSpacing: Double) -> RouteIndex {
    var builder = ScenarioRouteBuilder(start: Coordinate(latitude: 45, longitude: 5), heading: 90, name: "Road 0",
                                       speedKmh: speedKmh, vertexSpacing: vertexSpacing)
    let length = hours * speedKmh / 3.6 * 3600
    let turns = max(1, Int(saturating: (length / spacing).rounded(.down)) - 1)
    let fast = speedKmh >= 80
    for i in 0..<turns {
        builder.drive(spacing)
        let right = i % 2 == 0
        builder.maneuver(.turn, fast ? (right ? .slightRight : .slightLeft) : (right ? .right : .left),
                         turn: (fast ? 20 : 90) * (right ? 1 : -1), name: "Road \(i + 1)")
    }
    builder.drive(spacing)
    return RouteIndex(route: builder.build())
}

/// Offline planning (`transcript`, `--format mapbox`, `--stats`) in-process, jumping from decision
/// point to decision point, side by side with the stepped planner (every simulated second) on the same routes.
func planningBenchmarks() -> [BenchFigure] {
    guard let data = try? VoiceGuideData.discover(), let builder = try? data.loadLocale(tag: DefaultLocale.tag).builder() else {
        return [BenchFigure(name: "offline planning", value: "not measured: no data directory", target: nil, met: false)]
    }
    let estimator = PhraseDurationEstimator(builder: builder)
    let cases: [(name: String, index: RouteIndex, target: Double)] = [
        ("44-hour route (4,500 km, a turn every 30 km)",
         planningRoute(hours: 44, speedKmh: 102.3, spacing: 30_000, vertexSpacing: 100), 0.020),
        ("1-hour city route (30 km, a turn every 750 m)",
         planningRoute(hours: 1, speedKmh: 30, spacing: 750, vertexSpacing: 25), 0.001),
    ]
    var figures: [BenchFigure] = []
    for c in cases {
        var jumped = OfflineGuidance.run(c.index, estimator: estimator)
        var stepped = OfflineGuidance.runStepped(c.index, estimator: estimator)
        let fast = medianSeconds(runs: 41) { jumped = OfflineGuidance.run(c.index, estimator: estimator) }
        let slow = medianSeconds(runs: 3) { stepped = OfflineGuidance.runStepped(c.index, estimator: estimator) }
        let same = jumped.announcements.map { "\($0.kind)\($0.triggerSeconds)" } == stepped.announcements.map { "\($0.kind)\($0.triggerSeconds)" }
        figures.append(BenchFigure(
            name: "plan, \(c.name)",
            value: String(format: "%.3f ms jumping vs %.1f ms stepped (%.0f× faster), %d announcements%@",
                          fast * 1000, slow * 1000, slow / max(fast, 1e-9), jumped.announcements.count,
                          same ? ", identical" : ", DIFFERENT"),
            target: String(format: "≤ %g ms, identical", c.target * 1000), met: fast <= c.target && same))
    }
    return figures
}
