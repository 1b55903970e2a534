/// Where and why an SSML document is not well-formed.
public struct SSMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column (in characters).
    public var column: Int
    /// What is wrong.
    public var message: String

    /// Creates an error at a position.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// "SSML line 1, column 7: …".
    public var description: String { "SSML line \(line), column \(column): \(message)" }
}

/// Our own SSML check, run before SSML reaches a synthesizer (eSpeak NG silently speaks a fragment of malformed
/// input, reads unknown or overlong markup aloud, and renders any pause it is asked for). Checks: one `<speak>`
/// root; tags nested (at most `maxDepth` deep) and closed; attribute syntax, quoting and uniqueness; entity
/// references; comments, CDATA and the XML declaration; and that every element and attribute is one of the SSML
/// markup that synthesizers parse (`allowedMarkup`: so a tag has a handful of attributes at most, where eSpeak NG
/// reads a tag with sixty of them aloud), each `<break>` at most
/// `maxBreakSeconds` and all of them together at most `maxTotalBreakSeconds`.
public enum SSMLValidator {
    /// Throws `SSMLError` unless `text` is a well-formed document whose root element is `speak`.
    public static func validate(_ text: String) throws {
        var scanner = Scanner(Array(text.unicodeScalars))
        if let bad = scanner.chars.firstIndex(where: { !isAllowed($0) }) {
            throw scanner.fail("control character U+\(String(scanner.chars[bad].value, radix: 16, uppercase: true)) is not allowed", at: bad)
        }
        try scanner.document()
    }

    /// Longest attribute value accepted, in characters. eSpeak NG reads longer tags aloud as text (a 1,200-character
    /// `ph` became a 125 s "now"), so they are refused before synthesis.
    public static let maxAttributeLength = 400
    /// Deepest nesting of elements, `<speak>` included.
    public static let maxDepth = 16
    /// Longest single `<break time>`, in seconds.
    public static let maxBreakSeconds = 10.0
    /// Longest sum of all `<break time>` in one document, in seconds (ten 10 s breaks are refused).
    public static let maxTotalBreakSeconds = 60.0

    /// The elements accepted and the attributes each may carry: the SSML 1.1 elements that speak text (no
    /// `<audio>`, which would make a synthesizer fetch a file, and no `<lexicon>`), plus eSpeak NG's `tts:style`.
    public static let allowedMarkup: [String: Set<String>] = [
        "speak": ["version", "xmlns", "xmlns:xsi", "xsi:schemaLocation", "xml:lang", "xml:base"],
        "voice": ["xml:lang", "name", "gender", "age", "variant", "languages"],
        "prosody": ["rate", "pitch", "volume", "range"],
        "say-as": ["interpret-as", "format", "detail"],
        "sub": ["alias"],
        "phoneme": ["alphabet", "ph"],
        "break": ["time", "strength"],
        "emphasis": ["level"],
        "mark": ["name"],
        "lang": ["xml:lang"],
        "s": ["xml:lang"],
        "p": ["xml:lang"],
        "tts:style": ["field", "mode"],
    ]

    /// The seconds of a `<break time>` value ("750ms", "2s", "1.5s"); nil when it is not such a value.
    static func breakSeconds(_ value: String) -> Double? {
        let unitLength = value.hasSuffix("ms") ? 2 : (value.hasSuffix("s") ? 1 : 0)
        guard unitLength > 0, let number = Double(value.dropLast(unitLength)), number.isFinite, number >= 0 else { return nil }
        return unitLength == 2 ? number / 1000 : number
    }

    /// Refuses a `<prosody rate>` that would stretch speech beyond a quarter of its normal speed, or a number
    /// that is not one: keywords, `N%`, `+N%` and `-N%` are what synthesizers take.
    static func rateIsReasonable(_ value: String) -> Bool {
        if ["x-slow", "slow", "medium", "fast", "x-fast", "default"].contains(value) { return true }
        guard value.hasSuffix("%"), let number = Double(value.dropLast()), number.isFinite else { return false }
        let percent = value.hasPrefix("+") || value.hasPrefix("-") ? 100 + number : number
        return (25...400).contains(percent)
    }

    /// XML 1.0 characters minus the C1 controls and DEL: tab, newline and carriage return are the only controls.
    static func isAllowed(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 0x20 { return v == 0x09 || v == 0x0A || v == 0x0D }
        return !(v >= 0x7F && v <= 0x9F) && v != 0xFFFE && v != 0xFFFF
    }

    private struct Scanner {
        let chars: [Unicode.Scalar]
        var index = 0
        var stack: [String] = []
        var sawRoot = false
        /// The `<break time>` seconds so far.
        var breakTotal = 0.0

        init(_ chars: [Unicode.Scalar]) { self.chars = chars }

        func fail(_ message: String, at position: Int? = nil) -> SSMLError {
            let end = min(position ?? index, chars.count)
            var line = 1, column = 1
            for c in chars[0..<end] {
                if c == "\n" { line += 1; column = 1 } else { column += 1 }
            }
            return SSMLError(line: line, column: column, message: message)
        }

        var atEnd: Bool { index >= chars.count }
        func peek(_ s: String) -> Bool {
            let scalars = Array(s.unicodeScalars)
            return index + scalars.count <= chars.count && Array(chars[index..<index + scalars.count]) == scalars
        }
        static func isNameStart(_ c: Unicode.Scalar) -> Bool {
            c == "_" || c == ":" || (c.properties.isAlphabetic)
        }
        static func isNameChar(_ c: Unicode.Scalar) -> Bool {
            isNameStart(c) || c == "-" || c == "." || ("0"..."9").contains(c)
        }
        static func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }

        mutating func skipSpace() { while !atEnd && Scanner.isSpace(chars[index]) { index += 1 } }

        mutating func skip(past terminator: String, what: String) throws {
            let start = index
            while !atEnd && !peek(terminator) { index += 1 }
            guard !atEnd else { throw fail("\(what) is not closed with '\(terminator)'", at: start) }
            index += terminator.unicodeScalars.count
        }

        mutating func name() throws -> String {
            guard !atEnd, Scanner.isNameStart(chars[index]) else { throw fail("expected a name") }
            var s = String.UnicodeScalarView()
            while !atEnd && Scanner.isNameChar(chars[index]) { s.append(chars[index]); index += 1 }
            return String(s)
        }

        mutating func entity() throws {
            let start = index
            index += 1  // &
            var body = ""
            while !atEnd && chars[index] != ";" && body.count < 12 { body.unicodeScalars.append(chars[index]); index += 1 }
            guard !atEnd, chars[index] == ";" else { throw fail("'&' must start an entity such as &amp;", at: start) }
            index += 1
            let named = ["amp", "lt", "gt", "quot", "apos"]
            if named.contains(body) { return }
            if body.hasPrefix("#x"), let v = UInt32(body.dropFirst(2), radix: 16), let c = Unicode.Scalar(v), SSMLValidator.isAllowed(c) { return }
            if body.hasPrefix("#"), !body.hasPrefix("#x"), let v = UInt32(body.dropFirst()), let c = Unicode.Scalar(v), SSMLValidator.isAllowed(c) { return }
            throw fail("unknown entity '&\(body);'", at: start)
        }

        mutating func document() throws {
            if peek("\u{FEFF}") { index += 1 }
            if peek("<?xml") { try skip(past: "?>", what: "the XML declaration") }
            while true {
                skipSpace()
                if atEnd { break }
                if peek("<!--") { try skip(past: "-->", what: "a comment"); continue }
                if peek("<?") { try skip(past: "?>", what: "a processing instruction"); continue }
                if peek("<!") { throw fail(peek("<!DOCTYPE") ? "DOCTYPE is not allowed" : "'<!' declarations are not allowed") }
                if chars[index] == "<" && !sawRoot {
                    try element()
                    continue
                }
                throw fail(sawRoot ? "text after the closing </speak>" : "expected the <speak> root element")
            }
            guard sawRoot else { throw fail("no <speak> root element") }
        }

        /// Parses the root element and everything inside it.
        mutating func element() throws {
            while true {
                if atEnd {
                    throw fail(stack.last.map { "<\($0)> is not closed" } ?? "unexpected end")
                }
                let c = chars[index]
                if c == "<" {
                    if peek("<!--") { try skip(past: "-->", what: "a comment") }
                    else if peek("<![CDATA[") { try skip(past: "]]>", what: "a CDATA section") }
                    else if peek("<?") { try skip(past: "?>", what: "a processing instruction") }
                    else if peek("<!") { throw fail(peek("<!DOCTYPE") ? "DOCTYPE is not allowed" : "'<!' declarations are not allowed") }
                    else if peek("</") { try closeTag() }
                    else { try openTag() }
                    if stack.isEmpty { sawRoot = true; return }
                } else if c == "&" {
                    try entity()
                } else if c == ">" && index >= 2 && chars[index - 1] == "]" && chars[index - 2] == "]" {
                    throw fail("']]>' is not allowed in text")
                } else {
                    index += 1
                }
            }
        }

        mutating func openTag() throws {
            let start = index
            index += 1
            let tag = try name()
            if stack.isEmpty && tag != "speak" { throw fail("the root element must be <speak>, not <\(tag)>", at: start) }
            guard let allowed = SSMLValidator.allowedMarkup[tag] else {
                throw fail("<\(tag)> is not SSML that VoiceGuide accepts (allowed: \(SSMLValidator.allowedMarkup.keys.sorted().joined(separator: ", ")))", at: start)
            }
            guard stack.count < SSMLValidator.maxDepth else {
                throw fail("elements are nested more than \(SSMLValidator.maxDepth) deep", at: start)
            }
            var seen = Set<String>()
            var attributes: [String: String] = [:]
            while true {
                let hadSpace = !atEnd && Scanner.isSpace(chars[index])
                skipSpace()
                guard !atEnd else { throw fail("<\(tag)> tag is not closed with '>'", at: start) }
                if chars[index] == ">" || peek("/>") {
                    try checkMarkup(tag, attributes, at: start)
                    if chars[index] == ">" { index += 1; stack.append(tag) } else { index += 2 }
                    return
                }
                guard hadSpace else { throw fail("expected a space before an attribute in <\(tag)>") }
                let attrStart = index
                let attr = try name()
                guard seen.insert(attr).inserted else { throw fail("attribute '\(attr)' repeated in <\(tag)>", at: attrStart) }
                guard allowed.contains(attr) else {
                    throw fail("<\(tag)> takes no attribute '\(attr)'" + (allowed.isEmpty ? "" : " (it takes \(allowed.sorted().joined(separator: ", ")))"), at: attrStart)
                }

                skipSpace()
                guard !atEnd, chars[index] == "=" else { throw fail("attribute '\(attr)' in <\(tag)> needs '=' and a quoted value") }
                index += 1
                skipSpace()
                guard !atEnd, chars[index] == "\"" || chars[index] == "'" else {
                    throw fail("the value of '\(attr)' in <\(tag)> must be quoted")
                }
                let quote = chars[index]
                index += 1
                let valueStart = index
                while true {
                    guard !atEnd else { throw fail("the value of '\(attr)' in <\(tag)> is not closed", at: attrStart) }
                    let c = chars[index]
                    if c == quote {
                        guard index - valueStart <= SSMLValidator.maxAttributeLength else {
                            throw fail("the value of '\(attr)' in <\(tag)> is \(index - valueStart) characters long, more than "
                                       + "\(SSMLValidator.maxAttributeLength)", at: attrStart)
                        }
                        var value = String.UnicodeScalarView()
                        value.append(contentsOf: chars[valueStart..<index])
                        attributes[attr] = String(value).trimmingSpaces
                        index += 1
                        break
                    }
                    if c == "<" { throw fail("'<' is not allowed in the value of '\(attr)'") }
                    if c == "&" { try entity() } else { index += 1 }
                }
            }
        }

        /// The bounds on what an element's attributes ask for: pauses and speaking rate.
        mutating func checkMarkup(_ tag: String, _ attributes: [String: String], at start: Int) throws {
            if tag == "break", let time = attributes["time"] {
                guard let seconds = SSMLValidator.breakSeconds(time) else {
                    throw fail("<break time='\(time)'> must be a duration such as 500ms or 2s", at: start)
                }
                guard seconds <= SSMLValidator.maxBreakSeconds else {
                    throw fail("<break time='\(time)'> is longer than \(Int(SSMLValidator.maxBreakSeconds)) s", at: start)
                }
                breakTotal += seconds
                guard breakTotal <= SSMLValidator.maxTotalBreakSeconds else {
                    throw fail("the breaks add up to more than \(Int(SSMLValidator.maxTotalBreakSeconds)) s", at: start)
                }
            }
            if tag == "prosody", let rate = attributes["rate"], !SSMLValidator.rateIsReasonable(rate) {
                throw fail("<prosody rate='\(rate)'> must be x-slow … x-fast or a percentage from 25% to 400%", at: start)
            }
        }

        mutating func closeTag() throws {
            let start = index
            index += 2
            let tag = try name()
            skipSpace()
            guard !atEnd, chars[index] == ">" else { throw fail("</\(tag)> is not closed with '>'", at: start) }
            index += 1
            guard let open = stack.popLast() else { throw fail("</\(tag)> closes nothing", at: start) }
            guard open == tag else { throw fail("</\(tag)> does not match <\(open)>", at: start) }
        }
    }
}

private extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        let scalars = Array(unicodeScalars)
        func isSpace(_ c: Unicode.Scalar) -> Bool { c == " " || c == "\t" || c == "\n" || c == "\r" }
        var low = 0, high = scalars.count
        while low < high, isSpace(scalars[low]) { low += 1 }
        while high > low, isSpace(scalars[high - 1]) { high -= 1 }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[low..<high])
        return String(view)
    }
}
