/// A number inside a name said as natives say it (Phrasebooks/FORMAT.md §7.6): de "Straße des 17. Juni" →
/// "Straße des Siebzehnten Juni", pl "Jana Pawła II" → "Jana Pawła Drugiego", it "Via XX Settembre" →
/// "Via Venti Settembre", ru "улица 1905 года" → "улица 1900 пятого года" (eSpeak says the head as a number).
public struct NumberRule: Sendable, Hashable {
    /// How the number is written.
    public enum Kind: String, Sendable, Hashable {
        /// Digits, then `suffix` ("17.", "2-я", "3").
        case arabic
        /// A Roman numeral, then `suffix` ("XX", "II").
        case roman
        /// The Roman numeral after a ref's letters ("N-VI" → "N 6").
        case romanRef
    }

    /// How the number is written.
    public var kind: Kind
    /// Text the word must end with after the number, dropped when said ("." in de "17.", "-ю" in ru "2-ю").
    public var suffix: String
    /// The next word must be one of these (lower-cased); empty: any word or none.
    public var before: Set<String>
    /// The previous word must be one of these (lower-cased); empty: any word or none.
    public var after: Set<String>
    /// The words for numbers; a number not in the table is said as its head in digits and the word of its last
    /// two or one digits (1905 → "1900 пятого"); with neither, as digits. A Roman numeral not in it stays as written.
    public var words: [Int: String]

    /// Creates a rule.
    public init(kind: Kind, suffix: String = "", before: [String] = [], after: [String] = [], words: [Int: String] = [:]) {
        self.kind = kind
        self.suffix = suffix
        self.before = Set(before.map { $0.lowercased() })
        self.after = Set(after.map { $0.lowercased() })
        self.words = words
    }

    /// Word `index` of `words` as said, or nil when this rule does not apply to it.
    func say(_ words: [String], at index: Int) -> String? {
        let word = words[index]
        guard kind != .romanRef, word.hasSuffix(suffix), word.count > suffix.count else { return nil }
        if !before.isEmpty {
            guard index + 1 < words.count, before.contains(words[index + 1].lowercased()) else { return nil }
        }
        if !after.isEmpty {
            guard index > 0, after.contains(words[index - 1].lowercased()) else { return nil }
        }
        let core = String(word.dropLast(suffix.count))
        if kind == .roman && core.count < 2 {
            // Without a context, a Roman numeral is never a lone letter ("V Street", "Avenue C"). With one, a lone
            // letter is a numeral only as I or V: after a first name, C, D, L, M and X are middle initials
            // ("John D Rockefeller", "Karl-M.-Müller-Straße", "Francis X Bushman").
            guard !(before.isEmpty && after.isEmpty), ["I", "V"].contains(Self.latinRoman(core)) else { return nil }
        }
        // Without a context, a Roman numeral is never a name's first word.
        if kind == .roman && before.isEmpty && after.isEmpty && index == 0 { return nil }
        guard let n = kind == .roman ? Self.roman(core) : Self.arabic(core) else { return nil }
        return say(n)
    }

    /// `n` as said by this rule's table, or nil when a Roman numeral is not in it: the numeral then stays as
    /// written ("Giovanni XXIII" is never "20 Terzo" nor "23"). Only digits take the head-and-tail form of years
    /// ("1900 пятого"); a ref's numeral (`romanRef`) not in the table is said as its digits ("N-VI" → "N 6").
    func say(_ n: Int) -> String? {
        if let word = words[n] { return word }
        guard kind == .arabic else { return kind == .romanRef ? String(n) : nil }
        for modulus in [100, 10] where n > modulus {
            let tail = n % modulus
            if tail > 0, let word = words[tail] { return String(n - tail) + " " + word }
        }
        return String(n)
    }

    private static func arabic(_ text: String) -> Int? {
        guard !text.isEmpty, text.count <= 6, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }

    /// The value of an upper-case Roman numeral in canonical form (I…MMMCMXCIX), else nil.
    /// Written with Cyrillic letters that look like Roman numerals (uk "Івана Павла ІІ"), the numeral reads as
    /// `text` with Latin I and X.
    static func roman(_ text: String) -> Int? {
        let text = latinRoman(text)
        let values: [Character: Int] = ["I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000]
        guard !text.isEmpty, text.count <= 15 else { return nil }
        var total = 0, previous = 0
        for c in text.reversed() {
            guard let v = values[c] else { return nil }
            if v < previous { total -= v } else { total += v; previous = v }
        }
        return total > 0 && total < 4000 && romanText(total) == text ? total : nil
    }

    /// `text` with the Cyrillic І (U+0406) and Х (U+0425) written as the Latin I and X they stand for in numerals.
    static func latinRoman(_ text: String) -> String {
        String(text.map { c -> Character in c == "\u{0406}" ? "I" : c == "\u{0425}" ? "X" : c })
    }

    private static func romanText(_ n: Int) -> String {
        let table: [(Int, String)] = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                                      (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]
        var n = n, out = ""
        for (value, letters) in table { while n >= value { out += letters; n -= value } }
        return out
    }
}
