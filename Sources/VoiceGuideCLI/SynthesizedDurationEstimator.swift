import Guidance
import Phrasing
import Speech

/// Speaking time measured by synthesizing the announcement's SSML (eSpeak NG runs ~1000× faster than real time,
/// so the exact duration is known before it is spoken; DESIGN.md §1). Falls back to the locale's words-per-second
/// model if synthesis fails.
///
/// Durations are memoized per SSML text for the estimator's lifetime. eSpeak NG's output for the same text varies
/// by a few samples with the history of earlier syntheses in the process (PLATFORM-NOTES.md), and a trigger
/// decided at a 1 Hz fix can flip on a millisecond. The memo makes every later question about a text get the
/// first answer, so a drive that plans once (the same calls as `transcript --durations speech`) and then plays
/// gets exactly the transcript's announcements, whatever playback synthesizes in between.
final class SynthesizedDurationEstimator: DurationEstimator, @unchecked Sendable {
    /// Phrases announcements.
    let builder: PhraseBuilder
    /// Synthesizes them.
    let synthesizer: any SpeechSynthesizer
    /// The eSpeak voice name.
    let voice: String
    private let memo = Locked<[String: Double]>([:])

    /// Creates an estimator for one drive or transcript.
    init(builder: PhraseBuilder, synthesizer: any SpeechSynthesizer, voice: String) {
        self.builder = builder
        self.synthesizer = synthesizer
        self.voice = voice
    }

    func duration(of announcement: Announcement) -> Double {
        let phrase = builder.phrase(announcement)
        if let known = memo.withLock({ $0[phrase.ssml] }) { return known }
        let utterance = Utterance(text: phrase.ssml, isSSML: true, voice: voice, label: announcement.kind.rawValue)
        let seconds = (try? synthesizer.durationEstimate(utterance))
            ?? PhraseDurationEstimator.duration(of: phrase.spoken, rate: builder.locale.speakingRate)
        memo.withLock { $0[phrase.ssml] = seconds }
        return seconds
    }
}
