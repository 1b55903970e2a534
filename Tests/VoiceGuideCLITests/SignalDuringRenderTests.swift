import Foundation
import Testing
import Speech
import VoiceGuideTestSupport

/// A signal while a WAV file is being rendered (`drive --output wav:`, `say --output wav:`): the process ends by
/// that signal (the shell sees 128 + N), the file is finalized (its header gives the length of what was written),
/// stderr has one line naming the signal and the file, and never a crash report or a false "cannot write" error.
@Suite(.serialized) struct SignalDuringRenderTests {
    static let binary = DriveProcessTests.binary
    /// A drive of about two hours (600 turns, 290 m apart), long enough to be signalled mid-render.
    static let longRoute: String? = try? CLIFixtures.temporaryFile(syntheticRouteJSON(steps: 600, pointsPerStep: 30), name: "long-render.json")

    struct Ended { var signal: Int32?; var status: Int32; var stderr: String; var wav: String }

    /// Starts the binary with `arguments`, waits (at most 60 s) until `ready` says it is where it should be
    /// signalled, sends `signal`, and waits for the process to end; what it printed on stderr and how it ended.
    static func signalled(_ signal: Int32, _ arguments: [String], wav: String = "",
                          when ready: (Process) -> Bool) throws -> Ended {
        // A runner started with SIGHUP ignored (nohup, as CI may start it) passes the ignore on to its children,
        // and the binary rightly keeps an inherited ignore: give the child the default disposition these tests are
        // about, as an interactive shell's foreground job has it.
        var hangup = sigaction()
        if sigaction(SIGHUP, nil, &hangup) == 0, unsafeBitCast(hangup.__sigaction_handler.sa_handler, to: Int.self) == 1 {
            Glibc.signal(SIGHUP, SIG_DFL)
        }
        let child = try ExternalProcess(binary, arguments, separateStandardError: true)
        let process = child.process
        _ = Waiting.until(timeout: 60, interval: 0.002) { !process.isRunning || ready(process) }
        #expect(process.isRunning, "\(arguments.first ?? "") ended before it could be signalled")
        child.signal(signal)
        #expect(child.waitForExit(timeout: 30), "still running 30 s after the signal")
        if process.isRunning { child.signal(SIGKILL) }
        process.waitUntilExit()
        let text = child.standardError
        let bySignal = process.terminationReason == .uncaughtSignal
        return Ended(signal: bySignal ? process.terminationStatus : nil, status: process.terminationStatus, stderr: text, wav: wav)
    }

    /// Signals a render of `arguments` into `wav` once the file (written in place of a temporary) has grown past
    /// `bytes`: the render is under way.
    static func signalled(_ signal: Int32, _ arguments: [String], wav: String, whenWritten bytes: Int = 1 << 20) throws -> Ended {
        func written() -> Int {
            let dir = (wav as NSString).deletingLastPathComponent
            let base = (wav as NSString).lastPathComponent
            let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
            return names.filter { $0.hasPrefix(base) || $0.hasPrefix("." + base) }
                .compactMap { try? FileManager.default.attributesOfItem(atPath: dir + "/" + $0)[.size] as? Int }.max() ?? 0
        }
        return try signalled(signal, arguments, wav: wav) { _ in written() >= bytes }
    }

    /// The file's RIFF and data sizes agree with its length, and it holds the audio the line says.
    static func checkFinalized(_ ended: Ended, atLeast seconds: Double = 5) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: ended.wav))
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        #expect(String(decoding: data[0..<4], as: UTF8.self) == "RIFF")
        #expect(u32(4) == data.count - 8, "RIFF size \(u32(4)) for a file of \(data.count) bytes")
        let analysis = try WAVAnalysis(path: ended.wav)
        #expect(analysis.duration >= seconds)
        let said = ended.stderr.range(of: #"\(([0-9.]+) s of audio\)"#, options: .regularExpression)
            .map { String(ended.stderr[$0].dropFirst().prefix(while: { $0 != " " })) }.flatMap(Double.init)
        #expect(said.map { abs($0 - analysis.duration) < 0.2 } == true, "line says \(String(describing: said)), file holds \(analysis.duration) s")
    }

    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT")])
    func aDriveRenderEndsByTheSignalWithItsFileFinalized(signal: Int32, name: String) throws {
        let route = try #require(Self.longRoute)
        let wav = NSTemporaryDirectory() + "voiceguide-signal-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        // SIGINT is ignored by a background job of a non-interactive shell; Process starts the binary directly.
        let ended = try Self.signalled(signal, ["drive", route, "--output", "wav:\(wav)"], wav: wav)
        #expect(ended.signal == signal, "ended with status \(ended.status), by signal: \(ended.signal != nil); stderr: \(ended.stderr)")
        let lines = ended.stderr.split(separator: "\n")
        #expect(lines.count == 1, "stderr: \(ended.stderr)")
        #expect(lines.first?.hasPrefix("voiceguide: stopped by \(name); \(wav) finalized (") == true, "stderr: \(ended.stderr)")
        #expect(!ended.stderr.contains("crashed") && !ended.stderr.contains("cannot write"), "stderr: \(ended.stderr)")
        try Self.checkFinalized(ended)
    }

    @Test func sayToAWavEndsBySIGTERMWithItsFileFinalized() throws {
        let wav = NSTemporaryDirectory() + "voiceguide-signal-say-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        // About 9,000 bytes of words: several minutes of speech, within say's 10,000-byte limit.
        let text = Array(repeating: "Turn left onto Main Street, then keep right toward the airport.", count: 140).joined(separator: " ")
        // say synthesizes the whole text, then writes it: signalled once the file has its header (while it
        // synthesizes), it is finalized with what it holds.
        let ended = try Self.signalled(SIGTERM, ["say", text, "--output", "wav:\(wav)"], wav: wav, whenWritten: 80)
        #expect(ended.signal == SIGTERM, "ended with status \(ended.status); stderr: \(ended.stderr)")
        #expect(ended.stderr.split(separator: "\n").count == 1, "stderr: \(ended.stderr)")
        #expect(ended.stderr.hasPrefix("voiceguide: stopped by SIGTERM; \(wav) finalized ("), "stderr: \(ended.stderr)")
        try Self.checkFinalized(ended, atLeast: 0)
    }

    /// SIGQUIT outside any render (a transcript of a large route) ends the process by the signal, without the
    /// runtime's crash report. The test runner spawns children with the ending signals blocked (a Dispatch
    /// thread's mask, which `posix_spawn` keeps), as any Swift program that runs voiceguide would: the binary
    /// unblocks them, or SIGQUIT would never arrive.
    @Test func sigquitIsNeverACrashReport() throws {
        let route = try #require(Self.longRoute)
        func caught(_ process: Process) -> UInt64 {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
            let line = status.split(separator: "\n").first { $0.hasPrefix("SigCgt:") }
            return line.flatMap { UInt64($0.dropFirst(7).trimmingCharacters(in: .whitespaces), radix: 16) } ?? 0
        }
        func bit(_ sig: Int32) -> UInt64 { 1 << UInt64(sig - 1) }
        // Until the spawned child has exec'ed, /proc shows the test runner's copy.
        func isOurBinary(_ process: Process) -> Bool {
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(process.processIdentifier)/exe"))
                .map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path == URL(fileURLWithPath: Self.binary).resolvingSymlinksInPath().path } ?? false
        }
        // Signalled once the runtime's crash handlers are installed (SIGSEGV caught) and SIGQUIT is not caught
        // (main gives it back its default action if the backtracer took it).
        let ended = try Self.signalled(SIGQUIT, ["transcript", route, "--durations", "speech"]) { process in
            isOurBinary(process) && caught(process) & bit(SIGSEGV) != 0 && caught(process) & bit(SIGQUIT) == 0
        }
        #expect(ended.signal == SIGQUIT, "status \(ended.status)")
        #expect(!ended.stderr.contains("crashed") && !ended.stderr.contains("Backtrace") && !ended.stderr.contains("Thread 0"), "stderr: \(ended.stderr)")
    }
}
