/// Street-name speech rules of a phrasebook (Phrasebooks/FORMAT.md §7). Display text is never changed.
public struct SpeechRules: Sendable, Hashable {
    /// Where an abbreviation applies.
    public enum Position: String, Sendable, Hashable { case start, end, any, suffix }

    /// One abbreviation.
    public struct Abbreviation: Sendable, Hashable {
        /// The abbreviation as written (without a trailing ".").
        public var abbr: String
        /// What is said.
        public var spoken: String
        /// Where it applies.
        public var at: Position
    }

    /// Abbreviations, first match wins.
    public var abbreviations: [Abbreviation]
    /// Ref letter prefixes and their spoken form ("I" → "Interstate").
    public var refPrefixes: [String: String]
    /// Spell 2+ letter ref prefixes letter by letter ("US" → "U S").
    public var spellRefLetters: Bool

    /// Creates rules.
    public init(abbreviations: [Abbreviation] = [], refPrefixes: [String: String] = [:], spellRefLetters: Bool = false) {
        self.abbreviations = abbreviations
        self.refPrefixes = refPrefixes
        self.spellRefLetters = spellRefLetters
    }

    /// A name with abbreviations expanded for speech ("N Main St" → "North Main Street").
    public func expand(_ name: String) -> String {
        guard !abbreviations.isEmpty else { return name }
        let words = name.split(separator: " ")
        guard !words.isEmpty else { return name }
        var out: [String] = []
        out.reserveCapacity(words.count)
        for (index, word) in words.enumerated() {
            out.append(expandWord(String(word), index: index, count: words.count))
        }
        return out.joined(separator: " ")
    }

    private func expandWord(_ word: String, index: Int, count: Int) -> String {
        let bare = word.hasSuffix(".") ? String(word.dropLast()) : word
        let trailingComma = bare.hasSuffix(",")
        let core = trailingComma ? String(bare.dropLast()) : bare
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
                 .any:
                if core == a.abbr { return a.spoken + (trailingComma ? "," : "") }
            default:
                continue
            }
        }
        return word
    }

    /// A ref as said: "I-95" → "Interstate 95", "US 101" → "U S 101", "A 9" → "A 9", "M25" → "M 25".
    public func spokenRef(_ ref: String) -> String {
        let letters = ref.prefix(while: { $0.isLetter })
        guard !letters.isEmpty else { return ref }
        var rest = ref.dropFirst(letters.count)
        if rest.first == "-" || rest.first == " " { rest = rest.dropFirst() }
        guard !rest.isEmpty, rest.first?.isNumber == true else { return ref }
        let said: String
        if let mapped = refPrefixes[String(letters)] {
            said = mapped
        } else if spellRefLetters && letters.count >= 2 && letters.allSatisfy(\.isUppercase) {
            said = letters.map(String.init).joined(separator: " ")
        } else {
            said = String(letters)
        }
        return said + " " + rest
    }

    /// An exit number as said: "23B" → "23 B".
    public static func spokenExitNumber(_ exit: String) -> String {
        var out = ""
        var previous: Character?
        for c in exit {
            if let p = previous, (p.isNumber && c.isLetter) || (p.isLetter && c.isNumber) { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }
}
