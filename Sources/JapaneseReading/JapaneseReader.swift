import Foundation
import Phrasing

/// Readings of Japanese names for eSpeak NG's `ja` voice: kanji from MeCab's IPA dictionary (渋谷 → シブヤ,
/// 青山通り → アオヤマドオリ), numbers and Latin letters in native readings (romaji as written, acronyms by letter
/// names, other Latin words in katakana by `ForeignKatakana`), kana kept. A name with a part that has no reading
/// (an unknown kanji, another script such as Hangul) has no reading at all.
public final class JapaneseReader: NameReader, @unchecked Sendable {  // @unchecked: lets only; the tagger and the memos lock themselves
    private let tagger: MeCabTagger
    private let readings = Memo<String?>(limit: 10_000)
    private let spoken = Memo<String>(limit: 4096)

    /// A reader over a loaded tagger.
    public init(tagger: MeCabTagger) { self.tagger = tagger }

    /// See `NameReader.reading(of:)`; memoized per name.
    public func reading(of name: String) -> String? { readings.value(for: name) { read($0) } }

    /// See `NameReader.spokenText(_:)`. A Latin word that is neither romaji nor an acronym is said in katakana
    /// (`ForeignKatakana`: "Victoria" → ヴィクトリア), never spelled. Memoized per text (a drive says few distinct phrases).
    public func spokenText(_ text: String) -> String {
        spoken.value(for: text) { JapaneseSpokenText.normalize($0) { LatinReading.word($0) ?? ForeignKatakana.reading($0) ?? "" } }
    }

    /// See `NameReader.voiceText(_:)`: every kanji word through MeCab (a word it cannot read is kept as
    /// written), then `spokenText`. Memoized per text.
    public func voiceText(_ text: String) -> String {
        voice.value(for: text) { text in
            guard Self.containsHan(text), let words = tagger.analyze(text) else { return spokenText(text) }
            var kana = ""
            var rest = text[...]
            for word in words {
                // MeCab skips white space between words: keep it, so "23 B" stays two words.
                guard let range = rest.range(of: word.surface) else { continue }
                kana += rest[..<range.lowerBound]
                if let reading = word.reading, !Self.containsHan(reading), Self.containsHan(word.surface) {
                    kana += reading
                } else {
                    kana += word.surface
                }
                rest = rest[range.upperBound...]
            }
            kana += rest
            return spokenText(kana)
        }
    }

    private let voice = Memo<String>(limit: 4096)

    private func read(_ name: String) -> String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : kana(trimmed)
    }

    /// `text` in kana: kanji through MeCab, kana as written, numbers and Latin read; nil if any part has no reading.
    private func kana(_ text: String) -> String? {
        var parts: [String] = []
        if Self.containsHan(text) {
            guard let words = tagger.analyze(text) else { return nil }
            for (index, word) in words.enumerated() {
                if index == words.count - 1, index > 0, word.surface == "通り" || word.surface == "通" {
                    parts.append("ドオリ")   // a street "…通り"/"…通" takes rendaku, which the dictionary reads only for some
                } else if let reading = word.reading, !Self.containsHan(reading) {
                    parts.append(reading)
                } else if Self.containsHan(word.surface) {
                    return nil
                } else {
                    parts.append(word.surface)
                }
            }
        } else {
            parts = [text]
        }
        var unreadable = false
        let joined = JapaneseSpokenText.normalize(parts.joined()) { word in
            if let reading = LatinReading.word(word) ?? ForeignKatakana.reading(word) { return reading }
            unreadable = true
            return nil
        }
        guard !unreadable, joined.unicodeScalars.allSatisfy(Self.isReadable) else { return nil }
        return joined
    }

    /// True for a kanji (CJK ideograph).
    static func containsHan(_ text: String) -> Bool { text.unicodeScalars.contains { $0.properties.isIdeographic } }

    /// Kana, the long-vowel mark, digits, spaces and punctuation: what the `ja` voice reads (or passes over) well.
    private static func isReadable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F: return true   // hiragana, katakana, half-width katakana
        case 0x3000...0x303F, 0xFF01...0xFF0F, 0xFF1A...0xFF20: return true   // CJK and full-width punctuation
        default: return scalar.isASCII && !scalar.properties.isAlphabetic
        }
    }
}

/// The readers this module provides, for the composition root to inject (`VoiceGuideData.nameReaders`).
public enum NameReaders {
    /// The shared Japanese reader (MeCab loaded once, on first use), or the error that prevented it.
    public static let japanese: Result<JapaneseReader, MeCabError> = {
        do throws(MeCabError) { return .success(JapaneseReader(tagger: try MeCabTagger())) } catch { return .failure(error) }
    }()

    /// The reader for `language`: ja (MeCab; nil when its dictionary is missing), zh (letters and digits apart for
    /// the pinyin voice); nil for languages whose voice reads names as written. Readers that only a voice layer
    /// names (Voices/FORMAT.md `reader`) have ids that are not languages, so no phrase builder is given them:
    /// fi-numbers (Finnish numerals in the case of the unit that follows them), tr-numbers (a Turkish number and its
    /// suffix as one word: "4'e" → "dörde").
    public static let provider: NameReaderProvider = { language in
        switch language {
        case "ja": return try? japanese.get()
        case "zh": return PinyinVoiceReader()
        case "fi-numbers": return FinnishNumberReader()
        case "tr-numbers": return TurkishNumberReader()
        default: return nil
        }
    }
}
