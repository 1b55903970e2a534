import Foundation
import Testing
import Speech
import SpeechESpeakNG
import AudioALSA
import VoiceGuideTestSupport
@testable import SpeechPiper

/// The neural voice against the real sherpa-onnx and the real joe voice (en_US-joe-medium).
@Suite(.serialized) struct PiperSynthesizerTests {
    /// The seconds of 22.05 kHz S16_LE audio in a raw capture so far (0 before it exists).
    static func capturedSeconds(_ path: String) -> Double {
        Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 44_100
    }

    static let sentence = "In a quarter mile, turn right onto Massachusetts Avenue. Then keep left."

    @Test func conformsToTheSynthesizerContract() throws {
        let synth = try joe(cacheSeconds: 60)  // repeats replay the first synthesis (VITS noise varies each run)
        #expect(SpeechConformance.checkSynthesizer(synth, text: "Turn left onto Main Street.") == [])
    }

    @Test func speaksNonSilentSpeechOfPlausibleLengthTrimmedAtBothEnds() throws {
        let synth = try joe()
        let pcm = try synth.render(Utterance(text: Self.sentence))
        #expect(synth.sampleRate == 22050)
        #expect(pcm.duration > 2.5 && pcm.duration < 7, "\(pcm.duration) s")
        let level = try #require(Loudness.activeRMS(pcm.samples, sampleRate: 22050))
        #expect(level > -30)
        // Trimmed: sound within the first and the last 40 ms.
        let edge = 22050 * 40 / 1000
        #expect(pcm.samples.prefix(edge).contains { abs(Int($0)) > 300 })
        #expect(pcm.samples.suffix(edge).contains { abs(Int($0)) > 300 })
    }

    @Test func loudnessMatchesESpeak() throws {
        let piper = try joe().render(Utterance(text: Self.sentence))
        let espeak = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0).render(Utterance(text: Self.sentence))
        let a = try #require(Loudness.activeRMS(piper.samples, sampleRate: 22050))
        let b = try #require(Loudness.activeRMS(espeak.samples, sampleRate: 22050))
        #expect(abs(a - b) < 3, "piper \(a) dBFS, espeak \(b) dBFS")
    }

    @Test func streamsPerSentenceAndStopsWithin50ms() throws {
        let synth = try joe()
        let utterance = Utterance(text: "Turn right. Then turn left. Then keep right. Then you arrive.")
        var chunks = 0
        var stoppedAt: Date?
        let outcome = try synth.synthesize(utterance) { event in
            guard case .audio = event else { return .proceed }
            chunks += 1
            if chunks == 2 { stoppedAt = Date(); return .stop }
            return .proceed
        }
        let returned = Date().timeIntervalSince(try #require(stoppedAt))
        #expect(!outcome.completed)
        #expect(returned < 0.05, "returned \(returned) s after .stop")
        // The first sentence arrived before the whole utterance was synthesized: per-sentence streaming.
        #expect(outcome.frames < 22050 * 2)
    }

    @Test func ssmlPhonemesAndSubstitutionsAreSpoken() throws {
        let synth = try joe()
        let ssml = #"<speak xml:lang="en-US">Take exit <sub alias="twenty one">21</sub> toward <phoneme alphabet="ipa" ph="ˈbɑːstən">Boston</phoneme>.</speak>"#
        let sentences = try synth.sentences(Utterance(text: ssml, isSSML: true))
        let text = String(String.UnicodeScalarView(sentences.joined().compactMap { Unicode.Scalar(UInt32($0)) }))
        #expect(text.contains("bɑːstən"))
        #expect(text.hasSuffix("."))
        #expect(try synth.render(Utterance(text: ssml, isSSML: true)).duration > 1)
        #expect(throws: SSMLError.self) { try synth.render(Utterance(text: "<speak>open", isSSML: true)) }
    }

    @Test func clausePunctuationIsKeptForTheModel() throws {
        let synth = try joe()
        let sentences = try synth.sentences(Utterance(text: "In a quarter mile, turn right. Then keep left."))
        #expect(sentences.count == 2)
        let first = String(String.UnicodeScalarView(sentences[0].compactMap { Unicode.Scalar(UInt32($0)) }))
        #expect(first.contains(","), "\(first)")
        #expect(first.hasSuffix("."))
    }

    @Test func writesWAVThroughTheRenderingPlayer() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let synth = try joe()
        let clock = VirtualClock()
        let sink = WAVFileSink(path: folder + "/joe.wav")
        let player = RenderingPlayer(synthesizer: synth, sink: sink, clock: clock)
        let controller = SpeechController(player: player, clock: clock)
        controller.speak(Utterance(text: Self.sentence))
        clock.advance(to: 60)
        try player.finish()
        #expect(sink.secondsWritten > 2.5)
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/joe.wav"))
        #expect(data.count > 44 + 2 * 22050 * 2)
    }

    @Test func playsThroughALSAFilePCMExactlyWhatWasSynthesized() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let raw = folder + "/x.raw"
        let synth = try joe(cacheSeconds: 60)
        let expected = try synth.render(Utterance(text: Self.sentence)).samples
        let player = StreamingPlayer(synthesizer: synth, sink: ALSASink(device: "file:'\(raw)',raw"))
        let controller = SpeechController(player: player, clock: SystemClock())
        controller.speak(Utterance(text: Self.sentence))
        #expect(controller.waitUntilIdle(timeout: 60))
        try player.shutdown()
        let captured = try readRaw(raw)
        #expect(captured == expected)
        #expect(Double(captured.count) / 22050 > 2.5)
    }

    @Test func cancelStopsTheALSAOutputWithin50ms() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let raw = folder + "/cut.raw"
        let synth = try joe(cacheSeconds: 60)
        let text = "Continue on the motorway for twelve miles. Then take the exit toward the airport and the city center."
        try synth.prepare(Utterance(text: text))
        let player = StreamingPlayer(synthesizer: synth, sink: PacedSink(ALSASink(device: "file:'\(raw)',raw"), lead: 0.05))
        let controller = SpeechController(player: player, clock: SystemClock())
        controller.speak(Utterance(text: text))
        // Muted once playback is under way: 0.35 s of audio in the capture (paced in real time).
        #expect(Waiting.until(timeout: 30) { Self.capturedSeconds(raw) >= 0.35 }, "no audio reached the capture")
        let atMute = Self.capturedSeconds(raw)
        let muted = Date()
        controller.mute()
        try player.shutdown()
        let heard = Double(try readRaw(raw).count) / 22050
        let afterMute = heard - atMute
        #expect(afterMute < 0.05 + 0.05 + Date().timeIntervalSince(muted), "heard \(heard) s")  // paced lead + 50 ms
        #expect(heard > 0.3 && heard < 0.55, "heard \(heard) s")
    }
}
