/// One voice's pronunciation layer (`Voices/<backend>/<voice>.json`, Voices/FORMAT.md): the respellings that
/// one synthesizer needs and no other, applied only on the way into that synthesizer. Exported text never
/// contains them (docs/ARCHITECTURE.md §3 rule 5).
public struct VoiceLexicon: Sendable, Hashable {
    /// Where an entry's `written` text matches.
    public enum Match: String, Sendable, Hashable, CaseIterable {
        /// Whole words: not preceded or followed by a letter, digit or mark.
        case word
        /// A lone letter of a ref or an exit number: a whole word in a run of lone capital letters and numbers
        /// that holds a number or another lone capital ("V A 193", "exit 21 A", "the A 1", "P A T P"), or a lone
        /// capital between words that are not capitalised ("take exit A toward"). A sentence's first word only
        /// in such a run and when the sentence goes on in another script ("B 4 पर दाएं मुड़ें।"; never "A 200 m, …").
        case ref
        /// Inside a word: between two letters ("Kadıköy'e").
        case inWord
        /// Anywhere (for scripts written without spaces: ja "の角" → "のかど").
        case text
    }

    /// One respelling.
    public struct Entry: Sendable, Hashable {
        /// The text as written in the exported spoken text.
        public var written: String
        /// What this voice is given instead.
        public var said: String
        /// Where it matches.
        public var match: Match
        /// A phrase that shows the entry at work (default: `written`).
        public var example: String
        /// What the voice says for `example` with the layer applied (eSpeak NG: `espeak-ng -x` mnemonics).
        public var phonemes: String?

        /// Creates an entry.
        public init(written: String, said: String, match: Match = .word, example: String? = nil, phonemes: String? = nil) {
            self.written = written
            self.said = said
            self.match = match
            self.example = example ?? written
            self.phonemes = phonemes
        }
    }

    /// The backend the layer is for ("espeak").
    public var backend: String
    /// The voice name, as the locale names it ("en-us").
    public var voice: String
    /// The language whose name reader (`VoiceGuideData.nameReaders`) is applied after the entries ("ja": kana
    /// for the `ja` voice; "zh": letters apart from digits for `cmn-latn-pinyin`), or nil.
    public var reader: String?
    /// The respellings; at one position the longest `written` wins.
    public var entries: [Entry]

    /// Creates a layer.
    public init(backend: String, voice: String, reader: String? = nil, entries: [Entry] = []) {
        self.backend = backend
        self.voice = voice
        self.reader = reader
        self.entries = entries.sorted { $0.written.count > $1.written.count }
    }

    /// `text` with every entry applied, left to right, never re-applied to its own output.
    public func apply(_ text: String) -> String {
        guard !entries.isEmpty else { return text }
        let chars = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        var i = 0
        outer: while i < chars.count {
            for entry in entries where matches(entry, in: chars, at: i) {
                out += entry.said
                i += entry.written.count
                continue outer
            }
            out.append(chars[i])
            i += 1
        }
        return out
    }

    /// True when some entry matches somewhere in `text` (an exported text must give false).
    public func firstEntry(in text: String) -> Entry? {
        let chars = Array(text)
        for i in chars.indices {
            if let entry = entries.first(where: { matches($0, in: chars, at: i) }) { return entry }
        }
        return nil
    }

    private func matches(_ entry: Entry, in chars: [Character], at i: Int) -> Bool {
        let written = Array(entry.written)
        guard !written.isEmpty, i + written.count <= chars.count, Array(chars[i..<(i + written.count)]) == written else { return false }
        let end = i + written.count
        switch entry.match {
        case .text:
            return true
        case .inWord:
            return i > 0 && chars[i - 1].isLetter && end < chars.count && chars[end].isLetter
        case .word:
            return Self.boundary(chars, before: i) && Self.boundary(chars, after: end)
        case .ref:
            guard Self.boundary(chars, before: i), Self.boundary(chars, after: end) else { return false }
            if Self.startsSentence(chars, at: i) {
                return Self.inRef(chars, from: i, to: end) && Self.foreignToSentence(chars, letter: i, after: end)
            }
            return Self.inRef(chars, from: i, to: end) || Self.standsAlone(chars, from: i, to: end)
        }
    }

    /// True for a letter of the Latin script (Basic Latin to Latin Extended-B, Latin Extended Additional).
    private static func isLatin(_ c: Character) -> Bool {
        guard c.isLetter, let v = c.unicodeScalars.first?.value else { return false }
        return v < 0x250 || (0x1E00...0x1EFF).contains(v)
    }

    /// True when the sentence's first word after the ref is written in another script than the ref's letter: a
    /// Latin "B" before Devanagari ("B 4 पर दाएं मुड़ें।") is never a word of the sentence's language, while a
    /// Latin "A" before Latin words ("A 200 m, vire") is the language's own first word.
    private static func foreignToSentence(_ chars: [Character], letter i: Int, after end: Int) -> Bool {
        var k = end
        while k < chars.count {
            if [".", "!", "?", "。", "！", "？"].contains(chars[k]) { return false }
            guard isWordCharacter(chars[k]) else { k += 1; continue }
            var e = k
            while e < chars.count, isWordCharacter(chars[e]) { e += 1 }
            // Numbers and lone capitals are the rest of the ref; the first other word shows the sentence's script.
            if chars[k].isLetter, !(e - k == 1 && chars[k].isUppercase) { return isLatin(chars[k]) != isLatin(chars[i]) }
            k = e
        }
        return false
    }

    /// True when a lone capital stands between words that are not capitalised, as an exit letter does ("take exit
    /// A toward", "निकास A की ओर", "з’їздом A, напрямок"): the word before begins with a lower-case or caseless
    /// letter and the word after, if the clause goes on, does not begin with a capital. A capital in a name
    /// ("Avenue A", "Plan A", "onto A Street") is left alone.
    private static func standsAlone(_ chars: [Character], from: Int, to: Int) -> Bool {
        guard to - from == 1, chars[from].isUppercase, from >= 2, chars[from - 1] == " " else { return false }
        var k = from - 1
        while k > 0, isWordCharacter(chars[k - 1]) || (k >= 2 && isApostrophe(chars[k - 1]) && chars[k - 2].isLetter) { k -= 1 }
        guard k < from - 1, chars[k].isLetter, !chars[k].isUppercase else { return false }
        if to + 1 < chars.count, chars[to] == " ", isWordCharacter(chars[to + 1]) {
            return !chars[to + 1].isUppercase
        }
        return true
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    /// An apostrophe that may join the parts of one word (uk "з’їжджайте", en "don't").
    static func isApostrophe(_ c: Character) -> Bool { c == "’" || c == "'" || c == "ʼ" }

    /// A word starts at `i`: the text starts there or a character that is no part of a word precedes it (an
    /// apostrophe after a letter joins: "з’їжджайте" holds no word "їжджайте").
    private static func boundary(_ chars: [Character], before i: Int) -> Bool {
        i == 0 || (!isWordCharacter(chars[i - 1]) && !(isApostrophe(chars[i - 1]) && i >= 2 && chars[i - 2].isLetter))
    }

    /// A word ends at `end` (an apostrophe before a letter joins: "з’їжджайте" holds no word "з").
    private static func boundary(_ chars: [Character], after end: Int) -> Bool {
        end >= chars.count || (!isWordCharacter(chars[end]) && !(isApostrophe(chars[end]) && end + 1 < chars.count && chars[end + 1].isLetter))
    }

    /// True when position `i` starts the text or a sentence (after ".", "!", "?", "。" and spaces).
    private static func startsSentence(_ chars: [Character], at i: Int) -> Bool {
        var k = i
        while k > 0, chars[k - 1].isWhitespace { k -= 1 }
        return k == 0 || [".", "!", "?", "。", "！", "？"].contains(chars[k - 1])
    }

    /// True when the word `from..<to` stands in a run of lone capital letters and numbers, joined by single
    /// spaces or hyphens, that holds a number or another lone capital (a spelled ref: "P A T P").
    private static func inRef(_ chars: [Character], from: Int, to: Int) -> Bool {
        // Right: lone capitals, then a word that starts with a digit.
        var j = to
        while j + 1 < chars.count, chars[j] == " " || chars[j] == "-" {
            let start = j + 1
            var k = start
            while k < chars.count, isWordCharacter(chars[k]) { k += 1 }
            guard k > start else { break }
            if chars[start].isNumber { return true }
            guard k - start == 1, chars[start].isUppercase else { break }
            return true
        }
        // Left: lone capitals, then a word that ends with a digit.
        var e = from
        while e >= 2, chars[e - 1] == " " || chars[e - 1] == "-" {
            let stop = e - 1
            var k = stop
            while k > 0, isWordCharacter(chars[k - 1]) { k -= 1 }
            guard k < stop else { break }
            if chars[stop - 1].isNumber { return true }
            guard stop - k == 1, chars[k].isUppercase else { break }
            return true
        }
        return false
    }
}
