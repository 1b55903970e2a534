import Foundation
import Glibc
import SafeIO
import RouteModel
import Phrasing
import Speech
import VoiceService
import VoiceGuideTestSupport
import VoiceGuideCLI

/// `transcript --batch` against a loop of one `voiceguide transcript` process per route, and
/// `voiceguide serve` (in this process, loaded over loopback by client threads) against the batch path, for the
/// city example routes and a 1-hour city route. Figures are ratios measured side by side in this one run.
func serveBenchmarks() -> [BenchFigure] {
    guard let data = try? VoiceGuideData.discover() else {
        return [BenchFigure(name: "serve", value: "not measured: no data directory", target: nil, met: false)]
    }
    let folder = data.directory.appendingPathComponent("Examples/Routes")
    let cityNames = ["city-dc.json", "city-berlin.json", "uk-oxford.json"]
    let city = cityNames.compactMap { name -> [UInt8]? in
        guard let raw = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
              let json = try? JSONParser().parse(raw) else { return nil }
        return Array(json.serialized().utf8)
    }
    guard city.count == cityNames.count, let hourPath = try? driveRouteFile(minutes: 60),
          let hour = FileManager.default.contents(atPath: hourPath).map(Array.init) else {
        return [BenchFigure(name: "serve", value: "not measured: example routes missing", target: nil, met: false)]
    }
    let renderer = VoiceRenderer(data: data)
    _ = try? renderer.locale(DefaultLocale.tag)
    var figures: [BenchFigure] = []

    // Batch, one thread: city routes, then the 1-hour route.
    let cityBatch = batchRate(renderer, routes: city, minimumSeconds: 2)
    figures.append(BenchFigure(name: "batch, city routes, one core", value: "\(benchFormat(cityBatch)) routes/s",
                               target: "≥ 2,000 routes/s", met: cityBatch >= 2_000))
    // Where the time goes: the offline planning alone (it follows the maneuvers, not the hours).
    if let builder = try? renderer.locale(DefaultLocale.tag).builder(),
       let documents = try? city.map({ try RouteImporter().read(Data($0), fileName: "city") }) {
        var planned = 0
        let start = benchNow()
        repeat {
            for document in documents { _ = VoiceTranscript(planning: document, localeTag: DefaultLocale.tag, builder: builder) }
            planned += documents.count
        } while benchNow() - start < 1
        let planningRate = Double(planned) / (benchNow() - start)
        figures.append(BenchFigure(name: "of that, planning and phrasing alone", value: String(format: "%.0f%% of the batch time per city route", 100 * cityBatch / planningRate)))
    }
    let hourBatch = batchRate(renderer, routes: [hour], minimumSeconds: 2)
    figures.append(BenchFigure(name: "batch, 1-hour route, one core", value: "\(benchFormat(hourBatch, decimals: 1)) routes/s"))

    // A loop of one process per route, the way a shell loop would run `transcript` before --batch.
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("voiceguide").path
    if FileManager.default.isExecutableFile(atPath: binary) {
        let paths = cityNames.map { folder.appendingPathComponent($0).path }
        let runs = 12
        let start = benchNow()
        for n in 0..<runs { runQuietly(binary, ["transcript", paths[n % paths.count], "--format", "json"]) }
        let perProcess = Double(runs) / (benchNow() - start)
        figures.append(BenchFigure(name: "per-process loop, city routes", value: "\(benchFormat(perProcess, decimals: 1)) routes/s"))
        figures.append(BenchFigure(name: "batch vs per-process loop", value: String(format: "%.0f×", cityBatch / perProcess)))
    } else {
        figures.append(BenchFigure(name: "per-process loop", value: "not measured: \(binary) not built (swift build -c release)"))
    }

    // In-process handling: the service's own time for one request, no sockets.
    let service = VoiceHTTPService(renderer: renderer, metrics: ServiceMetrics())
    let hourHandling = handlingLatencies(service, body: hour, count: 200)
    figures.append(BenchFigure(name: "in-process handling, 1-hour route, p50 / p99 of 200",
                               value: String(format: "%.2f ms / %.2f ms", hourHandling.p50 * 1000, hourHandling.p99 * 1000),
                               target: "p99 ≤ 10 ms", met: hourHandling.p99 <= 0.010))
    let cityHandling = handlingLatencies(service, body: city[0], count: 300)
    figures.append(BenchFigure(name: "in-process handling, city route, p50 / p99 of 300",
                               value: String(format: "%.2f ms / %.2f ms", cityHandling.p50 * 1000, cityHandling.p99 * 1000)))

    // Over loopback: the real server, clients on keep-alive connections.
    var limits = HTTPServerLimits()
    limits.drainTimeout = 5
    let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits, metrics: ServiceMetrics(), handler: service)
    do {
        try server.start()
    } catch {
        figures.append(BenchFigure(name: "serve", value: "not measured: \(error)", target: nil, met: false))
        return figures
    }
    defer { server.shutdown() }
    let cityLoad = loadTest(port: server.port, bodies: city, clients: 8, seconds: 3)
    figures.append(BenchFigure(name: "serve, city routes, 8 connections", value: "\(benchFormat(cityLoad.rate)) req/s, p50 \(String(format: "%.2f", cityLoad.p50 * 1000)) ms, p99 \(String(format: "%.2f", cityLoad.p99 * 1000)) ms, \(cityLoad.errors) errors",
                               target: "≥ 2,000 req/s", met: cityLoad.rate >= 2_000 && cityLoad.errors == 0))
    figures.append(BenchFigure(name: "serve vs batch, city routes", value: String(format: "%.2f× the batch rate", cityLoad.rate / cityBatch)))
    let hourLoad = loadTest(port: server.port, bodies: [hour], clients: 4, seconds: 3)
    figures.append(BenchFigure(name: "serve, 1-hour route, 4 connections", value: "\(benchFormat(hourLoad.rate, decimals: 1)) req/s, p50 \(String(format: "%.1f", hourLoad.p50 * 1000)) ms, p99 \(String(format: "%.1f", hourLoad.p99 * 1000)) ms, \(hourLoad.errors) errors"))
    figures.append(BenchFigure(name: "serve vs batch, 1-hour route", value: String(format: "%.2f× the batch rate", hourLoad.rate / hourBatch)))
    return figures
}

/// Routes per second through `BatchTranscriber` on this thread, cycling `routes` for at least `minimumSeconds`.
private func batchRate(_ renderer: VoiceRenderer, routes: [[UInt8]], minimumSeconds: Double) -> Double {
    let batch = BatchTranscriber(renderer: renderer)
    var input: [UInt8] = []
    for n in 0..<30 { input += routes[n % routes.count] + [0x0A] }
    var lines = 0
    let start = benchNow()
    repeat {
        var given = false
        let summary = batch.run(read: { () -> [UInt8]? in
            defer { given = true }
            return given ? nil : input
        }, emit: { _ in })
        lines += summary.lines
    } while benchNow() - start < minimumSeconds
    return Double(lines) / (benchNow() - start)
}

/// The median and 99th percentile of the service's handling time for POST /v1/voice with `body`.
private func handlingLatencies(_ service: VoiceHTTPService, body: [UInt8], count: Int) -> (p50: Double, p99: Double) {
    let request = HTTPServerRequest(method: "POST", target: "/v1/voice?locale=en-US&format=mapbox", body: body)
    var times: [Double] = []
    for _ in 0..<count {
        let start = benchNow()
        _ = service.respond(to: request)
        times.append(benchNow() - start)
    }
    return percentiles(times)
}

func percentiles(_ values: [Double]) -> (p50: Double, p99: Double) {
    (percentile(values, 0.5), percentile(values, 0.99))
}

/// `clients` threads, each on one keep-alive connection, posting `bodies` in turn for `seconds`.
func loadTest(port: UInt16, bodies: [[UInt8]], clients: Int, seconds: Double) -> (rate: Double, p50: Double, p99: Double, errors: Int) {
    let results = Locked<(latencies: [Double], errors: Int)>(([], 0))
    let group = DispatchGroup()
    let end = benchNow() + seconds
    let requests = bodies.map { body in
        Array("POST /v1/voice?locale=en-US&format=mapbox HTTP/1.1\r\nHost: bench\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body
    }
    for client in 0..<clients {
        group.enter()
        let thread = Thread {
            defer { group.leave() }
            var latencies: [Double] = []
            var errors = 0
            let fd = FreePort.connect(port)
            if fd < 0 { errors += 1 } else {
                var n = client
                while benchNow() < end {
                    let start = benchNow()
                    if exchange(fd, requests[n % requests.count]) == 200 { latencies.append(benchNow() - start) } else { errors += 1; break }
                    n += 1
                }
                close(fd)
            }
            results.withLock {
                $0.latencies += latencies
                $0.errors += errors
            }
        }
        thread.start()
    }
    group.wait()
    let (latencies, errors) = results.withLock { $0 }
    let (p50, p99) = percentiles(latencies)
    return (Double(latencies.count) / seconds, p50, p99, errors)
}

/// Sends one request and reads its Content-Length-framed response; the status, or 0 on failure.
func exchange(_ fd: Int32, _ request: [UInt8]) -> Int {
    var offset = 0
    while offset < request.count {
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + offset }, request.count - offset, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { return 0 }
        offset += sent
    }
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var needed: Int?
    var status = 0
    while needed.map({ buffer.count < $0 }) ?? true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return 0 }
        buffer += chunk[0..<count]
        if needed == nil, let headEnd = headEnd(buffer) {
            let head = String(decoding: buffer[0..<headEnd], as: UTF8.self)
            status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
            let length = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            needed = headEnd + 4 + length
        }
    }
    return status
}

/// Where the head of an HTTP message in `bytes` ends (the index of its blank line's CR LF CR LF), if it has.
func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for i in 0...(bytes.count - 4) where bytes[i] == 13 && bytes[i + 1] == 10 && bytes[i + 2] == 13 && bytes[i + 3] == 10 { return i }
    return nil
}

/// Runs `executable` with its output discarded and waits for it.
private func runQuietly(_ executable: String, _ arguments: [String]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return }
    process.waitUntilExit()
}
