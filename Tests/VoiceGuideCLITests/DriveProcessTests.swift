import Foundation
import VoiceGuideTestSupport
import Testing

/// The real `voiceguide` binary under a pseudo-terminal (util-linux `script`): signals, keys, terminal state,
/// and the `auto` output's fallback. The binary is built by `swift build` (scripts/test.sh does it first).
@Suite(.serialized) struct DriveProcessTests {
    static let binary = TestPaths.product("voiceguide")
    let route = CLIFixtures.example("city-dc.json")

    /// Runs `command` under a pseudo-terminal (as an xterm: the test runner may have no TERM); `script -e` exits
    /// with the command's status.
    func underTTY(_ command: String) throws -> ExternalProcess {
        try ExternalProcess("/usr/bin/script", ["-qfec", "export TERM=xterm; " + command, "/dev/null"], stdin: .pipe)
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
        #expect(run.wait(for: 20) { $0.contains("depart") }, "\(run.output)")
        // "depart" is logged by the drive loop, which runs after the signal handlers and raw mode are installed.
        let pid = try #require(voiceguidePID(below: run.process.processIdentifier))
        let sent = Date()
        kill(pid, SIGINT)
        #expect(run.wait(for: 5) { $0.contains("EXIT=") })
        let elapsed = Date().timeIntervalSince(sent)
        #expect(run.finish(timeout: 5))
        let out = run.output
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
        #expect(run.wait(for: 20) { $0.contains("keys:") }, "\(run.output)")
        run.send("m")
        #expect(run.wait(for: 5) { $0.contains("↳ muted") })
        #expect(run.wait(for: 5) { $0.contains("MUTED ×") }, "the status line shows the mute first")
        run.send("m")
        #expect(run.wait(for: 5) { $0.contains("unmuted") })
        run.send("q")
        #expect(run.wait(for: 10) { $0.contains("EXIT=") })
        #expect(run.finish(timeout: 5))
        #expect(run.output.contains("EXIT=0"))
        #expect(run.output.contains("(quit)"))
    }

    @Test func autoOutputFallsBackToTextWhenNoDeviceOpens() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        // An empty ALSA configuration defines no 'default' PCM, even on a machine with a sound card.
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-empty-\(UUID().uuidString).conf")
        try Data().write(to: config)
        defer { try? FileManager.default.removeItem(at: config) }
        var environment = ProcessInfo.processInfo.environment
        environment["ALSA_CONFIG_PATH"] = config.path
        let run = try ExternalProcess(Self.binary, ["drive", route, "--speedup", "1000"], environment: environment, stdin: .pipe)
        #expect(run.finish(timeout: 60))
        #expect(run.process.terminationStatus == 0, "\(run.output)")
        let warnings = run.output.split(separator: "\n").filter { $0.contains("continuing in text mode") }
        #expect(warnings.count == 1)
        #expect(run.output.contains("depart"))
        #expect(run.output.contains("arrive"))
    }
}
