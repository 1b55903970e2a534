import RouteModel
import Guidance
import Phrasing
import Speech
import Foundation

/// Speaking time measured by synthesizing the announcement's SSML (eSpeak NG runs ~1000× faster than real time,
/// so the exact duration is known before it is spoken). Falls back to the locale's words-per-second model if
/// synthesis fails.
///
/// Durations are memoized per SSML text for the estimator's lifetime. eSpeak NG's output for the same text varies
/// by a few samples with the history of earlier syntheses in the process, and a trigger decided at a 1 Hz fix can
/// flip on a millisecond. The memo makes every later question about a text get the first answer, so a drive that
/// plans once (`fixDurations`, the same calls as `transcript --durations speech`) and then plays gets exactly the
/// transcript's announcements, whatever playback synthesizes in between.
public final class SynthesizedDurationEstimator: DurationEstimator, @unchecked Sendable {  // @unchecked: lets only; the memo is a Locked
    /// Phrases announcements.
    public let builder: PhraseBuilder
    /// Synthesizes them.
    public let synthesizer: any SpeechSynthesizer
    /// The voice name.
    public let voice: String
    /// A fast synthesizer that answers, once the plan is fixed, for phrases the plan did not have (a neural
    /// voice is too slow to synthesize on the clock's thread): its duration scaled by the two voices' measured
    /// ratio, while the real synthesis runs in the background and replaces the answer (and fills the cache).
    public let standIn: (any SpeechSynthesizer)?
    private let memo = Locked<[String: Double]>([:])
    private let planned = Locked(false)
    private let ratio = Locked((voice: 0.0, standIn: 0.0))
    private let background = DispatchQueue(label: "voiceguide.synthesis.ahead", qos: .utility)

    /// Creates an estimator for one drive or transcript; `standIn` as above (nil: always synthesize).
    public init(builder: PhraseBuilder, synthesizer: any SpeechSynthesizer, voice: String,
                standIn: (any SpeechSynthesizer)? = nil) {
        self.builder = builder
        self.synthesizer = synthesizer
        self.voice = voice
        self.standIn = standIn
    }

    /// Speaking time of the announcement's SSML, synthesized once per distinct text.
    public func duration(of announcement: Announcement) -> Double {
        let phrase = builder.phrase(announcement)
        if let known = memo.withLock({ $0[phrase.ssml] }) { return known }
        let utterance = Utterance(text: phrase.ssml, isSSML: true, voice: voice, label: announcement.kind.rawValue)
        let words = PhraseDurationEstimator.duration(of: phrase.spoken, rate: builder.locale.speakingRate)
        if let standIn, planned.snapshot {
            var plain = utterance
            plain.voice = nil
            let quick = (try? standIn.durationEstimate(plain)) ?? words
            let (a, b) = ratio.snapshot
            let estimate = a > 0 && b > 0 ? quick * a / b : quick
            memo.withLock { $0[phrase.ssml] = estimate }
            let synthesizer = self.synthesizer, memo = self.memo
            background.async {
                if let real = try? synthesizer.durationEstimate(utterance) { memo.withLock { $0[phrase.ssml] = real } }
            }
            return estimate
        }
        let seconds = (try? synthesizer.durationEstimate(utterance)) ?? words
        memo.withLock { $0[phrase.ssml] = seconds }
        if let standIn {
            var plain = utterance
            plain.voice = nil
            if let quick = try? standIn.durationEstimate(plain) { ratio.withLock { $0.voice += seconds; $0.standIn += quick } }
        }
        return seconds
    }

    /// The estimator of a drive with sound, as `voiceguide drive` builds it: every announcement of the planned
    /// drive synthesized once before the clock starts (`fixDurations`), so each duration is real audio and each
    /// phrase waits in the synthesizer's cache. With a neural voice pass a fast `standIn` (a Piper voice:
    /// `SpeechBackend.Voice.standIn`): this is then the synthesis ahead, and what the plan did not foresee (a
    /// reroute) is estimated by the stand-in and synthesized in the background. Returns the estimator for
    /// `Navigator(estimator:)`, the planned run and the seconds the synthesis ahead took.
    public static func plannedAhead(route: RouteIndex, builder: PhraseBuilder, synthesizer: any SpeechSynthesizer,
                                    voice: String, standIn: (any SpeechSynthesizer)?,
                                    options: SimulatorOptions = SimulatorOptions())
        -> (estimator: SynthesizedDurationEstimator, run: GuidanceRun, seconds: Double) {
        let estimator = SynthesizedDurationEstimator(builder: builder, synthesizer: synthesizer, voice: voice, standIn: standIn)
        let started = Date()
        let run = estimator.fixDurations(route: route, options: options)
        return (estimator, run, Date().timeIntervalSince(started))
    }

    /// The planning pass: drives `route` offline with `options` and this estimator, so every announcement a
    /// drive of it makes has its duration fixed before playback. Returns the run (its announcements are what
    /// `transcript --durations speech` lists).
    @discardableResult
    public func fixDurations(route: RouteIndex, options: SimulatorOptions = SimulatorOptions()) -> GuidanceRun {
        let run = OfflineGuidance.run(route, estimator: self, options: options)
        planned.withLock { $0 = true }
        return run
    }
}
