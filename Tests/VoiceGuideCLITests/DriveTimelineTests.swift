import Foundation
import Testing
@testable import VoiceGuideCLI

/// A fast drive keeps every instruction in text mode and in a WAV render; only a timeline the
/// user asked to compress drops, and then it says what and why.
@Suite struct DriveTimelineTests {
    let route = CLIFixtures.example("city-dc.json")

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-\(UUID().uuidString)-\(name)").path
    }

    /// The transcript's announcements (kind, trigger second) with speech or word durations.
    private func transcript(_ durations: String) throws -> [(kind: String, seconds: Double)] {
        let run = ToolRun(["transcript", route, "--format", "json", "--durations", durations])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        return (json["announcements"] as? [[String: Any]] ?? []).compactMap { a in
            guard let k = a["kind"] as? String, let t = a["triggerSeconds"] as? Double else { return nil }
            return (k, t)
        }
    }

    @Test func aFastTextDriveSpeaksEveryAnnouncement() throws {
        let expected = try transcript("words")
        #expect(expected.count == 18)
        for speedup in ["100", "1000"] {
            let drive = ToolRun(["drive", route, "--output", "text", "--speedup", speedup])
            #expect(drive.code == 0, "\(drive.err)")
            #expect(drive.err.contains("announcements: 18 triggered, 18 spoken, 0 interrupted, 0 muted, 0 dropped"),
                    "×\(speedup): \(drive.err)")
            #expect(!drive.out.contains("dropped"))
            #expect(!drive.out.contains("interrupted"))
        }
    }

    @Test func aWAVRenderKeepsEveryAnnouncementAtItsSimulatedTimeWhateverTheSpeedup() throws {
        let wav = temporaryPath("speedup.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--speedup", "20"])
        #expect(drive.code == 0, "\(drive.err)")
        #expect(drive.err.contains("18 triggered, 18 spoken, 0 interrupted, 0 muted, 0 dropped"))
        let triggers = try transcript("speech")
        let starts = try WAVAnalysis(path: wav).segmentStarts()
        #expect(starts.count == triggers.count)
        for (start, trigger) in zip(starts, triggers) {
            #expect(abs(start - trigger.seconds) <= 0.050, "segment at \(start) s vs \(trigger.kind) at \(trigger.seconds) s")
        }
    }

    @Test func aCompressedWAVSaysWhatItDroppedAndWhy() throws {
        let wav = temporaryPath("compressed.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--compress", "20"])
        #expect(drive.code == 0, "\(drive.err)")
        let droppedLines = drive.out.split(separator: "\n").filter { $0.contains("dropped: its moment passed") }
        #expect(!droppedLines.isEmpty)
        #expect(drive.err.contains("timeline compressed ×20: \(droppedLines.count) dropped and"))
        #expect(drive.err.contains("without --compress every announcement is rendered"))
    }

    @Test func compressIsOnlyForWAVAndTheHelpSaysWhoMayDrop() {
        let text = ToolRun(["drive", route, "--output", "text", "--compress", "4"])
        #expect(text.code == 64)
        #expect(text.errLines.first?.contains("--compress applies only to --output wav:FILE") == true)
        #expect(ToolRun(["drive", route, "--output", "wav:/tmp/x.wav", "--compress", "0.5"]).code == 64)
        let help = ToolRun(["drive", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("only live audio may drop"))
        #expect(help.contains("--compress N"))
    }
}
