/// One case of a grammar form: conditions on the value, then how to phrase it (Phrasebooks/FORMAT.md §6).
public struct GrammarCase: Sendable, Hashable {
    /// Required ref-ness, when given.
    public var ref: Bool?
    /// Required emptiness, when given.
    public var empty: Bool?
    /// The value starts with one of these (lower-cased).
    public var prefixes: [String]
    /// The value ends with one of these (lower-cased).
    public var suffixes: [String]
    /// One of the value's words is one of these (lower-cased).
    public var words: [String]
    /// The first letter is one of these (lower-cased), when given.
    public var initials: Set<Character>?
    /// Vowel harmony: the value's last vowel is one of the accepted ones, when given.
    public var lastVowel: LastVowel? = nil
    /// Korean particles: the final sound of the value's last Hangul syllable is one of these, when given.
    public var hangulFinals: Set<HangulFinal>? = nil
    /// Required ref-first-ness, when given: the value is a road known only by its ref or a signpost that starts
    /// with its refs.
    public var refFirst: Bool? = nil
    /// The phrase around the value (`{}`).
    public var template: Affix
    /// Per-word rewrites, first match per word.
    public var rewrites: [Rewrite]
    /// Lower-case the value's first letter.
    public var lowerFirst: Bool
    /// A word put after the value's first word: the adverb after a fronted verb ("sväng sedan höger").
    public var afterFirstWord: String? = nil
    /// Rewrite only each list item's leading run of agreeing words (`"agreeingRun"`), nil to rewrite every word.
    public var agreeingRun: AgreeingRun? = nil

    /// el "προς" + accusative: an item's head noun phrase takes the case, a genitive attribute after it does not
    /// ("Άγιος Νικόλαος" → "Άγιο Νικόλαο", "Σταθμός Λαρίσης" → "Σταθμό Λαρίσης", "Κέντρο Πόλης" unchanged).
    /// An item's first word is rewritten when a rule matches it; each next word only while the word before it was
    /// rewritten by an `ending` rule with the same ending (accents and a trailing comma aside). A `word` rule ends
    /// the run after its word. A new item starts after a word ending in "," ";" or ":" and after `restartAfter`.
    public struct AgreeingRun: Sendable, Hashable {
        /// Words (lower-cased) after which a new list item starts: el "και", "–".
        public var restartAfter: Set<String>
    }

    /// A word rewrite: a whole word or a word ending.
    public struct Rewrite: Sendable, Hashable {
        /// Whole word (lower-cased) to replace, or nil.
        public var word: String?
        /// Word ending to replace, or nil.
        public var ending: String?
        /// Replacement.
        public var to: String
        /// Only the value's last word is rewritten (`"lastWord": true`): hu "Pile Alle" → "Pile Allére", not
        /// "Pilére Allére", where Russian adjectives agree with their noun in every word.
        public var lastWordOnly: Bool = false
    }

    /// True when every given condition holds for `value`.
    func matches(_ value: SlotValue, head: String) -> Bool {
        if let ref, ref != value.isRef { return false }
        if let refFirst, refFirst != (value.isRef || value.startsWithRef) { return false }
        let isEmpty = value.isEmpty
        if let empty { if empty != isEmpty { return false } } else if isEmpty { return false }
        if !prefixes.isEmpty && !prefixes.contains(where: { head.hasPrefix($0) }) { return false }
        if !suffixes.isEmpty && !suffixes.contains(where: { head.hasSuffix($0) }) { return false }
        if !words.isEmpty {
            let parts = head.split(whereSeparator: { $0 == " " || $0 == "-" })
            if !parts.contains(where: { words.contains(String($0)) }) { return false }
        }
        if let initials {
            guard let first = head.first, initials.contains(first) else { return false }
        }
        if let lastVowel, !lastVowel.holds(for: head) { return false }
        if let hangulFinals {
            guard let last = head.last, let final = HangulFinal(of: last), hangulFinals.contains(final) else { return false }
        }
        return true
    }

    /// A vowel-harmony condition (`"lastVowel": {"of": "aeıioöuü", "is": "aıou"}`): the last letter of the value that
    /// is one of `vowels` is one of `accepted`. The language says which letters are vowels (Turkish and Hungarian `y`
    /// is a consonant, Finnish `y` a vowel). A value without any of `vowels` ("D100") does not match.
    public struct LastVowel: Sendable, Hashable {
        /// The letters that count as vowels (lower-cased).
        public var vowels: Set<Character>
        /// The vowels the last one must be one of (lower-cased).
        public var accepted: Set<Character>

        /// Creates the condition from the two letter sets.
        public init(vowels: Set<Character>, accepted: Set<Character>) {
            self.vowels = vowels
            self.accepted = accepted
        }

        /// True when the last vowel of `head` (already lower-cased) is accepted.
        public func holds(for head: String) -> Bool {
            guard let last = head.last(where: { vowels.contains($0) }) else { return false }
            return accepted.contains(last)
        }
    }

    /// The final sound of a Hangul syllable, which chooses Korean particles: 로 after no final consonant or ㄹ, 으로
    /// after any other; 를/가/는 after none, 을/이/은 after any.
    public enum HangulFinal: String, Sendable, Hashable, CaseIterable {
        /// No final consonant (받침): 테헤란로, 코엑스. Written `"none"` in the data.
        case noFinal = "none"
        /// The final ㄹ: 서울숲길, 서울.
        case rieul
        /// Any other final consonant: 강남역, 부산.
        case other

        /// The class of `character`, or nil when it is not a precomposed Hangul syllable (U+AC00…U+D7A3).
        public init?(of character: Character) {
            guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                  (0xAC00...0xD7A3).contains(scalar.value) else { return nil }
            switch (scalar.value - 0xAC00) % 28 {
            case 0: self = .noFinal
            case 8: self = .rieul
            default: self = .other
            }
        }
    }
}

/// A named grammar form: an ordered list of cases, first match wins.
public struct GrammarForm: Sendable, Hashable {
    /// The form's name (the filter name in templates).
    public var name: String
    /// The cases in order.
    public var cases: [GrammarCase]

    /// Applies the first matching case; an empty value stays empty unless an `empty` case matches.
    func apply(_ value: SlotValue) -> SlotValue {
        let head = value.head
        let spokenCase = cases.first(where: { $0.matches(value, head: head) })
        // A value shown otherwise than said ("I 80 East" said "I 80 Doğu") takes its display ending by what is shown.
        if let displayHead = value.displayHead, displayHead != head {
            let displayCase = cases.first(where: { $0.matches(value, head: displayHead) })
            if displayCase != spokenCase {
                var out = spokenCase.map { Self.apply($0, to: value) } ?? value
                out.display = displayCase.map { Self.apply($0, to: value).display } ?? value.display
                out.displayHead = nil
                return out
            }
        }
        guard let c = spokenCase else { return value }
        var out = Self.apply(c, to: value)
        out.displayHead = nil
        return out
    }

    /// `value` phrased by case `c`.
    private static func apply(_ c: GrammarCase, to value: SlotValue) -> SlotValue {
        var display = value.display, spoken = value.spoken
        if !c.rewrites.isEmpty {
            if let run = c.agreeingRun {
                display = Self.rewrite(display, c.rewrites, run: run)
                spoken = Self.rewrite(spoken, c.rewrites, run: run)
            } else {
                display = Self.rewrite(display, c.rewrites)
                spoken = Self.rewrite(spoken, c.rewrites)
            }
        }
        if c.lowerFirst {
            display = Self.lowerFirst(display)
            spoken = Self.lowerFirst(spoken)
        }
        var ssml = (c.rewrites.isEmpty && !c.lowerFirst) ? value.ssml : SSML.escape(spoken)
        if let word = c.afterFirstWord {
            display = Self.insert(word, afterFirstWordOf: display)
            let firstSpoken = spoken.prefix(while: { $0 != " " })
            spoken = Self.insert(word, afterFirstWordOf: spoken)
            // The first word is the verb, plain text in SSML too; markup there would lose its place, so the SSML is
            // rebuilt from the spoken text only when it does not start with that word.
            ssml = ssml.hasPrefix(SSML.escape(String(firstSpoken)) + " ")
                ? Self.insert(SSML.escape(word), afterFirstWordOf: ssml) : SSML.escape(spoken)
        }
        var out = value
        out.display = c.template.apply(display)
        out.spoken = c.template.apply(spoken)
        out.ssml = SSML.escape(c.template.prefix) + (c.template.hasPlaceholder ? ssml + SSML.escape(c.template.suffix) : "")
        return out
    }

    /// `text` with `word` after its first word ("sväng höger" → "sväng sedan höger"); a one-word text gets it at the end.
    static func insert(_ word: String, afterFirstWordOf text: String) -> String {
        guard let space = text.firstIndex(of: " ") else { return text.isEmpty ? text : text + " " + word }
        return String(text[..<space]) + " " + word + String(text[space...])
    }

    static func lowerFirst(_ s: String) -> String {
        guard let first = s.first else { return s }
        return first.lowercased() + s.dropFirst()
    }

    static func rewrite(_ text: String, _ rules: [GrammarCase.Rewrite]) -> String {
        let words = text.split(separator: " ", omittingEmptySubsequences: false)
        let last = words.count - 1
        return words.enumerated().map { index, word -> String in
            let w = String(word)
            let lower = w.lowercased()
            for r in rules where !r.lastWordOnly || index == last {
                if let whole = r.word, lower == whole {
                    return w.first?.isUppercase == true ? SlotValue.capitalizeFirst(r.to) : r.to
                }
                if let ending = r.ending, lower.hasSuffix(ending), lower.count > ending.count {
                    return hyphenated(w, ending: ending, to: r.to) ?? String(w.dropLast(ending.count)) + r.to
                }
            }
            return w
        }.joined(separator: " ")
    }

    /// `text` with only each item's leading run of agreeing words rewritten (see `GrammarCase.AgreeingRun`).
    static func rewrite(_ text: String, _ rules: [GrammarCase.Rewrite], run: GrammarCase.AgreeingRun) -> String {
        var itemStart = true
        var runEnding: String? = nil   // the folded ending that continues the run; nil when the run has ended
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            let w = String(word)
            let lower = w.lowercased()
            let startsItem = itemStart
            itemStart = run.restartAfter.contains(lower) || w.hasSuffix(",") || w.hasSuffix(";") || w.hasSuffix(":")
            defer { if itemStart { runEnding = nil } }
            guard startsItem || runEnding != nil else { return w }
            for r in rules {
                if let whole = r.word, lower == whole {
                    runEnding = nil
                    return w.first?.isUppercase == true ? SlotValue.capitalizeFirst(r.to) : r.to
                }
                if let ending = r.ending, lower.hasSuffix(ending), lower.count > ending.count {
                    let folded = Self.foldEnding(ending)
                    if !startsItem && folded != runEnding { break }
                    runEnding = folded
                    return hyphenated(w, ending: ending, to: r.to) ?? String(w.dropLast(ending.count)) + r.to
                }
            }
            runEnding = nil
            return w
        }.joined(separator: " ")
    }

    /// An ending compared without accents or a trailing comma: "ός," and "ος" agree.
    private static func foldEnding(_ ending: String) -> String {
        let plain: [Character: Character] = ["ά": "α", "έ": "ε", "ή": "η", "ί": "ι", "ό": "ο", "ύ": "υ", "ώ": "ω",
                                             "á": "a", "é": "e", "í": "i", "ó": "o", "ú": "u"]
        var e = String(ending.map { plain[$0] ?? $0 })
        while e.hasSuffix(",") || e.hasSuffix(";") { e.removeLast() }
        return e
    }

    /// A hyphenated word whose parts all take the same ending, each part rewritten: ru "Тверская-Ямская" →
    /// "Тверскую-Ямскую" (the adjectives agree), while "Санкт-Петербург" keeps its first part. Nil for other words.
    private static func hyphenated(_ word: String, ending: String, to: String) -> String? {
        guard word.contains("-"), !ending.contains("-") else { return nil }
        let parts = word.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.allSatisfy({ $0.count > ending.count && $0.lowercased().hasSuffix(ending) }) else { return nil }
        return parts.map { $0.dropLast(ending.count) + to }.joined(separator: "-")
    }
}

/// Ordinal words for one gender/case: 1…12 (and on, as far as the book writes them) and a template for the rest.
public struct OrdinalTable: Sendable, Hashable {
    /// Words for 1…12 and any that follow without a gap (index 0 = 1).
    public var words: [String]
    /// Template for other numbers (`{n}`).
    public var other: Affix

    /// The ordinal of `n`.
    public func word(_ n: Int) -> String {
        (1...words.count).contains(n) ? words[n - 1] : other.apply(String(n))
    }
}
