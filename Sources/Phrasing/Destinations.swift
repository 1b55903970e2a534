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
            refsText = Self.listText(text[..<colon].trimmingSpaces())
            namesText = Self.listText(text[text.index(after: colon)...].trimmingSpaces())
            refs = RefList(refsText, commas: true)
            names = RefList(namesText, commas: true).items
        } else {
            refsText = ""
            namesText = Self.listText(text[...].trimmingSpaces())
            let items = RefList(namesText, commas: true).items
            refs = RefList(items: items.filter(RefList.looksLikeRef))
            names = items.filter { !RefList.looksLikeRef($0) }
        }
    }

    /// A signpost of these refs and places (what is left of one after `besideRoad(_:)`).
    private init(refs: RefList, names: [String]) {
        self.refs = refs
        self.names = names
        refsText = refs.items.joined(separator: ", ")
        namesText = names.joined(separator: ", ")
    }

    /// At most this many places and refs of a signpost are spoken ("B304: Wasserburg, Haar, Vaterstetten,
    /// Grafing" says three places): the screen shows the whole sign.
    static let spokenPlaces = 3, spokenRefs = 2

    /// The signpost without what the instruction just said: items that are the road's name or one of its refs
    /// ("onto Mannerheimintie (E 12) toward Mannerheimintie", "onto B304 toward B304 – Wasserburg"), compared as
    /// refs are (case, spaces and hyphens aside). May be empty.
    func besideRoad(_ road: RoadName) -> Destinations {
        let said = RefList(items: road.refs.items + (road.name.isEmpty ? [] : [road.name]))
        guard !said.isEmpty else { return self }
        let refs = refs.items.filter { !said.contains($0) }, names = names.filter { !said.contains($0) }
        if refs.count == self.refs.items.count && names.count == self.names.count { return self }
        return Destinations(refs: RefList(items: refs), names: names)
    }

    /// A list as written, with a space after every comma that has none ("Destination 1,Destination 2" →
    /// "Destination 1, Destination 2"; a decimal comma between digits stays), so that the screen never shows items
    /// run together. Other separators stay as written.
    static func listText(_ text: String) -> String {
        var out = ""
        let characters = Array(text)
        for (i, c) in characters.enumerated() {
            out.append(c)
            guard c == ",", i + 1 < characters.count else { continue }
            let next = characters[i + 1]
            if next.isWhitespace || (next.isNumber && i > 0 && characters[i - 1].isNumber) { continue }
            out.append(" ")
        }
        return out
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

    /// For the screen with the book's list separator (ja "名古屋・大阪", zh "北京、天津"); nil keeps the text as written.
    func display(separator: String?) -> String {
        guard let separator else { return display }
        let joinedNames = names.joined(separator: separator), joinedRefs = refs.items.joined(separator: separator)
        if joinedRefs.isEmpty { return joinedNames }
        return joinedNames.isEmpty ? joinedRefs : joinedRefs + " – " + joinedNames
    }

    /// For speech: the refs as a list (spoken like every ref; the first `spokenRefs`), a pause, then the places as a
    /// list (the first `spokenPlaces`); places after
    /// the first take the book's `destinationItem` form ("Interstate 80 East, Bay Bridge and Oakland",
    /// "A 1 und A 7, Hamburg und Bremen", fr "Le Havre et de Rouen"); with such a form, refs and places are one list,
    /// every item after the first under it (fr "l'A 99 et d'Oakland"). A book with list marks joins the places with
    /// its spoken mark, refs and places alike (ja "イー いち、なごや、おおさか"); `read` gives a name's reading and drops a name without one.
    func spoken(_ rules: SpeechRules, _ words: Words, item: GrammarForm?, separator: String? = nil,
                read: ((String) -> String?)? = nil) -> String {
        let said = names.prefix(Self.spokenPlaces).compactMap { name in read.map { $0(name) } ?? rules.expand(name) }
        let refs = RefList(items: Array(refs.items.prefix(Self.spokenRefs)))
        let places = said.enumerated().map { index, name in
            guard index > 0, let item else { return name }
            return item.apply(SlotValue(name)).spoken
        }
        if let separator { return (refs.items.map(rules.spokenRef) + places).joined(separator: separator) }
        if let item, !refs.isEmpty {
            // A book whose items take a preposition says refs and places as one list, each after the first under
            // the form, a ref as a ref: fr "l'A 99 et d'Oakland", "l'A 1, de la N 7, de Lyon et d'Orléans".
            let saidRefs = refs.items.map(rules.spokenRef)
            let items = saidRefs.enumerated().map { index, ref in
                index == 0 ? ref : item.apply(SlotValue(display: ref, spoken: ref, isRef: true)).spoken
            } + said.map { item.apply(SlotValue($0)).spoken }
            return words.list(items)
        }
        let refPart = refs.spoken(rules, words), placePart = words.list(places)
        if refPart.isEmpty { return placePart }
        return placePart.isEmpty ? refPart : refPart + words.pause + placePart
    }
}
