import Foundation
import Testing
@testable import Routing

/// The strict HTTP/1.x response parser, byte by byte and in every framing.
@Suite struct HTTPResponseParserTests {
    func parse(_ text: String, maxBody: Int = 1 << 20, atEnd: Bool = false) throws(HTTPParseError) -> HTTPResponse? {
        var parser = HTTPResponseParser(maxHeadBytes: 1024, maxBodyBytes: maxBody)
        if let response = try parser.feed(Array(text.utf8)) { return response }
        return atEnd ? try parser.finish() : nil
    }

    @Test func framings() throws {
        let fixed = try #require(try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nX-A:  b \r\n\r\nhelloEXTRA"))
        #expect(fixed.status == 200 && fixed.reason == "OK" && fixed.body == Data("hello".utf8) && fixed.header("x-a") == "b")
        let chunked = try #require(try parse("HTTP/1.1 201 Created\r\nTransfer-Encoding: Chunked\r\n\r\n3;a=b\r\nabc\r\nA \r\n0123456789\r\n0\r\nT: 1\r\n\r\n"))
        #expect(chunked.status == 201 && chunked.body == Data("abc0123456789".utf8))
        #expect(try parse("HTTP/1.0 200 OK\r\n\r\nuntil close") == nil, "a close-delimited body waits for the end")
        #expect(try parse("HTTP/1.0 200 OK\r\n\r\nuntil close", atEnd: true)?.body == Data("until close".utf8))
        #expect(try parse("HTTP/1.1 204 No Content\r\n\r\n")?.body.isEmpty == true)
        #expect(try parse("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early\r\nLink: x\r\n\r\nHTTP/1.1 404\r\nContent-Length: 0\r\n\r\n")?.status == 404)
    }

    @Test func byteByByteEqualsAllAtOnce() throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n6\r\n world\r\n0\r\n\r\n"
        var parser = HTTPResponseParser()
        var result: HTTPResponse?
        for byte in text.utf8 {
            #expect(result == nil, "complete only at the last byte")
            result = try parser.feed([byte])
        }
        #expect(result?.body == Data("hello world".utf8))
        #expect(try parser.feed(Array("more".utf8)) == nil, "nothing after completion")
    }

    @Test(arguments: [
        ("HTTP/2 200 OK\r\n\r\n", "not an HTTP/1.x status line"),
        ("HTTP/1.1 2x0 OK\r\n\r\n", "invalid status code"),
        ("HTTP/1.1 099 Low\r\n\r\n", "invalid status code 99"),
        ("HTTP/1.1 200OK\r\n\r\n", "no space after the status code"),
        ("HTTP/1.1 200 OK\nContent-Length: 0\n\n\r\n\r\n", "bare LF"),
        ("HTTP/1.1 200 OK\r\nBad Header: x\r\n\r\n", "invalid header name 'Bad Header'"),
        ("HTTP/1.1 200 OK\r\nNoColon\r\n\r\n", "header line without ':'"),
        ("HTTP/1.1 200 OK\r\nA: b\r\n folded\r\n\r\n", "header line without ':'"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\n", "conflicting Content-Length"),
        ("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "invalid Content-Length '-1'"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 1e3\r\n\r\n", "invalid Content-Length"),
        ("HTTP/1.1 200 OK\r\nContent-Length: 99999999999999999999\r\n\r\n", "invalid Content-Length"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", "unsupported Transfer-Encoding"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", "invalid chunk size line 'zz'"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n", "invalid chunk size line"),
        ("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nabX\r\n", "chunk data not followed by CRLF"),
        ("HTTP/1.1 101 Switching Protocols\r\n\r\n", "unexpected 101"),
        ("HTTP/1.1 200 OK\r\nX: a\u{1}b\r\n\r\n", "control character in header 'X'"),
    ])
    func malformed(text: String, reason: String) {
        do {
            _ = try parse(text)
            Issue.record("accepted: \(text.debugDescription)")
        } catch {
            guard case .malformed(let what) = error else { Issue.record("\(error)"); return }
            #expect(what.contains(reason), "\(what)")
        }
    }

    @Test func limits() {
        #expect(throws: HTTPParseError.tooLarge("response head larger than 1024 bytes")) {
            try parse("HTTP/1.1 200 OK\r\nX: " + String(repeating: "a", count: 2000))
        }
        #expect(throws: HTTPParseError.tooLarge("response body of 11 bytes is larger than the limit of 10")) {
            try parse("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\n", maxBody: 10)
        }
        #expect(throws: HTTPParseError.tooLarge("response body larger than 10 bytes")) {
            try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n6\r\n123456\r\n6\r\n", maxBody: 10)
        }
        #expect(throws: HTTPParseError.tooLarge("response body larger than 10 bytes")) {
            try parse("HTTP/1.0 200 OK\r\n\r\n12345678901", maxBody: 10)
        }
    }

    @Test func truncations() {
        #expect(throws: HTTPParseError.malformed("connection closed without a response")) { try parse("", atEnd: true) }
        #expect(throws: HTTPParseError.malformed("connection closed inside the response head")) { try parse("HTTP/1.1 200 OK\r\n", atEnd: true) }
        #expect(throws: HTTPParseError.malformed("connection closed inside a chunk (2 bytes missing)")) {
            try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nabc", atEnd: true)
        }
        #expect(throws: HTTPParseError.malformed("connection closed inside a trailer")) {
            try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n", atEnd: true)
        }
    }
}
