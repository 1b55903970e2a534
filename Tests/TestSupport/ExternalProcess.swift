import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// How one finished run of a program ended, and what it printed.
public struct ProcessResult: Sendable {
    /// The exit status (the signal number when it died of a signal).
    public var code: Int32
    /// True when the process died of a signal it did not get from the runner (a crash: SIGILL, SIGSEGV, SIGABRT…).
    public var crashed: Bool
    /// True when it ran past its time limit and was killed.
    public var timedOut: Bool
    /// Its standard output (with standard error in it, unless they were kept apart).
    public var stdout: Data
    /// Its standard error when kept apart from standard output; else empty.
    public var err: String

    /// Standard output as text.
    public var out: String { String(decoding: stdout, as: UTF8.self) }
    /// Everything it printed: standard output, then standard error when they were kept apart.
    public var output: String { out + err }
    /// The non-empty lines of standard error.
    public var errLines: [String] { err.split(separator: "\n").map(String.init) }
    /// One line for failure messages: the status and the start of standard error.
    public var summary: String {
        "exit \(code)\(crashed ? " (signal)" : "")\(timedOut ? " (timed out)" : ""); stderr: \(err.isEmpty ? String(output.suffix(400)) : String(err.prefix(400)))"
    }
}

/// The one way the tests run a program (the built `voiceguide`, gpsd, valhalla_service, a shell, …): its output
/// goes to files that are read while it runs and quoted by failures (no pipe that fills up, no reader thread),
/// its input is nothing, a file, bytes, or a pipe the test writes keys into, and every wait has a bound.
/// `stop()` (also run on deinit) ends it with SIGTERM, then SIGKILL.
public final class ExternalProcess: @unchecked Sendable {  // `process` is only read after `run()`; `stopped` is under `lock`
    /// What the process reads on standard input.
    public enum Input: Sendable {
        /// /dev/null.
        case none
        /// The file at this path.
        case file(String)
        /// These bytes (then end of file).
        case data(Data)
        /// A pipe the test writes into with `send(_:)`.
        case pipe
    }

    /// The running process.
    public let process: Process
    /// Where its stdout (and stderr, unless kept apart) goes.
    public let logURL: URL
    /// Where its stderr goes when kept apart from stdout; nil when it goes to `logURL`.
    public let errorURL: URL?
    private let input: Pipe?
    private let inputFile: URL?
    private let lock = NSLock()
    private var stopped = false
    private var stoppedByRunner = false

    /// Starts `executable` with `arguments`; fails with a clear message when the executable is missing.
    /// `environment` replaces the inherited one when given (see `inheriting(_:)`); `separateStandardError`
    /// keeps stderr in a file of its own.
    public init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                currentDirectory: URL? = nil, stdin: Input = .none, separateStandardError: Bool = false) throws {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw TestServiceError.missing("\(executable) is missing: build it (swift build --build-tests) or run scripts/setup.sh (it installs the test dependencies)")
        }
        let name = URL(fileURLWithPath: executable).lastPathComponent
        let folder = FileManager.default.temporaryDirectory
        func file(_ kind: String) throws -> (URL, FileHandle) {
            let url = folder.appendingPathComponent("voiceguide-\(name)-\(UUID().uuidString).\(kind)")
            _ = FileManager.default.createFile(atPath: url.path, contents: nil)
            return (url, try FileHandle(forWritingTo: url))
        }
        let (log, handle) = try file("log")
        process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        process.standardOutput = handle
        if separateStandardError {
            let (err, errHandle) = try file("err")
            process.standardError = errHandle
            errorURL = err
        } else {
            process.standardError = handle
            errorURL = nil
        }
        switch stdin {
        case .none:
            process.standardInput = FileHandle.nullDevice
            input = nil
            inputFile = nil
        case .file(let path):
            guard let reading = FileHandle(forReadingAtPath: path) else {
                throw TestServiceError.missing("cannot read \(path) as standard input for \(name)")
            }
            process.standardInput = reading
            input = nil
            inputFile = nil
        case .data(let bytes):
            let url = folder.appendingPathComponent("voiceguide-\(name)-\(UUID().uuidString).in")
            try bytes.write(to: url)
            process.standardInput = try FileHandle(forReadingFrom: url)
            input = nil
            inputFile = url
        case .pipe:
            let pipe = Pipe()
            process.standardInput = pipe
            input = pipe
            inputFile = nil
        }
        logURL = log
        try process.run()
    }

    /// `changes` over this process's environment: for a child that needs a variable or two of its own.
    public static func inheriting(_ changes: [String: String]) -> [String: String] {
        ProcessInfo.processInfo.environment.merging(changes) { _, new in new }
    }

    /// The process id.
    public var pid: Int32 { process.processIdentifier }

    /// True while it runs.
    public var isRunning: Bool { process.isRunning }

    /// Standard output so far (with standard error, unless kept apart), as bytes.
    public var standardOutput: Data { (try? Data(contentsOf: logURL)) ?? Data() }

    /// Everything printed so far to `logURL` (stdout, and stderr unless kept apart), as text.
    public var output: String { String(decoding: standardOutput, as: UTF8.self) }

    /// Standard error so far when kept apart; else empty.
    public var standardError: String {
        guard let errorURL else { return "" }
        return (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
    }

    /// The last `limit` characters of the log, for failure messages.
    public func logTail(_ limit: Int = 2000) -> String { String((output + standardError).suffix(limit)) }

    /// Writes `text` to its standard input (started with `stdin: .pipe`).
    public func send(_ text: String) { input?.fileHandleForWriting.write(Data(text.utf8)) }

    /// Sends it `signal`.
    public func signal(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Waits until `condition` holds on its output (see `output`), up to `timeout` seconds.
    public func wait(for timeout: Double, until condition: (String) -> Bool) -> Bool {
        Waiting.until(timeout: timeout) { condition(output) }
    }

    /// Waits up to `timeout` seconds for it to exit; true when it has.
    public func waitForExit(timeout: Double) -> Bool {
        guard Waiting.until(timeout: timeout, { !process.isRunning }) else { return false }
        process.waitUntilExit()
        return true
    }

    /// Waits for it to exit up to `timeout` seconds; kills it (`stop()`) and returns false if it is still running.
    public func finish(timeout: Double) -> Bool {
        if waitForExit(timeout: timeout) { return true }
        stop()
        return false
    }

    /// Waits until 127.0.0.1:`port` accepts connections, or throws with the log tail after `timeout` seconds
    /// (or at once if the process exits).
    public func waitForPort(_ port: UInt16, timeout: Double) throws {
        var exited = false
        let listening = Waiting.until(timeout: timeout, interval: 0.02) {
            if FreePort.isAccepting(port) { return true }
            exited = !process.isRunning
            return exited
        }
        if listening, !exited { return }
        let name = process.executableURL?.lastPathComponent ?? "process"
        if exited {
            throw TestServiceError.notReady("\(name) exited with status \(process.terminationStatus) before listening on \(port): \(logTail())")
        }
        throw TestServiceError.notReady("\(name) did not listen on \(port) within \(timeout) s: \(logTail())")
    }

    /// Ends the process: SIGTERM, then SIGKILL after `grace` seconds. Safe to call more than once.
    public func stop(grace: Double = 2) {
        let first = lock.withLock { () -> Bool in
            defer { stopped = true }
            return !stopped
        }
        guard first, process.isRunning else { return }
        lock.withLock { stoppedByRunner = true }
        process.terminate()
        if !Waiting.until(timeout: grace, { !process.isRunning }) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Its end as a `ProcessResult` (after it exited), `timedOut` when the runner had to stop it.
    public func result(timedOut: Bool = false) -> ProcessResult {
        let byRunner = lock.withLock { stoppedByRunner }
        return ProcessResult(code: process.terminationStatus,
                             crashed: process.terminationReason == .uncaughtSignal && !timedOut && !byRunner,
                             timedOut: timedOut, stdout: standardOutput, err: standardError)
    }

    /// Runs `executable` to its end, at most `timeout` seconds (then it is stopped and the result says
    /// `timedOut`), and returns how it ended and what it printed. For a program that may hang or crash.
    public static func capture(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                               currentDirectory: URL? = nil, stdin: Input = .none, separateStandardError: Bool = false,
                               timeout: Double) throws -> ProcessResult {
        let child = try ExternalProcess(executable, arguments, environment: environment, currentDirectory: currentDirectory,
                                        stdin: stdin, separateStandardError: separateStandardError)
        let finished = child.finish(timeout: timeout)
        return child.result(timedOut: !finished)
    }

    /// Runs `executable` to its end (at most `timeout` seconds, then it is killed and this throws) and returns its
    /// exit status and everything it printed (stdout and stderr together, unless kept apart).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil,
                           currentDirectory: URL? = nil, stdin: Input = .none, separateStandardError: Bool = false,
                           timeout: Double) throws -> ProcessResult {
        let result = try capture(executable, arguments, environment: environment, currentDirectory: currentDirectory,
                                 stdin: stdin, separateStandardError: separateStandardError, timeout: timeout)
        guard !result.timedOut else {
            throw TestServiceError.notReady("\(executable) did not finish within \(timeout) s: \(result.output.suffix(2000))")
        }
        return result
    }

    deinit {
        stop()
        for url in [logURL, errorURL, inputFile].compactMap({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}

/// Waiting for a condition with a bound, instead of sleeping for a fixed time.
public enum Waiting {
    /// Polls `condition` every `interval` seconds until it holds or `timeout` seconds have passed; checks once
    /// more at the end (a busy machine may have kept the caller from polling). True when it held.
    public static func until(timeout: Double, interval: Double = 0.01, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            usleep(useconds_t(interval * 1_000_000))
        }
        return try condition()
    }

    /// The async form of `until`, which suspends instead of blocking a thread between polls.
    public static func until(timeout: Double, interval: Double = 0.01,
                             _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try await condition() { return true }
            try await Task.sleep(nanoseconds: UInt64(interval * 1_000_000_000))
        }
        return try await condition()
    }
}
