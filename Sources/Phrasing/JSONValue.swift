/// A parsed JSON value that keeps object member order (phrasebook data is order-sensitive in lists only,
/// but order makes messages and catalogs stable).
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` / `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object with its members in file order.
    case object([(key: String, value: JSONValue)])

    /// The member named `key` of an object, if any.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }

    /// The string payload, if this is a string.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number payload, if this is a number.
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The bool payload, if this is a bool.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The members, if this is an object.
    public var objectMembers: [(key: String, value: JSONValue)]? { if case .object(let m) = self { return m } else { return nil } }
    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }

    /// Deep merge: objects merge member by member (`overlay` wins), anything else is replaced by `overlay`.
    public func merged(with overlay: JSONValue) -> JSONValue {
        guard case .object(var base) = self, case .object(let top) = overlay else { return overlay }
        for (key, value) in top {
            if let index = base.firstIndex(where: { $0.key == key }) {
                base[index].value = base[index].value.merged(with: value)
            } else {
                base.append((key, value))
            }
        }
        return .object(base)
    }

    /// Equality of values (objects compare member lists in order).
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// Hashes the value structurally.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let b): hasher.combine(b)
        case .number(let n): hasher.combine(n)
        case .string(let s): hasher.combine(s)
        case .array(let a): hasher.combine(a)
        case .object(let m): for (k, v) in m { hasher.combine(k); hasher.combine(v) }
        }
    }
}

/// A JSON syntax error with its position and the nearest enclosing key.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column (in characters).
    public var column: Int
    /// Dotted path of the member being read when the error happened ("" at top level).
    public var key: String
    /// What was wrong.
    public var message: String

    /// `line:column: message (at key)`.
    public var description: String { "\(line):\(column): \(message)" + (key.isEmpty ? "" : " (at key '\(key)')") }
}

/// A strict JSON parser (RFC 8259) that reports line, column and key on errors and rejects duplicate keys.
public enum JSONParser {
    /// Parses `text` into a value.
    public static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        var state = ParserState(bytes: Array(text.utf8))
        state.skipSpace()
        let value = try state.parseValue()
        state.skipSpace()
        if state.index < state.bytes.count { throw state.error("unexpected text after the JSON value") }
        return value
    }
}

private struct ParserState {
    let bytes: [UInt8]
    var index = 0
    var path: [String] = []

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ message: String) -> JSONSyntaxError {
        var line = 1, lineStart = 0
        let end = min(index, bytes.count)
        for i in 0..<end where bytes[i] == UInt8(ascii: "\n") { line += 1; lineStart = i + 1 }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONSyntaxError(line: line, column: column, key: path.joined(separator: "."), message: message)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    mutating func parseValue() throws(JSONSyntaxError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of file") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character '\(String(decoding: [bytes[index]], as: UTF8.self))'")
        }
    }

    mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("invalid literal (expected '\(word)')")
        }
        index += w.count
    }

    mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member name in quotes") }
            let key = try parseString()
            if members.contains(where: { $0.key == key }) { throw error("duplicate key '\(key)'") }
            path.append(key)
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the member name") }
            index += 1
            skipSpace()
            let value = try parseValue()
            members.append((key, value))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            if bytes[index] == UInt8(ascii: ",") { path.removeLast(); index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { path.removeLast(); index += 1; return .object(members) }
            throw error("expected ',' or '}' after a member")
        }
    }

    mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        index += 1
        var elements: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            path.append("[\(elements.count)]")
            elements.append(try parseValue())
            path.removeLast()
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']' after an element")
        }
    }

    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while index < bytes.count {
            let b = bytes[index]
            if b == UInt8(ascii: "\"") { index += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw error("control character in a string (write \\n)") }
            if b == UInt8(ascii: "\\") {
                index += 1
                guard index < bytes.count else { break }
                let e = bytes[index]
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\"), bytes[index + 2] == UInt8(ascii: "u") else {
                            throw error("unpaired surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("invalid escape '\\\(String(decoding: [e], as: UTF8.self))'")
                }
                index += 1
                continue
            }
            out.append(b)
            index += 1
        }
        throw error("unterminated string")
    }

    mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 < bytes.count, let v = UInt32(String(decoding: bytes[index + 1...index + 4], as: UTF8.self), radix: 16) else {
            throw error("invalid \\u escape")
        }
        index += 4
        return v
    }

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let allowed = Set("0123456789.eE+-".utf8)
        while index < bytes.count, allowed.contains(bytes[index]) { index += 1 }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            index = start
            throw error("invalid number")
        }
        return value
    }
}
