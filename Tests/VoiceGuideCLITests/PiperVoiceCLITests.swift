import Foundation
import Testing
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// `--voice piper:…` end to end with the real sherpa-onnx and the joe voice that scripts/piper-setup.sh prepares.
@Suite(.serialized) struct PiperVoiceCLITests {
    static let joe = CLIFixtures.repository.appendingPathComponent(".build/voices/en_US-joe-medium/en_US-joe-medium.onnx").path

    /// Fails (never skips) when the voice is not installed.
    static func requireJoe() -> Bool {
        guard FileManager.default.fileExists(atPath: joe) else {
            Issue.record("\(joe) is missing: run scripts/piper-setup.sh (scripts/setup.sh runs it)")
            return false
        }
        return true
    }

    @Test func sayWritesNeuralSpeechToWAV() throws {
        guard Self.requireJoe() else { return }
        let wav = try CLIFixtures.temporaryFile(Data(), name: "joe.wav")
        let run = ToolRun(["say", "In a quarter mile, turn right onto Main Street.", "--voice", "piper:en_US-joe-medium",
                           "--output", "wav:" + wav])
        #expect(run.code == 0, "\(run.err)")
        let audio = try WAVAnalysis(path: wav)
        #expect(audio.sampleRate == 22050)
        #expect(audio.duration > 1.5 && audio.duration < 5, "\(audio.duration) s")
        #expect(audio.samples.contains { abs(Int($0)) > 3000 })
        // By path too, and the text output names the voice.
        let text = ToolRun(["say", "Hello", "--voice", "piper:" + Self.joe, "--output", "text"])
        #expect(text.code == 0, "\(text.err)")
        #expect(text.out.contains("(piper:en_US-joe-medium) Hello"))
    }

    @Test func badVoicesAreOneLineWithTheirExitCode() throws {
        guard Self.requireJoe() else { return }
        let missing = ToolRun(["say", "Hello", "--voice", "piper:no_SUCH-voice-low", "--output", "text"])
        #expect(missing.code == 66)
        #expect(missing.errLines.count == 1 && missing.err.contains("no_SUCH-voice-low: Piper voice"), "\(missing.err)")
        let wrongLanguage = ToolRun(["say", "Hallo", "--locale", "de-DE", "--voice", "piper:en_US-joe-medium", "--output", "text"])
        #expect(wrongLanguage.code == 65)
        #expect(wrongLanguage.err.contains("language: the voice speaks 'en_US', not the locale's language 'de'"), "\(wrongLanguage.err)")
        let noEngine = ToolRun(["say", "Hello", "--voice", "piper:en_US-joe-medium", "--output", "text"],
                               environment: ["VOICEGUIDE_SHERPA_LIB": "/nonexistent/libsherpa-onnx-c-api.so"])
        // The engine may already be loaded in this test process; a fresh process must say 69.
        #expect(noEngine.code == 0 || noEngine.code == 69)
        // Not insisting (the locale has no Piper voice): one warning, then eSpeak NG.
        let fallback = ToolRun(["say", "Hallo", "--locale", "de-DE", "--voice", "piper", "--output", "text"])
        #expect(fallback.code == 0)
        #expect(fallback.err.contains("warning:") && fallback.err.contains("eSpeak NG 'de' instead"), "\(fallback.err)")
    }

    @Test func listVoicesShowsBothKindsWithTheirLocales() {
        guard Self.requireJoe() else { return }
        let run = ToolRun(["say", "--list-voices", "--locale", "en-US"])
        #expect(run.code == 0)
        #expect(run.out.contains("# eSpeak NG voices for en-US"))
        #expect(run.out.contains("* en-us"))
        let piper = run.out.split(separator: "\n").first { $0.contains("piper:en_US-joe-medium") }
        #expect(piper?.hasPrefix("* ") == true, "\(run.out)")
        #expect(piper?.contains("en-GB") == true && piper?.contains("en-US") == true)
    }

    @Test func transcriptTakesTheVoiceForSpeechDurations() {
        guard Self.requireJoe() else { return }
        let run = ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--durations", "speech",
                           "--voice", "piper:en_US-joe-medium", "--format", "json"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.contains("\"durationSeconds\""))
        let usage = ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--voice", "piper:en_US-joe-medium"])
        #expect(usage.code == 64)
    }

    @Test func driveRendersToWAVWithNothingLateOrDropped() throws {
        guard Self.requireJoe() else { return }
        let wav = try CLIFixtures.temporaryFile(Data(), name: "drive.wav")
        let events = (wav as NSString).deletingLastPathComponent + "/events.jsonl"
        let run = ToolRun(["drive", "city-dc", "--voice", "piper:en_US-joe-medium", "--output", "wav:" + wav, "--events", events])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err.contains("announcements synthesized ahead"), "\(run.err)")
        #expect(!run.err.contains("said by eSpeak NG"), "\(run.err)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let parsed = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        func times(_ event: String) -> [Int: Double] {
            Dictionary(parsed.filter { $0["event"] as? String == event }
                .compactMap { e in (e["id"] as? Int).flatMap { id in (e["t"] as? Double).map { (id, $0) } } }, uniquingKeysWith: { a, _ in a })
        }
        let announced = times("announcement"), started = times("started")
        #expect(announced.count > 5)
        #expect(started.count == announced.count, "dropped: \(announced.count - started.count)")
        for (id, t) in announced { #expect(abs((started[id] ?? .infinity) - t) < 0.01, "announcement \(id) late") }
        #expect(run.err.contains("0 dropped"))
        #expect(try WAVAnalysis(path: wav).duration > 60)
    }

    /// A live drive (ALSA, in wall time) with the Piper voice: every announcement was synthesized ahead, so none
    /// was said by eSpeak NG, and the `end` event of `--events` says so (`espeakFallbacks`, as a WAV render's
    /// summary does). That the count counts real fallbacks is `PiperNavigatorTests`' (a Navigator without the
    /// synthesis ahead).
    @Test func liveDriveReportsItsESpeakFallbacks() throws {
        guard Self.requireJoe() else { return }
        let route = try CLIFixtures.temporaryFile(syntheticRouteJSON(steps: 4, pointsPerStep: 30), name: "short.json")
        let raw = (route as NSString).deletingLastPathComponent + "/live.raw"
        let events = (route as NSString).deletingLastPathComponent + "/live-events.jsonl"
        let run = ToolRun(["drive", route, "--voice", "piper:en_US-joe-medium", "--output", "alsa:file:'\(raw)',raw",
                           "--speedup", "5", "--events", events])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err.contains("announcements synthesized ahead"), "\(run.err)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let parsed = lines.compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let end = try #require(parsed.last)
        #expect(end["event"] as? String == "end")
        #expect(end["espeakFallbacks"] as? Int == 0, "\(end)")
        #expect(!run.err.contains("said by eSpeak NG"), "\(run.err)")
        #expect(parsed.filter { $0["event"] as? String == "started" }.count >= 3)
        // The Piper voice's audio reached the device.
        #expect(try Data(contentsOf: URL(fileURLWithPath: raw)).count > 22050 * 2 * 3)
    }
}
