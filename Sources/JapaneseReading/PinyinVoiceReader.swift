import Phrasing

/// Spoken Chinese for eSpeak NG's `cmn-latn-pinyin` voice, which takes a Latin letter run followed by a digit for
/// a pinyin syllable with a tone number and drops the digit ("进入G4" is read "jìnrù k"): letters and digits are
/// spoken apart ("G 4"). Names need no other reading (the voice reads hanzi).
public struct PinyinVoiceReader: NameReader {
    /// A reader.
    public init() {}

    /// See `NameReader.reading(of:)`: the name with letters and digits apart; never nil.
    public func reading(of name: String) -> String? { spokenText(name) }

    /// See `NameReader.spokenText(_:)`.
    public func spokenText(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count + 4)
        var previous: Character?
        for c in text {
            if let p = previous, p.isASCII, c.isASCII, p.isLetter, c.isNumber { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }
}
