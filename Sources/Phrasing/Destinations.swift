/// OSRM's `destinations` signpost text, parsed (Phrasebooks/FORMAT.md §7.5). Every real form reads the same way:
/// "A 1, A 7: Hamburg, Bremen" (refs, then places), "US 29 North" (a ref alone), "Hamburg, Bremen" (places),
/// "I 95 North: Baltimore"; without a ":" each item that reads as a ref ("A 9", "US 29 North") is a ref.
struct Destinations {
    /// The signposted refs ("I 80 East").
    let refs: RefList
    /// The place names.
    let names: [String]
    /// The refs part as written, trimmed (empty without a ":").
    private let refsText: String
    /// The names part as written, trimmed.
    private let namesText: String

    /// Splits the signpost text; items are separated by "," or ";".
    init(_ text: String) {
        if let colon = text.firstIndex(of: ":") {
            refsText = text[..<colon].trimmingSpaces()
            namesText = text[text.index(after: colon)...].trimmingSpaces()
            refs = RefList(refsText, commas: true)
            names = RefList(namesText, commas: true).items
        } else {
            refsText = ""
            namesText = text[...].trimmingSpaces()
            let items = RefList(namesText, commas: true).items
            refs = RefList(items: items.filter(RefList.looksLikeRef))
            names = items.filter { !RefList.looksLikeRef($0) }
        }
    }

    /// True when the signpost names only roads ("US 29 North", "A 9:"): it is spoken as a road.
    var isRefOnly: Bool { names.isEmpty && !refs.isEmpty }

    /// For the screen: the raw colon becomes an en dash ("I 80 East – Bay Bridge, Oakland").
    var display: String {
        if refs.isEmpty && names.isEmpty { return "" }  // only separators (" ; ") is no signpost
        switch (refsText.isEmpty, namesText.isEmpty) {
        case (false, false): return refsText + " – " + namesText
        case (false, true): return refsText
        default: return namesText
        }
    }

    /// For speech: the refs as a list (spoken like every ref), a pause, then the places as a list; places after
    /// the first take the book's `destinationItem` form ("Interstate 80 East, Bay Bridge and Oakland",
    /// "A 1 und A 7, Hamburg und Bremen", fr "Le Havre et de Rouen").
    func spoken(_ rules: SpeechRules, _ words: Words, item: GrammarForm?) -> String {
        let places = names.enumerated().map { index, name in
            let said = rules.expand(name)
            guard index > 0, let item else { return said }
            return item.apply(SlotValue(said)).spoken
        }
        let refPart = refs.spoken(rules, words), placePart = words.list(places)
        if refPart.isEmpty { return placePart }
        return placePart.isEmpty ? refPart : refPart + words.pause + placePart
    }
}
