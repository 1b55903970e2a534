import Foundation
import Testing
@testable import VoiceGuideCLI

/// `voiceguide drive`: WAV rendering against the transcript, text mode, mute window, devices.
@Suite struct DriveCommandTests {
    let route = CLIFixtures.example("city-dc.json")

    private func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-\(UUID().uuidString)-\(name)").path
    }

    private func transcriptTriggers(_ extra: [String] = []) throws -> [(seconds: Double, kind: String, text: String)] {
        let run = ToolRun(["transcript", route, "--format", "json"] + extra)
        #expect(run.code == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let list = try #require(json["announcements"] as? [[String: Any]])
        return list.compactMap { a in
            guard let t = a["triggerSeconds"] as? Double, let k = a["kind"] as? String, let x = a["text"] as? String else { return nil }
            return (t, k, x)
        }
    }

    @Test func wavSegmentsAreTheTranscriptsAnnouncementsAtTheirTriggerTimes() throws {
        let wav = temporaryPath("drive.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--speedup", "1"])
        #expect(drive.code == 0, "\(drive.err)")
        let triggers = try transcriptTriggers(["--durations", "speech"])
        let analysis = try WAVAnalysis(path: wav)
        #expect(analysis.sampleRate == 22050)
        let starts = analysis.segmentStarts()
        #expect(triggers.count >= 10)
        #expect(starts.count == triggers.count)
        for (start, trigger) in zip(starts, triggers) {
            #expect(abs(start - trigger.seconds) <= 0.050, "segment at \(start) s vs \(trigger.kind) at \(trigger.seconds) s")
        }
        // The timeline covers the whole drive: it ends after the last announcement.
        #expect(analysis.duration >= (triggers.last?.seconds ?? 0))
    }

    @Test func compressCompressesTheTimeline() throws {
        let wav = temporaryPath("fast.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--compress", "4"])
        #expect(drive.code == 0, "\(drive.err)")
        let triggers = try transcriptTriggers(["--durations", "speech"])
        let analysis = try WAVAnalysis(path: wav)
        let lastTrigger = try #require(triggers.last?.seconds)
        #expect(analysis.duration < lastTrigger / 4 + 10)
        // Every segment that sounds starts at a trigger time divided by the speedup.
        for start in analysis.segmentStarts() {
            #expect(triggers.contains { abs($0.seconds / 4 - start) <= 0.050 }, "segment at \(start) s matches no trigger")
        }
    }

    @Test func aMuteWindowOverTheWholeDriveGivesSilence() throws {
        let wav = temporaryPath("muted.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--mute-from", "0", "--mute-until", "100000"])
        #expect(drive.code == 0, "\(drive.err)")
        let analysis = try WAVAnalysis(path: wav)
        #expect(analysis.duration > 500)
        #expect(analysis.samples.allSatisfy { $0 == 0 })
        #expect(drive.err.contains("0 spoken"))
        #expect(drive.out.contains("muted"))
    }

    @Test func aMuteWindowSilencesOnlyItsSpan() throws {
        let wav = temporaryPath("window.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let drive = ToolRun(["drive", route, "--output", "wav:\(wav)", "--mute-from", "100", "--mute-until", "300"])
        #expect(drive.code == 0, "\(drive.err)")
        let starts = try WAVAnalysis(path: wav).segmentStarts()
        #expect(starts.contains { $0 < 100 })
        #expect(starts.contains { $0 > 300 })
        #expect(!starts.contains { $0 >= 100 && $0 < 300 })
    }

    @Test func volumeScalesTheRenderedAudio() throws {
        let full = temporaryPath("full.wav"), half = temporaryPath("half.wav")
        defer { for p in [full, half] { try? FileManager.default.removeItem(atPath: p) } }
        #expect(ToolRun(["drive", route, "--output", "wav:\(full)"]).code == 0)
        #expect(ToolRun(["drive", route, "--output", "wav:\(half)", "--volume", "50"]).code == 0)
        let a = try WAVAnalysis(path: full).samples, b = try WAVAnalysis(path: half).samples
        #expect(a.count == b.count)
        // Mean amplitude over the whole drive (each run synthesizes anew, so single peaks may differ slightly).
        let levelA = a.reduce(0.0) { $0 + abs(Double($1)) }, levelB = b.reduce(0.0) { $0 + abs(Double($1)) }
        #expect(levelA > 0)
        #expect(abs(levelB / levelA - 0.5) < 0.02)
        #expect(ToolRun(["drive", route, "--output", "wav:\(half)", "--volume", "101"]).code == 64)
    }

    @Test func unmuteRepeatsOnlyWhatCanStillFinishBeforeItsManeuver() throws {
        let wav = temporaryPath("unmute.wav")
        defer { try? FileManager.default.removeItem(atPath: wav) }
        // The prepare (74 s) is muted; at 80 s there is still time to say it before the roundabout: said again.
        let early = ToolRun(["drive", route, "--output", "wav:\(wav)", "--mute-from", "70", "--mute-until", "80"])
        #expect(early.out.contains("prepare said again after unmute"))
        #expect(early.err.contains("18 triggered, 18 spoken, 0 interrupted, 0 muted"))
        #expect(try WAVAnalysis(path: wav).segmentStarts().contains { abs($0 - 80) <= 0.05 })
        // The roundabout's 'now' (97 s) is muted; at 100 s it could not finish 1 s before the maneuver: not repeated.
        let late = ToolRun(["drive", route, "--output", "wav:\(wav)", "--mute-from", "90", "--mute-until", "100"])
        #expect(late.out.contains("now muted"))
        #expect(!late.out.contains("said again"))
        #expect(late.err.contains("18 triggered, 17 spoken, 0 interrupted, 1 muted"))
        #expect(!(try WAVAnalysis(path: wav).segmentStarts().contains { $0 >= 99.9 && $0 < 104 }))
    }

    @Test func aLocaleWithAnUnknownVoiceIsBadData() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        for folder in ["Locales", "Phrasebooks"] {
            try FileManager.default.copyItem(at: CLIFixtures.repository.appendingPathComponent(folder), to: copy.appendingPathComponent(folder))
        }
        let file = copy.appendingPathComponent("Locales/it-IT.json")
        let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"voice\": \"it\"", with: "\"voice\": \"zzqq\"")
        try Data(text.utf8).write(to: file)
        let expected = "\(file.path): voice: unknown eSpeak NG voice 'zzqq'"
        for arguments in [["drive", route, "--output", "wav:\(temporaryPath("v.wav"))"], ["say", "ciao", "--output", "text"],
                          ["transcript", route, "--durations", "speech"]] {
            let run = ToolRun(arguments + ["--locale", "it-IT", "--data-dir", copy.path])
            #expect(run.code == 65, "\(arguments[0])")
            #expect(run.errLines.first == "voiceguide \(arguments[0]): \(expected)")
        }
    }

    @Test func textModeSaysWhatTheTranscriptSays() throws {
        let drive = ToolRun(["drive", route, "--output", "text", "--speedup", "1000"])
        #expect(drive.code == 0, "\(drive.err)")
        let logged = drive.out.split(separator: "\n").compactMap { line -> String? in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count > 2, !line.contains("↳") else { return nil }
            return parts.dropFirst().joined(separator: " ")
        }
        let expected = try transcriptTriggers().map { "\($0.kind) \($0.text)" }
        #expect(logged == expected)
        #expect(drive.err.contains("announcements: \(expected.count) triggered"))
    }

    @Test func explicitUnavailableALSADeviceExits69() {
        let drive = ToolRun(["drive", route, "--output", "alsa:voiceguide_no_such_device"])
        #expect(drive.code == 69)
        #expect(drive.errLines.first?.contains("voiceguide_no_such_device") == true)
        #expect(drive.out.isEmpty)
    }

    @Test func badOptionsAreUsageErrors() {
        #expect(ToolRun(["drive", route, "--speedup", "0"]).code == 64)
        #expect(ToolRun(["drive", route, "--output", "speaker"]).code == 64)
        #expect(ToolRun(["drive", route, "--mute-from", "10"]).code == 64)
        #expect(ToolRun(["drive", route, "--mute-from", "10", "--mute-until", "5"]).code == 64)
        #expect(ToolRun(["drive", route, "--locale", "xx-YY"]).code == 64)
        #expect(ToolRun(["drive", "/nonexistent/route.json"]).code == 66)
    }
}
