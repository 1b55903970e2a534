import Foundation
import Testing
import Guidance
import RouteModel
import Speech
import VoiceGuideTestSupport

/// Signals at random moments of a WAV render: `drive --output wav:` and `say --output wav:` are sent SIGINT,
/// SIGTERM, SIGHUP or SIGQUIT after a seeded random delay (from before `main` to after the last sample). Whenever
/// the signal arrives, the process ends by it (the shell sees 128 + N) or, if it had already finished, with 0;
/// stderr holds at most one line (the clean-up's "stopped by", or the render's "Wrote" when it closed the file
/// just before) and never a crash report; and a WAV file that exists has a header that matches its length, with
/// no temporary left beside it. `VOICEGUIDE_FUZZ_SEED` repeats a run; a failure prints its seed.
@Suite(.serialized) struct SignalFuzzTests {
    static let signals: [(Int32, String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP"), (SIGQUIT, "SIGQUIT")]
    /// About 100 s of speech, synthesized in about a second: a random delay falls before, during and after it.
    static let sayText = Array(repeating: "Turn left onto Main Street, then keep right toward the airport.", count: 25).joined(separator: " ")

    /// What a WAV file's chunks say, checked against its length: the RIFF size is the file's length less 8 and
    /// the `data` chunk runs to the end of the file in whole frames. nil when it is consistent, else the reason.
    static func headerProblem(_ data: Data) -> String? {
        guard data.count >= 12 else { return "only \(data.count) bytes" }
        func u32(_ at: Int) -> Int { Int(data[at]) | Int(data[at + 1]) << 8 | Int(data[at + 2]) << 16 | Int(data[at + 3]) << 24 }
        func tag(_ at: Int) -> String { String(decoding: data[at..<(at + 4)], as: UTF8.self) }
        guard tag(0) == "RIFF", tag(8) == "WAVE" else { return "no RIFF/WAVE header" }
        guard u32(4) == data.count - 8 else { return "RIFF size \(u32(4)) for a file of \(data.count) bytes" }
        var at = 12
        var blockAlign = 0
        while at + 8 <= data.count {
            let size = u32(at + 4)
            if tag(at) == "fmt ", at + 8 + 14 <= data.count { blockAlign = Int(data[at + 20]) | Int(data[at + 21]) << 8 }
            if tag(at) == "data" {
                guard at + 8 + size == data.count else { return "data size \(size) at \(at), file of \(data.count) bytes" }
                guard blockAlign > 0, size % blockAlign == 0 else { return "data size \(size) is not whole frames of \(blockAlign)" }
                return nil
            }
            at += 8 + size + (size & 1)
        }
        return "no data chunk"
    }

    struct Outcome { var running: Bool; var reason: Process.TerminationReason; var status: Int32; var stderr: String }

    /// Starts `arguments`, sends `signal` after `delay` seconds (if it is still running), and waits for the end.
    static func run(_ arguments: [String], signal: Int32, after delay: Double) throws -> Outcome {
        // A runner started under nohup passes SIGHUP's ignore on (see SignalDuringRenderTests).
        Glibc.signal(SIGHUP, SIG_DFL)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: SignalDuringRenderTests.binary)
        process.arguments = arguments
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let collected = Locked(Data())
        err.fileHandleForReading.readabilityHandler = { handle in
            let chunk = handle.availableData
            collected.withLock { $0.append(chunk) }
        }
        try process.run()
        let fire = Date().addingTimeInterval(delay)
        while process.isRunning, Date() < fire { usleep(1_000) }
        let running = process.isRunning
        if running { kill(process.processIdentifier, signal) }
        let stop = Date().addingTimeInterval(30)
        while process.isRunning, Date() < stop { usleep(5_000) }
        let hung = process.isRunning
        if hung { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        err.fileHandleForReading.readabilityHandler = nil
        let rest = err.fileHandleForReading.readDataToEndOfFile()
        let text = String(decoding: collected.withLock { $0 } + rest, as: UTF8.self)
        #expect(!hung, "still running 30 s after the signal: \(arguments.first ?? "")")
        return Outcome(running: running, reason: process.terminationReason, status: process.terminationStatus, stderr: text)
    }

    @Test func signalsAtRandomMomentsOfAWavRender() throws {
        let route = try #require(SignalDuringRenderTests.longRoute)
        let seed = ProcessInfo.processInfo.environment["VOICEGUIDE_FUZZ_SEED"].flatMap { UInt64($0) }
            ?? UInt64(Date().timeIntervalSince1970 * 1000)
        var random = SplitMix64(seed: seed)
        let started = Date()
        var cases = 0
        var tally: [String: Int] = [:]
        // Bounded by time (about 25 s), at least 8 cases.
        while cases < 8 || Date().timeIntervalSince(started) < 22 {
            cases += 1
            let (signal, name) = Self.signals[Int(random.next() % UInt64(Self.signals.count))]
            let say = random.next() % 2 == 0
            let delay = random.nextUnit() * (say ? 2.5 : 2.0)
            let directory = NSTemporaryDirectory() + "voiceguide-signal-fuzz-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let wav = directory + "/out.wav"
            let arguments = say ? ["say", Self.sayText, "--output", "wav:\(wav)"] : ["drive", route, "--output", "wav:\(wav)"]
            let what = "seed \(seed), case \(cases): \(say ? "say" : "drive") \(name) after \(String(format: "%.3f", delay)) s"
            let outcome = try Self.run(arguments, signal: signal, after: delay)
            let lines = outcome.stderr.split(separator: "\n")
            #expect(!outcome.stderr.contains("crashed") && !outcome.stderr.contains("Backtrace") && !outcome.stderr.contains("Thread 0"),
                    "\(what): a crash report: \(outcome.stderr)")
            #expect(!outcome.stderr.contains("cannot write"), "\(what): \(outcome.stderr)")
            if outcome.reason == .uncaughtSignal {
                #expect(outcome.running && outcome.status == signal, "\(what): ended by signal \(outcome.status)")
                #expect(lines.count <= 1, "\(what): stderr: \(outcome.stderr)")
                // The clean-up's line, or the render's own when it had closed the file just before the signal.
                if let line = lines.first {
                    #expect(line.hasPrefix("voiceguide: stopped by \(name); \(wav) finalized (") || line.hasPrefix("Wrote \(wav) ("),
                            "\(what): stderr: \(outcome.stderr)")
                }
            } else {
                // Only a render that had finished before the signal may exit by itself, and then with 0.
                #expect(!outcome.running && outcome.status == 0, "\(what): exit \(outcome.status) (signalled: \(outcome.running)); stderr: \(outcome.stderr)")
            }
            let file = FileManager.default.fileExists(atPath: wav)
            tally[outcome.reason == .uncaughtSignal ? (file ? "signalled, file finalized" : "signalled before a file") : "finished first", default: 0] += 1
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            #expect(names.allSatisfy { $0 == "out.wav" }, "\(what): left behind \(names)")
            if let data = FileManager.default.contents(atPath: wav) {
                let problem = Self.headerProblem(data)
                #expect(problem == nil, "\(what): \(problem ?? "")")
            } else {
                #expect(outcome.reason == .uncaughtSignal, "\(what): a finished render wrote no file")
            }
        }
        print("signal fuzz: seed \(seed), \(cases) cases in \(String(format: "%.1f", Date().timeIntervalSince(started))) s: \(tally.sorted { $0.key < $1.key })")
    }
}
