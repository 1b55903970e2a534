import RouteModel
import Guidance
import Phrasing
import Speech

/// Speaking time measured by synthesizing the announcement's SSML (eSpeak NG runs ~1000× faster than real time,
/// so the exact duration is known before it is spoken). Falls back to the locale's words-per-second model if
/// synthesis fails.
///
/// Durations are memoized per SSML text for the estimator's lifetime. eSpeak NG's output for the same text varies
/// by a few samples with the history of earlier syntheses in the process, and a trigger decided at a 1 Hz fix can
/// flip on a millisecond. The memo makes every later question about a text get the first answer, so a drive that
/// plans once (`fixDurations`, the same calls as `transcript --durations speech`) and then plays gets exactly the
/// transcript's announcements, whatever playback synthesizes in between.
public final class SynthesizedDurationEstimator: DurationEstimator, @unchecked Sendable {
    /// Phrases announcements.
    public let builder: PhraseBuilder
    /// Synthesizes them.
    public let synthesizer: any SpeechSynthesizer
    /// The voice name.
    public let voice: String
    private let memo = Locked<[String: Double]>([:])

    /// Creates an estimator for one drive or transcript.
    public init(builder: PhraseBuilder, synthesizer: any SpeechSynthesizer, voice: String) {
        self.builder = builder
        self.synthesizer = synthesizer
        self.voice = voice
    }

    /// Speaking time of the announcement's SSML, synthesized once per distinct text.
    public func duration(of announcement: Announcement) -> Double {
        let phrase = builder.phrase(announcement)
        if let known = memo.withLock({ $0[phrase.ssml] }) { return known }
        let utterance = Utterance(text: phrase.ssml, isSSML: true, voice: voice, label: announcement.kind.rawValue)
        let seconds = (try? synthesizer.durationEstimate(utterance))
            ?? PhraseDurationEstimator.duration(of: phrase.spoken, rate: builder.locale.speakingRate)
        memo.withLock { $0[phrase.ssml] = seconds }
        return seconds
    }

    /// The planning pass: drives `route` offline with `options` and this estimator, so every announcement a
    /// drive of it makes has its duration fixed before playback. Returns the run (its announcements are what
    /// `transcript --durations speech` lists).
    @discardableResult
    public func fixDurations(route: RouteIndex, options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        OfflineGuidance.run(route, estimator: self, options: options)
    }
}
