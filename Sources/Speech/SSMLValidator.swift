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

/// Our own XML well-formedness check for SSML, run before SSML reaches eSpeak NG (which silently speaks a
/// fragment of malformed input). Checks: one `<speak>` root; tags nested and closed; attribute syntax,
/// quoting and uniqueness; entity references; comments, CDATA and the XML declaration. Not a schema check.
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
            var seen = Set<String>()
            while true {
                let hadSpace = !atEnd && Scanner.isSpace(chars[index])
                skipSpace()
                guard !atEnd else { throw fail("<\(tag)> tag is not closed with '>'", at: start) }
                if chars[index] == ">" { index += 1; stack.append(tag); return }
                if peek("/>") { index += 2; return }
                guard hadSpace else { throw fail("expected a space before an attribute in <\(tag)>") }
                let attrStart = index
                let attr = try name()
                guard seen.insert(attr).inserted else { throw fail("attribute '\(attr)' repeated in <\(tag)>", at: attrStart) }
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
                        index += 1
                        break
                    }
                    if c == "<" { throw fail("'<' is not allowed in the value of '\(attr)'") }
                    if c == "&" { try entity() } else { index += 1 }
                }
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
