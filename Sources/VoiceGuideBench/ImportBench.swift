import Foundation
import RouteModel
import VoiceGuideTestSupport

/// Import throughput: our full import vs a plain JSONSerialization parse of the same bytes (target: ≤ 3×).
func importBenchmarks() -> [BenchFigure] {
    let data = syntheticRouteJSON(steps: 10_000, pointsPerStep: 51)
    var checked: RouteDocument?
    do { checked = try RouteImporter().read(data, fileName: "synthetic.json") } catch {
        return [BenchFigure(name: "import of the generated route", value: "failed: \(error)", target: nil, met: false)]
    }
    let route = checked?.route
    let points = route?.legs.reduce(0) { $0 + $1.steps.reduce(0) { $0 + $1.geometry.count } } ?? 0
    let runs = 7
    let foundation = medianSeconds(runs: runs) { _ = try? JSONSerialization.jsonObject(with: data) }
    let ours = medianSeconds(runs: runs) { _ = try? RouteImporter().read(data, fileName: "synthetic.json") }
    let parseOnly = medianSeconds(runs: runs) { _ = try? JSONParser().parse(data) }
    let index = medianSeconds(runs: runs) { if let route { _ = RouteIndex(route: route) } }
    let ratio = ours / foundation
    let megabytes = Double(data.count) / 1_000_000
    return [
        BenchFigure(name: "generated route", value: "\(benchFormat(Double(route?.stepCount ?? 0))) steps, "
                    + "\(benchFormat(Double(points))) step points + \(benchFormat(Double(route?.geometry.count ?? 0))) route points, "
                    + "\(String(format: "%.1f", megabytes)) MB", target: nil, met: nil),
        BenchFigure(name: "full import / JSONSerialization parse", value: "\(String(format: "%.2f", ratio))× "
                    + "(\(String(format: "%.1f", ours * 1000)) ms vs \(String(format: "%.1f", foundation * 1000)) ms)",
                    target: "≤ 3×", met: ratio <= 3),
        BenchFigure(name: "full import throughput", value: "\(String(format: "%.1f", megabytes / ours)) MB/s", target: nil, met: nil),
        BenchFigure(name: "JSON parse only (ours)", value: "\(String(format: "%.1f", megabytes / parseOnly)) MB/s "
                    + "(\(String(format: "%.2f", parseOnly / foundation))× JSONSerialization)", target: nil, met: nil),
        BenchFigure(name: "RouteIndex build", value: "\(String(format: "%.1f", index * 1000)) ms", target: nil, met: nil),
    ]
}
