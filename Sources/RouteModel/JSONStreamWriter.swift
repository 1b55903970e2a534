/// JSON text written piece by piece, byte for byte what `JSONValue.serialize` writes for the same tree, and handed
/// to `emit` in pieces of about `chunkBytes` (each ends between two tokens, so it is valid UTF-8). A document too
/// large to hold as a tree (a route of 2 million points is 4 million coordinate arrays) is written with only a small
/// part of it in memory at a time: containers are opened and closed here, small members are `JSONValue`s, and
/// coordinate lists are written straight from `[Coordinate]`.
public struct JSONStreamWriter {
    private var out: [UInt8] = []
    private let pretty: Bool
    private let chunkBytes: Int
    private let emit: (String) -> Void
    /// How many members or items each open object or array holds so far, the innermost last.
    private var counts: [Int] = []
    /// True between a key and its value.
    private var afterKey = false

    /// A writer of pretty (two-space indented) or compact text into `emit`.
    public init(pretty: Bool, chunkBytes: Int = 1 << 20, emit: @escaping (String) -> Void) {
        self.pretty = pretty
        self.chunkBytes = max(1, chunkBytes)
        self.emit = emit
        out.reserveCapacity(min(self.chunkBytes, 1 << 22) + 4096)
    }

    private var depth: Int { counts.count }

    /// Opens an object (a member's value after `key`, an array's item, or the document).
    public mutating func beginObject() { open(UInt8(ascii: "{")) }

    /// Closes the innermost object.
    public mutating func endObject() { close(UInt8(ascii: "}")) }

    /// Opens an array.
    public mutating func beginArray() { open(UInt8(ascii: "[")) }

    /// Closes the innermost array.
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the member `key` of the innermost object; its value follows.
    public mutating func key(_ key: String) {
        separate()
        JSONValue.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        if pretty { out.append(0x20) }
        afterKey = true
    }

    /// Writes a whole value (a member's value after `key`, or an array's item).
    public mutating func value(_ value: JSONValue) {
        startValue()
        value.write(to: &out, pretty: pretty, indent: depth)
        flushIfFull()
    }

    /// Writes `[[longitude, latitude], …]` (each position on one line when pretty), as
    /// `RouteJSONWriter.lineString`'s coordinates serialize, without building them as values.
    public mutating func positions(_ coordinates: [Coordinate]) {
        startValue()
        guard !coordinates.isEmpty else { out.append(contentsOf: "[]".utf8); return }
        out.append(UInt8(ascii: "["))
        for (i, c) in coordinates.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            JSONValue.newline(&out, pretty: pretty, indent: depth + 1)
            out.append(UInt8(ascii: "["))
            JSONValue.writeNumber(c.longitude, to: &out)
            out.append(contentsOf: pretty ? ", ".utf8 : ",".utf8)
            JSONValue.writeNumber(c.latitude, to: &out)
            out.append(UInt8(ascii: "]"))
            flushIfFull()
        }
        JSONValue.newline(&out, pretty: pretty, indent: depth)
        out.append(UInt8(ascii: "]"))
    }

    /// Ends the document (a newline when pretty, as `serialize` ends) and hands over what is left.
    public mutating func finish() {
        if pretty { out.append(0x0A) }
        if !out.isEmpty { emit(String(decoding: out, as: UTF8.self)) }
        out.removeAll()
    }

    private mutating func open(_ bracket: UInt8) {
        startValue()
        out.append(bracket)
        counts.append(0)
    }

    private mutating func close(_ bracket: UInt8) {
        let members = counts.popLast() ?? 0
        if members > 0 { JSONValue.newline(&out, pretty: pretty, indent: depth) }
        out.append(bracket)
        flushIfFull()
    }

    /// The comma and line before a member or an item.
    private mutating func separate() {
        guard !counts.isEmpty else { return }
        if counts[counts.count - 1] > 0 { out.append(UInt8(ascii: ",")) }
        counts[counts.count - 1] += 1
        JSONValue.newline(&out, pretty: pretty, indent: depth)
    }

    /// A value follows its key directly; an array's item gets its comma and line.
    private mutating func startValue() {
        if afterKey { afterKey = false } else { separate() }
    }

    private mutating func flushIfFull() {
        guard out.count >= chunkBytes else { return }
        emit(String(decoding: out, as: UTF8.self))
        out.removeAll(keepingCapacity: true)
    }
}
