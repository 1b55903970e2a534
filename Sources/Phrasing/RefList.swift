/// A road's refs as OSRM writes them ("I 80; US 6", "I-76 East; PATP"): one spoken form for every place a ref
/// is said — the road, a signpost, a "then" clause (Phrasebooks/FORMAT.md §7.2).
struct RefList: Equatable {
    /// The refs, trimmed, in order, without empties.
    let items: [String]

    /// Splits `text` at ";" (and at "," when `commas` is true, as signposts write lists).
    init(_ text: String, commas: Bool = false) {
        items = text.split(whereSeparator: { $0 == ";" || (commas && $0 == ",") }).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    init(items: [String]) { self.items = items }

    /// True when there is no ref.
    var isEmpty: Bool { items.isEmpty }

    /// For the screen: "I 80 / US 6".
    var display: String { items.joined(separator: " / ") }

    /// For speech: each ref as `rules` say it, joined as a list ("Interstate 80 and U S 6").
    func spoken(_ rules: SpeechRules, _ words: Words) -> String { words.list(items.map(rules.spokenRef)) }

    /// True when this list holds `text` (one ref, or the whole list) compared without spaces, hyphens and case.
    func contains(_ text: String) -> Bool {
        let key = Self.key(text)
        return !key.isEmpty && (items.contains { Self.key($0) == key } || Self.key(items.joined()) == key)
    }

    /// `text` upper-cased with spaces, hyphens and ";" removed: "I-80 East" and "I 80 East" compare equal.
    static func key(_ text: String) -> String {
        String(text.uppercased().filter { $0 != " " && $0 != "-" && $0 != ";" && $0 != "," })
    }

    /// True when `text` reads as a ref: 1–4 letters, an optional space or "-", a digit, then anything
    /// ("A 9", "I-95", "US 29 North", "M25", "E 20"), and no lower-case word before the number; a name written
    /// in Han characters around its ref ("G4京港澳高速") is a name.
    static func looksLikeRef(_ text: String) -> Bool {
        if SpeechRules.containsHan(text) { return false }
        let letters = text.prefix(while: { $0.isLetter })
        guard (1...4).contains(letters.count), letters.allSatisfy(\.isUppercase) else { return false }
        var rest = text.dropFirst(letters.count)
        if rest.first == " " || rest.first == "-" { rest = rest.dropFirst() }
        return rest.first?.isNumber == true
    }
}

/// A step's signposted exit numbers ("23B", "12A;12B", "43-44"): every number is said, a range as its two ends.
struct ExitNumbers {
    /// The numbers as written, trimmed.
    let items: [String]

    /// Splits `text` at ";".
    init(_ text: String) { items = RefList(text).items }

    /// For the screen: "12A/12B", "43-44".
    var display: String { items.joined(separator: "/") }

    /// For speech: "12 A and 12 B", "43 and 44" (letters split from digits, lone letters as the book says them).
    func spoken(_ rules: SpeechRules, _ words: Words) -> String {
        words.list(items.flatMap { item in
            let ends = item.split(separator: "-").map { $0.trimmingSpaces() }
            let isRange = ends.count == 2 && ends.allSatisfy { $0.first?.isNumber == true }
            return (isRange ? ends : [item]).map(rules.spokenExitNumber)
        })
    }
}
