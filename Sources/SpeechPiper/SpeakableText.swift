import Speech

/// The parts of an utterance as a neural voice reads them: plain text (phonemized by eSpeak NG), IPA given by
/// SSML `<phoneme alphabet="ipa">`, and pauses (`<break>`). SSML is read after `SSMLValidator` accepted it, so
/// this scanner only has to take well-formed documents apart.
enum SpeakablePart: Equatable {
    case text(String)
    case ipa(String)
    case pause
}

enum SpeakableText {
    /// The parts of `text` (SSML when `isSSML`).
    static func parts(_ text: String, isSSML: Bool) -> [SpeakablePart] {
        guard isSSML else { return [.text(text)] }
        var parts: [SpeakablePart] = []
        var hidden = 0            // inside <sub> or <phoneme>: the content is replaced
        var letters = false       // inside <say-as interpret-as="characters">
        var rest = Substring(text)
        var literal = ""
        func flush() {
            if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
        }
        while let open = rest.firstIndex(of: "<") {
            let before = XMLEntities.decode(String(rest[..<open]))
            if hidden == 0 { literal += letters ? spelled(before) : before }
            guard let close = rest[open...].firstIndex(of: ">") else { rest = rest[rest.endIndex...]; break }
            let tag = String(rest[rest.index(after: open)..<close])
            rest = rest[rest.index(after: close)...]
            let closing = tag.hasPrefix("/")
            let name = (closing ? "/" : "") + tag.dropFirst(closing ? 1 : 0).prefix { !$0.isWhitespace && $0 != "/" }
            let selfClosing = tag.hasSuffix("/")
            switch name {
            case "sub":
                if let alias = attribute("alias", in: tag) { literal += " " + alias + " " }
                if !selfClosing { hidden += 1 }
            case "phoneme":
                if let ipa = attribute("ph", in: tag) { flush(); parts.append(.ipa(ipa)) }
                if !selfClosing { hidden += 1 }
            case "/sub", "/phoneme":
                hidden = max(0, hidden - 1)
            case "say-as":
                letters = (attribute("interpret-as", in: tag) ?? "").hasPrefix("character")
            case "/say-as":
                letters = false
            case "break":
                flush()
                parts.append(.pause)
            default:
                break
            }
        }
        if hidden == 0 { literal += XMLEntities.decode(String(rest)) }
        flush()
        return parts
    }

    private static func spelled(_ text: String) -> String {
        text.map { $0.isWhitespace ? " " : String($0) + " " }.joined()
    }

    private static func attribute(_ name: String, in tag: String) -> String? {
        for quote in ["\"", "'"] {
            if let range = tag.range(of: " " + name + "=" + quote) {
                let after = tag[range.upperBound...]
                if let end = after.firstIndex(of: Character(quote)) { return XMLEntities.decode(String(after[..<end])) }
            }
        }
        return nil
    }
}
