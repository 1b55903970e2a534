/// libxml2's error codes, as Foundation's `XMLParser` reports them in `parserError`, said in words: the one table
/// for every XML reader (GPX tracks, OpenStreetMap camera files), so a malformed file reads the same everywhere.
public enum XMLErrorReason {
    /// The words for libxml2 error `code` (the ones malformed files hit), else "XML error CODE".
    public static func words(_ code: Int) -> String {
        known[code] ?? "XML error \(code)"
    }

    private static let known: [Int: String] = [
        2: "invalid character", 4: "empty document", 5: "content after the root element", 9: "invalid character",
        23: "unescaped '&' or undefined entity", 26: "undefined entity", 38: "'<' inside an attribute value",
        39: "attribute value not quoted", 40: "attribute value not closed", 41: "attribute without a value",
        42: "duplicate attribute", 64: "unterminated XML declaration", 68: "name expected", 73: "'>' expected",
        76: "mismatched end tag", 77: "element not closed", 85: "unterminated XML declaration",
    ]
}
