import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real Valhalla routing service over the central-Helsinki tiles, started by a test on 127.0.0.1 and a free
/// port, and stopped by it (`stop()`, also on deinit). Each instance gets its own config copy and its own
/// folder for Valhalla's internal ipc sockets, so any number of suites can run one at the same time.
/// Needs `scripts/setup.sh` (the venv at `.build/venv` and the tiles at `.build/valhalla`).
public final class ValhallaService: @unchecked Sendable {
    /// `http://127.0.0.1:PORT`.
    public let baseURL: String
    /// The port it serves on.
    public let port: UInt16
    /// Seconds from launch until the port accepted connections.
    public let startupSeconds: Double
    /// The per-instance folder (config and ipc sockets), removed on stop.
    public let runDirectory: URL
    private let process: ExternalProcess

    /// The repository this test build comes from.
    public static let repositoryRoot = Repository.root

    /// The `valhalla_service` executable in the venv, or a clear error naming `scripts/setup.sh`.
    public static func executable(repository: URL = repositoryRoot) throws -> String {
        let lib = repository.appendingPathComponent(".build/venv/lib")
        let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.filter { $0.hasPrefix("python3") }.sorted() ?? []
        for python in pythons {
            let path = lib.appendingPathComponent("\(python)/site-packages/valhalla/bin/valhalla_service").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        throw TestServiceError.missing("Valhalla is not installed in \(repository.path)/.build/venv: run scripts/setup.sh")
    }

    /// Starts the service on `port` (a free one when nil) with `workers` request threads and waits up to `timeout`
    /// seconds until it accepts connections. `repository` is where `.build/venv` and `.build/valhalla` are (this
    /// checkout by default).
    public init(port requested: UInt16? = nil, timeout: Double = 30, repository: URL = repositoryRoot,
                workers: Int = 1) throws {
        let executable = try Self.executable(repository: repository)
        let baseConfig = repository.appendingPathComponent(".build/valhalla/valhalla.json")
        guard let data = FileManager.default.contents(atPath: baseConfig.path),
              var config = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw TestServiceError.missing("the Valhalla tiles are not built (\(baseConfig.path) is missing or unreadable): run scripts/setup.sh")
        }
        var template = Array("/tmp/vgvh-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> String? in
            guard let base = buffer.baseAddress, let path = mkdtemp(base) else { return nil }
            return String(cString: path)
        }
        guard let made else { throw TestServiceError.system("mkdtemp", errno) }
        let run = URL(fileURLWithPath: made)
        port = try requested ?? FreePort.tcp()
        config = Self.privateSockets(config, in: run.path) as? [String: Any] ?? config
        var httpd = config["httpd"] as? [String: Any] ?? [:]
        var service = httpd["service"] as? [String: Any] ?? [:]
        service["listen"] = "tcp://127.0.0.1:\(port)"
        service["drain_seconds"] = 0
        service["shutdown_seconds"] = 0
        httpd["service"] = service
        config["httpd"] = httpd
        let configURL = run.appendingPathComponent("valhalla.json")
        do {
            try JSONSerialization.data(withJSONObject: config).write(to: configURL)
        } catch {
            throw TestServiceError.missing("cannot write \(configURL.path): \(error)")
        }
        let started = Date()
        let process = try ExternalProcess(executable, [configURL.path, String(max(1, workers))], currentDirectory: run)
        do {
            try process.waitForPort(port, timeout: timeout)
        } catch {
            process.stop(grace: 0.5)
            try? FileManager.default.removeItem(at: run)
            throw error
        }
        startupSeconds = Date().timeIntervalSince(started)
        self.process = process
        runDirectory = run
        baseURL = "http://127.0.0.1:\(port)"
    }

    /// The last lines of the service's log, for failure messages.
    public func logTail(_ limit: Int = 2000) -> String { process.logTail(limit) }

    /// True while the service process runs.
    public var isRunning: Bool { process.process.isRunning }

    /// Stops the service (SIGTERM, SIGKILL after half a second) and removes its folder. Safe to call twice.
    public func stop() {
        process.stop(grace: 0.5)
        try? FileManager.default.removeItem(at: runDirectory)
    }

    deinit { stop() }

    /// `value` with every `ipc://…` address moved into `folder`, so instances never share Valhalla's sockets
    /// (the defaults are fixed paths like /tmp/loki).
    static func privateSockets(_ value: Any, in folder: String) -> Any {
        if let object = value as? [String: Any] {
            return object.mapValues { privateSockets($0, in: folder) }
        }
        if let array = value as? [Any] { return array.map { privateSockets($0, in: folder) } }
        if let text = value as? String, text.hasPrefix("ipc://") {
            return "ipc://\(folder)/\(text.split(separator: "/").last.map(String.init) ?? "socket")"
        }
        return value
    }
}

import Synchronization

extension ValhallaService {
    private static let sharedService = Mutex<ValhallaService?>(nil)

    /// The one service of this test process, for every test that only asks it for routes: started on first use
    /// (two request threads, as suites run in parallel), started again if it died, and stopped when the process
    /// exits. Tests that stop, restart or pick the port of their service start their own.
    public static func shared() throws -> ValhallaService {
        try sharedService.withLock { current in
            if let running = current, running.isRunning { return running }
            current?.stop()
            let started = try ValhallaService(timeout: 60, workers: 2)
            if current == nil { atexit { ValhallaService.stopShared() } }
            current = started
            return started
        }
    }

    /// Stops the shared service (at exit).
    private static func stopShared() {
        sharedService.withLock { $0 }?.stop()
    }
}

import Testing

extension ValhallaService {
    /// The service of the enclosing `.valhalla` scope, or nil outside one.
    @TaskLocal public static var current: ValhallaService?

    /// The service of the enclosing `.valhalla` scope; fails clearly outside one.
    public static func scoped() throws -> ValhallaService {
        guard let current else {
            throw TestServiceError.notReady("no Valhalla service in scope: add the .valhalla trait to the suite or test")
        }
        return current
    }
}

/// Runs a suite (or one test) with the real Valhalla service of the test process (`ValhallaService.shared()`),
/// reachable as `ValhallaService.current` / `try ValhallaService.scoped()`: one startup for every suite that
/// uses it, not one per suite.
public struct ValhallaScope: SuiteTrait, TestTrait, TestScoping {
    /// Scopes the suite once, not each test in it.
    public var isRecursive: Bool { false }

    /// Runs `function` with the shared service in scope (starting it if this is the first use).
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        if ValhallaService.current != nil { return try await function() }
        let service = try ValhallaService.shared()
        try await ValhallaService.$current.withValue(service) { try await function() }
    }
}

extension Trait where Self == ValhallaScope {
    /// A real Valhalla service for the suite or test (see `ValhallaScope`).
    public static var valhalla: Self { ValhallaScope() }
}
