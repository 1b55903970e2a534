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
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByArrayLiteral {
    /// One field.
    public struct Field: Sendable, Equatable {
        /// The name as sent.
        public var name: String
        /// The value, without leading or trailing whitespace.
        public var value: String

        /// Creates a field.
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
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
