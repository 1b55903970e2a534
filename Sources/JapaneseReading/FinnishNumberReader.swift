import Phrasing

/// Finnish numbers for eSpeak NG's `fi` voice, in the case of the unit word that follows them: the exported text
/// writes "200 metrin päästä" as Finnish is written, and a Finn reads the numeral in the genitive with its noun
/// ("kahdensadan metrin päästä"); the voice reads every number in the nominative ("kaksisataa metrin"). Only
/// numbers directly before a genitive unit word change; names are read as written.
public struct FinnishNumberReader: NameReader {
    /// The genitive unit words whose number takes the genitive too.
    static let genitiveUnits: Set<String> = ["metrin", "kilometrin", "mailin", "jalan", "jaardin"]
    static let ones = ["", "yhden", "kahden", "kolmen", "neljän", "viiden", "kuuden", "seitsemän", "kahdeksan", "yhdeksän"]

    /// A reader.
    public init() {}

    /// See `NameReader.reading(of:)`: names are read as written.
    public func reading(of name: String) -> String? { name }

    /// See `NameReader.spokenText(_:)`: each number (digits, optionally a decimal comma and digits) that stands
    /// before a genitive unit word, in words in the genitive ("1,5 kilometrin" → "yhden pilkku viiden kilometrin").
    public func spokenText(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else {
                out.append(chars[i]); i += 1; continue
            }
            var end = i
            while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
            var fractionEnd = end
            if end + 1 < chars.count, chars[end] == ",", chars[end + 1].isASCII, chars[end + 1].isNumber {
                fractionEnd = end + 1
                while fractionEnd < chars.count, chars[fractionEnd].isASCII, chars[fractionEnd].isNumber { fractionEnd += 1 }
            }
            var wordEnd = fractionEnd + 1
            while wordEnd < chars.count, chars[wordEnd].isLetter { wordEnd += 1 }
            let unit = fractionEnd < chars.count && chars[fractionEnd] == " " ? String(chars[(fractionEnd + 1)..<wordEnd]) : ""
            if Self.genitiveUnits.contains(unit), let whole = Self.genitive(String(chars[i..<end])),
               let fraction = fractionEnd > end ? Self.genitive(String(chars[(end + 1)..<fractionEnd])) : "" {
                out += fraction.isEmpty ? whole : whole + " pilkku " + fraction
            } else {
                out += String(chars[i..<fractionEnd])
            }
            i = fractionEnd
        }
        return out
    }

    /// `digits` as a Finnish numeral in the genitive ("250" → "kahdensadanviidenkymmenen"), or nil above 999 999.
    static func genitive(_ digits: String) -> String? {
        guard digits.count <= 6, let n = Int(digits) else { return nil }
        return n == 0 ? "nollan" : genitive(n)
    }

    private static func genitive(_ n: Int) -> String {
        switch n {
        case 0: return ""
        case 1..<10: return ones[n]
        case 10: return "kymmenen"
        case 11..<20: return ones[n - 10] + "toista"
        case 20..<100: return ones[n / 10] + "kymmenen" + ones[n % 10]
        case 100..<1000: return (n / 100 == 1 ? "" : ones[n / 100]) + "sadan" + genitive(n % 100)
        default: return (n / 1000 == 1 ? "" : genitive(n / 1000)) + "tuhannen" + genitive(n % 1000)
        }
    }
}
