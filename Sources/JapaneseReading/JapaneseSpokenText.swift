/// Spoken Japanese text with numbers and Latin letters in their native readings, for eSpeak NG's `ja` voice
/// (which reads "400" as "shi-hyaku" and spells Latin through its English voice): "400メートル" → "よんひゃくメートル",
/// "23 B" → "にじゅうさん ビー", "E1" → "イーいち". Full-width digits and letters are read like ASCII ones.
public enum JapaneseSpokenText {
    /// `text` with its digit runs and Latin letter runs replaced by readings; other text is kept as is.
    /// `words` reads Latin words (letter runs not next to a digit): nil spells them by letter names, "" leaves them out.
    public static func normalize(_ text: String, words: (Substring) -> String? = LatinReading.word) -> String {
        let chars = Array(text.map(halfWidth))
        guard chars.contains(where: { ($0.isASCII && $0.isNumber) || isLatinLetter($0) || $0 == "・" }) else { return text }
        var out = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c.isASCII && c.isNumber {
                var j = i
                while j < chars.count, chars[j].isASCII, chars[j].isNumber || (chars[j] == "." && j + 1 < chars.count && chars[j + 1].isASCII && chars[j + 1].isNumber && j > i) { j += 1 }
                out += JapaneseNumbers.reading(of: Substring(String(chars[i..<j])))
                i = j
            } else if isLatinLetter(c) {
                var j = i
                while j < chars.count, isLatinLetter(chars[j]) { j += 1 }
                let run = Substring(String(chars[i..<j]))
                let touchesDigit = (i > 0 && chars[i - 1].isNumber) || (j < chars.count && chars[j].isASCII && chars[j].isNumber)
                // An English ordinal suffix after digits ("20th Street") is left out, never spelled ("ティーエイチ").
                let ordinalSuffix = i > 0 && chars[i - 1].isNumber && ["st", "nd", "rd", "th"].contains(run)
                let reading = ordinalSuffix ? "" : touchesDigit ? LatinReading.letters(run) : (words(run) ?? LatinReading.letters(run))
                if reading.isEmpty, out.last == " " { out.removeLast() }
                out += reading
                i = j
            } else if c == "・" {
                out += "、"   // the voice reads "・" as "Japanese letter"; a list point is a pause
                i += 1
            } else {
                out.append(c)
                i += 1
            }
        }
        return out
    }

    /// A letter of the Latin script, marks included ("a", "ß", "ö", "é"): one word of a foreign name.
    static func isLatinLetter(_ c: Character) -> Bool {
        c.isLetter && c.unicodeScalars.allSatisfy { (0x41...0x24F).contains($0.value) || (0x1E00...0x1EFF).contains($0.value) || $0.properties.isDiacritic }
    }

    /// Full-width ASCII forms (０-９, Ａ-Ｚ, ａ-ｚ, ．) as ASCII.
    static func halfWidth(_ c: Character) -> Character {
        guard let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1,
              (0xFF10...0xFF19).contains(scalar.value) || (0xFF21...0xFF3A).contains(scalar.value) || (0xFF41...0xFF5A).contains(scalar.value)
                || scalar.value == 0xFF0E,
              let ascii = Unicode.Scalar(scalar.value - 0xFEE0) else { return c }
        return Character(ascii)
    }
}
