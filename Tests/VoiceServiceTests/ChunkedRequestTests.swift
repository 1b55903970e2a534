import Foundation
import Testing
import RouteModel
import VoiceGuideTestSupport

/// HTTP/1.1 requires servers to read chunked request bodies (RFC 9112 §7.1): clients that stream a body (curl
/// `-T -`, proxies, HTTP libraries with streamed uploads) send them that way. The service reads them with the same
/// limits as a Content-Length body and refuses malformed framing with a clear 400.
@Suite(.serialized) struct ChunkedRequestTests {
    /// `body` as chunks of the given sizes (cycled), with a chunk extension on the first and a trailer field.
    static func chunked(_ body: [UInt8], sizes: [Int]) -> [UInt8] {
        var out: [UInt8] = []
        var at = 0, n = 0
        while at < body.count {
            let size = min(sizes[n % sizes.count], body.count - at)
            out += Array((String(size, radix: 16, uppercase: n % 2 == 1) + (n == 0 ? ";note=first" : "") + "\r\n").utf8)
            out += body[at..<(at + size)] + [0x0D, 0x0A]
            at += size
            n += 1
        }
        return out + Array("0\r\nX-Checksum: none\r\n\r\n".utf8)
    }

    @Test func aChunkedBodyIsAnsweredLikeTheSameBodyWithALength() throws {
        let server = try ServeProcess()
        let body = try ServeFixtures.exampleData("city-dc.json")
        let expected = try server.request("POST", "/v1/voice?locale=de-DE", body: body)
        #expect(expected.status == 200)
        let connection = try server.connect()
        let head = "POST /v1/voice?locale=de-DE HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
        let bytes = Array(head.utf8) + Self.chunked(Array(body), sizes: [1, 7, 4096, 333, 65_536])
        // Sent in pieces that split size lines, data and CRLFs.
        var at = 0
        for piece in [3, 50, 1000, 70_000, 5, Int.max] where at < bytes.count {
            let end = min(bytes.count, at + piece)
            try connection.send(Array(bytes[at..<end]))
            at = end
            usleep(2_000)
        }
        let response = try #require(try connection.readResponse(timeout: 60))
        #expect(response.status == 200, "\(response.text.prefix(300))")
        #expect(response.body == expected.body)
        // The connection stays usable: the next request on it is answered too.
        try connection.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try connection.readResponse(timeout: 10)?.status == 200)
    }

    @Test func expectContinueIsAnsweredBeforeAChunkedBody() throws {
        let server = try ServeProcess()
        let connection = try server.connect()
        try connection.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nExpect: 100-continue\r\n\r\n")
        let interim = connection.readToEnd(timeout: 2)
        #expect(String(decoding: interim.bytes, as: UTF8.self).hasPrefix("HTTP/1.1 100 Continue\r\n"))
        try connection.send("4\r\n{}{}\r\n0\r\n\r\n")
        let response = try #require(try connection.readResponse(timeout: 10))
        #expect(response.status == 400, "not JSON: \(response.text)")
    }

    @Test func malformedOrOversizedChunkedBodiesAreRefused() throws {
        let server = try ServeProcess(["--max-body", "1000"])
        let cases: [(String, Int, String)] = [
            ("zz\r\nab\r\n0\r\n\r\n", 400, "invalid chunk size line 'zz'"),
            ("2\r\nabX\r\n0\r\n\r\n", 400, "not followed by CRLF"),
            ("fffffffffffffffff\r\n", 400, "invalid chunk size line"),
            ("3e8\r\n" + String(repeating: "a", count: 1000) + "\r\n1\r\nb\r\n0\r\n\r\n", 413, "limit of 1000"),
            (String(repeating: "1", count: 2000), 400, "longer than 1024 bytes"),
        ]
        for (body, status, words) in cases {
            let connection = try server.connect()
            try connection.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
            let response = try #require(try connection.readResponse(timeout: 10), "no answer to \(body.prefix(40).debugDescription)")
            #expect(response.status == status && response.text.contains(words), "\(body.prefix(40).debugDescription): \(response.status) \(response.text)")
            #expect(connection.readToEnd(timeout: 5).closed)
        }
        let heads: [(String, Int)] = [
            ("POST /v1/voice HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 5\r\n\r\nhello", 400),
            ("POST /v1/voice HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("POST /v1/voice HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
        ]
        for (head, status) in heads {
            let connection = try server.connect()
            try connection.send(head)
            #expect(try connection.readResponse(timeout: 10)?.status == status, "\(head.debugDescription)")
        }
        let health = try server.request("GET", "/health")
        #expect(health.status == 200, "still serving")
    }
}
