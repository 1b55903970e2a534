/// Street-name speech rules of a phrasebook (Phrasebooks/FORMAT.md §7). Display text is never changed.
public struct SpeechRules: Sendable, Hashable {
    /// Where an abbreviation applies.
    public enum Position: String, Sendable, Hashable { case start, end, any, suffix, notStart }

    /// One abbreviation.
    public struct Abbreviation: Sendable, Hashable {
        /// The abbreviation as written (without a trailing ".").
        public var abbr: String
        /// What is said.
        public var spoken: String
        /// Where it applies.
        public var at: Position
        /// Not expanded when the next word, as written or expanded, is one of these (lower-cased): "S Street" keeps its letter.
        public var notBefore: Set<String>
        /// Not expanded when the only word before it, as written or expanded, is one of these (lower-cased): "Avenue N".
        public var notAfterFirst: Set<String>

        /// Creates an abbreviation; the condition words are compared case-insensitively.
        public init(abbr: String, spoken: String, at: Position, notBefore: [String] = [], notAfterFirst: [String] = []) {
            self.abbr = abbr
            self.spoken = spoken
            self.at = at
            self.notBefore = Set(notBefore.map { $0.lowercased() })
            self.notAfterFirst = Set(notAfterFirst.map { $0.lowercased() })
        }
    }

    /// Abbreviations, first match wins.
    public var abbreviations: [Abbreviation]
    /// Ref letter prefixes and their spoken form ("I" → "Interstate").
    public var refPrefixes: [String: String]
    /// Spell 2+ letter ref prefixes letter by letter ("US" → "U S").
    public var spellRefLetters: Bool
    /// Speak a name's `pronunciation` as text when the name contains Han characters and the pronunciation has
    /// none (ja: the voice cannot read kanji, OSRM's pronunciation is usually kana).
    public var pronunciationReplacesHan: Bool
    /// How a lone capital letter is said in a ref, an exit number or a spelled prefix, where the voice would read
    /// it as a word (en "A" → "eh": eSpeak reads a lone "A" as the article "uh").
    public var letters: [String: String]
    /// Numbers inside names said as natives say them (§7.6), first match per number.
    public var numbers: [NumberRule]
    /// The English direction word that ends a ref ("I 80 East") and how it is said ("österut").
    public var refDirections: [String: String] = [:]
    /// What a "/" between two parts of a name or signposted place is said as (`speech.slash`, §7.7): a pause by
    /// default ("Messe/ICM" → "Messe, ICM"), never the word "slash".
    public var slash: String = ", "

    /// Creates rules.
    public init(abbreviations: [Abbreviation] = [], refPrefixes: [String: String] = [:], spellRefLetters: Bool = false,
                pronunciationReplacesHan: Bool = false, letters: [String: String] = [:], numbers: [NumberRule] = []) {
        self.abbreviations = abbreviations
        self.refPrefixes = refPrefixes
        self.spellRefLetters = spellRefLetters
        self.pronunciationReplacesHan = pronunciationReplacesHan
        self.letters = letters
        self.numbers = numbers
    }

    /// A name with abbreviations expanded for speech ("N Main St" → "North Main Street", "S St" → "S Street").
    public func expand(_ name: String) -> String {
        let name = unslashed(name)
        guard !abbreviations.isEmpty || !numbers.isEmpty else { return name }
        let words = name.split(separator: " ").map(String.init)
        guard !words.isEmpty else { return name }
        var out: [String] = []
        out.reserveCapacity(words.count)
        for index in words.indices {
            out.append(number(in: words, at: index) ?? hyphenatedRoman(words[index])
                       ?? expandWord(in: words, at: index, checkNeighbours: true))
        }
        return out.joined(separator: " ")
    }

    /// A hyphenated word with a Roman numeral among its parts, said by the first `roman` rule with a context
    /// (`before`/`after`; "DC" in "Washington-DC" is no numeral) that takes it with the other parts as its
    /// neighbours, the said words joined by hyphens as the compound is written: de "Ludwig-II.-Straße" →
    /// "Ludwig-der-Zweite-Straße". Nil when no part is such a numeral.
    private func hyphenatedRoman(_ word: String) -> String? {
        guard word.contains("-") else { return nil }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard parts.count > 1 else { return nil }
        var changed = false
        let said = parts.indices.map { index -> String in
            for rule in numbers where rule.kind == .roman && !(rule.before.isEmpty && rule.after.isEmpty) {
                if let words = rule.say(parts, at: index) {
                    changed = true
                    return words.split(separator: " ").joined(separator: "-")
                }
            }
            return parts[index]
        }
        return changed ? said.joined(separator: "-") : nil
    }

    /// `name` with every "/" between two parts (spaced on both sides or on neither) said as `slash`: "Messe/ICM" →
    /// "Messe, ICM". A "/" between two digits ("3/4"), at either end, after a lone letter or with a space on one
    /// side only (the es and ca street word "C/ Alcalá", "C/Alcalá") stays.
    func unslashed(_ name: String) -> String {
        guard name.contains("/") else { return name }
        let characters = Array(name)
        var out = ""
        out.reserveCapacity(name.utf8.count + 4)
        var skipSpace = false
        for (i, c) in characters.enumerated() {
            if skipSpace && c.isWhitespace { continue }
            skipSpace = false
            guard c == "/", i > 0, i + 1 < characters.count,
                  characters[i - 1].isWhitespace == characters[i + 1].isWhitespace,
                  let before = characters[..<i].last(where: { !$0.isWhitespace }),
                  let after = characters[(i + 1)...].first(where: { !$0.isWhitespace }),
                  before != "/", after != "/", !(before.isNumber && after.isNumber),
                  !Self.endsInLoneLetter(characters[..<i]) else { out.append(c); continue }
            while out.last?.isWhitespace == true { out.removeLast() }
            out += slash
            skipSpace = true
        }
        return out
    }

    /// True when `text` ends in a word of one letter ("C" of "C/Alcalá").
    private static func endsInLoneLetter(_ text: ArraySlice<Character>) -> Bool {
        guard let last = text.last, last.isLetter else { return false }
        let before = text.dropLast().last
        return before == nil || before?.isWhitespace == true
    }

    /// Word `index` as the first matching number rule says it, or nil.
    private func number(in words: [String], at index: Int) -> String? {
        for rule in numbers { if let said = rule.say(words, at: index) { return said } }
        return nil
    }

    /// A ref's number part as said: a Roman numeral under a `romanRef` rule ("VI" → "6"), else nil.
    private func romanRef(_ rest: Substring) -> String? {
        guard let rule = numbers.first(where: { $0.kind == .romanRef }) else { return nil }
        let numeral = rest.prefix(while: { $0.isLetter })
        guard let n = NumberRule.roman(String(numeral)), let said = rule.say(n) else { return nil }
        return said + rest.dropFirst(numeral.count)
    }

    /// Word `index` of `words` as said. Neighbours are looked at as written and as expanded without their own
    /// neighbour conditions (so the check never recurses).
    private func expandWord(in words: [String], at index: Int, checkNeighbours: Bool) -> String {
        let word = words[index], count = words.count
        let core = Self.core(word)
        let trailingComma = (word.hasSuffix(".") ? word.dropLast() : word[...]).hasSuffix(",")
        for a in abbreviations {
            switch a.at {
            case .suffix:
                let lower = word.lowercased()
                let abbr = a.abbr.lowercased()
                if lower.hasSuffix(abbr), lower.count > abbr.count {
                    return String(word.dropLast(abbr.count)) + a.spoken
                }
            case .start where index == 0 && count > 1,
                 .end where index == count - 1 && count > 1,
                 .notStart where index > 0,
                 .any:
                guard core == a.abbr else { continue }
                if checkNeighbours {
                    if !a.notBefore.isEmpty, index + 1 < count, neighbour(in: words, at: index + 1, isIn: a.notBefore) { continue }
                    if !a.notAfterFirst.isEmpty, index == 1, neighbour(in: words, at: 0, isIn: a.notAfterFirst) { continue }
                }
                return a.spoken + (trailingComma ? "," : "")
            default:
                continue
            }
        }
        return word
    }

    /// True when word `index`, as written or as expanded, is in `set` (lower-cased, without "." or ",").
    private func neighbour(in words: [String], at index: Int, isIn set: Set<String>) -> Bool {
        if set.contains(Self.core(words[index]).lowercased()) { return true }
        return set.contains(Self.core(expandWord(in: words, at: index, checkNeighbours: false)).lowercased())
    }

    /// A word without one trailing "." and then one trailing ",".
    private static func core(_ word: String) -> String {
        var core = word[...]
        if core.hasSuffix(".") { core = core.dropLast() }
        if core.hasSuffix(",") { core = core.dropLast() }
        return String(core)
    }

    /// A ref as said: "I-95" → "Interstate 95", "US 101" → "U S 101", "A 9" → "A 9", "M25" → "M 25"; lone
    /// letters as `letters` say them (en "A 4" → "eh 4").
    public func spokenRef(_ ref: String) -> String {
        let letters = ref.prefix(while: { $0.isLetter })
        guard !letters.isEmpty else { return ref }
        var rest = ref.dropFirst(letters.count)
        if rest.isEmpty, let mapped = refPrefixes[String(letters)] { return mapped }  // ru "МКАД" said as a word
        if rest.isEmpty && spellRefLetters && (2...5).contains(letters.count) && letters.allSatisfy(\.isUppercase) {
            return letters.map { letter(String($0)) }.joined(separator: " ")  // a ref of letters only: "PATP" → "P A T P"
        }
        if rest.first == "-" || rest.first == " " { rest = rest.dropFirst() }
        if let split = refDirection(ref) {
            // "I 80 East" → "I 80 österut": the ref said, then the direction in the book's words.
            return spokenRef(split.ref) + split.joiner + split.said
        }
        if let roman = romanRef(rest) { return letter(String(letters)) + " " + roman }
        guard !rest.isEmpty, rest.first?.isNumber == true else { return ref }
        let said: String
        if let mapped = refPrefixes[String(letters)] {
            said = mapped
        } else if spellRefLetters && letters.count >= 2 && letters.allSatisfy(\.isUppercase) {
            said = letters.map { letter(String($0)) }.joined(separator: " ")
        } else {
            said = letter(String(letters))
        }
        return said + " " + spokenExitNumber(String(rest))
    }

    /// A ref's closing English direction word, split off and as the book says it (`refDirections`):
    /// "I 80 East" → ref "I 80", written "East", said "österut"; nil when the ref ends in no listed word.
    /// `joiner` goes between the ref and the said word: a space, or nothing before a word in a script written
    /// without spaces (zh "I 80东行", ja "I 80東行き").
    func refDirection(_ ref: String) -> (ref: String, written: String, said: String, joiner: String)? {
        guard !refDirections.isEmpty, let space = ref.lastIndex(of: " ") else { return nil }
        let written = String(ref[ref.index(after: space)...])
        let base = String(ref[..<space])
        guard let said = refDirections[written], base.contains(where: \.isNumber) else { return nil }
        let unspaced = said.unicodeScalars.first.map { $0.properties.isIdeographic || Self.isKana($0) } ?? false
        return (base, written, said, unspaced ? "" : " ")
    }

    /// True for a hiragana or katakana letter (Japanese is written without spaces).
    private static func isKana(_ scalar: Unicode.Scalar) -> Bool { (0x3040...0x30FF).contains(scalar.value) }

    /// A lone letter as said (`letters`), else as written.
    private func letter(_ text: String) -> String { letters[text] ?? text }

    /// An exit number as said: "23B" → "23 B"; a lone letter as `letters` say it (en "21A" → "21 eh").
    public func spokenExitNumber(_ exit: String) -> String {
        var out = ""
        var previous: Character?
        var pending = ""
        func flush() { out += letter(pending); pending = "" }
        for c in exit {
            if let p = previous, (p.isNumber && c.isLetter) || (p.isLetter && c.isNumber) { flush(); out.append(" ") }
            if c.isLetter { pending.append(c) } else { flush(); out.append(c) }
            previous = c
        }
        flush()
        return out
    }
}

extension SpeechRules {
    /// True when `text` contains a Han character (kanji/hanzi: a CJK ideograph).
    static func containsHan(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.properties.isIdeographic }
    }
}
