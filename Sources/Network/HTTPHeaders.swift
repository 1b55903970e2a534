/// The token characters of HTTP (RFC 9110 §5.6.2), the one rule for a valid header field name or method.
public enum HTTPToken {
    /// True when `byte` is a tchar.
    @inlinable
    public static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default: return false
        }
    }

    /// True when `text` is a non-empty token (a valid header field name).
    public static func isToken<Bytes: Sequence>(_ text: Bytes) -> Bool where Bytes.Element == UInt8 {
        var empty = true
        for byte in text {
            guard isTokenByte(byte) else { return false }
            empty = false
        }
        return !empty
    }
}

/// The header fields of an HTTP message, in the order received, names as sent, compared case-insensitively.
///
/// A field name that occurs more than once reads as one value: its values joined with ", " in order, the
/// combination RFC 9110 §5.3 allows for every list-based field. The exception is `Set-Cookie` (RFC 6265 §3),
/// whose values may contain commas: reading it as one value gives the first; `values(_:)` gives each.
public struct HTTPHeaders: Sendable, Hashable, Sequence, ExpressibleByArrayLiteral {
    /// One field.
    public struct Field: Sendable, Hashable {
        /// The name as sent.
        public var name: String
        /// The value, without leading or trailing whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }

        /// Parses one received field line (`Name: value`, CR LF already removed or not); nil when it has no
        /// colon, a name that is not a token, a control character in the value, or starts with whitespace
        /// (obsolete line folding, RFC 9112 §5.2).
        public init?(fieldLine line: String) {
            guard let colon = line.firstIndex(of: ":") else { return nil }
            let name = String(line[line.startIndex..<colon])
            guard HTTPToken.isToken(name.utf8) else { return nil }
            let value = String(line[line.index(after: colon)...]).trimmingHTTPWhitespace()
            guard HTTPHeaders.isValidValue(value) else { return nil }
            self.init(name: name, value: value)
        }
    }

    /// True when `value` has no control character but tab (so no CR or LF that would end the field).
    public static func isValidValue(_ value: String) -> Bool {
        !value.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }

    /// `text` with control characters replaced by "?", for one-line error messages.
    public static func printable(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : $0 }))
    }

    /// The fields in order.
    public private(set) var fields: [Field]

    /// Creates headers from fields in order.
    public init(_ fields: [Field] = []) { self.fields = fields }

    /// Creates headers from (name, value) pairs in order.
    public init(pairs: [(name: String, value: String)]) { fields = pairs.map { Field(name: $0.name, value: $0.value) } }

    /// Creates headers from (name, value) pairs in order.
    public init(arrayLiteral elements: (String, String)...) { fields = elements.map { Field(name: $0.0, value: $0.1) } }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Appends a field.
    public mutating func append(name: String, value: String) { fields.append(Field(name: name, value: value)) }

    /// Appends a field.
    public mutating func append(_ field: Field) { fields.append(field) }

    /// Appends fields in order.
    public mutating func append(contentsOf other: HTTPHeaders) { fields.append(contentsOf: other.fields) }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) { fields.removeAll { Self.sameName($0.name, name) } }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// The value of `name` (repeated fields combined as RFC 9110 §5.3 says; see the type's comment), nil when absent.
    public subscript(_ name: String) -> String? {
        let all = values(name)
        guard let first = all.first else { return nil }
        return all.count == 1 || Self.sameName(name, "Set-Cookie") ? first : all.joined(separator: ", ")
    }

    /// The fields in order.
    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// ASCII case-insensitive name comparison.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let x = a.utf8, y = b.utf8
        guard x.count == y.count else { return false }
        func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b | 0x20 : b }
        return zip(x, y).allSatisfy { lower($0) == lower($1) }
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs, CR and LF (the whitespace around a field value).
    func trimmingHTTPWhitespace() -> String {
        let bytes = Array(utf8)
        func space(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0D || b == 0x0A }
        guard let start = bytes.firstIndex(where: { !space($0) }), let end = bytes.lastIndex(where: { !space($0) }) else { return "" }
        return String(decoding: bytes[start...end], as: UTF8.self)
    }
}
