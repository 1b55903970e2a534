import Phrasing

/// Spoken Chinese for eSpeak NG's `cmn-latn-pinyin` voice, which takes a Latin letter run followed by a digit for
/// a pinyin syllable with a tone number and drops the digit ("进入G4" is read "jìnrù k"): letters and digits are
/// spoken apart ("G 4"); a whole number with a zero inside is given in hanzi, which the voice reads with its 零
/// ("105号" → "一百零五号", where the digits are read "yi bai wu", heard as 150). Names need no other reading (the
/// voice reads hanzi).
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
        return Self.innerZerosInHanzi(out)
    }

    /// Every run of ASCII digits with a zero inside it in hanzi; not a part of a decimal ("1.05"), a year ("2008年")
    /// nor a run next to a letter.
    static func innerZerosInHanzi(_ text: String) -> String {
        guard text.contains("0") else { return text }
        let characters = Array(text)
        var out = ""
        var i = 0
        while i < characters.count {
            let c = characters[i]
            guard c.isASCII && c.isNumber else { out.append(c); i += 1; continue }
            var end = i
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            let run = String(characters[i..<end])
            let before = i > 0 ? characters[i - 1] : nil, after = end < characters.count ? characters[end] : nil
            let standsAlone = before != "." && before != "," && after != "." && after != "," && after != "年"
                && !(before?.isLetter == true && before?.isASCII == true) && !(after?.isASCII == true && after?.isLetter == true)
            if standsAlone, ChineseNumbers.hasInnerZero(run), let n = Int(run) {
                out += ChineseNumbers.hanzi(n)
            } else {
                out += run
            }
            i = end
        }
        return out
    }
}
