import Foundation

extension JSONValue {
    /// JSON text for this value: compact, or pretty with two-space indentation (a short array of numbers, such as
    /// a coordinate, stays on one line). Object members keep their order,
    /// so serializing a parsed document is stable. Integral numbers print without a fraction; non-finite
    /// numbers (which JSON cannot hold) print as `null`.
    public func serialized(pretty: Bool = false) -> String {
        String(decoding: serializedBytes(pretty: pretty), as: UTF8.self)
    }

    /// The serialized text as UTF-8 bytes (no copy into a `String`: what a socket writes); `capacity` is a size hint.
    public func serializedBytes(pretty: Bool = false, capacity: Int = 256) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(max(16, capacity))
        write(to: &out, pretty: pretty, indent: 0)
        if pretty { out.append(0x0A) }
        return out
    }

    /// The serialized text as UTF-8 data.
    public func serializedData(pretty: Bool = false) -> Data { Data(serialized(pretty: pretty).utf8) }

    /// The same text as `serialized`, handed to `emit` in pieces of about `chunkBytes` (each ends between two
    /// values, so it is valid UTF-8): a large document is written without holding all of its text, twice, in memory.
    public func serialize(pretty: Bool = false, chunkBytes: Int = 1 << 20, to emit: (String) -> Void) {
        var out = [UInt8]()
        out.reserveCapacity(min(chunkBytes, 1 << 22) + 4096)
        withoutActuallyEscaping(emit) { emit in
            let flush: (inout [UInt8]) -> Void = { bytes in
                guard bytes.count >= chunkBytes else { return }
                emit(String(decoding: bytes, as: UTF8.self))
                bytes.removeAll(keepingCapacity: true)
            }
            write(to: &out, pretty: pretty, indent: 0, flush: flush)
            if pretty { out.append(0x0A) }
            if !out.isEmpty { emit(String(decoding: out, as: UTF8.self)) }
        }
    }

    func write(to out: inout [UInt8], pretty: Bool, indent: Int, flush: ((inout [UInt8]) -> Void)? = nil) {
        switch self {
        case .null: out.append(contentsOf: "null".utf8)
        case .bool(let b): out.append(contentsOf: (b ? "true" : "false").utf8)
        case .number(let n): Self.writeNumber(n, to: &out)
        case .string(let s): Self.writeString(s, to: &out)
        case .array(let items):
            guard !items.isEmpty else { out.append(contentsOf: "[]".utf8); return }
            if pretty, items.count <= Self.inlineNumbers, items.allSatisfy({ if case .number = $0 { true } else { false } }) {
                // A coordinate, a bearing list: one line, as people write them (a 2M-point geometry was four lines
                // per point, 390 MB that could not be read back).
                out.append(UInt8(ascii: "["))
                for (i, item) in items.enumerated() {
                    if i > 0 { out.append(contentsOf: ", ".utf8) }
                    item.write(to: &out, pretty: false, indent: 0)
                }
                out.append(UInt8(ascii: "]"))
                return
            }
            out.append(UInt8(ascii: "["))
            for (i, item) in items.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, pretty: pretty, indent: indent + 1)
                item.write(to: &out, pretty: pretty, indent: indent + 1, flush: flush)
                flush?(&out)
            }
            Self.newline(&out, pretty: pretty, indent: indent)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else { out.append(contentsOf: "{}".utf8); return }
            out.append(UInt8(ascii: "{"))
            for (i, member) in members.enumerated() {
                if i > 0 { out.append(UInt8(ascii: ",")) }
                Self.newline(&out, pretty: pretty, indent: indent + 1)
                Self.writeString(member.key, to: &out)
                out.append(UInt8(ascii: ":"))
                if pretty { out.append(0x20) }
                member.value.write(to: &out, pretty: pretty, indent: indent + 1, flush: flush)
                flush?(&out)
            }
            Self.newline(&out, pretty: pretty, indent: indent)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Pretty output writes an array of at most this many numbers on one line.
    static let inlineNumbers = 8

    static func newline(_ out: inout [UInt8], pretty: Bool, indent: Int) {
        guard pretty else { return }
        out.append(0x0A)
        out.append(contentsOf: repeatElement(0x20, count: indent * 2))
    }

    /// The shortest text that reads back as the same double; integers without ".0".
    static func numberText(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded() && abs(n) < 1e15 { return String(Int64(n)) }
        return n.description
    }

    /// Appends `numberText(n)`: integers digit by digit, others through their shortest description.
    static func writeNumber(_ n: Double, to out: inout [UInt8]) {
        guard n.isFinite, n == n.rounded(), abs(n) < 1e15 else { out.append(contentsOf: numberText(n).utf8); return }
        var value = Int64(n)
        if value == 0 { out.append(UInt8(ascii: "0")); return }
        if value < 0 { out.append(UInt8(ascii: "-")); value = -value }
        var digits: (UInt64, UInt64) = (0, 0)  // up to 15 digits, least significant first, one byte each
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while value > 0 {
                buffer[count] = UInt8(48 + value % 10)
                value /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { out.append(buffer[i]) }
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// True when `byte` is written as is inside a JSON string (nothing to escape, no control character to check).
    @inline(__always) private static func isPlain(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && byte != 0x7F && byte != 0xC2 && byte != 0xE2
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if s.utf8.allSatisfy(isPlain) {
            out.append(contentsOf: s.utf8)
            out.append(UInt8(ascii: "\""))
            return
        }
        func escape(_ scalar: UInt32, _ out: inout [UInt8]) {
            out.append(contentsOf: "\\u".utf8)
            for shift in [12, 8, 4, 0] { out.append(hexDigits[Int((scalar >> UInt32(shift)) & 0xF)]) }
        }
        // DEL, C1 controls and U+2028/2029 are legal in JSON but are control characters to terminals and logs:
        // they are written escaped too. Their UTF-8 starts with 0x7F, 0xC2 or 0xE2.
        let mayHaveWideControls = s.utf8.contains { $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
        let bytes = mayHaveWideControls ? Array(s.utf8) : []
        var i = 0
        for b in s.utf8 {
            defer { i += 1 }
            if mayHaveWideControls {
                if i > 0 && bytes[i - 1] == 0xC2 && (0x80...0x9F).contains(b) { continue }
                if i > 1 && bytes[i - 2] == 0xE2 && bytes[i - 1] == 0x80 && (b == 0xA8 || b == 0xA9) { continue }
                if i > 0 && bytes[i - 1] == 0xE2 && b == 0x80, i + 1 < bytes.count, bytes[i + 1] == 0xA8 || bytes[i + 1] == 0xA9 { continue }
                if b == 0x7F { escape(0x7F, &out); continue }
                if b == 0xC2, i + 1 < bytes.count, (0x80...0x9F).contains(bytes[i + 1]) { escape(UInt32(bytes[i + 1]), &out); continue }
                if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x80, bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9 {
                    escape(bytes[i + 2] == 0xA8 ? 0x2028 : 0x2029, &out)
                    continue
                }
            }
            switch b {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0..<0x20: escape(UInt32(b), &out)
            default: out.append(b)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
