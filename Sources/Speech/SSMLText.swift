/// Maps the text an engine reads in an SSML document: character data outside tags (entities decoded for the
/// transform and escaped again) and `alias` attribute values, never the content of `<sub>` (the engine says the
/// alias instead), nor of `<phoneme>` unless `phonemeContent` says the engine reads it.
public enum SSMLText {
    /// `ssml` with `transform` applied to the text the engine reads; with `phonemeContent`, also to the content of
    /// `<phoneme>` (eSpeak NG has no IPA alphabet and says the content).
    public static func map(_ ssml: String, phonemeContent: Bool = false, _ transform: (String) -> String) -> String {
        map(ssml, phonemeContent: phonemeContent, alias: transform) { escape(transform($0)) }
    }

    /// `ssml` with each run of character data (entities decoded) replaced by `markup`'s result, which is SSML
    /// (its text escaped, its elements allowed where character data is: `<voice>`). `alias` values are mapped by
    /// `alias` (text, no markup).
    public static func map(_ ssml: String, phonemeContent: Bool = false, alias: (String) -> String,
                           markup: (String) -> String) -> String {
        var out = ""
        out.reserveCapacity(ssml.utf8.count + 32)
        var text = ""
        var hidden = 0
        var i = ssml.startIndex
        func flush() {
            guard !text.isEmpty else { return }
            out += hidden > 0 ? text : markup(XMLEntities.decode(text))
            text = ""
        }
        while i < ssml.endIndex {
            // Declarations, processing instructions, comments and CDATA are copied whole up to their own end
            // (a '>' inside them does not end them).
            if ssml[i] == "<", let (opener, closer) = [("<?", "?>"), ("<!--", "-->"), ("<![CDATA[", "]]>"), ("<!", ">")]
                .first(where: { ssml[i...].hasPrefix($0.0) }) {
                flush()
                let bodyStart = ssml.index(i, offsetBy: opener.count)
                let end = ssml[bodyStart...].range(of: closer)?.upperBound ?? ssml.endIndex
                out += ssml[i..<end]
                i = end
                continue
            }
            if ssml[i] == "<", let close = Self.tagEnd(ssml, from: i) {
                flush()
                let tag = String(ssml[i...close])
                let hides = tag.hasPrefix("<sub") || (!phonemeContent && tag.hasPrefix("<phoneme"))
                if hides { if !tag.hasSuffix("/>") { hidden += 1 } }
                if tag.hasPrefix("</sub") || (!phonemeContent && tag.hasPrefix("</phoneme")) { hidden = max(0, hidden - 1) }
                out += tag.hasPrefix("<sub") ? mapAlias(tag, alias) : tag
                i = ssml.index(after: close)
            } else {
                text.append(ssml[i])
                i = ssml.index(after: i)
            }
        }
        flush()
        return out
    }

    /// The index of the `>` that ends the tag starting at `start`: the first one outside a quoted attribute value.
    private static func tagEnd(_ ssml: String, from start: String.Index) -> String.Index? {
        var quote: Character?
        var i = ssml.index(after: start)
        while i < ssml.endIndex {
            let c = ssml[i]
            if let open = quote {
                if c == open { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                return i
            }
            i = ssml.index(after: i)
        }
        return nil
    }

    /// A `<sub …>` tag with its `alias="…"` value transformed.
    private static func mapAlias(_ tag: String, _ transform: (String) -> String) -> String {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: "alias=" + quote),
                  let end = tag[start.upperBound...].firstIndex(of: Character(quote)) else { continue }
            let value = String(tag[start.upperBound..<end])
            var mapped = escape(transform(XMLEntities.decode(value)))
            mapped = mapped.replacingOccurrences(of: quote, with: quote == "\"" ? "&quot;" : "&apos;")
            return String(tag[..<start.upperBound]) + mapped + String(tag[end...])
        }
        return tag
    }

    /// Text escaped as character data.
    public static func escape(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        return text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
