import Foundation
import RouteModel
import Routing
import VoiceGuideTestSupport

/// Rerouting figures: how long a real Valhalla service takes to start (what each test suite pays), the
/// reroute round trip through it (request → imported route), and the client-side cost of a response
/// (HTTP parsing and route import of a real 37 KB Valhalla answer).
func routingBenchmarks() -> [BenchFigure] {
    var figures: [BenchFigure] = []
    let fixture = URL(fileURLWithPath: "Tests/Fixtures/valhalla/city-turns.de-DE.json")
    if let body = try? Data(contentsOf: fixture) {
        let wire = Array("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
        let seconds = medianSeconds(runs: 200) {
            var parser = HTTPResponseParser()
            guard let response = try? parser.feed(wire) else { return }
            _ = try? RouteImporter(options: .init(polylinePrecision: 6)).read(response.body, fileName: "bench")
        }
        figures.append(BenchFigure(name: "parse + import a real Valhalla response (\(body.count / 1024) KB)",
                                   value: "\(benchFormat(seconds * 1e6)) µs", target: nil, met: nil))
    }
    let service: ValhallaService
    do { service = try ValhallaService() } catch {
        figures.append(BenchFigure(name: "Valhalla round trip", value: "not measured: \(error)", target: nil, met: nil))
        return figures
    }
    defer { service.stop() }
    figures.append(BenchFigure(name: "Valhalla service startup (until it accepts)",
                               value: "\(benchFormat(service.startupSeconds * 1000)) ms", target: nil, met: nil))
    guard let router = try? ValhallaRouter(baseURL: service.baseURL) else { return figures }
    let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131), heading: 180,
                               destinations: [Coordinate(latitude: 60.17334, longitude: 24.93661)], language: "de-DE")
    var times: [Double] = []
    var failures = 0
    let box = ResultBox()
    for _ in 0..<60 {
        let start = benchNow()
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do throws(RouterError) { _ = try await router.route(request) } catch { box.fail() }
            done.signal()
        }
        done.wait()
        times.append(benchNow() - start)
    }
    failures = box.failures
    times.removeFirst(10)
    times.sort()
    let p50 = times[times.count / 2] * 1000, p99 = times[min(times.count - 1, times.count * 99 / 100)] * 1000
    figures.append(BenchFigure(name: "reroute round trip via real Valhalla, 2.8 km route (p50 / p99)",
                               value: "\(benchFormat(p50, decimals: 1)) / \(benchFormat(p99, decimals: 1)) ms"
                                   + (failures > 0 ? ", \(failures) failed" : ""),
                               target: nil, met: nil))
    return figures
}

/// Counts failures across threads.
private final class ResultBox: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func fail() { lock.withLock { count += 1 } }
    var failures: Int { lock.withLock { count } }
}
