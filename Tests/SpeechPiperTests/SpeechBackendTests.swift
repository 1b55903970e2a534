import Foundation
import Testing
import Speech
import SpeechESpeakNG
import SpeechBackends
@testable import SpeechPiper

/// The factory and the eSpeak NG fallback, with the real engines.
@Suite(.serialized) struct SpeechBackendTests {
    @Test func voiceChoicesParse() {
        #expect(VoiceChoice("en-gb") == .espeak("en-gb"))
        #expect(VoiceChoice("espeak:en-gb") == .espeak("en-gb"))
        #expect(VoiceChoice("piper:en_US-joe-medium") == .piper("en_US-joe-medium"))
        #expect(VoiceChoice("piper") == .piper(nil))
        #expect(VoiceChoice("piper:/v/de_DE-thorsten-medium.onnx").description == "piper:/v/de_DE-thorsten-medium.onnx")
    }

    @Test func theFactoryFindsTheJoeVoiceByNameAndChecksTheLanguage() throws {
        _ = try joe()
        var request = SpeechBackend.Request(choice: .piper("en_US-joe-medium"), localeVoice: "en-us",
                                            localePiperVoice: nil, language: "en")
        request.environment = ["VOICEGUIDE_VOICES": (joeModel as NSString).deletingLastPathComponent + "/.."]
        let voice = try SpeechBackend.make(request)
        #expect(voice.backend == "piper")
        #expect(voice.name == "en_US-joe-medium")
        request.language = "de"
        #expect(throws: PiperError.self) { try SpeechBackend.make(request) }
        request.choice = .espeak("de")
        #expect(try SpeechBackend.make(request).backend == "espeak")
    }

    @Test func anUrgentUtteranceNotReadyIsSaidByESpeakAndAReadyOneByPiper() throws {
        let piper = try joe(cacheSeconds: 60)
        let espeak = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0)
        let combined = FallbackSynthesizer(primary: piper, fallback: espeak, urgentPriority: 4)
        let now = Utterance(text: "Turn right now onto Oak Street.", voice: piper.voice.name, priority: 4)
        let started = Date()
        let quick = try combined.render(now)
        #expect(Date().timeIntervalSince(started) < 0.2)
        #expect(combined.fallbacks == 1)
        #expect(quick.duration > 0.5)
        try piper.prepare(now)
        let neural = try combined.render(now)
        #expect(combined.fallbacks == 1)
        #expect(neural.samples == (try piper.render(now)).samples)
        // Not urgent: streamed by Piper even when not ready.
        _ = try combined.render(Utterance(text: "Continue for two miles.", priority: 0))
        #expect(combined.fallbacks == 1)
    }
}
