import SafeIO
import Foundation

/// A slot's value in the three outputs, plus what grammar forms match against.
struct SlotValue: Sendable {
    /// Text for the screen.
    var display: String
    /// Text for speech.
    var spoken: String
    /// SSML fragment (escaped; may contain `<phoneme>`).
    var ssml: String
    /// Text grammar forms match against (lower-cased when read); defaults to the spoken text.
    private var headSource: String?
    /// Lower-cased spoken text (the display text when there is no reading, or the road's name/ref), for grammar
    /// matching; computed only when a form asks.
    var head: String {
        get { (headSource ?? (spoken.isEmpty ? display : spoken)).lowercased() }
        set { headSource = newValue }
    }
    /// Lower-cased text grammar forms match against for the **display** text, when it differs from `head` in a
    /// way that changes the ending: a ref whose direction is shown as the sign writes it ("i 80 east") but said
    /// in the book's words ("i 80 doğu"), so tr shows "I 80 East'e" and says "I 80 Doğu'ya". Nil: `head` serves both.
    var displayHead: String?
    /// True for a road known only by its ref.
    var isRef: Bool
    /// True when the value starts with a ref: a road known only by its ref, or a signpost whose refs come first
    /// ("A 6 – Madrid").
    var startsWithRef = false

    /// A value whose display and spoken text are the same. Control characters (from route data or a library
    /// caller's names) never reach an output.
    init(_ text: String) {
        let text = ControlCharacters.stripped(text)
        display = text; spoken = text; ssml = SSML.escape(text); isRef = false
    }

    /// A value with separate display and spoken text (control characters removed, as above).
    init(display: String, spoken: String, ssml: String? = nil, isRef: Bool = false) {
        self.display = ControlCharacters.stripped(display)
        self.spoken = ControlCharacters.stripped(spoken)
        self.ssml = ssml ?? SSML.escape(spoken)
        self.isRef = isRef
    }

    /// True when there is nothing to say.
    var isEmpty: Bool { display.isEmpty && spoken.isEmpty }

    /// Upper-cases the first letter of each output (skipping leading SSML tags).
    func capitalized() -> SlotValue {
        var v = self
        v.display = Self.capitalizeFirst(display)
        v.spoken = Self.capitalizeFirst(spoken)
        if ssml.first == "<", let close = ssml.firstIndex(of: ">") {
            let after = ssml.index(after: close)
            v.ssml = String(ssml[..<after]) + Self.capitalizeFirst(String(ssml[after...]))
        } else {
            v.ssml = Self.capitalizeFirst(ssml)
        }
        return v
    }

    static func capitalizeFirst(_ s: String) -> String {
        guard let first = s.first, first.isLowercase else { return s }
        return first.uppercased() + s.dropFirst()
    }
}

/// SSML helpers.
public enum SSML {
    /// Escapes `& < > " '` for XML text and attributes; control characters, which XML cannot carry, become spaces.
    public static func escape(_ text: String) -> String {
        let text = ControlCharacters.stripped(text)
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" || $0 == "\"" || $0 == "'" }) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Checks that `text` is well-formed XML (balanced tags, valid entities, quoted attributes); returns a problem or nil.
    public static func wellFormednessProblem(_ text: String) -> String? {
        var stack: [String] = []
        var i = text.startIndex
        var sawRoot = false
        while i < text.endIndex {
            let c = text[i]
            if c == "<" {
                guard let close = text[i...].firstIndex(of: ">") else { return "unterminated tag" }
                var tag = String(text[text.index(after: i)..<close])
                i = text.index(after: close)
                if tag.hasPrefix("/") {
                    let name = String(tag.dropFirst()).trimmingCharacters(in: .whitespaces)
                    guard stack.last == name else { return "closing </\(name)> does not match <\(stack.last ?? "")>" }
                    stack.removeLast()
                    continue
                }
                let selfClosing = tag.hasSuffix("/")
                if selfClosing { tag.removeLast() }
                let name = String(tag.prefix(while: { !$0.isWhitespace }))
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0 == ":" || $0 == "-" }) else { return "invalid tag name '\(name)'" }
                if stack.isEmpty && sawRoot { return "more than one root element" }
                if let problem = attributeProblem(String(tag.dropFirst(name.count))) { return problem }
                sawRoot = true
                if !selfClosing { stack.append(name) }
                continue
            }
            if c == "&" {
                guard let semi = text[i...].firstIndex(of: ";") else { return "unterminated entity" }
                let entity = String(text[text.index(after: i)..<semi])
                guard ["amp", "lt", "gt", "quot", "apos"].contains(entity) || entity.hasPrefix("#") else { return "unknown entity &\(entity);" }
                i = text.index(after: semi)
                continue
            }
            if c == ">" { return "bare '>' in text" }
            if stack.isEmpty && !c.isWhitespace { return "text outside the root element" }
            i = text.index(after: i)
        }
        if !stack.isEmpty { return "unclosed <\(stack.last ?? "")>" }
        return sawRoot ? nil : "no root element"
    }

    private static func attributeProblem(_ text: String) -> String? {
        var rest = text[...]
        while true {
            rest = rest.drop(while: \.isWhitespace)
            if rest.isEmpty { return nil }
            let name = rest.prefix(while: { $0 != "=" && !$0.isWhitespace })
            rest = rest.dropFirst(name.count)
            guard rest.first == "=" else { return "attribute '\(name)' has no value" }
            rest = rest.dropFirst()
            guard let quote = rest.first, quote == "\"" || quote == "'" else { return "attribute '\(name)' is not quoted" }
            rest = rest.dropFirst()
            guard let end = rest.firstIndex(of: quote) else { return "unterminated attribute '\(name)'" }
            if rest[..<end].contains("<") { return "'<' in attribute '\(name)'" }
            rest = rest[rest.index(after: end)...]
        }
    }
}
