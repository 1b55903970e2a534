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

    private static func belowTenThousand(_ n: Int) -> String {
        let thousands = n / 1000, hundreds = n / 100 % 10, tens = n / 10 % 10, unit = n % 10
        var out = ""
        switch thousands {
        case 0: break
        case 1: out += "せん"
        case 3: out += "さんぜん"
        case 8: out += "はっせん"
        default: out += ones[thousands] + "せん"
        }
        switch hundreds {
        case 0: break
        case 1: out += "ひゃく"
        case 3: out += "さんびゃく"
        case 6: out += "ろっぴゃく"
        case 8: out += "はっぴゃく"
        default: out += ones[hundreds] + "ひゃく"
        }
        switch tens {
        case 0: break
        case 1: out += "じゅう"
        default: out += ones[tens] + "じゅう"
        }
        if unit > 0 { out += ones[unit] }
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
