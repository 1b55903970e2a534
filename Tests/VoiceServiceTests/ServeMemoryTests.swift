import Foundation
import Testing
import VoiceGuideTestSupport

/// The memory of a real `voiceguide serve` under large requests, read from `/proc/PID/status`.
@Suite(.serialized) struct ServeMemoryTests {
    /// The process's current and peak resident set, in bytes (VmRSS, VmHWM).
    static func residentBytes(_ pid: Int32) throws -> (current: Int, peak: Int) {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        func field(_ name: String) -> Int? {
            status.split(separator: "\n").first { $0.hasPrefix(name) }
                .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } }.map { $0 * 1024 }
        }
        return (try #require(field("VmRSS:")), try #require(field("VmHWM:")))
    }

    /// Resets VmHWM to the current resident size (Linux: writing 5 to clear_refs), so the peak read later is this
    /// phase's own.
    static func resetPeak(_ pid: Int32) throws {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/\(pid)/clear_refs"))
    }

    static func mib(_ bytes: Int) -> String { String(format: "%.1f MiB", Double(bytes) / 1_048_576) }

    /// POSTs `body` to `/v1/voice` until it is rendered, retrying a 503 after its `Retry-After` as a client or a
    /// load balancer does; the statuses seen, in order.
    static func postUntilRendered(_ server: ServeProcess, _ body: Data) throws -> [Int] {
        var statuses: [Int] = []
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            let response = try server.request("POST", "/v1/voice?format=json", body: body)
            statuses.append(response.status)
            guard response.status == 503 else { return statuses }
            #expect(response.headers["retry-after"] == "1", "a refused large request says when to retry: \(response.text)")
            usleep(100_000)
        }
        return statuses
    }

    /// Waits (at most `seconds`) until the resident size is at most `limit`; the last reading.
    static func settle(_ pid: Int32, to limit: Int, within seconds: Double = 10) throws -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var now = try residentBytes(pid).current
        while now > limit && Date() < deadline {
            usleep(50_000)
            now = try residentBytes(pid).current
        }
        return now
    }

    /// Large routes POSTed at once render one at a time (the others get 503 with `Retry-After` and retry), so the
    /// peak of three at once is one render's peak plus the bodies being received (each at most twice its size
    /// while its buffer grows) and 4 MiB of slack, where three renders at once would take three render peaks.
    /// One render's peak is itself bounded by 40 bodies (a debug build measured 18 to 30). After the renders the
    /// freed heap is given back: the resident size comes back within half a render's peak (plus 1 MiB) of the
    /// baseline, where without `malloc_trim` every render worker's heap kept its peak (+4.7 MB a request measured).
    /// `--large-body` scales the threshold down so that a 200 kB route (a second a render) stands for a 33 MB one.
    @Test func concurrentLargePostsRenderOneAtATimeAndMemoryIsGivenBack() throws {
        let body = syntheticRouteJSON(steps: 300, pointsPerStep: 40)
        let server = try ServeProcess(["--drain-window", "0", "--large-body", String(body.count / 2)])
        let pid = server.process.process.processIdentifier
        // Warm up: the phrasebooks, the render caches and a large render belong to the baseline.
        #expect(try server.request("POST", "/v1/voice?format=json", body: try ServeFixtures.exampleData("city-dc.json")).status == 200)
        #expect(try Self.postUntilRendered(server, body).last == 200)
        let warm = try Self.residentBytes(pid).current
        let baseline = try Self.settle(pid, to: warm - (1 << 20), within: 2)

        // One large request alone: a render's peak.
        try Self.resetPeak(pid)
        #expect(try Self.postUntilRendered(server, body) == [200])
        let single = try Self.residentBytes(pid).peak - baseline
        #expect(single <= 40 * body.count, "one render of \(Self.mib(body.count)) peaked at +\(Self.mib(single))")
        _ = try Self.settle(pid, to: baseline + single / 2)

        // Three at once.
        try Self.resetPeak(pid)
        let results = Outcomes()
        let started = Date()
        // A thread each (concurrentPerform would run only as many as there are cores).
        let done = DispatchGroup()
        for _ in 0..<3 {
            done.enter()
            Thread {
                do {
                    results.add(statuses: try Self.postUntilRendered(server, body))
                } catch {
                    results.add(failure: "\(error)")
                }
                done.leave()
            }.start()
        }
        done.wait()
        let (statuses, failures) = results.all
        let seconds = Date().timeIntervalSince(started)
        #expect(failures.isEmpty, "\(failures)")
        #expect(statuses.count == 3 && statuses.allSatisfy { $0.last == 200 }, "every large request is rendered in the end: \(statuses)")
        #expect(statuses.filter { $0.first == 503 }.count >= 1, "large requests sent at once do not all render at once: \(statuses)")
        let three = try Self.residentBytes(pid).peak - baseline
        let bound = single + 3 * 2 * body.count + (4 << 20)
        let limit = baseline + single / 2 + (1 << 20)
        let after = try Self.settle(pid, to: limit)
        print("serve memory: body \(Self.mib(body.count)), baseline \(Self.mib(baseline)), one render +\(Self.mib(single)), "
              + "three at once +\(Self.mib(three)) (bound +\(Self.mib(bound))) in \(String(format: "%.1f", seconds)) s, "
              + "after +\(Self.mib(after - baseline)) (bound +\(Self.mib(limit - baseline))); statuses \(statuses)")
        #expect(three <= bound, "three large requests at once peaked at +\(Self.mib(three)), one alone at +\(Self.mib(single))")
        #expect(after <= limit, "RSS after the large requests \(Self.mib(after)), baseline \(Self.mib(baseline))")
        #expect(try server.request("GET", "/health").status == 200)
    }
}

/// What the concurrent clients saw, collected under a lock.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [[Int]] = []
    private var failures: [String] = []

    func add(statuses seen: [Int]) { lock.withLock { statuses.append(seen) } }
    func add(failure: String) { lock.withLock { failures.append(failure) } }
    var all: (statuses: [[Int]], failures: [String]) { lock.withLock { (statuses, failures) } }
}
