import Foundation
import Testing
@testable import VoiceGuideCLI

/// What `say` is sent costs a bounded amount: SSML that a synthesizer would read aloud, fetch or stretch
/// into hours is refused with its reason before any synthesis, and TEXT has a documented size limit.
@Suite struct SpeechBoundsTests {
    @Test func hostileSSMLIsRefusedBeforeSynthesisWithItsReason() throws {
        let cases: [(String, String)] = [
            ("<speak>" + String(repeating: "<break time='99999999999s'/>", count: 10) + "</speak>", "is longer than 10 s"),
            ("<speak>" + String(repeating: "<break time='9s'/>", count: 10) + "</speak>", "the breaks add up to more than 60 s"),
            ("<speak><voice " + (0..<60).map { "a\($0)='\($0)'" }.joined(separator: " ") + ">x</voice></speak>", "<voice> takes no attribute 'a0'"),
            ("<!DOCTYPE speak><speak>x</speak>", "DOCTYPE is not allowed"),
            ("<speak><audio src='file:///etc/passwd'/></speak>", "<audio> is not SSML that VoiceGuide accepts"),
        ]
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("vg-bounds-\(UUID().uuidString).wav").path
        defer { try? FileManager.default.removeItem(atPath: wav) }
        for (document, reason) in cases {
            for output in ["text", "wav:\(wav)"] {
                let start = Date()
                let run = ToolRun(["say", "--ssml", document, "--output", output])
                #expect(run.code == 65, "\(reason): \(run.err)")
                #expect(run.errLines.count == 1 && run.err.contains(reason), "\(run.err)")
                #expect(Date().timeIntervalSince(start) < 5, "refused before synthesis")
                #expect(!FileManager.default.fileExists(atPath: wav), "no WAV file for a refused document")
            }
        }
    }

    @Test func sayTextHasADocumentedLimit() {
        let words = String(repeating: "turn left ", count: SayCommand.maxTextBytes / 10 + 1)
        let run = ToolRun(["say", words, "--output", "text"])
        #expect(run.code == 64)
        #expect(run.errLines.first == "voiceguide say: TEXT is \(words.utf8.count) bytes; say takes at most 10000 (about ten minutes of speech)")
        #expect(SayCommand.helpText.contains("TEXT is at most 10,000 bytes"), "the limit is in the help")
    }
}
