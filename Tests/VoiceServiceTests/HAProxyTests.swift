import Foundation
import Testing
import VoiceGuideTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Two real `serve` replicas behind a real HAProxy (Debian `haproxy`) running `deploy/haproxy.cfg` with free
/// ports: under a bounded load, a replica stopped with SIGTERM (graceful drain) costs no client request; one killed
/// with SIGKILL costs only the requests in flight on it, and traffic has moved to the other within the health
/// check's detection time.
@Suite(.serialized) struct HAProxyTests {
    static let haproxy = "/usr/sbin/haproxy"

    /// HAProxy and two replicas on free ports.
    final class Cluster: @unchecked Sendable {
        let front: UInt16
        let replicas: [ServeProcess]
        let proxy: ExternalProcess
        let config: URL

        init() throws {
            try #require(FileManager.default.isExecutableFile(atPath: HAProxyTests.haproxy),
                         "\(HAProxyTests.haproxy) is missing: run scripts/setup.sh (it installs Debian's haproxy)")
            front = try FreePort.tcp()
            replicas = [try ServeProcess(["--drain-window", "3"]), try ServeProcess(["--drain-window", "3"])]
            var text = try String(contentsOf: ServeFixtures.repository.appendingPathComponent("deploy/haproxy.cfg"), encoding: .utf8)
            for (old, new) in [("127.0.0.1:8080", front), ("127.0.0.1:8081", replicas[0].port), ("127.0.0.1:8082", replicas[1].port)] {
                try #require(text.contains(old), "deploy/haproxy.cfg no longer binds or names \(old)")
                text = text.replacingOccurrences(of: old, with: "127.0.0.1:\(new)")
            }
            config = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-haproxy-\(UUID().uuidString).cfg")
            try text.write(to: config, atomically: true, encoding: .utf8)
            let check = try ExternalProcess.run(HAProxyTests.haproxy, ["-c", "-f", config.path], timeout: 30)
            try #require(check.code == 0, "haproxy -c rejects deploy/haproxy.cfg: \(check.output)")
            proxy = try ExternalProcess(HAProxyTests.haproxy, ["-db", "-f", config.path])
            try proxy.waitForPort(front, timeout: 30)
            // Both replicas are up once HAProxy has spread requests over them.
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline, !(0..<6).allSatisfy({ _ in (try? Cluster.get(front)) == 200 }) { usleep(50_000) }
        }

        deinit {
            proxy.stop()
            try? FileManager.default.removeItem(at: config)
        }

        /// The status of one POST of a city route through `port` (0 when there was no answer).
        static func post(_ port: UInt16, body: [UInt8]) throws -> Int {
            let connection = try RawConnection(port: port)
            try connection.send(Array("POST /v1/voice?locale=en-US&format=mapbox HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            return try connection.readResponse(timeout: 20)?.status ?? 0
        }

        static func get(_ port: UInt16) throws -> Int {
            let connection = try RawConnection(port: port)
            try connection.send("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            return try connection.readResponse(timeout: 10)?.status ?? 0
        }
    }

    /// Client threads posting routes through the proxy until stopped; every outcome with its time.
    final class Load: @unchecked Sendable {
        private let lock = NSLock()
        private var running = true
        private(set) var outcomes: [(at: Date, ok: Bool, status: Int)] = []
        private let group = DispatchGroup()

        init(port: UInt16, clients: Int, body: [UInt8]) {
            for _ in 0..<clients {
                group.enter()
                Thread { [self] in
                    defer { group.leave() }
                    while lock.withLock({ running }) {
                        let status = (try? Cluster.post(port, body: body)) ?? 0
                        lock.withLock { outcomes.append((Date(), status == 200, status)) }
                        usleep(10_000)  // bounded: about 100 requests/s per client at most
                    }
                }.start()
            }
        }

        /// Waits (at most `timeout` seconds) until the outcomes so far satisfy `condition`; true when they did.
        @discardableResult
        func wait(timeout: Double = 30, until condition: ([(at: Date, ok: Bool, status: Int)]) -> Bool) -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while Date() < deadline {
                if lock.withLock({ condition(outcomes) }) { return true }
                usleep(20_000)
            }
            return lock.withLock { condition(outcomes) }
        }

        func stop() -> [(at: Date, ok: Bool, status: Int)] {
            lock.withLock { running = false }
            group.wait()
            return lock.withLock { outcomes }
        }
    }

    @Test func sigtermOfAReplicaLosesNoRequest() throws {
        let cluster = try Cluster()
        let body = Array(try ServeFixtures.exampleData("city-dc.json"))
        let load = Load(port: cluster.front, clients: 4, body: body)
        // Under load first: both replicas answering.
        load.wait { $0.filter(\.ok).count >= 20 }
        kill(cluster.replicas[0].process.process.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(30)
        while cluster.replicas[0].process.process.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!cluster.replicas[0].process.process.isRunning, "the replica drained and exited")
        // Then a while of traffic with one replica gone.
        let exited = Date()
        load.wait { $0.filter { $0.at > exited }.count >= 20 }
        let outcomes = load.stop()
        let failed = outcomes.filter { !$0.ok }
        #expect(outcomes.count > 20, "\(outcomes.count) requests")
        #expect(failed.isEmpty, "\(failed.count) of \(outcomes.count) failed: \(failed.map(\.status)); haproxy: \(cluster.proxy.logTail())")
    }

    @Test func sigkillOfAReplicaLosesOnlyItsRequestsInFlight() throws {
        let cluster = try Cluster()
        let body = Array(try ServeFixtures.exampleData("city-dc.json"))
        let clients = 4
        let load = Load(port: cluster.front, clients: clients, body: body)
        load.wait { $0.filter(\.ok).count >= 20 }
        let killed = Date()
        kill(cluster.replicas[1].process.process.processIdentifier, SIGKILL)
        // Health checks every 1 s, down after 2 failures: from then on (with slack) every request succeeds.
        let moved = killed.addingTimeInterval(2.5)
        load.wait { $0.filter { $0.at > moved }.count > 20 }
        let outcomes = load.stop()
        let failed = outcomes.filter { !$0.ok }
        // At most one request per client was in flight on the killed replica.
        #expect(failed.count <= clients, "\(failed.count) failed: \(failed.map(\.status)); haproxy: \(cluster.proxy.logTail())")
        let late = outcomes.filter { $0.at > moved }
        #expect(late.count > 10 && late.allSatisfy(\.ok), "after the health checks' detection time: \(late.filter { !$0.ok }.count) of \(late.count) failed")
        #expect(outcomes.filter { $0.at > killed && $0.ok }.count > 10, "traffic went on through the other replica")
    }
}
