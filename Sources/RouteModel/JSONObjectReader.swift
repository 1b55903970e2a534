import SafeIO

/// Typed, path-aware reads of one JSON object during import: every failure names the file and JSON path.
struct JSONObjectReader {
    let members: [JSONMember]
    let path: String
    let file: String

    /// Wraps `value`, which must be an object.
    init(_ value: JSONValue, path: String, file: String) throws(RouteImportError) {
        guard case .object(let members) = value else {
            throw RouteImportError(file: file, path: path, kind: .wrongType(expected: "object", found: value.typeName))
        }
        self.members = members
        self.path = path
        self.file = file
    }

    func childPath(_ key: String) -> String { path.isEmpty ? key : path + "." + key }

    func error(_ key: String?, _ kind: RouteImportError.Kind) -> RouteImportError {
        RouteImportError(file: file, path: key.map(childPath) ?? path, kind: kind)
    }

    /// The member's value; nil when absent or `null` (null means "not given" for optional members).
    func value(_ key: String) -> JSONValue? {
        guard let v = members.last(where: { $0.key == key })?.value, v != .null else { return nil }
        return v
    }

    func has(_ key: String) -> Bool { value(key) != nil }

    func required(_ key: String) throws(RouteImportError) -> JSONValue {
        guard let v = value(key) else { throw error(key, .missing) }
        return v
    }

    func wrongType(_ key: String, _ expected: String, _ found: JSONValue) -> RouteImportError {
        error(key, .wrongType(expected: expected, found: found.typeName))
    }

    func string(_ key: String) throws(RouteImportError) -> String? {
        guard let v = value(key) else { return nil }
        guard case .string(let s) = v else { throw wrongType(key, "string", v) }
        // Control characters in route text would reach terminals, logs and SSML.
        return ControlCharacters.stripped(s)
    }

    /// An optional descriptive string: absent, null, empty or blank all mean "not given" (Mapbox writes `"ref": ""`).
    func text(_ key: String) throws(RouteImportError) -> String? {
        guard let s = try string(key), s.contains(where: { !$0.isWhitespace }) else { return nil }
        return s
    }

    func requiredString(_ key: String) throws(RouteImportError) -> String {
        guard let s = try string(key) else { throw error(key, .missing) }
        return s
    }

    func number(_ key: String) throws(RouteImportError) -> Double? {
        guard let v = value(key) else { return nil }
        guard case .number(let n) = v else { throw wrongType(key, "number", v) }
        guard n.isFinite else { throw error(key, .notFinite) }
        return n
    }

    /// A required, finite, non-negative number (distances and durations).
    func nonNegative(_ key: String) throws(RouteImportError) -> Double {
        guard let n = try number(key) else { throw error(key, .missing) }
        guard n >= 0 else { throw error(key, .negative(n)) }
        // A billion meters or seconds (25 times round the Earth, 31 years) is no real route: reject it rather than
        // let it through as a number that breaks every later sum.
        guard n <= 1e9 else { throw error(key, .invalidValue(reason: "\(JSONValue.numberText(n)) is out of range (at most 1e9)")) }
        return n
    }

    func int(_ key: String) throws(RouteImportError) -> Int? {
        guard let n = try number(key) else { return nil }
        guard n == n.rounded(), abs(n) < 1e9 else { throw error(key, .invalidValue(reason: "expected a whole number, found \(n)")) }
        return Int(saturating: n)
    }

    func bool(_ key: String) throws(RouteImportError) -> Bool? {
        guard let v = value(key) else { return nil }
        guard case .bool(let b) = v else { throw wrongType(key, "boolean", v) }
        return b
    }

    func array(_ key: String) throws(RouteImportError) -> [JSONValue]? {
        guard let v = value(key) else { return nil }
        guard case .array(let a) = v else { throw wrongType(key, "array", v) }
        return a
    }

    func requiredArray(_ key: String) throws(RouteImportError) -> [JSONValue] {
        guard let a = try array(key) else { throw error(key, .missing) }
        return a
    }

    func object(_ key: String) throws(RouteImportError) -> JSONObjectReader? {
        guard let v = value(key) else { return nil }
        return try JSONObjectReader(v, path: childPath(key), file: file)
    }

    func requiredObject(_ key: String) throws(RouteImportError) -> JSONObjectReader {
        guard let o = try object(key) else { throw error(key, .missing) }
        return o
    }

    /// The elements of array `key` as objects, each with its own path (`key[i]`).
    func objects(_ key: String) throws(RouteImportError) -> [JSONObjectReader]? {
        guard let items = try array(key) else { return nil }
        var out = [JSONObjectReader]()
        out.reserveCapacity(items.count)
        let base = childPath(key)
        for (i, item) in items.enumerated() { out.append(try JSONObjectReader(item, path: "\(base)[\(i)]", file: file)) }
        return out
    }

    func requiredObjects(_ key: String) throws(RouteImportError) -> [JSONObjectReader] {
        guard let o = try objects(key) else { throw error(key, .missing) }
        return o
    }

    /// The elements of array `key`, each of which must be of one payload type.
    func elements<T>(_ key: String, _ expected: String, _ extract: (JSONValue) -> T?) throws(RouteImportError) -> [T]? {
        guard let items = try array(key) else { return nil }
        var out = [T]()
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            guard let v = extract(item) else {
                throw RouteImportError(file: file, path: "\(childPath(key))[\(i)]", kind: .wrongType(expected: expected, found: item.typeName))
            }
            out.append(v)
        }
        return out
    }

    /// A `[longitude, latitude]` pair, checked against WGS84 ranges.
    func coordinate(_ key: String) throws(RouteImportError) -> Coordinate {
        try Self.coordinate(required(key), path: childPath(key), file: file)
    }

    /// Reads `[longitude, latitude, …]` at `path`.
    static func coordinate(_ value: JSONValue, path: String, file: String) throws(RouteImportError) -> Coordinate {
        guard case .array(let pair) = value else {
            throw RouteImportError(file: file, path: path, kind: .wrongType(expected: "[longitude, latitude]", found: value.typeName))
        }
        guard pair.count >= 2, case .number(let lon) = pair[0], case .number(let lat) = pair[1] else {
            throw RouteImportError(file: file, path: path, kind: .wrongType(expected: "[longitude, latitude]", found: "array of \(pair.count) other values"))
        }
        let c = Coordinate(latitude: lat, longitude: lon)
        guard c.isValid else {
            throw RouteImportError(file: file, path: path, kind: .coordinateOutOfRange(latitude: lat, longitude: lon))
        }
        return c
    }
}
