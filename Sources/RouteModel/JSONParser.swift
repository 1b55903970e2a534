import Foundation

/// Why JSON text could not be parsed, with the 1-based line and column of the problem.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The class of problem.
    public enum Kind: Sendable, Hashable {
        /// Not valid JSON text.
        case syntax
        /// The input looks like binary data rather than text.
        case binary
        /// Arrays/objects nested deeper than the limit.
        case tooDeep(limit: Int)
        /// The input is larger than the limit.
        case tooBig(bytes: Int, limit: Int)
    }

    /// The class of problem.
    public var kind: Kind
    /// 1-based line of the problem (1 when not applicable).
    public var line: Int
    /// 1-based column (in characters) of the problem.
    public var column: Int
    /// What was wrong, e.g. "expected ',' or '}' after an object member".
    public var reason: String
    /// The member being read, as a path like `templates.turn` or `examples[2].name`; "" at the top level or when
    /// the parser does not record key paths (`JSONParser.recordsKeyPath`).
    public var keyPath: String = ""

    /// `line L, column C: reason`, then ` (at PATH)` when a key path was recorded.
    public var description: String { "line \(line), column \(column): \(reason)" + (keyPath.isEmpty ? "" : " (at \(keyPath))") }
}

/// A fast JSON parser of our own (RFC 8259): bytes → `JSONValue`, bounded in depth and size.
public struct JSONParser: Sendable {
    /// Maximum nesting of arrays and objects.
    public var maxDepth: Int
    /// Maximum input size in bytes.
    public var maxBytes: Int
    /// Reject an object that repeats a member name (hand-written data such as phrasebooks, where a repeat is a
    /// mistake). Off by default: routes keep every member and lookups find the last one.
    public var rejectsDuplicateKeys: Bool
    /// Record the path of the member being read so that an error names it (`JSONParseError.keyPath`).
    /// Off by default, so route import does no bookkeeping for it.
    public var recordsKeyPath: Bool

    /// Creates a parser with the given limits (defaults: 512 levels, 256 MiB); both options off.
    public init(maxDepth: Int = 512, maxBytes: Int = 256 << 20) {
        self.init(maxDepth: maxDepth, maxBytes: maxBytes, rejectsDuplicateKeys: false, recordsKeyPath: false)
    }

    /// Creates a parser with the given limits and options.
    public init(maxDepth: Int = 512, maxBytes: Int = 256 << 20, rejectsDuplicateKeys: Bool, recordsKeyPath: Bool) {
        self.maxDepth = maxDepth
        self.maxBytes = maxBytes
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.recordsKeyPath = recordsKeyPath
    }

    /// Parses one JSON value (surrounded by optional whitespace and an optional UTF-8 byte-order mark).
    public func parse(_ data: Data) throws(JSONParseError) -> JSONValue {
        guard data.count <= maxBytes else {
            throw JSONParseError(kind: .tooBig(bytes: data.count, limit: maxBytes), line: 1, column: 1,
                                 reason: "input is \(data.count) bytes, more than the limit of \(maxBytes)")
        }
        let result: Result<JSONValue, JSONParseError> = data.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var reader = JSONByteReader(bytes: bytes, maxDepth: maxDepth, rejectsDuplicateKeys: rejectsDuplicateKeys,
                                        recordsKeyPath: recordsKeyPath)
            do throws(JSONReaderFailure) {
                return .success(try reader.parseDocument())
            } catch {
                return .failure(error.located(in: bytes))
            }
        }
        return try result.get()
    }
}

/// A failure inside the reader: byte offset and reason; located (line/column, binary check) afterwards.
struct JSONReaderFailure: Error {
    var offset: Int
    var reason: String
    var depthLimit: Int?
    var keyPath = ""

    /// Converts to the public error: line/column from the offset, and `.binary` for non-text input.
    func located(in bytes: UnsafeBufferPointer<UInt8>) -> JSONParseError {
        var line = 1, column = 1
        for i in 0..<min(offset, bytes.count) {
            if bytes[i] == 0x0A { line += 1; column = 1 } else if bytes[i] & 0xC0 != 0x80 { column += 1 }
        }
        if let limit = depthLimit {
            return JSONParseError(kind: .tooDeep(limit: limit), line: line, column: column, reason: reason, keyPath: keyPath)
        }
        if Self.looksBinary(bytes) {
            return JSONParseError(kind: .binary, line: line, column: column, reason: "binary data, not JSON text")
        }
        return JSONParseError(kind: .syntax, line: line, column: column, reason: reason, keyPath: keyPath)
    }

    /// True when the first 4 KiB hold a NUL, many control bytes or invalid UTF-8.
    static func looksBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix = UnsafeBufferPointer(rebasing: bytes[0..<min(bytes.count, 4096)])
        var control = 0
        for b in prefix {
            if b == 0 { return true }
            if b < 0x20 && b != 0x09 && b != 0x0A && b != 0x0D { control += 1 }
        }
        if control >= 4 && control * 20 > prefix.count { return true }
        // Invalid UTF-8 (allowing a sequence cut by the 4 KiB window).
        var decoder = UTF8()
        var iterator = prefix.makeIterator()
        var invalid = 0
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error: invalid += 1
            }
        }
        return invalid > 1
    }
}

/// The recursive-descent reader over raw bytes.
struct JSONByteReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    let rejectsDuplicateKeys: Bool
    let recordsKeyPath: Bool
    var index = 0
    var depth = 0
    /// The members and elements being read, outermost first (only with `recordsKeyPath`).
    var path: [PathComponent] = []

    /// One step of a key path.
    enum PathComponent {
        case key(String)
        case index(Int)
    }

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int, rejectsDuplicateKeys: Bool = false, recordsKeyPath: Bool = false) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.recordsKeyPath = recordsKeyPath
    }

    /// The recorded path as text: `templates.turn`, `examples[2].name`.
    var pathText: String {
        var text = ""
        for component in path {
            switch component {
            case .key(let key): text += text.isEmpty ? key : "." + key
            case .index(let i): text += "[\(i)]"
            }
        }
        return text
    }

    mutating func parseDocument() throws(JSONReaderFailure) -> JSONValue {
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { index = 3 }
        skipWhitespace()
        guard index < bytes.count else { throw fail("empty input, expected a JSON value") }
        let value = try parseValue()
        skipWhitespace()
        guard index == bytes.count else { throw fail("unexpected text after the JSON value") }
        return value
    }

    func fail(_ reason: String, at offset: Int? = nil) -> JSONReaderFailure {
        JSONReaderFailure(offset: offset ?? index, reason: reason, keyPath: recordsKeyPath ? pathText : "")
    }

    func describeByte(_ offset: Int) -> String {
        guard offset < bytes.count else { return "end of input" }
        let b = bytes[offset]
        return b >= 0x20 && b < 0x7F ? "'\(Character(Unicode.Scalar(b)))'" : String(format: "byte 0x%02X", b)
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            let b = bytes[index]
            guard b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 else { return }
            index += 1
        }
    }

    mutating func parseValue() throws(JSONReaderFailure) -> JSONValue {
        guard index < bytes.count else { throw fail("unexpected end of input, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw fail("unexpected \(describeByte(index)), expected a value")
        }
    }

    mutating func expectWord(_ word: StaticString) throws(JSONReaderFailure) {
        let start = index
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { throw fail("invalid literal (expected '\(word)')", at: start) }
        let w = word.utf8Start
        for k in 0..<count where bytes[index + k] != w[k] { throw fail("invalid literal (expected '\(word)')", at: start) }
        index += count
    }

    mutating func enter() throws(JSONReaderFailure) {
        depth += 1
        if depth > maxDepth {
            throw JSONReaderFailure(offset: index, reason: "nesting deeper than \(maxDepth) levels", depthLimit: maxDepth,
                                    keyPath: recordsKeyPath ? pathText : "")
        }
    }

    mutating func parseArray() throws(JSONReaderFailure) -> JSONValue {
        try enter()
        index += 1
        var items = [JSONValue]()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") {
            index += 1
            depth -= 1
            return .array(items)
        }
        while true {
            skipWhitespace()
            if recordsKeyPath { path.append(.index(items.count)) }
            items.append(try parseValue())
            if try endOfContainer(UInt8(ascii: "]"), "an array") { break }
            if recordsKeyPath { path.removeLast() }
        }
        if recordsKeyPath { path.removeLast() }
        depth -= 1
        return .array(items)
    }

    mutating func parseObject() throws(JSONReaderFailure) -> JSONValue {
        try enter()
        index += 1
        var members = [JSONMember]()
        skipWhitespace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") {
            index += 1
            depth -= 1
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw fail("expected a member name in double quotes, found \(describeByte(index))")
            }
            let keyStart = index
            let key = try parseString()
            if recordsKeyPath { path.append(.key(key)) }
            if rejectsDuplicateKeys && members.contains(where: { $0.key == key }) {
                throw fail("duplicate member name \"\(key)\"", at: keyStart)
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw fail("expected ':' after member name \"\(key)\", found \(describeByte(index))")
            }
            index += 1
            skipWhitespace()
            members.append(JSONMember(key: key, value: try parseValue()))
            if try endOfContainer(UInt8(ascii: "}"), "an object") { break }
            if recordsKeyPath { path.removeLast() }
        }
        if recordsKeyPath { path.removeLast() }
        depth -= 1
        return .object(members)
    }

    /// After an element: consumes ',' (returns false: more follow) or `close` (returns true).
    mutating func endOfContainer(_ close: UInt8, _ container: String) throws(JSONReaderFailure) -> Bool {
        skipWhitespace()
        guard index < bytes.count else { throw fail("unexpected end of input inside \(container)") }
        let b = bytes[index]
        index += 1
        if b == UInt8(ascii: ",") { return false }
        if b == close { return true }
        throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))' in \(container), found \(describeByte(index - 1))", at: index - 1)
    }

    mutating func parseString() throws(JSONReaderFailure) -> String {
        let open = index
        index += 1
        let start = index
        var ascii = true
        // Fast path: no escapes.
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
                index += 1
                if ascii { return String(decoding: slice, as: UTF8.self) }
                guard let s = String(validating: slice, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in a string", at: start)
                }
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail("control character \(describeByte(index)) in a string (escape it)") }
            if b >= 0x80 { ascii = false }
            index += 1
        }
        guard index < bytes.count else { throw fail("unterminated string", at: open) }
        // Slow path: escapes.
        var buffer = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") {
                index += 1
                guard let s = String(validating: buffer, as: UTF8.self) else {
                    throw fail("invalid UTF-8 in a string", at: start)
                }
                return s
            }
            if b < 0x20 { throw fail("control character \(describeByte(index)) in a string (escape it)") }
            if b != UInt8(ascii: "\\") {
                buffer.append(b)
                index += 1
                continue
            }
            index += 1
            guard index < bytes.count else { break }
            let e = bytes[index]
            index += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(e)
            case UInt8(ascii: "b"): buffer.append(0x08)
            case UInt8(ascii: "f"): buffer.append(0x0C)
            case UInt8(ascii: "n"): buffer.append(0x0A)
            case UInt8(ascii: "r"): buffer.append(0x0D)
            case UInt8(ascii: "t"): buffer.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try parseHex4()
                if (0xD800..<0xDC00).contains(scalar) {
                    guard bytes.count - index >= 6, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw fail("unpaired surrogate in \\u escape", at: index - 6)
                    }
                    index += 2
                    let low = try parseHex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw fail("unpaired surrogate in \\u escape", at: index - 6) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00..<0xE000).contains(scalar) {
                    throw fail("unpaired surrogate in \\u escape", at: index - 6)
                }
                guard let u = Unicode.Scalar(scalar) else { throw fail("invalid \\u escape", at: index - 6) }
                buffer.append(contentsOf: UTF8.encode(u)!)
            default:
                throw fail("invalid escape '\\\(Character(Unicode.Scalar(e)))' in a string", at: index - 2)
            }
        }
        throw fail("unterminated string", at: open)
    }

    mutating func parseHex4() throws(JSONReaderFailure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw fail("truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt8
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = c - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = c - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = c - UInt8(ascii: "A") + 10
            default: throw fail("invalid hex digit in \\u escape")
            }
            v = v << 4 | UInt32(d)
            index += 1
        }
        return v
    }

    /// Exact powers of ten representable as doubles.
    static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    mutating func parseNumber() throws(JSONReaderFailure) -> Double {
        let start = index
        var negative = false
        if bytes[index] == UInt8(ascii: "-") { negative = true; index += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail("invalid number", at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && isDigit(bytes[index]) { throw fail("leading zero in a number", at: start) }
        } else {
            while index < bytes.count && isDigit(bytes[index]) {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 48); digits += 1 } else { exponent += 1 }
                index += 1
            }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit after '.'", at: start) }
            while index < bytes.count && isDigit(bytes[index]) {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 48)
                    if mantissa != 0 { digits += 1 }
                    exponent -= 1
                }
                index += 1
            }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            var expNegative = false
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                expNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail("expected a digit in the exponent", at: start) }
            var e = 0
            while index < bytes.count && isDigit(bytes[index]) {
                if e < 100_000 { e = e * 10 + Int(bytes[index] - 48) }
                index += 1
            }
            exponent += expNegative ? -e : e
        }
        // Exact fast path: mantissa and power of ten both exact doubles → one correctly rounded operation.
        if mantissa < (1 << 53) && digits < 19 && abs(exponent) <= 22 {
            let m = Double(mantissa)
            let v = exponent >= 0 ? m * Self.powers[exponent] : m / Self.powers[-exponent]
            return negative ? -v : v
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        guard let v = Double(text) else { throw fail("invalid number", at: start) }
        return v
    }

    @inline(__always) func isDigit(_ b: UInt8) -> Bool { b &- 48 < 10 }
}
