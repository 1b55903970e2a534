import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A real program started by a test (gpsd, valhalla_service, …) and stopped by it: output goes to a log file
/// that failures quote, and `stop()` (also run on deinit) ends it with SIGTERM, then SIGKILL.
public final class ExternalProcess: @unchecked Sendable {
    /// The running process.
    public let process: Process
    /// Where its stdout and stderr go.
    public let logURL: URL
    private let lock = NSLock()
    private var stopped = false

    /// Starts `executable` with `arguments`; fails with a clear message when the executable is missing.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                currentDirectory: URL? = nil) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TestServiceError.missing("\(executable) is not installed: run scripts/setup.sh (it installs the test dependencies)")
        }
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("voiceguide-\(URL(fileURLWithPath: executable).lastPathComponent)-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        logURL = log
        try process.run()
    }

    /// The last `limit` characters of the log, for failure messages.
    public func logTail(_ limit: Int = 2000) -> String {
        let text = (try? String(contentsOf: logURL, encoding: .utf8)) ?? ""
        return String(text.suffix(limit))
    }

    /// Waits until 127.0.0.1:`port` accepts connections, or throws with the log tail after `timeout` seconds
    /// (or at once if the process exits).
    public func waitForPort(_ port: UInt16, timeout: Double) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if FreePort.isAccepting(port) { return }
            guard process.isRunning else {
                throw TestServiceError.notReady("\(process.executableURL?.lastPathComponent ?? "process") exited with status \(process.terminationStatus) before listening on \(port): \(logTail())")
            }
            usleep(20_000)
        }
        throw TestServiceError.notReady("\(process.executableURL?.lastPathComponent ?? "process") did not listen on \(port) within \(timeout) s: \(logTail())")
    }

    /// Ends the process: SIGTERM, then SIGKILL after `grace` seconds. Safe to call more than once.
    public func stop(grace: Double = 2) {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first, process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(grace)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Runs `executable` to its end (at most `timeout` seconds, then it is killed and this throws) and returns its
    /// exit status and everything it printed (stdout and stderr together).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           timeout: Double) throws -> (status: Int32, output: String) {
        let child = try ExternalProcess(executable, arguments, environment: environment)
        let deadline = Date().addingTimeInterval(timeout)
        while child.process.isRunning, Date() < deadline { usleep(10_000) }
        guard !child.process.isRunning else {
            child.stop()
            throw TestServiceError.notReady("\(executable) did not finish within \(timeout) s: \(child.logTail())")
        }
        child.process.waitUntilExit()
        let output = (try? String(contentsOf: child.logURL, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(at: child.logURL)
        return (child.process.terminationStatus, output)
    }

    deinit { stop() }
}
