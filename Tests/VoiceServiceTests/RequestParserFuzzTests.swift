import Foundation
import Guidance
import RouteModel
import Network
import Testing
@testable import VoiceService

/// A structure-aware, seeded fuzzer for the server's request parser: pipelines of valid requests (request lines,
/// repeated headers, bodies by length or chunked with extensions and trailers) split at random points and at every
/// boundary must parse to exactly what was sent; mutated ones must end in answers (a request or a refusal with a
/// client-error status) for everything sent, never in silence. The last part sends them to a real `serve`, where a
/// missing answer is a failure.
@Suite struct RequestParserFuzzTests {
    struct Sent {
        var method: String
        var target: String
        var body: [UInt8]
        var fieldCount: Int
    }

    static let limits: HTTPServerLimits = {
        var limits = HTTPServerLimits()
        limits.maxBodyBytes = 1 << 16
        return limits
    }()

    /// One valid request; `socket` keeps to requests whose answers a plain client reads (no HEAD).
    static func request(_ g: inout SplitMix64, socket: Bool = false) -> (bytes: [UInt8], sent: Sent) {
        let method = (socket ? ["GET", "POST", "DELETE"] : ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"]).randomElement(using: &g) ?? "GET"
        let paths = socket ? ["/health", "/metrics", "/v1/locales", "/nowhere", "/v1/voice"] : ["/", "/health", "/v1/voice", "/a/b%20c", "/x"]
        var target = paths.randomElement(using: &g) ?? "/"
        if Bool.random(using: &g) { target += "?locale=en-US&q=\(UInt16.random(in: 0...UInt16.max, using: &g))&plus=a+b" }
        let version = socket || Int.random(in: 0...5, using: &g) > 0 ? "HTTP/1.1" : "HTTP/1.0"
        var head = "\(method) \(target) \(version)\r\n"
        var fields = 0
        if version == "HTTP/1.1" || Bool.random(using: &g) { head += "Host: 127.0.0.1\r\n"; fields += 1 }
        let names = ["Accept", "X-Trace", "User-Agent", "Accept-Encoding", "Cache-Control", "X-Repeated", "x-repeated"]
        for _ in 0..<Int.random(in: 0...6, using: &g) {
            let name = names.randomElement(using: &g) ?? "X"
            let space = String(repeating: Bool.random(using: &g) ? " " : "\t", count: Int.random(in: 0...2, using: &g))
            head += "\(name):\(space)v\(UInt32.random(in: 0...UInt32.max, using: &g))\(space)\r\n"
            fields += 1
        }
        let hasBody = method == "POST" || method == "PUT"
        let body: [UInt8] = hasBody ? (0..<Int.random(in: 0...2000, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) } : []
        var bytes: [UInt8]
        if hasBody && version == "HTTP/1.1" && Bool.random(using: &g) {
            head += "Transfer-Encoding: chunked\r\n\r\n"
            fields += 1
            bytes = Array(head.utf8)
            var offset = 0
            while offset < body.count {
                let size = min(Int.random(in: 1...500, using: &g), body.count - offset)
                let ext = Bool.random(using: &g) ? ";ext=\(size)" : ""
                bytes += Array((String(size, radix: 16, uppercase: Bool.random(using: &g)) + ext + "\r\n").utf8)
                bytes += body[offset..<(offset + size)] + [13, 10]
                offset += size
            }
            bytes += Array("0\r\n".utf8) + (Bool.random(using: &g) ? Array("Trailer-A: 1\r\n".utf8) : []) + [13, 10]
        } else {
            if hasBody || Bool.random(using: &g) { head += "Content-Length: \(body.count)\r\n"; fields += 1 }
            bytes = Array((head + "\r\n").utf8) + body
        }
        return (bytes, Sent(method: method, target: target, body: body, fieldCount: fields))
    }

    /// What feeding a byte stream gave: requests, and the refusal that ended it if any.
    struct Outcome {
        var requests: [HTTPServerRequest] = []
        var refusal: HTTPRequestParser.Refusal?
        var idleAtEnd = true
    }

    /// Feeds `bytes` in the given fragment sizes, then ends the stream as a half-closing client would.
    static func feed(_ bytes: [UInt8], splits: [Int]) -> Outcome {
        var parser = HTTPRequestParser(limits: limits)
        var outcome = Outcome()
        var offset = 0
        var cuts = splits.makeIterator()
        while offset < bytes.count && outcome.refusal == nil {
            let size = min(max(1, cuts.next() ?? bytes.count), bytes.count - offset)
            parser.append(bytes[offset..<(offset + size)])
            offset += size
            drain: while true {
                switch parser.next() {
                case .needMore: break drain
                case .sendContinue: continue
                case .request(let request): outcome.requests.append(request)
                case .refuse(let refusal):
                    outcome.refusal = refusal
                    break drain
                }
            }
        }
        if outcome.refusal == nil, let atEnd = parser.refusalAtEnd() {
            outcome.refusal = atEnd
            outcome.idleAtEnd = false
        }
        return outcome
    }

    static func randomSplits(_ g: inout SplitMix64, count: Int) -> [Int] {
        (0..<count).map { _ in Int.random(in: 0...3, using: &g) == 0 ? 1 : Int.random(in: 1...700, using: &g) }
    }

    static func expectSame(_ outcome: Outcome, _ sent: [Sent], _ context: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.refusal == nil, "\(context): refused \(String(describing: outcome.refusal))", sourceLocation: sourceLocation)
        #expect(outcome.requests.count == sent.count, "\(context): \(outcome.requests.count) of \(sent.count) requests", sourceLocation: sourceLocation)
        for (got, want) in zip(outcome.requests, sent) {
            #expect(got.method == want.method && got.target == want.target && got.body == want.body && got.headers.count == want.fieldCount,
                    "\(context): \(got.method) \(got.target) \(got.body.count) B \(got.headers.count) fields, sent \(want.method) \(want.target) \(want.body.count) B \(want.fieldCount) fields",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func validPipelinesInRandomFragmentsParseToWhatWasSent() {
        var g = SplitMix64(seed: 0x5EED_0021)
        for round in 0..<3000 {
            let parts = (0..<Int.random(in: 1...4, using: &g)).map { _ in Self.request(&g) }
            let bytes = parts.flatMap(\.bytes)
            let outcome = Self.feed(bytes, splits: Self.randomSplits(&g, count: bytes.count))
            Self.expectSame(outcome, parts.map(\.sent), "round \(round)")
        }
    }

    @Test func splitAtEveryBoundaryParsesTheSame() {
        var g = SplitMix64(seed: 0xB0_0DA2)
        for round in 0..<60 {
            let parts = (0..<Int.random(in: 1...2, using: &g)).map { _ in Self.request(&g) }
            let bytes = parts.flatMap(\.bytes)
            for cut in 1..<bytes.count {
                Self.expectSame(Self.feed(bytes, splits: [cut, bytes.count]), parts.map(\.sent), "round \(round), cut at \(cut)")
            }
        }
    }

    /// A valid pipeline with 1–4 mutations at random places.
    static func mutated(_ g: inout SplitMix64, socket: Bool = false) -> [UInt8] {
        var bytes = (0..<Int.random(in: 1...3, using: &g)).flatMap { _ in request(&g, socket: socket).bytes }
        let inserts: [[UInt8]] = [[0], [13], [10], [13, 10], [32], [58], [0x7F], [0xFF], Array("\r\n\r\n".utf8),
                                  Array("Content-Length: 99\r\n".utf8), Array("Transfer-Encoding: chunked\r\n".utf8),
                                  Array("Content-Length: -1\r\n".utf8), Array(" folded\r\n".utf8), Array("zz\r\n".utf8)]
        for _ in 0..<Int.random(in: 1...4, using: &g) where !bytes.isEmpty {
            let at = Int.random(in: 0..<bytes.count, using: &g)
            switch Int.random(in: 0...4, using: &g) {
            case 0: bytes[at] = UInt8.random(in: 0...255, using: &g)
            case 1: bytes.insert(contentsOf: inserts.randomElement(using: &g) ?? [0], at: at)
            case 2: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &g)))
            case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + Int.random(in: 1...60, using: &g))], at: at)
            default: bytes.removeSubrange(at...)
            }
        }
        return bytes.isEmpty ? Array("X".utf8) : bytes
    }

    @Test func mutatedPipelinesAlwaysEndInAnAnswer() {
        var g = SplitMix64(seed: 0xBAD_F00D)
        let statuses: Set<Int> = [400, 413, 414, 431, 501, 505]
        for round in 0..<4000 {
            let bytes = Self.mutated(&g)
            let outcome = Self.feed(bytes, splits: Self.randomSplits(&g, count: bytes.count))
            // Silence is the failure: what was sent either parsed to requests or got a refusal.
            #expect(outcome.refusal != nil || outcome.idleAtEnd, "round \(round): no answer")
            if let refusal = outcome.refusal {
                #expect(statuses.contains(refusal.status) && !refusal.message.isEmpty, "round \(round): \(refusal)")
            }
            #expect(outcome.requests.allSatisfy { $0.body.count <= Self.limits.maxBodyBytes && $0.target.hasPrefix("/") }, "round \(round)")
        }
    }

    @Test func aRealServerAnswersEveryFuzzedConnection() throws {
        let server = try ServeProcess(["--head-timeout", "2", "--body-timeout", "2", "--max-body", String(1 << 16)])
        var g = SplitMix64(seed: 0x5E4_7E57)
        for round in 0..<200 {
            let valid = round % 2 == 0
            let parts = valid ? (0..<Int.random(in: 1...3, using: &g)).map { _ in Self.request(&g, socket: true) } : []
            let bytes = valid ? parts.flatMap(\.bytes) : Self.mutated(&g, socket: true)
            let connection = try server.connect()
            var offset = 0
            for size in Self.randomSplits(&g, count: 8) where offset < bytes.count {
                let end = min(bytes.count, offset + size)
                try? connection.send(Array(bytes[offset..<end]))
                offset = end
            }
            if offset < bytes.count { try? connection.send(Array(bytes[offset...])) }
            connection.shutdownWrite()
            var answers: [Int] = []
            while let response = try connection.readResponse(timeout: 10) { answers.append(response.status) }
            if valid {
                #expect(answers.count == parts.count, "round \(round): \(answers.count) answers to \(parts.count) requests")
                #expect(answers.allSatisfy { [200, 400, 404, 405, 413, 422].contains($0) }, "round \(round): \(answers)")
            } else {
                #expect(!answers.isEmpty, "round \(round): no answer to \(String(decoding: bytes.prefix(120), as: UTF8.self).debugDescription)")
            }
        }
        #expect(server.process.process.isRunning)
        #expect(try server.request("GET", "/health").status == 200)
    }
}
