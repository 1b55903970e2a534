import Foundation
import Speech
import SpeechESpeakNG
import Testing

/// No input can make one utterance produce unbounded audio: eSpeak NG stops at
/// `Utterance.maxAudioSeconds` and the utterance fails with a clear reason, its memory bounded.
@Suite struct UtteranceBoundTests {
    @Test func synthesisStopsAtTheBoundAndSaysWhy() throws {
        // About 2,200 words at the slowest rate: some 27 minutes of speech, beyond the 15-minute bound.
        let text = String(repeating: "Continue on the motorway for twelve kilometres. ", count: 310)
        let synthesizer = try ESpeakSynthesizer(voice: "en-us", rate: 80, cacheSeconds: 0)
        var frames = 0
        #expect(throws: ESpeakError.utteranceTooLong(seconds: Utterance.maxAudioSeconds)) {
            _ = try synthesizer.synthesize(Utterance(text: text)) { event in
                if case .audio(let chunk) = event { frames += chunk.count }
                return .proceed
            }
        }
        #expect(frames <= Int(Utterance.maxAudioSeconds) * synthesizer.sampleRate)
        #expect(frames > Int(Utterance.maxAudioSeconds - 60) * synthesizer.sampleRate, "it spoke up to the bound, then stopped")
        #expect("\(ESpeakError.utteranceTooLong(seconds: 900))" == "the text would take more than 15 minutes to say; synthesis stopped there")
        // A normal sentence is untouched.
        #expect(try synthesizer.render(Utterance(text: "Turn left onto Main Street.")).duration > 1)
    }
}
