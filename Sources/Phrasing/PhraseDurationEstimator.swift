import Guidance

/// Estimates speaking time from the phrased text and the locale's speaking rate (text mode; docs/ARCHITECTURE.md §1):
/// words per second, or characters per second for ja/zh.
public struct PhraseDurationEstimator: DurationEstimator {
    /// The builder that phrases announcements.
    public let builder: PhraseBuilder

    /// Creates an estimator.
    public init(builder: PhraseBuilder) { self.builder = builder }

    /// Expected speaking time in seconds. Remembered by what is said (the builder's cache), since planning times
    /// the same candidates again and again.
    public func duration(of announcement: Announcement) -> Double {
        return builder.cache.duration(announcement) {
            Self.duration(of: builder.spokenText(announcement), rate: builder.locale.speakingRate)
        }
    }

    /// Speaking time of `text` at `rate`.
    public static func duration(of text: String, rate: SpeakingRate) -> Double {
        let units: Int
        switch rate.per {
        case .word: units = wordCount(text)
        case .character: units = text.filter { !$0.isWhitespace && !$0.isPunctuation }.count
        }
        return Double(units) / rate.perSecond
    }

    /// The number of runs of text between spaces (U+0020), counted on the UTF-8 bytes.
    static func wordCount(_ text: String) -> Int {
        var count = 0, inWord = false
        for byte in text.utf8 {
            if byte == 0x20 {
                inWord = false
            } else if !inWord {
                inWord = true
                count += 1
            }
        }
        return count
    }
}
