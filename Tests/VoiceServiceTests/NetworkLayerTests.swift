import Foundation
import Network
import Testing

/// The network layer's single rules: repeated header fields, token names, chunk sizes, the monotonic deadline.
@Suite struct NetworkLayerTests {
    @Test func aRepeatedFieldReadsAsOneCommaListExceptSetCookie() {
        let headers: HTTPHeaders = [("Accept", "a/b"), ("accept", "c/d"), ("Set-Cookie", "x=1, y"), ("set-cookie", "z=2"), ("Host", "h")]
        #expect(headers["ACCEPT"] == "a/b, c/d")
        #expect(headers["Host"] == "h")
        #expect(headers["Set-Cookie"] == "x=1, y")
        #expect(headers.values("set-cookie") == ["x=1, y", "z=2"])
        #expect(headers["Missing"] == nil)
        #expect(headers.count == 5)
    }

    @Test func headerNamesAreTokens() {
        #expect(HTTPToken.isToken("X-Trace_1.2!#$%&'*+^`|~".utf8))
        for bad in ["", "Bad Header", "a:b", "tab\t", "é", "a\"b", "(x)", "a/b"] {
            #expect(!HTTPToken.isToken(bad.utf8), "\(bad.debugDescription)")
        }
    }

    @Test func chunkSizesAndSteps() {
        #expect(HTTPChunkedDecoder.chunkSize(Array("1aF".utf8)[...]) == 0x1AF)
        #expect(HTTPChunkedDecoder.chunkSize(Array("10;ext=1 ".utf8)[...]) == 16)
        #expect(HTTPChunkedDecoder.chunkSize(Array("-1".utf8)[...]) == nil)
        #expect(HTTPChunkedDecoder.chunkSize(Array("1234567890abcdef".utf8)[...]) == nil)
        let body = Array("3\r\nabc\r\n0\r\nT: 1\r\n\r\n".utf8)
        #expect(HTTPChunkedDecoder.step(body, from: 0, maxTrailerBytes: 100) == .data(start: 3, size: 3, next: 8))
        #expect(HTTPChunkedDecoder.step(body, from: 8, maxTrailerBytes: 100) == .end(length: body.count - 8))
        #expect(HTTPChunkedDecoder.step(Array(body.prefix(6)), from: 0, maxTrailerBytes: 100) == .needMore)
    }

    @Test func deadlinesRunOnTheMonotonicClock() {
        let start = MonotonicInstant.now()
        let deadline = MonotonicDeadline(secondsFromNow: 0.05)
        #expect(!deadline.hasPassed && deadline.secondsLeft <= 0.05 && deadline.pollMilliseconds() <= 50)
        while !deadline.hasPassed { usleep(1_000) }
        #expect(MonotonicInstant.now().seconds(since: start) >= 0.05)
        #expect(start.adding(seconds: -1e30).nanoseconds == 0 && start.adding(seconds: .infinity).nanoseconds == UInt64.max)
    }
}
