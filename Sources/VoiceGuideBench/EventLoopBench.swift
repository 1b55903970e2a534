import Foundation
import Glibc
import Network
import Phrasing
import RouteModel
import SafeIO
import VoiceGuideTestSupport
import VoiceGuideCLI

/// The event-loop server as separate `voiceguide serve` processes over loopback, beside Debian's libmicrohttpd
/// answering through the same `VoiceHTTPService` (`voiceguide-bench --mhd-child`, `MicroHTTPDServer.swift`), each
/// in a process of its own, measured in this one run: 10,000 idle connections held (each server's peak RSS, and
/// `/health` answered meanwhile), `/health` with the connection limit held by idle clients, city-route throughput on
/// 8 keep-alive connections (also beside the thread-per-connection server of an older binary when
/// `VOICEGUIDE_BENCH_OLD_SERVE` names a `voiceguide` built from the commit before), and what each answers to
/// malformed requests.
func eventLoopBenchmarks() -> [BenchFigure] {
    let folderOfBench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = folderOfBench.appendingPathComponent("voiceguide").path
    let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
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
    let ours = "event loop"
    let mhd = "libmicrohttpd"
    /// Starts one of the two servers with a connection limit and an idle timeout (seconds).
    func start(_ label: String, limit: Int, timeout: Int) throws -> ServerChild {
        label == ours
            ? try ServerChild(binary) { ["serve", "--port", $0, "--max-connections", String(limit), "--idle-timeout", String(timeout), "--head-timeout", String(timeout)] }
            : try ServerChild(bench) { ["--mhd-child", $0, String(limit), String(timeout)] }
    }

    // Idle connections: each costs our server a descriptor and a few kB, no thread.
    var idle: [String: (peakMB: Double, p99: Double)] = [:]
    for label in [ours, mhd] {
        do {
            let server = try start(label, limit: 16_000, timeout: 600)
            let baseline = server.residentKB().current
            let held = server.holdIdle(10_000, waitSeconds: 30)
            let health = (0..<300).compactMap { _ in healthProbe(server.port, timeout: 5) }
            let memory = server.residentKB()
            let open = server.openConnections()
            for fd in held { close(fd) }
            let (p50, p99) = percentiles(health)
            idle[label] = (Double(memory.peak) / 1024, p99)
            figures.append(BenchFigure(name: "\(label), \(benchFormat(Double(held.count))) idle connections held (\(benchFormat(Double(open))) open), peak RSS",
                                       value: String(format: "%.1f MB (%.1f MB before them)", Double(memory.peak) / 1024, Double(baseline) / 1024),
                                       target: label == ours ? "≤ 100 MB" : nil,
                                       met: label == ours ? held.count == 10_000 && Double(memory.peak) / 1024 <= 100 : nil))
            figures.append(BenchFigure(name: "\(label), /health meanwhile, p50 / p99 of 300 (\(health.count) answered)",
                                       value: String(format: "%.2f ms / %.2f ms", p50 * 1000, p99 * 1000),
                                       target: label == ours ? "p99 ≤ 10 ms" : nil,
                                       met: label == ours ? health.count == 300 && p99 <= 0.010 : nil))
        } catch {
            figures.append(BenchFigure(name: "\(label), idle connections", value: "not measured: \(error)", target: nil, met: false))
        }
    }
    if let a = idle[mhd], let b = idle[ours] {
        figures.append(BenchFigure(name: "libmicrohttpd vs event loop, 10,000 idle: peak RSS; /health p99",
                                   value: String(format: "%.2f×; %.2f×", a.peakMB / b.peakMB, a.p99 / b.p99)))
    }

    // The connection limit reached by idle clients: is a health check still answered?
    for label in [ours, mhd] {
        do {
            let server = try start(label, limit: 1_000, timeout: 600)
            let held = server.holdIdle(1_000, waitSeconds: 10)
            let open = server.openConnections()
            let health = (0..<20).compactMap { _ in healthProbe(server.port, timeout: 2) }
            for fd in held { close(fd) }
            let (p50, _) = percentiles(health)
            figures.append(BenchFigure(name: "\(label), limit 1,000 held by idle clients (\(benchFormat(Double(open))) open), /health",
                                       value: "\(health.count) of 20 answered 200 within 2 s" + (health.isEmpty ? "" : String(format: ", p50 %.2f ms", p50 * 1000)),
                                       target: label == ours ? "20 of 20" : nil, met: label == ours ? health.count == 20 : nil))
        } catch {
            figures.append(BenchFigure(name: "\(label), at the connection limit", value: "not measured: \(error)", target: nil, met: false))
        }
    }

    // Throughput, the servers alternating so all see the same machine.
    let old = ProcessInfo.processInfo.environment["VOICEGUIDE_BENCH_OLD_SERVE"]
    var rates: [String: [Double]] = [:]
    var p99s: [String: [Double]] = [:]
    var errors: [String: Int] = [:]
    let contenders: [(String, () throws -> ServerChild)] = [
        (ours, { try start(ours, limit: 16_384, timeout: 15) }),
        (mhd, { try start(mhd, limit: 16_384, timeout: 15) }),
    ] + (old.map { path in [("thread per connection (old)", { try ServerChild(path) { ["serve", "--port", $0] } })] } ?? [])
    for _ in 0..<3 {
        for (label, launch) in contenders {
            guard let server = try? launch() else { continue }
            // One request per route first, so no server's locale load on its first requests counts in the figures.
            let warm = FreePort.connect(server.port)
            if warm >= 0 {
                for body in city { _ = exchange(warm, Array("POST /v1/voice?locale=en-US&format=mapbox HTTP/1.1\r\nHost: bench\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body) }
                close(warm)
            }
            let load = loadTest(port: server.port, bodies: city, clients: 8, seconds: 3)
            rates[label, default: []].append(load.rate)
            p99s[label, default: []].append(load.p99)
            errors[label, default: 0] += load.errors
        }
    }
    func median(_ values: [Double]) -> Double { values.isEmpty ? .nan : values.sorted()[values.count / 2] }
    for (label, _) in contenders {
        figures.append(BenchFigure(name: "\(label), city routes, 8 keep-alive connections, median of 3 × 3 s",
                                   value: "\(benchFormat(median(rates[label] ?? []))) req/s, p99 \(String(format: "%.2f", median(p99s[label] ?? []) * 1000)) ms, \(errors[label] ?? 0) errors"))
    }
    if let mhdRates = rates[mhd], let newRates = rates[ours] {
        figures.append(BenchFigure(name: "libmicrohttpd vs event loop, city routes", value: String(format: "%.2f×", median(mhdRates) / median(newRates))))
    }
    if let oldRates = rates["thread per connection (old)"], let newRates = rates[ours] {
        let ratio = median(newRates) / median(oldRates)
        figures.append(BenchFigure(name: "event loop vs thread per connection, city routes", value: String(format: "%.2f×", ratio),
                                   target: "≥ 0.95× (no drop beyond noise)", met: ratio >= 0.95))
    } else {
        figures.append(BenchFigure(name: "event loop vs thread per connection", value: "not measured: set VOICEGUIDE_BENCH_OLD_SERVE to an older voiceguide"))
    }

    // Malformed requests: the status and the start of the body each server answers.
    let malformed: [(String, String)] = [
        ("a header line without a colon", "GET /health HTTP/1.1\r\nHost: bench\r\nNoColonHere\r\n\r\n"),
        ("Content-Length not a number", "POST /v1/voice HTTP/1.1\r\nHost: bench\r\nContent-Length: abc\r\n\r\n"),
        ("HTTP/1.1 without Host", "GET /health HTTP/1.1\r\n\r\n"),
        ("unknown HTTP version", "GET /health HTTP/3.7\r\nHost: bench\r\n\r\n"),
        ("a 40 KiB header field", "GET /health HTTP/1.1\r\nHost: bench\r\nX-Big: \(String(repeating: "a", count: 40 << 10))\r\n\r\n"),
        ("bad chunk size", "POST /v1/voice HTTP/1.1\r\nHost: bench\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n"),
        ("a body that is not JSON", "POST /v1/voice HTTP/1.1\r\nHost: bench\r\nContent-Length: 5\r\n\r\n{bad\n"),
    ]
    var answers: [String: [String]] = [:]
    for label in [ours, mhd] {
        guard let server = try? start(label, limit: 16_384, timeout: 15) else { continue }
        answers[label] = malformed.map { _, request in
            let answer = probe(server.port, Array(request.utf8), timeout: 5)
            let body = answer.body.replacingOccurrences(of: "\n", with: " ").trimmingCharacters(in: .whitespaces)
            return answer.status == 0 ? "no answer" : "\(answer.status) " + (body.count > 72 ? body.prefix(72) + "…" : body)
        }
    }
    for (index, (name, _)) in malformed.enumerated() {
        figures.append(BenchFigure(name: "malformed: \(name)",
                                   value: "event loop: \(answers[ours]?[index] ?? "not measured") | libmicrohttpd: \(answers[mhd]?[index] ?? "not measured")"))
    }
    return figures
}

/// The seconds one `GET /health` took on a new connection (timed from connected to answered), nil when it was not
/// answered 200 within `timeout` seconds.
private func healthProbe(_ port: UInt16, timeout: Double) -> Double? {
    let answer = probe(port, Array("GET /health HTTP/1.1\r\nHost: bench\r\n\r\n".utf8), timeout: timeout)
    return answer.status == 200 ? answer.seconds : nil
}

/// Sends `request` on a new connection to 127.0.0.1:`port` and reads the answer (to its Content-Length, or to the
/// close), waiting at most `timeout` seconds for each read; status 0 when no head came.
private func probe(_ port: UInt16, _ request: [UInt8], timeout: Double) -> (status: Int, body: String, seconds: Double) {
    let fd = FreePort.connect(port)
    guard fd >= 0 else { return (0, "", 0) }
    defer { close(fd) }
    var limit = timeval(tv_sec: Int(saturating: timeout.rounded(.down)), tv_usec: Int(saturating: (timeout - timeout.rounded(.down)) * 1_000_000))
    _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
    let start = benchNow()
    var offset = 0
    while offset < request.count {
        let sent = request.withUnsafeBytes { send(fd, $0.baseAddress.map { $0 + offset }, request.count - offset, Int32(MSG_NOSIGNAL)) }
        guard sent > 0 else { break }
        offset += sent
    }
    var buffer: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    var needed: Int?
    while needed.map({ buffer.count < $0 }) ?? true {
        let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { break }
        buffer += chunk[0..<count]
        if needed == nil, let end = headEnd(buffer) {
            let head = String(decoding: buffer[0..<end], as: UTF8.self)
            let length = head.components(separatedBy: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) }
            needed = length.map { end + 4 + $0 }
        }
    }
    let seconds = benchNow() - start
    guard let end = headEnd(buffer) else { return (0, "", seconds) }
    let head = String(decoding: buffer[0..<end], as: UTF8.self)
    let status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, String(decoding: buffer[(end + 4)...], as: UTF8.self), seconds)
}

/// A server child process on a free port (`arguments` given the port), stopped on deinit.
private final class ServerChild {
    let port: UInt16
    let process: ExternalProcess

    init(_ executable: String, _ arguments: (String) -> [String]) throws {
        port = try FreePort.tcp()
        process = try ExternalProcess(executable, arguments(String(port)))
        try process.waitForPort(port, timeout: 30)
    }

    deinit { process.stop(grace: 10) }

    /// Opens `count` connections that send nothing and waits (at most `waitSeconds`) until the server holds them.
    func holdIdle(_ count: Int, waitSeconds: Double) -> [Int32] {
        var idle: [Int32] = []
        for _ in 0..<count {
            let fd = FreePort.connect(port)
            if fd >= 0 { idle.append(fd) }
        }
        let deadline = benchNow() + waitSeconds
        while benchNow() < deadline, openConnections() < idle.count { usleep(50_000) }
        return idle
    }

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
