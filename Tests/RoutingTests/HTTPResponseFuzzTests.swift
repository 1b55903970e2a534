import Foundation
import Testing
import Guidance
@testable import Routing

/// A bounded, seeded fuzzer for the HTTP response parser: random valid responses in random fragments must parse
/// to exactly what was sent; mutated ones must end in a response or an `HTTPParseError`, never a crash or a hang.
@Suite struct HTTPResponseFuzzTests {
    struct Sample {
        var bytes: [UInt8]
        var status: Int
        var body: [UInt8]
        var closeDelimited: Bool
    }

    static func sample(_ g: inout SplitMix64) -> Sample {
        let status = [200, 201, 204, 400, 404, 500, 503].randomElement(using: &g) ?? 200
        let body: [UInt8] = status == 204 ? [] : (0..<Int.random(in: 0...3000, using: &g)).map { _ in UInt8.random(in: 0...255, using: &g) }
        let framing = status == 204 ? 0 : Int.random(in: 0...2, using: &g)
        var head = Int.random(in: 0...3, using: &g) == 0 ? "HTTP/1.1 100 Continue\r\n\r\n" : ""
        head += "HTTP/1.\(framing == 2 ? 0 : 1) \(status) Reason \(Int.random(in: 0...9, using: &g))\r\n"
        let names = ["Server", "X-Id", "Date", "Content-Type", "Cache-Control", "Vary"]
        for _ in 0..<Int.random(in: 0...5, using: &g) {
            head += "\(names.randomElement(using: &g) ?? "X"):\(String(repeating: " ", count: Int.random(in: 0...2, using: &g)))v\(UInt32.random(in: 0...UInt32.max, using: &g))\r\n"
        }
        var bytes: [UInt8]
        switch framing {
        case 0:
            head += "Content-Length: \(body.count)\r\n\r\n"
            bytes = Array(head.utf8) + body
        case 1:
            head += "Transfer-Encoding: chunked\r\n\r\n"
            bytes = Array(head.utf8)
            var offset = 0
            while offset < body.count {
                let size = min(Int.random(in: 1...700, using: &g), body.count - offset)
                let ext = Bool.random(using: &g) ? ";x=\(size)" : ""
                bytes += Array((String(size, radix: 16, uppercase: Bool.random(using: &g)) + ext + "\r\n").utf8)
                bytes += body[offset..<(offset + size)] + [13, 10]
                offset += size
            }
            bytes += Array("0\r\n".utf8) + (Bool.random(using: &g) ? Array("Trailer-A: 1\r\n".utf8) : []) + [13, 10]
        default:
            head += "\r\n"
            bytes = Array(head.utf8) + body
        }
        return Sample(bytes: bytes, status: status, body: body, closeDelimited: framing == 2 && status != 204)
    }

    /// Feeds `bytes` in random fragments, then signals the end; the response or the error.
    static func run(_ bytes: [UInt8], _ g: inout SplitMix64, maxBody: Int = 1 << 20) -> Result<HTTPResponse, HTTPParseError> {
        var parser = HTTPResponseParser(maxHeadBytes: 4096, maxBodyBytes: maxBody)
        var offset = 0
        do throws(HTTPParseError) {
            while offset < bytes.count {
                let size = min(Int.random(in: 1...900, using: &g), bytes.count - offset)
                if let response = try parser.feed(bytes[offset..<(offset + size)]) { return .success(response) }
                offset += size
            }
            return .success(try parser.finish())
        } catch {
            return .failure(error)
        }
    }

    @Test func validResponsesInRandomFragments() {
        var g = SplitMix64(seed: 20_261_201)
        for round in 0..<1000 {
            let sample = Self.sample(&g)
            switch Self.run(sample.bytes, &g) {
            case .success(let response):
                #expect(response.status == sample.status, "round \(round)")
                #expect(Array(response.body) == sample.body, "round \(round)")
            case .failure(let error):
                Issue.record("round \(round): \(error)")
            }
            if sample.closeDelimited { continue }
            // Anything cut short fails, except a close-delimited body (which a short read legitimately ends).
            let cut = Int.random(in: 0..<sample.bytes.count, using: &g)
            if case .success(let r) = Self.run(Array(sample.bytes[0..<cut]), &g) { Issue.record("round \(round): truncated at \(cut) accepted: \(String(decoding: sample.bytes.prefix(cut + 20), as: UTF8.self).debugDescription) -> \(r.status) \(r.body.count)") }
        }
    }

    @Test func mutatedResponsesNeverCrash() {
        var g = SplitMix64(seed: 0x5EED)
        var outcomes = [0, 0]
        for _ in 0..<2000 {
            var bytes = Self.sample(&g).bytes
            for _ in 0..<Int.random(in: 1...4, using: &g) {
                guard !bytes.isEmpty else { break }
                let at = Int.random(in: 0..<bytes.count, using: &g)
                switch Int.random(in: 0...4, using: &g) {
                case 0: bytes[at] = UInt8.random(in: 0...255, using: &g)
                case 1: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &g)))
                case 2: bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &g)).map { _ in [13, 10, 48, 58, 32, 102, 70, 59].randomElement(using: &g) ?? 0 }, at: at)
                case 3: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 30)], at: at)
                default: bytes[at] = [13, 10, 0x30, 0x3A, 0x20, 0x7F].randomElement(using: &g) ?? 0
                }
            }
            let maxBody = Bool.random(using: &g) ? 1 << 20 : 200
            switch Self.run(bytes, &g, maxBody: maxBody) {
            case .success(let response):
                outcomes[0] += 1
                #expect(response.body.count <= maxBody)
                #expect((100...999).contains(response.status) && !(100..<200).contains(response.status))
            case .failure(let error):
                outcomes[1] += 1
                #expect(!error.description.isEmpty && !error.description.contains("\n"))
            }
        }
        #expect(outcomes[0] > 100 && outcomes[1] > 100, "both paths exercised: \(outcomes)")
    }
}
