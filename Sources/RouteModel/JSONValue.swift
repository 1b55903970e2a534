/// A parsed JSON document that keeps everything, including the order of object members, so that a
/// response can be rewritten and written back (the transcript's `--format mapbox`).
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any JSON number (IEEE double; very large exponents become ±infinity and are rejected by the importer).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in input order (duplicate keys are kept; lookups find the last one).
    case object([JSONMember])

    /// An object with these members in this order, written as a dictionary literal: `.ordered(["a": x, "b": y])`.
    public static func ordered(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(members.map { JSONMember(key: $0.key, value: $0.value) })
    }

    /// The JSON type name used in error messages ("object", "array", "string", "number", "boolean", "null").
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The member `key` of an object (the last one when repeated); nil for absent keys and non-objects.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last(where: { $0.key == key })?.value
    }

    /// The element at `index` of an array; nil when out of range or not an array.
    public subscript(index: Int) -> JSONValue? {
        guard case .array(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }

    /// Sets member `key` of an object: replaces the last member with that key in place, or appends it.
    /// Does nothing when the value is not an object.
    public mutating func setMember(_ key: String, to value: JSONValue) {
        guard case .object(var members) = self else { return }
        self = .null  // drop the reference so the array is uniquely owned and mutated in place
        if let i = members.lastIndex(where: { $0.key == key }) {
            members[i].value = value
        } else {
            members.append(JSONMember(key: key, value: value))
        }
        self = .object(members)
    }

    /// Removes every member named `key` from an object. Does nothing when the value is not an object.
    public mutating func removeMember(_ key: String) {
        guard case .object(var members) = self else { return }
        self = .null
        members.removeAll { $0.key == key }
        self = .object(members)
    }

    /// Replaces element `index` of an array. Does nothing when out of range or not an array.
    public mutating func setElement(_ index: Int, to value: JSONValue) {
        guard case .array(var items) = self, items.indices.contains(index) else { return }
        self = .null
        items[index] = value
        self = .array(items)
    }

    /// The string payload, or nil.
    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    /// The number payload, or nil.
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The boolean payload, or nil.
    public var boolValue: Bool? { if case .bool(let b) = self { b } else { nil } }
    /// The array payload, or nil.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { a } else { nil } }
    /// The object members, or nil.
    public var objectMembers: [JSONMember]? { if case .object(let m) = self { m } else { nil } }
}

/// One `"key": value` member of a JSON object.
public struct JSONMember: Sendable, Equatable {
    /// The member name.
    public var key: String
    /// The member value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
