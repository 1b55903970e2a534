/// Readings of Latin letters and words in kana: letter names as Japanese says them (B → ビー, JR → ジェイアール),
/// and Hepburn romaji read as written (Shibuya → しぶや).
public enum LatinReading {
    private static let letterNames: [Character: String] = [
        "a": "エー", "b": "ビー", "c": "シー", "d": "ディー", "e": "イー", "f": "エフ", "g": "ジー", "h": "エイチ",
        "i": "アイ", "j": "ジェイ", "k": "ケー", "l": "エル", "m": "エム", "n": "エヌ", "o": "オー", "p": "ピー",
        "q": "キュー", "r": "アール", "s": "エス", "t": "ティー", "u": "ユー", "v": "ブイ", "w": "ダブリュー",
        "x": "エックス", "y": "ワイ", "z": "ゼット",
    ]

    /// The letter names of a run of Latin letters, in katakana ("23B" → the B: ビー).
    public static func letters(_ word: Substring) -> String {
        word.map { letterNames[Character($0.lowercased())] ?? String($0) }.joined()
    }

    /// A Latin word as Japanese reads it: a single letter and acronyms (all capitals, up to five letters) by their
    /// letter names; other words as Hepburn romaji when they are romaji; nil otherwise (an English word such as
    /// "Oak" is not spelled out).
    public static func word(_ word: Substring) -> String? {
        if word.count == 1 || (word.count <= 5 && word.allSatisfy(\.isUppercase)) { return letters(word) }
        return romaji(word)
    }

    private static let vowels: [Character: Int] = ["a": 0, "i": 1, "u": 2, "e": 3, "o": 4]
    /// Hepburn syllables by consonant: the kana for a, i, u, e, o ("" where the syllable does not exist).
    private static let rows: [String: [String]] = [
        "": ["あ", "い", "う", "え", "お"], "k": ["か", "き", "く", "け", "こ"], "g": ["が", "ぎ", "ぐ", "げ", "ご"],
        "s": ["さ", "", "す", "せ", "そ"], "sh": ["しゃ", "し", "しゅ", "しぇ", "しょ"], "z": ["ざ", "", "ず", "ぜ", "ぞ"],
        "j": ["じゃ", "じ", "じゅ", "じぇ", "じょ"], "t": ["た", "", "", "て", "と"], "ch": ["ちゃ", "ち", "ちゅ", "ちぇ", "ちょ"],
        "ts": ["", "", "つ", "", ""], "d": ["だ", "", "", "で", "ど"], "n": ["な", "に", "ぬ", "ね", "の"],
        "h": ["は", "ひ", "", "へ", "ほ"], "f": ["", "", "ふ", "", ""], "b": ["ば", "び", "ぶ", "べ", "ぼ"],
        "p": ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"], "m": ["ま", "み", "む", "め", "も"], "y": ["や", "", "ゆ", "", "よ"],
        "r": ["ら", "り", "る", "れ", "ろ"], "w": ["わ", "", "", "", "を"],
        "ky": ["きゃ", "", "きゅ", "", "きょ"], "gy": ["ぎゃ", "", "ぎゅ", "", "ぎょ"], "ny": ["にゃ", "", "にゅ", "", "にょ"],
        "hy": ["ひゃ", "", "ひゅ", "", "ひょ"], "by": ["びゃ", "", "びゅ", "", "びょ"], "py": ["ぴゃ", "", "ぴゅ", "", "ぴょ"],
        "my": ["みゃ", "", "みゅ", "", "みょ"], "ry": ["りゃ", "", "りゅ", "", "りょ"],
    ]

    /// A word in Hepburn romaji as hiragana ("Shibuya" → しぶや, "Nippombashi" → にっぽんばし); nil when it is not romaji.
    public static func romaji(_ word: Substring) -> String? {
        let s = Array(word.lowercased())
        var out = ""
        var i = 0
        while i < s.count {
            let c = s[i]
            if let v = vowels[c] { out += rows[""]?[v] ?? ""; i += 1; continue }
            let next: Character? = i + 1 < s.count ? s[i + 1] : nil
            // Syllabic n: before a consonant other than y, at the end, or "n'"; Hepburn's m before b, p, m.
            if (c == "n" && (next == nil || next == "'" || (next.map { vowels[$0] == nil && $0 != "y" } ?? false)))
                || (c == "m" && (next == "b" || next == "p" || next == "m")) {
                out += "ん"
                i += next == "'" ? 2 : 1
                continue
            }
            // Doubled consonant (and "tch"): a small っ.
            if let next, (next == c || (c == "t" && next == "c")), vowels[c] == nil { out += "っ"; i += 1; continue }
            var matched = false
            for length in [2, 1] where i + length < s.count {
                let consonant = String(s[i..<i + length])
                guard let row = rows[consonant], let v = vowels[s[i + length]], !row[v].isEmpty else { continue }
                out += row[v]
                i += length + 1
                matched = true
                break
            }
            if !matched { return nil }
        }
        return out
    }
}
