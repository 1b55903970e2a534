import Foundation
import Glibc
import Network
import Phrasing
import RouteModel
import VoiceGuideTestSupport
import VoiceGuideCLI

/// The event-loop server as separate `voiceguide serve` processes over loopback: 10,000 idle connections held
/// (the server's peak RSS, and `/health` answered meanwhile), and city-route throughput on 8 keep-alive
/// connections beside the thread-per-connection server of an older binary (`VOICEGUIDE_BENCH_OLD_SERVE`, a
/// `voiceguide` built from the commit before), measured in this one run.
func eventLoopBenchmarks() -> [BenchFigure] {
    let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("voiceguide").path
    guard FileManager.default.isExecutableFile(atPath: binary), let data = try? VoiceGuideData.discover() else {
        return [BenchFigure(name: "server event loop", value: "not measured: \(binary) not built", target: nil, met: false)]
    }
    let folder = data.directory.appendingPathComponent("Examples/Routes")
    let city = ["city-dc.json", "city-berlin.json", "uk-oxford.json"].compactMap { name -> [UInt8]? in
        guard let raw = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
              let json = try? JSONParser().parse(raw) else { return nil }
        return Array(json.serialized().utf8)
    }
    FileDescriptorLimit.raiseToHard()
    var figures: [BenchFigure] = []

    // Idle connections: each costs the server a descriptor and a few kB, no thread.
    do {
        let server = try ServeChild(binary, ["--max-connections", "16000", "--idle-timeout", "600", "--head-timeout", "600"])
        let baseline = server.residentKB().current
        var idle: [Int32] = []
        for _ in 0..<10_000 {
            let fd = FreePort.connect(server.port)
            if fd >= 0 { idle.append(fd) }
        }
        // Every connection accepted: the server counts them open.
        let deadline = benchNow() + 30
        while benchNow() < deadline, server.openConnections() < idle.count { usleep(50_000) }
        var health: [Double] = []
        for _ in 0..<300 {
            let fd = FreePort.connect(server.port)
            let start = benchNow()
            if fd >= 0, exchange(fd, Array("GET /health HTTP/1.1\r\nHost: bench\r\n\r\n".utf8)) == 200 { health.append(benchNow() - start) }
            if fd >= 0 { close(fd) }
        }
        let memory = server.residentKB()
        let open = server.openConnections()
        for fd in idle { close(fd) }
        let (p50, p99) = percentiles(health)
        figures.append(BenchFigure(name: "serve, \(benchFormat(Double(idle.count))) idle connections held (\(benchFormat(Double(open))) open), peak RSS",
                                   value: String(format: "%.1f MB (%.1f MB before them)", Double(memory.peak) / 1024, Double(baseline) / 1024),
                                   target: "≤ 100 MB", met: idle.count == 10_000 && Double(memory.peak) / 1024 <= 100))
        figures.append(BenchFigure(name: "serve, /health meanwhile, p50 / p99 of 300 (\(health.count) answered)",
                                   value: String(format: "%.2f ms / %.2f ms", p50 * 1000, p99 * 1000),
                                   target: "p99 ≤ 10 ms", met: health.count == 300 && p99 <= 0.010))
    } catch {
        figures.append(BenchFigure(name: "serve, idle connections", value: "not measured: \(error)", target: nil, met: false))
    }

    // Throughput, old beside new, alternating so both see the same machine.
    let old = ProcessInfo.processInfo.environment["VOICEGUIDE_BENCH_OLD_SERVE"]
    var rates: [String: [Double]] = [:]
    var errors: [String: Int] = [:]
    let contenders = [("event loop", binary)] + (old.map { [("thread per connection (old)", $0)] } ?? [])
    for round in 0..<3 {
        for (label, path) in contenders {
            guard let server = try? ServeChild(path, []) else { continue }
            _ = round
            let load = loadTest(port: server.port, bodies: city, clients: 8, seconds: 3)
            rates[label, default: []].append(load.rate)
            errors[label, default: 0] += load.errors
        }
    }
    func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    for (label, _) in contenders {
        figures.append(BenchFigure(name: "serve (\(label)), city routes, 8 keep-alive connections, median of 3 × 3 s",
                                   value: "\(benchFormat(median(rates[label] ?? []))) req/s, \(errors[label] ?? 0) errors"))
    }
    if let oldRates = rates["thread per connection (old)"], let newRates = rates["event loop"] {
        let ratio = median(newRates) / median(oldRates)
        figures.append(BenchFigure(name: "event loop vs thread per connection, city routes", value: String(format: "%.2f×", ratio),
                                   target: "≥ 0.95× (no drop beyond noise)", met: ratio >= 0.95))
    } else {
        figures.append(BenchFigure(name: "event loop vs thread per connection", value: "not measured: set VOICEGUIDE_BENCH_OLD_SERVE to an older voiceguide"))
    }
    return figures
}

/// A `voiceguide serve` child on a free port, stopped on deinit.
private final class ServeChild {
    let port: UInt16
    let process: ExternalProcess

    init(_ binary: String, _ arguments: [String]) throws {
        port = try FreePort.tcp()
        process = try ExternalProcess(binary, ["serve", "--port", String(port)] + arguments)
        try process.waitForPort(port, timeout: 30)
    }

    deinit { process.stop(grace: 10) }

    /// The current and peak resident set, in kB (VmRSS, VmHWM).
    func residentKB() -> (current: Int, peak: Int) {
        let text = (try? String(contentsOfFile: "/proc/\(process.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            text.split(separator: "\n").first { $0.hasPrefix(name) }
                .flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") } ?? 0
        }
        return (field("VmRSS:"), field("VmHWM:"))
    }

    /// The server's open connections, from its descriptors (sockets in /proc/PID/fd), less the listener.
    func openConnections() -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process.process.processIdentifier)/fd")) ?? []
        let sockets = entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.process.processIdentifier)/fd/\($0)"))?.hasPrefix("socket:") == true }
        return max(0, sockets.count - 1)
    }
}
