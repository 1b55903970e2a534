/// The chunked transfer coding of HTTP/1.1 (RFC 9112 §7.1), read incrementally from the front of a buffer.
public enum HTTPChunkedDecoder {
    /// The longest chunk-size line accepted (size, extensions and CRLF), in bytes.
    public static let maxChunkLineBytes = 1024

    /// One step of reading a chunked body.
    public enum Step: Equatable, Sendable {
        /// More bytes are needed.
        case needMore
        /// A chunk of data: `size` bytes starting at `start`; `next` is where the following chunk-size line begins.
        case data(start: Int, size: Int, next: Int)
        /// The last chunk and its trailer section, `length` bytes in all (trailer fields are read and ignored).
        case end(length: Int)
        /// Malformed framing, with the reason.
        case malformed(String)
    }

    /// Reads the chunk whose size line starts at `from` in `buffer`.
    public static func step(_ buffer: [UInt8], from: Int, maxTrailerBytes: Int) -> Step {
        guard let lineEnd = crlf(in: buffer, from: from) else {
            return buffer.count - from > maxChunkLineBytes ? .malformed("a chunk-size line longer than \(maxChunkLineBytes) bytes") : .needMore
        }
        guard lineEnd - from <= maxChunkLineBytes else { return .malformed("a chunk-size line longer than \(maxChunkLineBytes) bytes") }
        guard let size = chunkSize(buffer[from..<lineEnd]) else {
            let line = String(decoding: buffer[from..<min(lineEnd, from + 40)], as: UTF8.self)
            return .malformed("invalid chunk size line '\(HTTPHeaders.printable(line))'")
        }
        let start = lineEnd + 2
        guard size > 0 else {
            // The trailer section: field lines up to an empty line.
            var at = start
            while true {
                guard let end = crlf(in: buffer, from: at) else {
                    return buffer.count - start > maxTrailerBytes ? .malformed("a trailer section larger than \(maxTrailerBytes) bytes") : .needMore
                }
                if end == at { return .end(length: end + 2 - from) }
                at = end + 2
                if at - start > maxTrailerBytes { return .malformed("a trailer section larger than \(maxTrailerBytes) bytes") }
            }
        }
        guard buffer.count >= start + size + 2 else { return .needMore }
        guard buffer[start + size] == 0x0D, buffer[start + size + 1] == 0x0A else { return .malformed("a chunk not followed by CRLF") }
        return .data(start: start, size: size, next: start + size + 2)
    }

    /// The size in a chunk-size line without its CRLF (hexadecimal, at most 15 digits, extensions after ';'
    /// ignored); nil when malformed.
    public static func chunkSize(_ line: ArraySlice<UInt8>) -> Int? {
        var digits = line
        if let semicolon = digits.firstIndex(of: UInt8(ascii: ";")) { digits = digits[digits.startIndex..<semicolon] }
        while let l = digits.last, l == 0x20 || l == 0x09 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 15 else { return nil }
        var size = 0
        for b in digits {
            switch b {
            case 0x30...0x39: size = size * 16 + Int(b - 0x30)
            case 0x41...0x46: size = size * 16 + Int(b - 0x41 + 10)
            case 0x61...0x66: size = size * 16 + Int(b - 0x61 + 10)
            default: return nil
            }
        }
        return size
    }

    /// The offset of the next CRLF at or after `from`.
    public static func crlf(in buffer: [UInt8], from: Int) -> Int? {
        var i = from
        while i + 1 < buffer.count {
            if buffer[i] == 0x0D && buffer[i + 1] == 0x0A { return i }
            i += 1
        }
        return nil
    }
}
