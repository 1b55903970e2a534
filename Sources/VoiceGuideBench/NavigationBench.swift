import Foundation
import SafeIO
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Navigation
import VoiceGuideCLI

/// Navigation figures: the navigator's own share of "fix received → announcement started" (the gpsd share is in
/// the Location section): the wall time from `LocationFeed` taking a fix to the speech channel's `started` event,
/// for the fixes that trigger an announcement, over drives of every example route; and fixes per second through
/// the whole navigator (tracking, planning, phrasing, speech queue).
func navigationBenchmarks() -> [BenchFigure] {
    guard let data = try? VoiceGuideData.discover(), let builder = try? data.loadLocale(tag: DefaultLocale.tag).builder() else {
        return [BenchFigure(name: "navigator", value: "not measured: no data directory", target: nil, met: false)]
    }
    let folder = data.directory.appendingPathComponent("Examples/Routes")
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }
    var latencies: [Double] = []
    var fixes = 0
    var seconds = 0.0
    for _ in 0..<5 {
        for name in names.sorted() {
            guard let raw = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
                  let document = try? RouteImporter().read(raw, fileName: name) else { continue }
            let route = RouteIndex(route: document.route)
            let taken = Locked(0.0)
            let started = Locked<[Double]>([])
            let navigator = Navigator(route: route, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                      player: nil, clock: VirtualClock(), observer: { event in
                                          if case .speech(let s) = event.kind, s.kind == .started {
                                              let t0 = taken.withLock { $0 }
                                              started.withLock { $0.append(benchNow() - t0) }
                                          }
                                      })
            let source = SimulatedLocationSource(index: route, options: SimulatorOptions(noise: .init(sigmaMeters: 5, seed: 1)))
            let start = benchNow()
            while let event = try? source.nextEvent(), event != .end {
                guard case .fix(let p) = event else { continue }
                taken.withLock { $0 = benchNow() }
                navigator.update(p)
                fixes += 1
            }
            seconds += benchNow() - start
            navigator.finish()
            latencies += started.withLock { $0 }
        }
    }
    return [
        BenchFigure(name: "fix taken → announcement started, navigator only, p50 / p99 (\(latencies.count) announcements)",
                    value: String(format: "%.3f ms / %.3f ms", percentile(latencies, 0.5) * 1000, percentile(latencies, 0.99) * 1000),
                    target: "p99 ≤ 50 ms with gpsd's share", met: percentile(latencies, 0.99) < 0.050),
        BenchFigure(name: "fixes/s through the navigator (track, plan, phrase, queue)",
                    value: benchFormat(Double(fixes) / max(seconds, 1e-9)) + "/s", target: nil, met: nil),
    ]
}
