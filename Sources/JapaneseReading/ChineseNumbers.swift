/// Chinese numerals as a driver hears them, for the `cmn-latn-pinyin` voice, which drops the inner zero of a number
/// written in digits ("105" is read "yi bai wu", which is 150): 105 → 一百零五, 1503 → 一千五百零三, 2080 → 两千零八十,
/// 100500 → 十万零五百. Facts of the language (零 once for a run of zeros inside a number, 两 before 百, 千 and 万,
/// 十 without 一 at the start), not phrase tables.
enum ChineseNumbers {
    private static let digits: [Character] = ["零", "一", "二", "三", "四", "五", "六", "七", "八", "九"]

    /// The hanzi of `n` (0 ≤ n < 100 000 000).
    static func hanzi(_ n: Int) -> String {
        guard n > 0 else { return "零" }
        let high = n / 10_000, low = n % 10_000
        var out = ""
        if high > 0 {
            out = section(high) + "万"
            if low > 0 && low < 1000 { out += "零" }
        }
        if low > 0 { out += section(low) }
        if out.hasPrefix("一十") { out.removeFirst() }  // 15 → 十五, 150000 → 十五万
        if out.hasPrefix("二") && out.count > 1, let unit = out.dropFirst().first, "百千万".contains(unit) {
            out = "两" + out.dropFirst()  // 2000 → 两千, 200 → 两百
        }
        return out
    }

    /// True when a run of ASCII digits has a zero inside it (a zero with a non-zero digit after it, no leading
    /// zero): the numbers the voice misreads. Eight digits at most.
    static func hasInnerZero<S: StringProtocol>(_ run: S) -> Bool {
        guard let first = run.first, first != "0", run.count <= 8, let zero = run.firstIndex(of: "0") else { return false }
        return run[zero...].contains(where: { $0 != "0" })
    }

    /// A number below 10 000 with its place words, one 零 for each run of zeros between non-zero digits.
    private static func section(_ n: Int) -> String {
        let places: [(Int, String)] = [(1000, "千"), (100, "百"), (10, "十"), (1, "")]
        var out = "", pendingZero = false
        for (value, word) in places {
            let d = n / value % 10
            if d == 0 {
                if !out.isEmpty { pendingZero = true }
                continue
            }
            if pendingZero { out.append("零"); pendingZero = false }
            out.append(digits[d])
            out += word
        }
        return out
    }
}
