import Foundation

/// A foreign (Latin-script) name word in katakana, as a Japanese voice can say it ("Victoria" → ヴィクトリア,
/// "Großer" → グローサー, "Kanavakatu" → カナヴァカトゥ). A reading by rule, not a dictionary: European spellings
/// in the common Japanese way (doubled consonants as ッ; doubled vowels, "ie" inside a word, ß, h after a vowel and a
/// final "er" long; English ee, oa and igh as said;
/// j as y, w in the ウ row, v in the ヴ row, other final consonants with their u or o). eSpeak NG's `ja` voice
/// spells a Latin word letter by letter through its English voice, so without a reading the name would be lost.
public enum ForeignKatakana {
    /// Letters with marks, as the plain letters a Japanese reading takes them for.
    private static let folded: [Character: String] = [
        "ä": "e", "æ": "e", "ö": "e", "ø": "e", "œ": "e", "ő": "e", "ü": "yu", "ű": "yu", "å": "o",
        "ß": ":s", "ñ": "ny", "ň": "ny", "ç": "s", "č": "ch", "ć": "ch", "š": "sh", "ś": "sh", "ş": "sh",
        "ž": "j", "ź": "j", "ż": "j", "ł": "w", "ğ": ":", "ı": "i", "ý": "i", "ą": "on", "ę": "en",
    ]
    /// Spellings read as one sound, longest first within each group, applied left to right.
    private static let spellings: [(String, String)] = [
        ("tsch", "C"), ("sch", "sh"), ("ch", "C"), ("tion", "shon"), ("dge", "j"), ("ph", "f"), ("th", "t"),
        ("ck", "kk"), ("qu", "kw"), ("tz", "ts"), ("x", "ks"), ("ce", "se"), ("ci", "si"), ("cy", "si"), ("c", "k"),
        ("C", "ch"), ("igh", "ai"), ("ei", "ai"), ("eu", "oi"), ("ay", "ei"), ("ey", "ei"), ("oa", "o:"), ("ee", "i:"),
        ("aa", "a:"), ("oo", "o:"), ("uu", "u:"), ("ii", "i:"),
    ]
    private static let vowels: [Character: Int] = ["a": 0, "i": 1, "u": 2, "e": 3, "o": 4]
    /// Katakana by consonant: the syllables with a, i, u, e, o.
    private static let rows: [String: [String]] = [
        "": ["ア", "イ", "ウ", "エ", "オ"], "k": ["カ", "キ", "ク", "ケ", "コ"], "g": ["ガ", "ギ", "グ", "ゲ", "ゴ"],
        "s": ["サ", "シ", "ス", "セ", "ソ"], "z": ["ザ", "ジ", "ズ", "ゼ", "ゾ"], "t": ["タ", "ティ", "トゥ", "テ", "ト"],
        "d": ["ダ", "ディ", "ドゥ", "デ", "ド"], "n": ["ナ", "ニ", "ヌ", "ネ", "ノ"], "h": ["ハ", "ヒ", "フ", "ヘ", "ホ"],
        "b": ["バ", "ビ", "ブ", "ベ", "ボ"], "p": ["パ", "ピ", "プ", "ペ", "ポ"], "m": ["マ", "ミ", "ム", "メ", "モ"],
        "y": ["ヤ", "イ", "ユ", "イェ", "ヨ"], "r": ["ラ", "リ", "ル", "レ", "ロ"], "l": ["ラ", "リ", "ル", "レ", "ロ"],
        "w": ["ワ", "ウィ", "ウ", "ウェ", "ウォ"], "f": ["ファ", "フィ", "フ", "フェ", "フォ"],
        "v": ["ヴァ", "ヴィ", "ヴ", "ヴェ", "ヴォ"], "sh": ["シャ", "シ", "シュ", "シェ", "ショ"],
        "ch": ["チャ", "チ", "チュ", "チェ", "チョ"], "j": ["ジャ", "ジ", "ジュ", "ジェ", "ジョ"],
        "ts": ["ツァ", "ツィ", "ツ", "ツェ", "ツォ"], "ny": ["ニャ", "ニ", "ニュ", "ニェ", "ニョ"],
        "kw": ["クァ", "クィ", "ク", "クェ", "クォ"],
    ]
    /// Consonants that take y before a vowel as one syllable (kya キャ), and the small kana after their i.
    private static let palatal: Set<String> = ["k", "g", "h", "b", "p", "m", "r", "l", "n", "d", "t", "f", "v"]
    private static let smallY = ["ャ", "", "ュ", "ェ", "ョ"]
    /// A consonant with no vowel after it: t and d take o, the others u; n is ン.
    private static let bare: [String: String] = [
        "k": "ク", "g": "グ", "s": "ス", "z": "ズ", "t": "ト", "d": "ド", "n": "ン", "b": "ブ", "p": "プ", "m": "ム",
        "y": "イ", "r": "ル", "l": "ル", "w": "ウ", "f": "フ", "v": "ヴ", "sh": "シュ", "ch": "チ", "j": "ジ",
        "ts": "ツ", "ny": "ニ", "kw": "ク", "h": "",
    ]
    private static let digraphs: Set<String> = ["sh", "ch", "ts", "ny", "kw"]

    /// The katakana reading of one word of Latin letters (marks allowed); nil when it holds anything else.
    public static func reading(_ word: Substring) -> String? {
        var s = ""
        for c in word.lowercased() {
            if let f = folded[c] { s += f; continue }
            let plain = String(c).folding(options: .diacriticInsensitive, locale: nil)
            guard plain.count == 1, let p = plain.first, p.isASCII, p.isLetter else { return nil }
            s.append(p)
        }
        guard !s.isEmpty else { return nil }
        if s.count > 3, s.hasSuffix("er") { s = String(s.dropLast(2)) + "a:" }   // Baker, Großer: ベーカー, グローサー
        // "ie" inside a word is a long i (Friedrich, Riem); at the end it is i-e (Finnish tie: Mannerheimintie).
        let ieAtEnd = s.hasSuffix("ie")
        if ieAtEnd { s = String(s.dropLast(2)) }
        s = s.replacingOccurrences(of: "ie", with: "i:")
        if ieAtEnd { s += "ie" }
        for (from, to) in spellings { s = s.replacingOccurrences(of: from, with: to) }
        // y before anything but a vowel is the vowel i (Lynn: リン).
        var letters = Array(s)
        for k in letters.indices where letters[k] == "y" && (k + 1 == letters.count || vowels[letters[k + 1]] == nil) { letters[k] = "i" }
        return syllables(letters)
    }

    private static func syllables(_ s: [Character]) -> String {
        var out = ""
        var i = 0
        func vowelAt(_ k: Int) -> Int? { k < s.count ? vowels[s[k]] : nil }
        while i < s.count {
            let c = s[i]
            if c == ":" { if !out.isEmpty, out.last != "ー" { out += "ー" }; i += 1; continue }
            if let v = vowels[c] {
                // A vowel with no consonant before it is its own kana ("ai" アイ).
                out += rows[""]?[v] ?? ""
                i += 1
                continue
            }
            // h after a vowel and before a consonant or the end lengthens the vowel (Bahnhof: バーンホフ).
            if c == "h", i > 0, vowels[s[i - 1]] != nil, vowelAt(i + 1) == nil {
                if out.last != "ー" { out += "ー" }
                i += 1
                continue
            }
            // A doubled consonant: ッ before the second (ン for m and n; one l or r).
            if i + 1 < s.count, s[i + 1] == c {
                switch c {
                case "m", "n": if vowelAt(i + 2) != nil { out += "ン" }; i += 1; continue
                case "l", "r", "h", "w", "y": i += 1; continue
                default: out += "ッ"; i += 1; continue
                }
            }
            var consonant = String(c)
            if i + 1 < s.count, digraphs.contains(String(s[i...i + 1])) { consonant = String(s[i...i + 1]) }
            let next = i + consonant.count
            if let v = vowelAt(next), let kana = rows[consonant]?[v] {
                out += kana
                i = next + 1
            } else if next < s.count, s[next] == "y", palatal.contains(consonant), let v = vowelAt(next + 1), v != 1,
                      let iKana = rows[consonant]?[1] {
                out += iKana + smallY[v]
                i = next + 2
            } else {
                // m before b, p, m is ン; y after a vowel is イ; otherwise the consonant alone.
                if consonant == "m", next < s.count, "bpm".contains(s[next]) { out += "ン" } else { out += bare[consonant] ?? "" }
                i = next
            }
        }
        return out
    }
}
