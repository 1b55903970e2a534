import Phrasing

/// Turkish numbers with a suffix for eSpeak NG's `tr` voice: the exported text writes "O 4'e", "D 100'e" as Turkish
/// is written; a Turk reads the number as one word with its suffix ("dörde", "yüze"), while the voice reads the
/// digits and the suffix apart, with a pause at the apostrophe ("dört … e"). Numbers without a suffix, and names,
/// are read as written.
public struct TurkishNumberReader: NameReader {
    static let ones = ["", "bir", "iki", "üç", "dört", "beş", "altı", "yedi", "sekiz", "dokuz"]
    static let tens = ["", "on", "yirmi", "otuz", "kırk", "elli", "altmış", "yetmiş", "seksen", "doksan"]

    /// A reader.
    public init() {}

    /// See `NameReader.reading(of:)`: names are read as written.
    public func reading(of name: String) -> String? { name }

    /// See `NameReader.spokenText(_:)`: each number written with an apostrophe and a suffix ("4'e", "2080'e",
    /// "3’ten") in words with the suffix joined ("dörde", "iki bin seksene", "üçten"); dört takes its d before a
    /// vowel (dörde, dördüncü), as written Turkish does.
    public func spokenText(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var i = 0
        while i < chars.count {
            guard chars[i].isASCII, chars[i].isNumber, i == 0 || !(chars[i - 1].isNumber || chars[i - 1] == "." || chars[i - 1] == ",") else {
                out.append(chars[i]); i += 1; continue
            }
            var end = i
            while end < chars.count, chars[end].isASCII, chars[end].isNumber { end += 1 }
            var suffixEnd = end + 1
            while suffixEnd < chars.count, chars[suffixEnd].isLetter { suffixEnd += 1 }
            guard end < chars.count, chars[end] == "'" || chars[end] == "’", suffixEnd > end + 1,
                  let words = Self.words(String(chars[i..<end])) else {
                out += String(chars[i..<end]); i = end; continue
            }
            let suffix = String(chars[(end + 1)..<suffixEnd])
            let startsWithVowel = suffix.first.map { "aeıioöuüAEIİOÖUÜ".contains($0) } ?? false
            out += (startsWithVowel && words.hasSuffix("dört") ? String(words.dropLast(4)) + "dörd" : words) + suffix
            i = suffixEnd
        }
        return out
    }

    /// `digits` as a Turkish numeral in words ("2080" → "iki bin seksen"), or nil above 999 999.
    static func words(_ digits: String) -> String? {
        guard digits.count <= 6, let n = Int(digits) else { return nil }
        return n == 0 ? "sıfır" : words(n)
    }

    private static func words(_ n: Int) -> String {
        var parts: [String] = []
        if n >= 1000 { parts += n / 1000 == 1 ? ["bin"] : [words(n / 1000), "bin"] }
        let h = n % 1000 / 100
        if h > 0 { parts += h == 1 ? ["yüz"] : [ones[h], "yüz"] }
        if n % 100 >= 10 { parts.append(tens[n % 100 / 10]) }
        if n % 10 > 0 { parts.append(ones[n % 10]) }
        return parts.joined(separator: " ")
    }
}
