/// OSRM's `destinations` signpost text ("REFS: NAMES", e.g. "I 80 East: Bay Bridge, Oakland") for the screen and
/// for speech (Phrasebooks/FORMAT.md §4).
struct Destinations {
    /// The refs before the first ":" ("I 80 East"), empty when there is no ":".
    let refs: [String]
    /// The place names (after the ":", or the whole text).
    let names: [String]
    /// The refs part as written, trimmed.
    private let refsText: String
    /// The names part as written, trimmed.
    private let namesText: String

    /// Splits the signpost text; items are separated by "," or ";".
    init(_ text: String) {
        if let colon = text.firstIndex(of: ":") {
            refsText = text[..<colon].trimmingSpaces()
            namesText = text[text.index(after: colon)...].trimmingSpaces()
        } else {
            refsText = ""
            namesText = text[...].trimmingSpaces()
        }
        refs = Self.items(refsText)
        names = Self.items(namesText)
    }

    private static func items(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == "," || $0 == ";" }).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
    }

    /// For the screen: the raw colon becomes an en dash ("I 80 East – Bay Bridge, Oakland").
    var display: String {
        switch (refsText.isEmpty, namesText.isEmpty) {
        case (false, false): return refsText + " – " + namesText
        case (false, true): return refsText
        default: return namesText
        }
    }

    /// For the screen with the book's list separator (ja "名古屋・大阪", zh "北京、天津"); nil keeps the text as written.
    func display(separator: String?) -> String {
        guard let separator else { return display }
        let joinedNames = names.joined(separator: separator), joinedRefs = refs.joined(separator: separator)
        if joinedRefs.isEmpty { return joinedNames }
        return joinedNames.isEmpty ? joinedRefs : joinedRefs + " – " + joinedNames
    }

    /// For speech: refs as `rules` say them, then the names (through `read`, which drops a name without a
    /// reading); every item but the last two joined with ", ", the last two with `andJoiner` ("Interstate 80 East,
    /// Bay Bridge and Oakland"), or all with `separator` when the book has one (ja "なごや、おおさか").
    func spoken(_ rules: SpeechRules, andJoiner: String, separator: String? = nil, read: ((String) -> String?)? = nil) -> String {
        let items = refs.map(rules.spokenRef) + (read.map { names.compactMap($0) } ?? names)
        if let separator { return items.joined(separator: separator) }
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: ", ") + andJoiner + last
    }
}
