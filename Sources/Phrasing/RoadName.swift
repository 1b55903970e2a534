/// A step's name and refs made fit to say (Phrasebooks/FORMAT.md §4): blank names are no name, a second-language
/// alternative after ";" is dropped, and a ref is never repeated inside the name ("Ohio Turnpike (I-80 East)",
/// "CA 174" with ref "CA 174").
struct RoadName: Equatable {
    /// The name as shown (may be empty).
    let name: String
    /// The refs.
    let refs: RefList

    /// Cleans `name` and `ref` as OSRM gives them.
    init(name rawName: String, ref: String?) {
        var refs = RefList(ref ?? "")
        var name = Self.firstAlternative(rawName)
        if name.hasSuffix(")"), let open = name.range(of: " (", options: .backwards) {
            let inner = String(name[open.upperBound..<name.index(before: name.endIndex)])
            let innerRefs = RefList(inner, commas: true)
            let isRef = !innerRefs.isEmpty && innerRefs.items.allSatisfy(RefList.looksLikeRef)
            if isRef && (refs.isEmpty || innerRefs.items.allSatisfy(refs.contains)) {
                if refs.isEmpty { refs = innerRefs }
                name = name[..<open.lowerBound].trimmingSpaces()
            }
        }
        if refs.contains(name) { name = "" }
        self.name = name
        self.refs = refs
    }

    /// True when a word of the name is the number of one of the refs ("201 Expressway" with ref "UT 201"): a
    /// display that puts the ref beside the name would say the number twice ("UT 201 201 Expressway").
    var nameHoldsRefNumber: Bool {
        let numbers = Set(refs.items.flatMap { $0.split(whereSeparator: { !$0.isNumber }).map(String.init) })
        guard !numbers.isEmpty else { return false }
        return name.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "/" }).contains { numbers.contains(String($0)) }
    }

    /// The first non-blank alternative of ";"-separated text, outside parentheses ("Тверская улица;Tverskaya ulitsa"
    /// → "Тверская улица"), trimmed of white space.
    private static func firstAlternative(_ text: String) -> String {
        var depth = 0
        var parts: [Substring] = []
        var start = text.startIndex
        for index in text.indices {
            switch text[index] {
            case "(": depth += 1
            case ")": depth = max(0, depth - 1)
            case ";" where depth == 0:
                parts.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        parts.append(text[start...])
        let trimmed = parts.map { String($0.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed()) }
        return trimmed.first { !$0.isEmpty } ?? ""
    }
}
