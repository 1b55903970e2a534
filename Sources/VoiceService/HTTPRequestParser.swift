import Foundation
import Network
import SafeIO

/// The server's HTTP/1.1 request parser (RFC 9112), without I/O: bytes go in as they arrive (split anywhere),
/// complete requests and refusals come out in order, so the event loop, the tests and the fuzzer all drive the
/// same code. Memory is bounded by the limits: at most one head and one body are buffered beyond what was read.
struct HTTPRequestParser {
    /// A request the server refuses: the status and the message of its JSON error body.
    struct Refusal: Error, Equatable {
        var status: Int
        var message: String
    }

    /// What the parser has next.
    enum Event {
        /// More bytes are needed.
        case needMore
        /// The client asked for `100 Continue` before sending the body it announced: answer it, then call again.
        case sendContinue
        /// A complete request.
        case request(HTTPServerRequest)
        /// A request the server refuses; the connection cannot continue after it.
        case refuse(Refusal)
    }

    /// Where the parser is in the current request (the event loop picks its timeout from this).
    enum Phase: Equatable {
        /// Between requests, nothing of the next one received.
        case idle
        /// Part of a request head received.
        case head
        /// The head was read; the body is being received.
        case body
    }

    /// How a request's body is delimited.
    enum BodyFraming: Equatable {
        /// `Content-Length` bytes (0 without the header).
        case length(Int)
        /// `Transfer-Encoding: chunked` (RFC 9112 §7.1).
        case chunked
    }

    let limits: HTTPServerLimits
    private var buffer: [UInt8] = []
    /// Bytes at the front of `buffer` already consumed.
    private var start = 0
    /// Where the search for the head's end resumes.
    private var searchFrom = 0
    private var pending: (request: HTTPServerRequest, framing: BodyFraming)?
    private var chunkedBody: [UInt8] = []
    private var chunkAt = 0
    private var failed = false

    init(limits: HTTPServerLimits) { self.limits = limits }

    /// Where the parser is.
    var phase: Phase { pending != nil ? .body : (buffer.count > start ? .head : .idle) }

    /// Bytes buffered and not yet consumed.
    var buffered: Int { buffer.count - start }

    /// Adds bytes read from the connection.
    mutating func append<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 { buffer.append(contentsOf: bytes) }

    /// Adds bytes read from the connection.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next event; call again after a `.request` or `.sendContinue` (pipelined requests may already be here).
    mutating func next() -> Event {
        guard !failed else { return .needMore }
        if pending == nil {
            switch nextHead() {
            case .none: return .needMore
            case .some(.failure(let refusal)): return refuse(refusal)
            case .some(.success(let parsed)):
                if case .length(let length) = parsed.1, length > limits.maxBodyBytes {
                    return refuse(Refusal(status: 413, message: "the body is \(length) bytes, more than the limit of \(limits.maxBodyBytes) (--max-body)"))
                }
                pending = parsed
                chunkedBody = []
                chunkAt = start
                let waiting: Bool
                switch parsed.1 {
                case .length(let length): waiting = length > buffered
                case .chunked: waiting = buffered == 0
                }
                if waiting, parsed.0.header("Expect")?.lowercased() == "100-continue" { return .sendContinue }
            }
        }
        guard let (request, framing) = pending else { return .needMore }
        switch framing {
        case .length(let length):
            guard buffered >= length else { return .needMore }
            var complete = request
            complete.body = Array(buffer[start..<(start + length)])
            consume(length)
            pending = nil
            return .request(complete)
        case .chunked:
            while true {
                switch HTTPChunkedDecoder.step(buffer, from: chunkAt, maxTrailerBytes: limits.maxHeadBytes) {
                case .needMore:
                    return .needMore
                case .malformed(let reason):
                    return refuse(Refusal(status: 400, message: "malformed chunked body: \(reason)"))
                case .data(let chunkStart, let size, let next):
                    guard chunkedBody.count + size <= limits.maxBodyBytes else {
                        return refuse(Refusal(status: 413, message: "the chunked body is more than the limit of \(limits.maxBodyBytes) bytes (--max-body)"))
                    }
                    chunkedBody.append(contentsOf: buffer[chunkStart..<(chunkStart + size)])
                    chunkAt = next
                    // Consumed chunks leave the buffer, so it holds at most one chunk beyond the body.
                    if chunkAt - start > 65_536 { consume(chunkAt - start); chunkAt = start }
                case .end(let length):
                    var complete = request
                    complete.body = chunkedBody
                    chunkedBody = []
                    consume(chunkAt - start + length)
                    pending = nil
                    return .request(complete)
                }
            }
        }
    }

    /// The refusal for a connection that ended here, if it ended in the middle of a request.
    func refusalAtEnd() -> Refusal? {
        switch phase {
        case .idle: return nil
        case .head: return Refusal(status: 400, message: "the connection was closed in the middle of a request head")
        case .body:
            let received: String
            switch pending?.framing {
            case .length(let length)?: received = "\(buffered) of \(length) body bytes"
            default: received = "\(chunkedBody.count) bytes of a chunked body"
            }
            return Refusal(status: 400, message: "the connection was closed after \(received)")
        }
    }

    private mutating func refuse(_ refusal: Refusal) -> Event {
        failed = true
        buffer = []
        start = 0
        return .refuse(refusal)
    }

    private mutating func consume(_ count: Int) {
        start += count
        searchFrom = start
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 16_384)
            start = 0
            searchFrom = 0
        } else if start > 65_536 {
            buffer.removeFirst(start)
            searchFrom -= start
            chunkAt -= start
            start = 0
        }
    }

    /// The next complete head (consumed), a refusal, or nil when more bytes are needed.
    private mutating func nextHead() -> Result<(HTTPServerRequest, BodyFraming), Refusal>? {
        var end: Int?
        var i = max(searchFrom, start)
        while i + 3 < buffer.count {
            if buffer[i] == 0x0D, buffer[i + 1] == 0x0A, buffer[i + 2] == 0x0D, buffer[i + 3] == 0x0A { end = i; break }
            i += 1
        }
        guard let headEnd = end else {
            searchFrom = max(start, buffer.count - 3)
            if buffered > limits.maxHeadBytes {
                return .failure(Refusal(status: 431, message: "the request head is larger than \(limits.maxHeadBytes) bytes"))
            }
            if buffered > limits.maxRequestLineBytes, !buffer[start...].contains(0x0A) {
                return .failure(Refusal(status: 414, message: "the request line is longer than \(limits.maxRequestLineBytes) bytes"))
            }
            return nil
        }
        if headEnd + 4 - start > limits.maxHeadBytes {
            return .failure(Refusal(status: 431, message: "the request head is larger than \(limits.maxHeadBytes) bytes"))
        }
        let head = Array(buffer[start..<headEnd])
        consume(headEnd + 4 - start)
        return Self.parseHead(head, limits: limits)
    }

    /// Parses a request head strictly (RFC 9112): the request line, then header fields without obsolete
    /// folding; the body by Content-Length or, in HTTP/1.1, by the chunked transfer coding alone (any other coding
    /// is 501; both headers at once, a form of request smuggling, is 400).
    static func parseHead(_ head: [UInt8], limits: HTTPServerLimits) -> Result<(HTTPServerRequest, BodyFraming), Refusal> {
        guard !head.contains(0) else { return .failure(Refusal(status: 400, message: "a NUL byte in the request head")) }
        let text = String(decoding: head, as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0]
        if requestLine.utf8.count > limits.maxRequestLineBytes {
            return .failure(Refusal(status: 414, message: "the request line is longer than \(limits.maxRequestLineBytes) bytes"))
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            return .failure(Refusal(status: 400, message: "malformed request line '\(ControlCharacters.escapedForMessage(requestLine))': expected METHOD TARGET HTTP/1.1"))
        }
        let method = String(parts[0])
        let target = String(parts[1])
        let version = String(parts[2])
        guard !method.isEmpty, method.utf8.allSatisfy({ (0x41...0x5A).contains($0) }) else {
            return .failure(Refusal(status: 400, message: "malformed method '\(ControlCharacters.escapedForMessage(method))'"))
        }
        guard target.hasPrefix("/"), target.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            return .failure(Refusal(status: 400, message: "malformed request target '\(ControlCharacters.escapedForMessage(target))': it must start with '/' and be printable ASCII"))
        }
        guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
            return .failure(Refusal(status: version.hasPrefix("HTTP/") ? 505 : 400, message: "unsupported protocol '\(ControlCharacters.escapedForMessage(version))': HTTP/1.1 or HTTP/1.0"))
        }
        var headers = HTTPHeaders()
        for line in lines.dropFirst() {
            guard headers.count < limits.maxHeaderCount else {
                return .failure(Refusal(status: 431, message: "more than \(limits.maxHeaderCount) header fields"))
            }
            guard let colon = line.firstIndex(of: ":") else {
                return .failure(Refusal(status: 400, message: "malformed header line '\(ControlCharacters.escapedForMessage(line))'"))
            }
            let name = String(line[..<colon])
            let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard HTTPToken.isToken(name.utf8) else {
                return .failure(Refusal(status: 400, message: "malformed header name '\(ControlCharacters.escapedForMessage(name))' (no spaces or folding)"))
            }
            guard !value.utf8.contains(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) else {
                return .failure(Refusal(status: 400, message: "control characters in header '\(name)'"))
            }
            headers.append(name: name, value: value)
        }
        let request = HTTPServerRequest(method: method, target: target, version: version, headers: headers)
        if version == "HTTP/1.1", request.header("Host") == nil {
            return .failure(Refusal(status: 400, message: "an HTTP/1.1 request needs a Host header"))
        }
        let lengths = headers.values("Content-Length")
        let encodings = headers.values("Transfer-Encoding")
        if !encodings.isEmpty {
            let codings = encodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard version == "HTTP/1.1" else {
                return .failure(Refusal(status: 400, message: "Transfer-Encoding in an HTTP/1.0 request"))
            }
            guard lengths.isEmpty else {
                return .failure(Refusal(status: 400, message: "both Transfer-Encoding and Content-Length: send one of them"))
            }
            guard codings == ["chunked"] else {
                return .failure(Refusal(status: 501, message: "Transfer-Encoding '\(ControlCharacters.escapedForMessage(codings.joined(separator: ", ")))' is not supported: send the body chunked or with a Content-Length"))
            }
            return .success((request, .chunked))
        }
        var length = 0
        if let first = lengths.first {
            guard lengths.allSatisfy({ $0 == first }), !first.isEmpty, first.utf8.count <= 18,
                  first.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let value = Int(first) else {
                return .failure(Refusal(status: 400, message: "invalid Content-Length '\(ControlCharacters.escapedForMessage(lengths.joined(separator: ", ")))'"))
            }
            length = value
        }
        return .success((request, .length(length)))
    }
}
