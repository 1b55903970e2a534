import Foundation
import RouteModel
import Routing
import VoiceGuideTestSupport

/// Rerouting figures: how long a real Valhalla service takes to start (what each test suite pays), the
/// reroute round trip through it (request → imported route), and the client-side cost of a response
/// (route import of a real 37 KB Valhalla answer; libcurl does the HTTP).
func routingBenchmarks() -> [BenchFigure] {
    var figures: [BenchFigure] = []
    let fixture = URL(fileURLWithPath: "Tests/Fixtures/valhalla/city-turns.de-DE.json")
    if let body = try? Data(contentsOf: fixture) {
        let seconds = medianSeconds(runs: 200) {
            _ = try? RouteImporter(options: .init(polylinePrecision: 6)).read(body, fileName: "bench")
        }
        figures.append(BenchFigure(name: "import a real Valhalla response (\(body.count / 1024) KB)",
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
    let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131), heading: 180,
                               destinations: [Coordinate(latitude: 60.17334, longitude: 24.93661)], language: "de-DE")
    if let router = try? ValhallaRouter(baseURL: service.baseURL) {
        figures.append(roundTrip(router, request, name: "reroute round trip via real Valhalla, 2.8 km route, HTTP (p50 / p99)"))
    }
    // The same through a real TLS terminator (stunnel) with a private CA: the client's HTTPS cost beside plain
    // HTTP; keep-alive means the handshake is paid once, as a drive's reroutes do.
    let terminator: TLSTerminator
    do { terminator = try TLSTerminator(forwardingTo: service.port) } catch {
        figures.append(BenchFigure(name: "reroute round trip via real Valhalla, HTTPS through stunnel", value: "not measured: \(error)",
                                   target: nil, met: nil))
        return figures
    }
    defer { terminator.stop() }
    if let router = try? ValhallaRouter(baseURL: terminator.baseURL(), caFile: terminator.caFile) {
        figures.append(roundTrip(router, request, name: "reroute round trip via real Valhalla, 2.8 km route, HTTPS through stunnel (p50 / p99)"))
        figures.append(BenchFigure(name: "TLS connections stunnel forwarded for those 60 HTTPS reroutes",
                                   value: "\(terminator.forwardedConnections())", target: nil, met: nil))
    }
    return figures
}

/// p50/p99 of 50 reroutes through `router` (after 10 to warm up), in ms, with the failures counted.
private func roundTrip(_ router: some BlockingRouter, _ request: RouteRequest, name: String) -> BenchFigure {
    var times: [Double] = []
    var failures = 0
    var lastError = ""
    for _ in 0..<60 {
        let start = benchNow()
        do throws(RouterError) { _ = try router.routeBlocking(request) } catch { failures += 1; lastError = error.description }
        times.append(benchNow() - start)
    }
    times.removeFirst(10)
    times.sort()
    let p50 = times[times.count / 2] * 1000, p99 = times[min(times.count - 1, times.count * 99 / 100)] * 1000
    return BenchFigure(name: name, value: "\(benchFormat(p50, decimals: 1)) / \(benchFormat(p99, decimals: 1)) ms"
                           + (failures > 0 ? ", \(failures) failed (\(lastError))" : ""),
                       target: nil, met: nil)
}
