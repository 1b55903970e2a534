/// One voice's pronunciation layer (`Voices/<backend>/<voice>.json`, Voices/FORMAT.md): the respellings that
/// one synthesizer needs and no other, applied only on the way into that synthesizer. Exported text never
/// contains them (docs/ARCHITECTURE.md §3 rule 5).
public struct VoiceLexicon: Sendable, Hashable {
    /// Where an entry's `written` text matches.
    public enum Match: String, Sendable, Hashable, CaseIterable {
        /// Whole words: not preceded or followed by a letter, digit or mark.
        case word
        /// A lone letter of a ref or an exit number: a whole word in a run of lone capital letters and numbers
        /// that holds a number or another lone capital ("V A 193", "exit 21 A", "the A 1", "P A T P"), never a
        /// sentence's first word ("A 200 m, …").
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
            return Self.boundary(chars, before: i) && Self.boundary(chars, after: end) && !Self.startsSentence(chars, at: i)
                && Self.inRef(chars, from: i, to: end)
        }
    }

    static func isWordCharacter(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }

    private static func boundary(_ chars: [Character], before i: Int) -> Bool { i == 0 || !isWordCharacter(chars[i - 1]) }
    private static func boundary(_ chars: [Character], after end: Int) -> Bool { end >= chars.count || !isWordCharacter(chars[end]) }

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
