/// Why a chunk-size line is unusable.
struct HTTPChunkSizeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line naming the line.
    var description: String
}

/// The chunked transfer coding of HTTP/1.1 (RFC 9112 §7.1): the size in a request body's chunk-size line.
enum HTTPChunkedCoding {
    /// The size in a chunk-size line (hexadecimal, at most 15 digits, extensions after ';' ignored).
    static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPChunkSizeError) -> Int {
        var digits = line
        if let semicolon = digits.firstIndex(of: UInt8(ascii: ";")) { digits = digits[digits.startIndex..<semicolon] }
        while let l = digits.last, l == 0x20 || l == 0x09 { digits = digits.dropLast() }
        let invalid = HTTPChunkSizeError(description: "invalid chunk size line '\(printable(line.prefix(40)))'")
        guard !digits.isEmpty, digits.count <= 15 else { throw invalid }
        var size = 0
        for b in digits {
            let v: Int
            switch b {
            case 0x30...0x39: v = Int(b - 0x30)
            case 0x41...0x46: v = Int(b - 0x41 + 10)
            case 0x61...0x66: v = Int(b - 0x61 + 10)
            default: throw invalid
            }
            size = size * 16 + v
        }
        return size
    }

    /// `bytes` as text with control characters replaced, for error messages.
    private static func printable(_ bytes: ArraySlice<UInt8>) -> String {
        String(String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}
