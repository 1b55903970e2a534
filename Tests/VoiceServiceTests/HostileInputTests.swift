import Foundation
import Testing
import VoiceGuideTestSupport

/// Malformed HTTP, oversized heads and bodies, slow and half-closed clients, connection limits: each gets the
/// right status (or a clean close) and the server goes on serving.
@Suite(.serialized) struct HostileInputTests {
    func expectStillServing(_ server: ServeProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let health = try server.request("GET", "/health")
        #expect(health.status == 200, "server still serving after the hostile client: \(server.process.logTail())", sourceLocation: sourceLocation)
    }

    @Test func malformedRequestsAre400AndClose() throws {
        let server = try ServeProcess()
        let heads = [
            "GARBAGE\r\n\r\n",
            "GET /health\r\n\r\n",
            "get /health HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET health HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET /health HTTP/1.1\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\n folded: y\r\n\r\n",
            "GET /health HTTP/1.1\r\nHost: x\r\nNoColon\r\n\r\n",
            "POST /v1/voice HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
            "POST /v1/voice HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello",
            "GET /health HTTP/1.1\r\nHost: x\u{0}\r\n\r\n",
        ]
        for head in heads {
            let connection = try server.connect()
            try connection.send(head)
            let response = try #require(try connection.readResponse(timeout: 10), "no answer to \(head.debugDescription)")
            #expect(response.status == 400, "\(head.debugDescription): \(response.status) \(response.text)")
            #expect(response.json?["code"]?.stringValue == "BadRequest", "\(response.text)")
            #expect(response.headers["connection"] == "close")
            #expect(connection.readToEnd(timeout: 5).closed, "closed after a malformed request")
        }
        let version = try server.connect()
        try version.send("GET /health HTTP/2.0\r\nHost: x\r\n\r\n")
        #expect(try version.readResponse(timeout: 10)?.status == 505)
        // Chunked bodies are read (ChunkedRequestTests); other transfer codings are not implemented.
        let gzip = try server.connect()
        try gzip.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n")
        #expect(try gzip.readResponse(timeout: 10)?.status == 501)
        try expectStillServing(server)
    }

    @Test func oversizedRequestLineHeadersAndBody() throws {
        let server = try ServeProcess(["--max-body", "1000"])
        let longLine = try server.connect()
        try longLine.send("GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try longLine.readResponse(timeout: 10)?.status == 414)
        let bigHead = try server.connect()
        try bigHead.send("GET /health HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-Filler: \(String(repeating: "b", count: 1000))\r\n", count: 40) + "\r\n")
        #expect(try bigHead.readResponse(timeout: 10)?.status == 431)
        let manyHeaders = try server.connect()
        try manyHeaders.send("GET /health HTTP/1.1\r\nHost: x\r\n" + String(repeating: "X-A: b\r\n", count: 150) + "\r\n")
        #expect(try manyHeaders.readResponse(timeout: 10)?.status == 431)
        // Refused from the Content-Length alone, before the body is sent.
        let bigBody = try server.connect()
        try bigBody.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n")
        let refused = try #require(try bigBody.readResponse(timeout: 10))
        #expect(refused.status == 413)
        #expect(refused.json?["message"]?.stringValue?.contains("--max-body") == true, "\(refused.text)")
        // With Expect: 100-continue the client hears 413 instead of 100.
        let expecting = try server.connect()
        try expecting.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
        #expect(try expecting.readResponse(timeout: 10)?.status == 413)
        try expectStillServing(server)
    }

    @Test func slowClientsTimeOutWithoutHoldingOthersUp() throws {
        let server = try ServeProcess(["--head-timeout", "1", "--body-timeout", "1", "--idle-timeout", "1"])
        let slowHead = try server.connect()
        try slowHead.send("GET /health HTTP/1.1\r\nHo")
        let slowBody = try server.connect()
        try slowBody.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"rou")
        let idle = try server.connect()
        try expectStillServing(server)  // while three clients dawdle
        let start = Date()
        #expect(try slowHead.readResponse(timeout: 10)?.status == 408)
        #expect(try slowBody.readResponse(timeout: 10)?.status == 408)
        #expect(idle.readToEnd(timeout: 10).closed, "an idle keep-alive connection is closed")
        #expect(Date().timeIntervalSince(start) < 5, "timeouts are about a second")
        // A slowloris dripping one byte at a time still runs out of time for the whole head.
        let drip = try server.connect()
        let dripStart = Date()
        var answered = false
        for byte in "GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8 {
            guard (try? drip.send([byte])) != nil else { answered = true; break }
            usleep(100_000)
            if Date().timeIntervalSince(dripStart) > 3 { break }
        }
        let dripStatus = answered ? 408 : try drip.readResponse(timeout: 5)?.status
        #expect(dripStatus == 408)
        #expect(Date().timeIntervalSince(dripStart) < 5)
        try expectStillServing(server)
    }

    @Test func halfClosedPipelinedAndKeptAlive() throws {
        let server = try ServeProcess()
        // Half-closed: the client sends its request and shuts down its side; it still gets the answer.
        let half = try server.connect()
        let body = try ServeFixtures.exampleData("city-dc.json")
        try half.send(Array("POST /v1/voice?format=json HTTP/1.1\r\nHost: x\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + Array(body))
        half.shutdownWrite()
        let answer = try #require(try half.readResponse(timeout: 60))
        #expect(answer.status == 200)
        #expect(answer.json?["announcements"] != nil)
        #expect(half.readToEnd(timeout: 5).closed)
        // Half-closed in the middle of a head: 400, closed.
        let cut = try server.connect()
        try cut.send("GET /heal")
        cut.shutdownWrite()
        #expect(try cut.readResponse(timeout: 5)?.status == 400)
        // Half-closed in the middle of a body: 400, closed.
        let cutBody = try server.connect()
        try cutBody.send("POST /v1/voice HTTP/1.1\r\nHost: x\r\nContent-Length: 50\r\n\r\n{")
        cutBody.shutdownWrite()
        #expect(try cutBody.readResponse(timeout: 5)?.status == 400)
        // Pipelined: three requests in one write, three answers in order on one connection.
        let pipe = try server.connect()
        try pipe.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: x\r\n\r\nGET /v1/locales HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try pipe.readResponse(timeout: 10)?.status == 200)
        #expect(try pipe.readResponse(timeout: 10)?.status == 404)
        let third = try #require(try pipe.readResponse(timeout: 10))
        #expect(third.status == 200 && third.text.contains("locales"))
        #expect(third.headers["connection"] == "keep-alive")
        // Kept alive: the same connection serves a further request, then honours Connection: close.
        try pipe.send("GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let last = try #require(try pipe.readResponse(timeout: 10))
        #expect(last.status == 200 && last.headers["connection"] == "close")
        #expect(pipe.readToEnd(timeout: 5).closed)
        // HTTP/1.0 closes by default.
        let old = try server.connect()
        try old.send("GET /health HTTP/1.0\r\n\r\n")
        #expect(try old.readResponse(timeout: 10)?.headers["connection"] == "close")
        try expectStillServing(server)
    }

    @Test func slowlorisTricklingAHeadIsCutOffByTheHeadDeadline() throws {
        let server = try ServeProcess(["--head-timeout", "1"])
        let slow = try server.connect()
        let start = Date()
        var answer: RawResponse?
        // One byte every 100 ms never completes a head: the deadline runs from the first byte, not the last.
        for byte in Array("GET /health HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) + Array(repeating: UInt8(ascii: "a"), count: 100) {
            guard (try? slow.send([byte])) != nil else { break }
            if let response = try slow.readResponse(timeout: 0.1) { answer = response; break }
        }
        if answer == nil { answer = try slow.readResponse(timeout: 5) }
        #expect(answer?.status == 408, "\(String(describing: answer?.text))")
        #expect(Date().timeIntervalSince(start) < 3, "cut off about 1 s after the first byte")
        try expectStillServing(server)
    }

    @Test func connectionsBeyondTheLimitGet503ButHealthChecksAreAnswered() throws {
        let server = try ServeProcess(["--max-connections", "2"])
        // Waits until the readiness probe's connection has closed: /metrics (answered beyond the limit too) counts
        // only its own connection.
        let settled = Date().addingTimeInterval(10)
        while Date() < settled,
              (try? server.request("GET", "/metrics"))?.text.contains("voiceguide_http_connections_open 1\n") != true {
            usleep(10_000)
        }
        let first = try server.connect()
        let second = try server.connect()
        try first.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        try second.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(try first.readResponse(timeout: 10)?.status == 200)
        #expect(try second.readResponse(timeout: 10)?.status == 200)
        // Beyond the limit, health checks are still answered; anything else is 503.
        let third = try server.connect()
        try third.send("GET /v1/locales HTTP/1.1\r\nHost: x\r\n\r\n")
        let refused = try #require(try third.readResponse(timeout: 10))
        #expect(refused.status == 503)
        #expect(refused.json?["message"]?.stringValue?.contains("--max-connections 2") == true, "\(refused.text)")
        let probe = try server.connect()
        try probe.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
        let health = try #require(try probe.readResponse(timeout: 10))
        #expect(health.status == 200)
        #expect(health.headers["connection"] == "close")
        withExtendedLifetime(first) {}
        withExtendedLifetime(second) {}
    }
}
