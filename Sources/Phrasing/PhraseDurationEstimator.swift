import Guidance

/// Estimates speaking time from the phrased text and the locale's speaking rate (text mode; DESIGN.md §1):
/// words per second, or characters per second for ja/zh.
public struct PhraseDurationEstimator: DurationEstimator {
    /// The builder that phrases announcements.
    public let builder: PhraseBuilder

    /// Creates an estimator.
    public init(builder: PhraseBuilder) { self.builder = builder }

    /// Expected speaking time in seconds.
    public func duration(of announcement: Announcement) -> Double {
        Self.duration(of: builder.phrase(announcement).spoken, rate: builder.locale.speakingRate)
    }

    /// Speaking time of `text` at `rate`.
    public static func duration(of text: String, rate: SpeakingRate) -> Double {
        let units: Int
        switch rate.per {
        case .word: units = text.split(whereSeparator: { $0 == " " }).count
        case .character: units = text.filter { !$0.isWhitespace && !$0.isPunctuation }.count
        }
        return Double(units) / rate.perSecond
    }
}
