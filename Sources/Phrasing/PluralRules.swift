import SafeIO
/// A CLDR plural category.
public enum PluralCategory: String, Sendable, Hashable, CaseIterable, Codable {
    case zero, one, two, few, many, other
}

/// CLDR plural operands of a decimal number as written: n (absolute value), i (integer digits),
/// v (count of visible fraction digits), f (visible fraction digits), t (f without trailing zeros).
public struct PluralOperands: Sendable, Hashable {
    /// Absolute value.
    public var n: Double
    /// Integer part.
    public var i: Int
    /// Number of visible fraction digits.
    public var v: Int
    /// Visible fraction digits as an integer.
    public var f: Int
    /// Visible fraction digits without trailing zeros.
    public var t: Int

    /// Operands of a number written in ASCII with `.` as separator, e.g. "1.50" (v=2, f=50, t=5).
    public init?(_ written: String) {
        let parts = written.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let integer = Int(parts[0].replacingOccurrences(of: "-", with: "")) else { return nil }
        let fraction = parts.count == 2 ? String(parts[1]) : ""
        guard fraction.allSatisfy(\.isASCIIDigit) else { return nil }
        i = integer
        v = fraction.count
        f = Int(fraction) ?? 0
        let trimmed = String(fraction.reversed().drop(while: { $0 == "0" }).reversed())
        t = Int(trimmed) ?? 0
        n = Double(integer) + (Double("0." + (fraction.isEmpty ? "0" : fraction)) ?? 0)
    }

    /// Operands of a number that is printed with at most `fractionDigits` digits, trailing zeros removed.
    public init(_ value: Double) {
        let written = DecimalText.plain(value)
        self = PluralOperands(written) ?? PluralOperands(integer: Int(saturating: value))
    }

    /// Operands of an integer.
    public init(integer: Int) {
        n = Double(abs(integer)); i = abs(integer); v = 0; f = 0; t = 0
    }
}

extension Character {
    /// True for 0…9.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// The CLDR plural rule sets VoiceGuide ships (cardinal rules, CLDR 44), for integers and decimals.
public enum PluralRules: String, Sendable, Hashable, CaseIterable {
    case en, de, nl, it, es, fr, pt, pl, ru, ja, zh
    case sv, nb, fi, da, ca, cs, sk, uk, hu, tr, el, ro, ko, id, vi, hi, he, ar
    /// European Portuguese: "one" is i = 1 and v = 0 (Brazilian `pt` also counts 0 and 0.x as one).
    case ptPT = "pt-PT"

    /// The categories this rule set distinguishes (every one needs a form in a phrasebook).
    public var categories: [PluralCategory] {
        switch self {
        case .en, .de, .nl, .sv, .nb, .fi, .da, .hu, .tr, .el, .hi: return [.one, .other]
        case .it, .es, .fr, .pt, .ptPT, .ca: return [.one, .many, .other]
        case .pl, .ru, .uk, .cs, .sk: return [.one, .few, .many, .other]
        case .ro: return [.one, .few, .other]
        case .he: return [.one, .two, .other]
        case .ar: return [.zero, .one, .two, .few, .many, .other]
        case .ja, .zh, .ko, .id, .vi: return [.other]
        }
    }

    /// The category of a number.
    public func category(_ o: PluralOperands) -> PluralCategory {
        // "many" for the Romance languages: e = 0 and i != 0 and i % 1000000 = 0 and v = 0 (e is always 0 here).
        let millions = o.i != 0 && o.i % 1_000_000 == 0 && o.v == 0
        switch self {
        case .en, .de, .nl, .sv, .nb, .fi:
            return o.i == 1 && o.v == 0 ? .one : .other
        case .da:
            // n = 1 or t != 0 and i = 0,1
            return o.n == 1 || (o.t != 0 && (o.i == 0 || o.i == 1)) ? .one : .other
        case .hu, .tr, .el:
            return o.n == 1 ? .one : .other
        case .hi:
            return o.i == 0 || o.n == 1 ? .one : .other
        case .it, .ca, .ptPT:
            if o.i == 1 && o.v == 0 { return .one }
            return millions ? .many : .other
        case .cs, .sk:
            if o.v != 0 { return .many }
            if o.i == 1 { return .one }
            return (2...4).contains(o.i) ? .few : .other
        case .uk:
            guard o.v == 0 else { return .other }
            let i10 = o.i % 10, i100 = o.i % 100
            if i10 == 1 && i100 != 11 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case .ro:
            // one: i = 1 and v = 0; few: v != 0 or n = 0 or n != 1 and n % 100 = 1..19
            if o.i == 1 && o.v == 0 { return .one }
            if o.v != 0 || o.n == 0 || (1...19).contains(o.i % 100) { return .few }
            return .other
        case .he:
            if (o.i == 1 && o.v == 0) || (o.i == 0 && o.v != 0) { return .one }
            return o.i == 2 && o.v == 0 ? .two : .other
        case .ar:
            // zero: n = 0; one: n = 1; two: n = 2; few: n % 100 = 3..10; many: n % 100 = 11..99 (n whole)
            if o.n == 0 { return .zero }
            if o.n == 1 { return .one }
            if o.n == 2 { return .two }
            guard o.v == 0 else { return .other }
            let i100 = o.i % 100
            if (3...10).contains(i100) { return .few }
            return (11...99).contains(i100) ? .many : .other
        case .ko, .id, .vi:
            return .other
        case .es:
            if o.n == 1 { return .one }
            return millions ? .many : .other
        case .fr:
            if o.i == 0 || o.i == 1 { return .one }
            return millions ? .many : .other
        case .pt:
            if o.i == 0 || o.i == 1 { return .one }
            return millions ? .many : .other
        case .pl:
            guard o.v == 0 else { return .other }
            let i10 = o.i % 10, i100 = o.i % 100
            if o.i == 1 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case .ru:
            guard o.v == 0 else { return .other }
            let i10 = o.i % 10, i100 = o.i % 100
            if i10 == 1 && i100 != 11 { return .one }
            if (2...4).contains(i10) && !(12...14).contains(i100) { return .few }
            return .many
        case .ja, .zh:
            return .other
        }
    }

    /// The category of a number as it is printed (trailing fraction zeros dropped).
    public func category(_ value: Double) -> PluralCategory { category(PluralOperands(value)) }
}

/// Number printing without trailing zeros, independent of any system locale.
public enum DecimalText {
    /// "400", "1.5", "0.25" (at most 3 fraction digits; `.` separator).
    public static func plain(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 2^53 there are no fraction digits to print, and Int would overflow (a trap).
        guard abs(value) < 9e15 else { return String(format: "%.0f", value) }
        let scaled = (abs(value) * 1000).rounded()
        let integer = Int(saturating: scaled) / 1000
        var fraction = Int(saturating: scaled) % 1000
        let sign = value < 0 && scaled > 0 ? "-" : ""
        guard fraction != 0 else { return sign + String(integer) }
        var digits = 3
        while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
        let fractionText = String(fraction)
        return sign + String(integer) + "." + String(repeating: "0", count: digits - fractionText.count) + fractionText
    }
}
