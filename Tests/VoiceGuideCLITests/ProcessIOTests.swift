import Foundation
import Testing
import VoiceGuideTestSupport

/// The real binary's standard streams and signals: real
/// pipes, /dev/full, closed descriptors, pseudo-terminals (util-linux `script`) and real signals.
@Suite(.serialized) struct ProcessIOTests {
    static let binary = DriveProcessTests.binary
    let route = CLIFixtures.example("city-dc.json")
    let driveTests = DriveProcessTests()

    /// Runs `script` with bash; returns the exit status, stdout, stderr and the elapsed seconds.
    func shell(_ script: String, environment: [String: String]? = nil, timeout: Double = 60) throws -> (code: Int32, out: String, err: String, seconds: Double) {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary), "build voiceguide first (swift build)")
        let start = Date()
        let run = try ExternalProcess.capture("/bin/bash", ["-c", script], environment: environment,
                                              separateStandardError: true, timeout: timeout)
        return (run.code, run.out, run.err, Date().timeIntervalSince(start))
    }

    // MARK: stdin that is closed or a directory

    @Test func closedOrDirectoryStdinIsAnErrorNotACrash() throws {
        for redirect in ["<&-", "< /tmp"] {
            for command in ["transcript -", "inspect -", "drive - --output text"] {
                let run = try shell("\(Self.binary) \(command) \(redirect)")
                #expect(run.code == 66, "\(command) \(redirect): \(run.code) \(run.err)")
                let lines = run.err.split(separator: "\n")
                #expect(lines.count == 1 && lines[0].contains("<stdin>: cannot read standard input"), "\(run.err)")
            }
        }
    }

    // MARK: failed writes and closed pipes

    @Test func failedWritesToStdoutExit74() throws {
        for redirect in ["> /dev/full", ">&-"] {
            let run = try shell("\(Self.binary) transcript \(route) \(redirect)")
            #expect(run.code == 74, "\(redirect): \(run.code) \(run.err)")
            #expect(run.err.contains("cannot write to standard output"), "\(run.err)")
            #expect(try shell("\(Self.binary) --version \(redirect)").code == 74)
        }
    }

    @Test(arguments: ["--output text", "--output wav:/dev/null --speedup 0.25", "--output text --quiet"])
    func closedPipeStopsTheDriveAtOnceQuietly(output: String) throws {
        // The drive lasts minutes of real time; `head -1` takes one line (or none with --quiet: `true` reads
        // nothing) and goes away.
        let reader = output.contains("quiet") ? "true" : "head -1"
        let run = try shell("\(Self.binary) drive \(route) \(output) | \(reader); echo ${PIPESTATUS[0]} >&2", timeout: 30)
        let status = run.err.split(separator: "\n").last.map(String.init) ?? ""
        #expect(status == "141" || status == "0", "\(run.err)")
        #expect(run.err.split(separator: "\n").count == 1, "not quiet: \(run.err)")
        #expect(run.seconds < 5, "took \(run.seconds) s")
    }

    /// A WAV write that fails (here: the file-size limit, EFBIG) is a file error, exit 74, naming the path and
    /// the system's reason — not "audio unavailable" (69).
    @Test func failingWAVWritesExit74() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for command in ["say 'Turn left onto Main Street, then keep right towards the bridge.'", "drive \(route) --quiet"] {
            let wav = dir.appendingPathComponent("out.wav").path
            let run = try shell("trap '' XFSZ; ulimit -f 8; \(Self.binary) \(command) --output wav:\(wav)")
            #expect(run.code == 74, "\(command): \(run.code) \(run.err)")
            let line = run.err.split(separator: "\n").first { $0.hasPrefix("voiceguide") } ?? ""
            #expect(line.contains(wav) && line.contains("File too large (EFBIG)"), "\(run.err)")
        }
    }

    // MARK: say follows drive's auto rule

    @Test func sayWithoutASoundDeviceFallsBackToText() throws {
        let config = try CLIFixtures.temporaryFile(Data(), name: "empty-alsa.conf")
        var environment = ProcessInfo.processInfo.environment
        environment["ALSA_CONFIG_PATH"] = config
        let run = try shell("\(Self.binary) say 'Turn left.'", environment: environment)
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("Turn left."))
        #expect(run.err.contains("--output text") && run.err.contains("--output wav:FILE"), "\(run.err)")
        let explicit = try shell("\(Self.binary) say 'Turn left.' --output alsa", environment: environment)
        #expect(explicit.code == 69)
        #expect(explicit.err.contains("--output text") && explicit.err.contains("--output wav:FILE"), "\(explicit.err)")
    }

    // MARK: TERM=dumb is not a terminal

    @Test func dumbTerminalGetsNoEscapeCodes() throws {
        let run = try ExternalProcess("/usr/bin/script", ["-qfec", "export TERM=dumb; \(Self.binary) drive \(route) --output text --speedup 1000; echo EXIT=$?", "/dev/null"], stdin: .pipe)
        #expect(run.finish(timeout: 60))
        #expect(run.output.contains("EXIT=0"), "\(run.output)")
        #expect(run.output.contains("depart"))
        #expect(!run.output.contains("\u{1B}"), "escape codes on TERM=dumb")
    }

    // MARK: status line by priority, resize, truthful mode

    @Test func statusLineFitsTheWidthAndFollowsAResize() throws {
        let run = try driveTests.underTTY("stty cols 100; (sleep 2; stty cols 50 < /dev/tty; echo RESIZED) & \(Self.binary) drive \(route) --output text --speedup 2; echo EXIT=$?")
        func statuses(_ s: String) -> [String] {
            s.components(separatedBy: "\u{1B}[?7l").dropFirst().compactMap { $0.components(separatedBy: "\u{1B}[?7h").first }
        }
        #expect(run.wait(for: 20) { $0.contains("RESIZED") })
        // Two whole status lines drawn after the resize (the first may have been in flight).
        #expect(run.wait(for: 20) { text in
            text.components(separatedBy: "RESIZED").dropFirst().first.map { statuses($0).count >= 2 } ?? false
        }, "\(run.output)")
        run.send("q")
        #expect(run.wait(for: 10) { $0.contains("EXIT=") })
        #expect(run.finish(timeout: 5))
        let text = run.output
        let parts = text.components(separatedBy: "RESIZED")
        #expect(parts.count == 2)
        let before = statuses(parts[0]), after = Array(statuses(parts[1]).dropFirst())  // one render may be in flight
        #expect(!before.isEmpty && !after.isEmpty, "\(text)")
        #expect(before.allSatisfy { $0.count <= 99 }, "\(before)")
        #expect(after.allSatisfy { $0.count <= 49 }, "\(after)")
        #expect(before.contains { $0.hasPrefix("text ×2") }, "text mode says so: \(before.prefix(2))")
        // The next maneuver with its distance survives the narrow width.
        #expect(after.contains { $0.contains(": ") }, "\(after.prefix(3))")
    }

    // MARK: keys from /dev/tty, + at the maximum, ?, Ctrl-Z

    @Test func keysWorkWhenTheRouteComesFromStdin() throws {
        let run = try driveTests.underTTY("cat \(route) | \(Self.binary) drive - --output text --speedup 1000; echo EXIT=$?")
        #expect(run.wait(for: 20) { $0.contains("keys:") }, "\(run.output)")
        run.send("+")
        #expect(run.wait(for: 5) { $0.contains("already at the fastest, ×1000") }, "\(run.output)")
        run.send("?")
        #expect(run.wait(for: 5) { $0.components(separatedBy: "keys: m mute").count == 3 })
        run.send("q")
        #expect(run.wait(for: 10) { $0.contains("EXIT=") })
        #expect(run.finish(timeout: 5))
        #expect(run.output.contains("EXIT=0"))
        #expect(run.output.contains("(quit)"))
    }

    @Test func ctrlZRestoresTheTerminalAndTheClockDoesNotJump() throws {
        let events = try CLIFixtures.temporaryFile(Data(), name: "events.jsonl")
        let run = try driveTests.underTTY("\(Self.binary) drive \(route) --output text --events \(events); echo EXIT=$?")
        #expect(run.wait(for: 20) { $0.contains("keys:") })
        let pid = try #require(driveTests.voiceguidePID(below: run.process.processIdentifier))
        usleep(1_500_000)
        run.send("\u{1A}")
        #expect(wait(for: 5) { processState(pid) == "T" }, "not stopped")
        // Stopped with the terminal usable again: echo and canonical input on.
        let tty = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/1")
        let stty = try shell("stty -a -F \(tty)")
        #expect(stty.out.contains(" icanon") && !stty.out.contains("-icanon"), "\(stty.out)")
        #expect(stty.out.contains(" echo ") && !stty.out.contains("-echo "), "\(stty.out)")
        sleep(3)
        kill(pid, SIGCONT)
        #expect(run.wait(for: 5) { $0.contains("continued after suspend") })
        run.send(" ")
        #expect(run.wait(for: 5) { $0.contains("paused") })
        run.send("q")
        #expect(run.wait(for: 10) { $0.contains("EXIT=") })
        #expect(run.finish(timeout: 5))
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        func time(_ name: String) -> Double? {
            lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
                .first { $0["event"] as? String == name }.flatMap { ($0["t"] as? NSNumber)?.doubleValue }
        }
        let suspended = try #require(time("suspend")), paused = try #require(time("pause"))
        // Three seconds stopped; at ×1 a jumping clock would be ≥ 3 s ahead.
        #expect(paused - suspended < 2, "clock jumped: suspend \(suspended), pause \(paused)")
    }

    // MARK: signals restore the terminal; no interactive backtrace

    @Test(arguments: [(SIGHUP, 129), (SIGQUIT, 131), (SIGTERM, 143)])
    func endingSignalsRestoreTheTerminal(signal: Int32, code: Int) throws {
        let run = try driveTests.underTTY("\(Self.binary) drive \(route) --output text; echo EXIT=$?; stty -a | tr ' ' '\\n' | grep -x -e icanon -e -icanon -e echo -e -echo | tr '\\n' ' '; echo")
        #expect(run.wait(for: 20) { $0.contains("keys:") })
        let pid = try #require(driveTests.voiceguidePID(below: run.process.processIdentifier))
        let environ = (try? Data(contentsOf: URL(fileURLWithPath: "/proc/\(pid)/environ"))) ?? Data()
        #expect(String(decoding: environ, as: UTF8.self).contains("SWIFT_BACKTRACE=enable=yes,interactive=no"))
        kill(pid, signal)
        #expect(run.wait(for: 5) { $0.contains("EXIT=") }, "\(run.output)")
        #expect(run.finish(timeout: 5))
        let out = run.output
        #expect(out.contains("EXIT=\(code)"), "\(out)")
        let last = out.split(whereSeparator: { $0 == "\n" || $0 == "\r" }).last.map(String.init) ?? ""
        #expect(last.contains("icanon") && !last.contains("-icanon"), "\(last)")
        #expect(last.contains("echo") && !last.contains("-echo"), "\(last)")
    }

    // MARK: renders do not litter the checkout; make_routes.py --help

    @Test func wavFilesAreIgnoredAndMakeRoutesHelpDoesNotRewrite() throws {
        let repo = CLIFixtures.repository.path
        #expect(try shell("git -C \(repo) check-ignore -q drive.wav").code == 0, "*.wav is not ignored")
        let routes = CLIFixtures.exampleNames.map { CLIFixtures.example($0) }
        let before = try routes.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        let help = try shell("python3 \(repo)/Examples/Routes/tools/make_routes.py --help")
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("usage:"))
        let after = try routes.map { try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date }
        #expect(before == after)
        #expect(try shell("python3 \(repo)/Examples/Routes/tools/make_routes.py --no-such-option").code == 2)
    }

    private func processState(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8), let close = stat.lastIndex(of: ")") else { return nil }
        return stat[stat.index(after: close)...].split(separator: " ").first.map(String.init)
    }

    private func wait(for timeout: Double, until predicate: () -> Bool) -> Bool {
        Waiting.until(timeout: timeout, interval: 0.02, predicate)
    }
}
