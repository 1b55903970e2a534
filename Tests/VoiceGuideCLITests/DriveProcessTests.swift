import Foundation
import VoiceGuideTestSupport
import Testing

/// The real `voiceguide` binary under a pseudo-terminal (util-linux `script`): signals, keys, terminal state,
/// and the `auto` output's fallback. The binary is built by `swift build` (scripts/test.sh does it first).
@Suite(.serialized) struct DriveProcessTests {
    static let binary = TestPaths.product("voiceguide")
    let route = CLIFixtures.example("city-dc.json")

    /// A process whose output is collected as it comes.
    final class Spawned: @unchecked Sendable {
        let process = Process()
        let input = Pipe()
        private let output = Pipe()
        private let lock = NSLock()
        private var text = Data()
        private var ended = false

        init(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws {
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = arguments
            if let environment { process.environment = environment }
            process.standardInput = input
            process.standardOutput = output
            process.standardError = output
            output.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let chunk = handle.availableData
                guard let self else { return }
                guard !chunk.isEmpty else {
                    // End of file: every writer (the process and its children) has closed the pipe.
                    handle.readabilityHandler = nil
                    self.lock.withLock { self.ended = true }
                    return
                }
                self.lock.withLock { self.text.append(chunk) }
            }
            try process.run()
        }

        var collected: String { lock.withLock { String(decoding: text, as: UTF8.self) } }
        /// True once the output pipe has reached its end.
        var outputEnded: Bool { lock.withLock { ended } }

        /// Waits until `predicate` holds on the output, up to `timeout` seconds.
        func wait(for timeout: Double, until predicate: (String) -> Bool) -> Bool {
            let end = Date().addingTimeInterval(timeout)
            while Date() < end {
                if predicate(collected) { return true }
                usleep(20_000)
            }
            return predicate(collected)
        }

        func send(_ keys: String) { input.fileHandleForWriting.write(Data(keys.utf8)) }

        /// Waits for exit and the end of its output up to `timeout` seconds; kills it if it is still running.
        func finish(timeout: Double) -> Bool {
            let end = Date().addingTimeInterval(timeout)
            while process.isRunning && Date() < end { usleep(10_000) }
            if process.isRunning { process.terminate(); process.waitUntilExit(); return false }
            process.waitUntilExit()
            // The last output has arrived when the pipe reports its end (bounded: a grandchild may hold it open).
            while !outputEnded && Date() < end.addingTimeInterval(5) { usleep(10_000) }
            return true
        }
    }

    /// Runs `command` under a pseudo-terminal (as an xterm: the test runner may have no TERM); `script -e` exits
    /// with the command's status.
    func underTTY(_ command: String) throws -> Spawned {
        try Spawned("/usr/bin/script", ["-qfec", "export TERM=xterm; " + command, "/dev/null"])
    }

    /// The pid of the `voiceguide` process below `root` (script → sh → voiceguide).
    func voiceguidePID(below root: Int32) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        var parent: [Int32: Int32] = [:]
        var name: [Int32: String] = [:]
        for entry in entries {
            guard let pid = Int32(entry), let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let ppid = Int32(fields[1]) { parent[pid] = ppid }
            if let open = stat.firstIndex(of: "(") { name[pid] = String(stat[stat.index(after: open)..<close]) }
        }
        for (pid, n) in name where n == "voiceguide" {
            var p = pid
            while let up = parent[p], up > 1 {
                if up == root { return pid }
                p = up
            }
        }
        return nil
    }

    @Test func sigintStopsAtOnceExits130AndRestoresTheTerminal() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        let run = try underTTY("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo; \(Self.binary) drive \(route) --output text; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo")
        #expect(run.wait(for: 20) { $0.contains("depart") }, "\(run.collected)")
        // "depart" is logged by the drive loop, which runs after the signal handlers and raw mode are installed.
        let pid = try #require(voiceguidePID(below: run.process.processIdentifier))
        let sent = Date()
        kill(pid, SIGINT)
        #expect(run.wait(for: 5) { $0.contains("EXIT=") })
        let elapsed = Date().timeIntervalSince(sent)
        #expect(run.finish(timeout: 5))
        let out = run.collected
        #expect(elapsed < 1.0, "took \(elapsed) s")
        #expect(out.contains("EXIT=130"), "\(out)")
        #expect(out.contains("stopped by Ctrl-C"))
        // Raw mode was on during the drive and is off again: canonical input and echo are back.
        let lastLine = out.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last.map(String.init) ?? ""
        #expect(lastLine.contains("icanon") && !lastLine.contains("-icanon"), "\(lastLine)")
        #expect(lastLine.contains("echo") && !lastLine.contains("-echo"), "\(lastLine)")
    }

    @Test func keysMuteUnmuteAndQuit() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        let run = try underTTY("\(Self.binary) drive \(route) --output text --speedup 10; echo EXIT=$?")
        #expect(run.wait(for: 20) { $0.contains("keys:") }, "\(run.collected)")
        run.send("m")
        #expect(run.wait(for: 5) { $0.contains("↳ muted") })
        #expect(run.wait(for: 5) { $0.contains("MUTED ×") }, "the status line shows the mute first")
        run.send("m")
        #expect(run.wait(for: 5) { $0.contains("unmuted") })
        run.send("q")
        #expect(run.wait(for: 10) { $0.contains("EXIT=") })
        #expect(run.finish(timeout: 5))
        #expect(run.collected.contains("EXIT=0"))
        #expect(run.collected.contains("(quit)"))
    }

    @Test func autoOutputFallsBackToTextWhenNoDeviceOpens() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        // An empty ALSA configuration defines no 'default' PCM, even on a machine with a sound card.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-empty-\(UUID().uuidString).conf")
        try Data().write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        var environment = ProcessInfo.processInfo.environment
        environment["ALSA_CONFIG_PATH"] = config.path
        let run = try Spawned(Self.binary, ["drive", route, "--speedup", "1000"], environment: environment)
        #expect(run.finish(timeout: 60))
        #expect(run.process.terminationStatus == 0, "\(run.collected)")
        let warnings = run.collected.split(separator: "\n").filter { $0.contains("continuing in text mode") }
        #expect(warnings.count == 1)
        #expect(run.collected.contains("depart"))
        #expect(run.collected.contains("arrive"))
    }
}
