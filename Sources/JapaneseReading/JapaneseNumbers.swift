/// Japanese readings of numbers in hiragana, as a driver hears them: 400 → よんひゃく, 4 → よん, 7 → なな,
/// 1.5 → いってんご, 246 → にひゃくよんじゅうろく. Facts of the language (sound changes of 300, 600, 800, 3000,
/// 8000 and before てん), not phrase tables.
public enum JapaneseNumbers {
    private static let ones = ["ゼロ", "いち", "に", "さん", "よん", "ご", "ろく", "なな", "はち", "きゅう"]
    private static let bigUnits = ["", "まん", "おく", "ちょう"]

    /// The reading of a run of ASCII digits with at most one "." between digits. Leading zeros ("05") and runs
    /// too long for 兆 are read digit by digit.
    public static func reading(of digits: Substring) -> String {
        if let dot = digits.firstIndex(of: ".") {
            let whole = digits[..<dot], fraction = digits[digits.index(after: dot)...]
            return beforeTen(reading(of: whole)) + "てん" + fraction.map(digitName).joined()
        }
        guard digits.count <= 16, !(digits.count > 1 && digits.first == "0"), let value = UInt64(digits) else {
            return digits.map(digitName).joined()
        }
        return reading(of: value)
    }

    /// The reading of a whole number.
    public static func reading(of value: UInt64) -> String {
        guard value > 0 else { return ones[0] }
        var groups: [Int] = []
        var rest = value
        while rest > 0 { groups.append(Int(rest % 10_000)); rest /= 10_000 }
        guard groups.count <= bigUnits.count else { return String(value).map(digitName).joined() }
        var out = ""
        for (index, group) in groups.enumerated().reversed() where group > 0 {
            let unit = bigUnits[index]
            var part = belowTenThousand(group)
            if !unit.isEmpty {
                if group == 1 { part = unit == "ちょう" ? "いっ" : "いち" }
                else if group % 10 == 0 && unit == "ちょう" { part = String(part.dropLast()) + "っ" }
            }
            out += part + unit
        }
        return out
    }

    /// The place words with their sound changes: 1000 せん, 3000 さんぜん, 8000 はっせん, 100 ひゃく, 300 さんびゃく,
    /// 600 ろっぴゃく, 800 はっぴゃく, 10 じゅう (a digit of 1 is not said).
    private static let places: [(value: Int, word: String, changed: [Int: String])] = [
        (1000, "せん", [1: "せん", 3: "さんぜん", 8: "はっせん"]),
        (100, "ひゃく", [1: "ひゃく", 3: "さんびゃく", 6: "ろっぴゃく", 8: "はっぴゃく"]),
        (10, "じゅう", [1: "じゅう"]),
    ]

    private static func belowTenThousand(_ n: Int) -> String {
        var out = ""
        for place in places {
            let digit = n / place.value % 10
            if digit > 0 { out += place.changed[digit] ?? ones[digit] + place.word }
        }
        if n % 10 > 0 { out += ones[n % 10] }
        return out
    }

    /// A number's reading as said before てん (the decimal point): いち → いっ, はち → はっ, じゅう → じゅっ.
    private static func beforeTen(_ reading: String) -> String {
        for (plain, short) in [("いち", "いっ"), ("はち", "はっ"), ("じゅう", "じゅっ")] where reading.hasSuffix(plain) {
            return String(reading.dropLast(plain.count)) + short
        }
        return reading
    }

    private static func digitName(_ c: Character) -> String {
        c.wholeNumberValue.map { ones[$0] } ?? String(c)
    }
}
