import Foundation
import Testing
import Speech
@testable import VoiceGuideCLI

/// Runs `voiceguide ARGS` in-process; returns (exit code, stdout, stderr).
private func runTool(_ args: [String]) -> (Int32, String, String) {
    let run = ToolRun(args)
    return (run.code, run.out, run.err)
}

@Suite struct SayCommandTests {
    @Test func unavailableDeviceExits69WithOneLine() {
        let (code, out, err) = runTool(["say", "Turn left.", "--output", "alsa:voiceguide_no_such_pcm"])
        #expect(code == 69)
        #expect(out.isEmpty)
        // One error line, then the hint naming the outputs that need no sound card.
        #expect(err == "voiceguide say: audio device 'voiceguide_no_such_pcm' is unavailable: No such file or directory\n"
                + "Use '--output text' for text only, or '--output wav:FILE' to write the speech to a WAV file.\n")
    }

    @Test func malformedSSMLExits65() {
        let (code, _, err) = runTool(["say", "--ssml", "<speak>Turn <emphasis>left</speak>", "--output", "text"])
        #expect(code == 65)
        #expect(err == "voiceguide say: TEXT: SSML line 1, column 27: </speak> does not match <emphasis>\n")
    }

    @Test func unknownVoiceIsAUsageErrorWithCloseMatches() {
        let (code, _, err) = runTool(["say", "Hallo", "--voice", "eb-us", "--output", "text"])
        #expect(code == 64)
        #expect(err.hasPrefix("voiceguide say: unknown voice 'eb-us'\nClose matches: "))
        #expect(err.contains("en-us"))
    }

    @Test func textOutputNamesVoiceAndDuration() throws {
        let (code, out, _) = runTool(["say", "Biegen", "Sie", "links", "ab.", "--locale", "de-DE", "--output", "text"])
        #expect(code == 0)
        let match = try #require(out.firstMatch(of: /^\[0\.00–(\d+\.\d\d)\] \(de\) Biegen Sie links ab\.\n$/))
        let seconds = try #require(Double(match.1))
        #expect(seconds > 0.8 && seconds < 3)
    }

    @Test func wavOutputIsAValidFile() throws {
        let path = NSTemporaryDirectory() + "voiceguide-say-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (code, _, err) = runTool(["say", "<speak>Turn left<break time=\"1s\"/>now.</speak>", "--ssml",
                                      "--voice", "en-gb", "--rate", "200", "--output", "wav:\(path)"])
        #expect(code == 0, "\(err)")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let dataBytes = data[76..<80].withUnsafeBytes { Int($0.loadUnaligned(as: UInt32.self)) }
        #expect(dataBytes == data.count - 80)
        #expect(Double(dataBytes) / 2 / 22050 > 1.5)  // includes the 1 s break
    }

    @Test func alsaFileDeviceNamePassesThroughUnchanged() throws {
        let path = NSTemporaryDirectory() + "voiceguide-say-\(UUID().uuidString).raw"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let (code, _, err) = runTool(["say", "Keep right.", "--output", "alsa:file:'\(path)',raw"])
        #expect(code == 0, "\(err)")
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        #expect(size > 22050)  // more than half a second of 16-bit audio
    }

    @Test func badOptionValuesAreUsageErrors() {
        #expect(runTool(["say", "x", "--output", "mp3:out.mp3"]).0 == 64)
        #expect(runTool(["say", "x", "--rate", "1000"]).0 == 64)
        #expect(runTool(["say"]).0 == 64)
    }
}
