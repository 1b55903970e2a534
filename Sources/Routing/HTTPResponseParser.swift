import Foundation

/// Why bytes from a server are not a usable HTTP/1.x response.
public enum HTTPParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes break the protocol; says where and how.
    case malformed(String)
    /// The head or the body is larger than the limit.
    case tooLarge(String)

    /// One line.
    public var description: String {
        switch self {
        case .malformed(let what): return what
        case .tooLarge(let what): return what
        }
    }
}

/// A strict, incremental HTTP/1.0 and 1.1 response parser: CRLF lines, token header names, no obs-fold,
/// one Content-Length, `Transfer-Encoding: chunked` (with trailers) or a body delimited by the connection close;
/// informational 1xx responses are skipped. Feed it bytes as they arrive; bounded memory by the limits.
public struct HTTPResponseParser: Sendable {
    /// The largest response head (status line and headers) accepted.
    public let maxHeadBytes: Int
    /// The largest body accepted.
    public let maxBodyBytes: Int

    private enum Phase: Sendable {
        case head
        case fixed(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkEnd
        case trailers
        case untilClose
        case done
    }

    private var buffer: [UInt8] = []
    private var index = 0
    private var scanned = 0
    private var phase = Phase.head
    private var status = 0
    private var reason = ""
    private var headers: [HTTPHeader] = []
    private var body: [UInt8] = []
    private var trailerBytes = 0

    /// Creates a parser with the given limits.
    public init(maxHeadBytes: Int = 64 << 10, maxBodyBytes: Int = 32 << 20) {
        self.maxHeadBytes = maxHeadBytes
        self.maxBodyBytes = maxBodyBytes
    }

    /// Adds received bytes; returns the response once it is complete (bytes past its end are ignored).
    public mutating func feed<Bytes: Collection>(_ bytes: Bytes) throws(HTTPParseError) -> HTTPResponse? where Bytes.Element == UInt8 {
        if case .done = phase { return nil }
        buffer.append(contentsOf: bytes)
        return try advance(atEnd: false)
    }

    /// The connection closed: returns the response if the bytes so far make a complete one, else throws.
    public mutating func finish() throws(HTTPParseError) -> HTTPResponse {
        if let response = try advance(atEnd: true) { return response }
        throw .malformed("connection closed before the response was complete")
    }

    private mutating func advance(atEnd: Bool) throws(HTTPParseError) -> HTTPResponse? {
        while true {
            switch phase {
            case .done:
                return nil
            case .head:
                guard let end = find(crlfcrlf, from: max(index, scanned - 3)) else {
                    scanned = buffer.count
                    if buffer.count - index > maxHeadBytes {
                        throw .tooLarge("response head larger than \(maxHeadBytes) bytes")
                    }
                    if atEnd {
                        throw .malformed(buffer.count == index ? "connection closed without a response"
                                         : "connection closed inside the response head")
                    }
                    return nil
                }
                guard end + 4 - index <= maxHeadBytes else {
                    throw .tooLarge("response head larger than \(maxHeadBytes) bytes")
                }
                try parseHead(buffer[index..<end])
                index = end + 4
                scanned = index
                try chooseFraming()
            case .fixed(let remaining):
                let take = min(remaining, buffer.count - index)
                body.append(contentsOf: buffer[index..<(index + take)])
                index += take
                if remaining - take == 0 { return complete() }
                phase = .fixed(remaining: remaining - take)
                if atEnd {
                    throw .malformed("connection closed after \(body.count) of \(body.count + remaining - take) body bytes")
                }
                compact()
                return nil
            case .chunkSize:
                guard let line = try takeLine(limit: 1024, what: "chunk size line", atEnd: atEnd) else { return nil }
                let size = try HTTPChunkedCoding.chunkSize(line)
                if size == 0 {
                    phase = .trailers
                } else {
                    guard size <= maxBodyBytes - body.count else {
                        throw .tooLarge("response body larger than \(maxBodyBytes) bytes")
                    }
                    phase = .chunkData(remaining: size)
                }
            case .chunkData(let remaining):
                let take = min(remaining, buffer.count - index)
                body.append(contentsOf: buffer[index..<(index + take)])
                index += take
                if remaining - take == 0 {
                    phase = .chunkEnd
                } else {
                    phase = .chunkData(remaining: remaining - take)
                    if atEnd { throw .malformed("connection closed inside a chunk (\(remaining - take) bytes missing)") }
                    compact()
                    return nil
                }
            case .chunkEnd:
                guard buffer.count - index >= 2 else {
                    if atEnd { throw .malformed("connection closed after a chunk's data") }
                    return nil
                }
                guard buffer[index] == 0x0D, buffer[index + 1] == 0x0A else {
                    throw .malformed("chunk data not followed by CRLF")
                }
                index += 2
                phase = .chunkSize
            case .trailers:
                guard let line = try takeLine(limit: maxHeadBytes, what: "trailer", atEnd: atEnd) else { return nil }
                if line.isEmpty { return complete() }
                trailerBytes += line.count + 2
                guard trailerBytes <= maxHeadBytes else { throw .tooLarge("trailers larger than \(maxHeadBytes) bytes") }
                _ = try Self.headerField(line)
            case .untilClose:
                body.append(contentsOf: buffer[index...])
                index = buffer.count
                guard body.count <= maxBodyBytes else { throw .tooLarge("response body larger than \(maxBodyBytes) bytes") }
                compact()
                if atEnd { return complete() }
                return nil
            }
        }
    }

    private mutating func complete() -> HTTPResponse {
        phase = .done
        return HTTPResponse(status: status, reason: reason, headers: headers, body: Data(body))
    }

    /// Drops consumed bytes once they are most of the buffer.
    private mutating func compact() {
        if index > 65_536 && index * 2 > buffer.count {
            buffer.removeFirst(index)
            scanned = max(0, scanned - index)
            index = 0
        }
    }

    private mutating func takeLine(limit: Int, what: String, atEnd: Bool) throws(HTTPParseError) -> ArraySlice<UInt8>? {
        guard let end = find(crlf, from: index) else {
            if buffer.count - index > limit { throw .malformed("\(what) longer than \(limit) bytes") }
            if atEnd { throw .malformed("connection closed inside a \(what)") }
            return nil
        }
        guard end - index <= limit else { throw .malformed("\(what) longer than \(limit) bytes") }
        let line = buffer[index..<end]
        index = end + 2
        return line
    }

    private let crlf: [UInt8] = [0x0D, 0x0A]
    private let crlfcrlf: [UInt8] = [0x0D, 0x0A, 0x0D, 0x0A]

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        guard buffer.count >= needle.count else { return nil }
        var i = start
        let last = buffer.count - needle.count
        while i <= last {
            if buffer[i] == needle[0] {
                var j = 1
                while j < needle.count && buffer[i + j] == needle[j] { j += 1 }
                if j == needle.count { return i }
            }
            i += 1
        }
        return nil
    }

    private mutating func parseHead(_ head: ArraySlice<UInt8>) throws(HTTPParseError) {
        var lines: [ArraySlice<UInt8>] = []
        var start = head.startIndex
        var i = head.startIndex
        while i < head.endIndex {
            if head[i] == 0x0D {
                guard i + 1 < head.endIndex, head[i + 1] == 0x0A else { throw .malformed("bare CR in the response head") }
                lines.append(head[start..<i])
                i += 2
                start = i
            } else if head[i] == 0x0A {
                throw .malformed("bare LF in the response head")
            } else {
                i += 1
            }
        }
        lines.append(head[start..<head.endIndex])
        guard let statusLine = lines.first else { throw .malformed("empty response head") }
        (status, reason) = try Self.statusLine(statusLine)
        headers = []
        for line in lines.dropFirst() { headers.append(try Self.headerField(line)) }
    }

    private mutating func chooseFraming() throws(HTTPParseError) {
        body = []
        if (100..<200).contains(status) {
            guard status != 101 else { throw .malformed("unexpected 101 Switching Protocols") }
            phase = .head
            return
        }
        let encodings = headers.filter { $0.name.lowercased() == "transfer-encoding" }
        let lengths = headers.filter { $0.name.lowercased() == "content-length" }
        if status == 204 || status == 304 {
            phase = .fixed(remaining: 0)
            return
        }
        if !encodings.isEmpty {
            let codings = encodings.flatMap { $0.value.lowercased().split(separator: ",") }
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard codings == ["chunked"] else {
                throw .malformed("unsupported Transfer-Encoding '\(encodings.map(\.value).joined(separator: ", "))'")
            }
            phase = .chunkSize
            return
        }
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0.value == first.value }) else { throw .malformed("conflicting Content-Length headers") }
            let digits = first.value.utf8
            guard !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
                  let length = Int(first.value) else {
                throw .malformed("invalid Content-Length '\(Self.printable(first.value))'")
            }
            guard length <= maxBodyBytes else {
                throw .tooLarge("response body of \(length) bytes is larger than the limit of \(maxBodyBytes)")
            }
            phase = .fixed(remaining: length)
            return
        }
        phase = .untilClose
    }

    private static func statusLine(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> (Int, String) {
        let bytes = Array(line)
        let prefix10 = Array("HTTP/1.0 ".utf8), prefix11 = Array("HTTP/1.1 ".utf8)
        guard bytes.count >= 12, Array(bytes[0..<9]) == prefix10 || Array(bytes[0..<9]) == prefix11 else {
            throw .malformed("not an HTTP/1.x status line: '\(printable(String(decoding: bytes.prefix(40), as: UTF8.self)))'")
        }
        var status = 0
        for b in bytes[9..<12] {
            guard b >= 0x30 && b <= 0x39 else { throw .malformed("invalid status code in '\(printable(String(decoding: bytes.prefix(40), as: UTF8.self)))'") }
            status = status * 10 + Int(b - 0x30)
        }
        guard status >= 100 else { throw .malformed("invalid status code \(status)") }
        if bytes.count > 12 {
            guard bytes[12] == 0x20 else { throw .malformed("invalid status line: no space after the status code") }
        }
        let reason = bytes.count > 13 ? String(decoding: bytes[13...], as: UTF8.self) : ""
        return (status, reason)
    }

    private static func headerField(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> HTTPHeader {
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            throw .malformed("header line without ':': '\(printable(String(decoding: line.prefix(40), as: UTF8.self)))'")
        }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else {
            throw .malformed("invalid header name '\(printable(String(decoding: name.prefix(40), as: UTF8.self)))'")
        }
        var value = line[(colon + 1)...]
        while let f = value.first, f == 0x20 || f == 0x09 { value = value.dropFirst() }
        while let l = value.last, l == 0x20 || l == 0x09 { value = value.dropLast() }
        guard !value.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
            throw .malformed("control character in header '\(String(decoding: name, as: UTF8.self))'")
        }
        return HTTPHeader(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    private static func isTokenByte(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: return true
        default: return Array("!#$%&'*+-.^_`|~".utf8).contains(b)
        }
    }

    /// `text` with control characters replaced, for error messages.
    static func printable(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
    }
}

/// The chunked transfer coding of HTTP/1.1 (RFC 9112 §7.1), shared by the response parser and the service's server.
public enum HTTPChunkedCoding {
    /// The size in a chunk-size line (hexadecimal, at most 15 digits, extensions after ';' ignored).
    public static func chunkSize(_ line: ArraySlice<UInt8>) throws(HTTPParseError) -> Int {
        var digits = line
        if let semicolon = digits.firstIndex(of: UInt8(ascii: ";")) { digits = digits[digits.startIndex..<semicolon] }
        while let l = digits.last, l == 0x20 || l == 0x09 { digits = digits.dropLast() }
        guard !digits.isEmpty, digits.count <= 15 else {
            throw .malformed("invalid chunk size line '\(HTTPResponseParser.printable(String(decoding: line.prefix(40), as: UTF8.self)))'")
        }
        var size = 0
        for b in digits {
            let v: Int
            switch b {
            case 0x30...0x39: v = Int(b - 0x30)
            case 0x41...0x46: v = Int(b - 0x41 + 10)
            case 0x61...0x66: v = Int(b - 0x61 + 10)
            default: throw .malformed("invalid chunk size line '\(HTTPResponseParser.printable(String(decoding: line.prefix(40), as: UTF8.self)))'")
            }
            size = size * 16 + v
        }
        return size
    }
}
