import Foundation
import Testing
import Phrasing
import VoiceService
import VoiceGuideTestSupport

/// The server as an embedder hosts it: `HTTPServer` in-process with its own handler, and `VoiceHTTPService`.
@Suite struct EmbeddedServerTests {
    struct Echo: HTTPServerHandler {
        func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
            .json(200, .object([.init(key: "path", value: .string(request.path)),
                                .init(key: "q", value: .string(request.parameter("q") ?? "")),
                                .init(key: "bytes", value: .number(Double(request.body.count)))]), endpoint: "echo")
        }
    }

    @Test func aCustomHandlerOnAnEphemeralPort() throws {
        let metrics = ServiceMetrics()
        let server = HTTPServer(host: "127.0.0.1", port: 0, metrics: metrics, handler: Echo())
        try server.start()
        #expect(server.port != 0)
        let connection = try RawConnection(port: server.port)
        try connection.send("POST /a%20b?q=x%26y+z HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        let response = try #require(try connection.readResponse(timeout: 10))
        #expect(response.status == 200)
        #expect(response.text == #"{"path":"/a b","q":"x&y z","bytes":3}"# + "\n")
        #expect(metrics.text().contains(#"voiceguide_http_requests_total{endpoint="echo",code="200"} 1"#))
        server.shutdown()
        #expect(server.isDraining)
        #expect(connection.readToEnd(timeout: 5).closed, "an idle kept-alive connection is closed by the drain")
        server.waitUntilStopped()
    }

    @Test func theVoiceServiceInProcess() throws {
        let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))
        let service = VoiceHTTPService(renderer: renderer, defaultLocale: "nl-NL", metrics: ServiceMetrics())
        let body = Array(try ServeFixtures.exampleData("city-dc.json"))
        let response = service.respond(to: HTTPServerRequest(method: "POST", target: "/v1/voice?format=json", body: body))
        #expect(response.status == 200)
        let json = try ServeFixtures.json(Data(response.body))
        #expect(json == (try ServeFixtures.directTranscript(Data(body), locale: "nl-NL", format: "json")))
        #expect(try renderer.resolveTag("NL_nl") == "nl-NL")
        #expect(try renderer.resolveTag("pt") == "pt-BR")
        #expect(throws: VoiceRequestError.self) { try renderer.resolveTag("klingon") }
    }

    /// A handler whose large requests wait at a gate, so a test knows one is rendering.
    final class Gated: HTTPServerHandler, @unchecked Sendable {
        let entered = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        func respond(to request: HTTPServerRequest) -> HTTPServerResponse {
            if request.body.count >= 1000 {
                entered.signal()
                gate.wait()
            }
            return .json(200, .object([.init(key: "bytes", value: .number(Double(request.body.count)))]), endpoint: "gated")
        }
    }

    /// Memory per request is bounded: while one large body renders (its render holds about ten times its size),
    /// another large one is answered 503 with Retry-After at once, small ones are served, and the retry succeeds.
    @Test func oneLargeRenderAtATime() throws {
        var limits = HTTPServerLimits()
        limits.largeBodyBytes = 1000
        let handler = Gated()
        let server = HTTPServer(host: "127.0.0.1", port: 0, limits: limits, metrics: ServiceMetrics(), handler: handler)
        try server.start()
        defer { server.shutdown(); server.waitUntilStopped() }
        let large = String(repeating: "x", count: 2000)
        let first = try RawConnection(port: server.port)
        try first.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n" + large)
        #expect(handler.entered.wait(timeout: .now() + 10) == .success, "the first large request is rendering")
        let second = try RawConnection(port: server.port)
        try second.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n" + large)
        let refused = try #require(try second.readResponse(timeout: 10))
        #expect(refused.status == 503)
        #expect(refused.headers["retry-after"] == "1")
        #expect(refused.text.contains("large request is rendering"))
        let small = try RawConnection(port: server.port)
        try small.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
        #expect(try small.readResponse(timeout: 10)?.status == 200, "small requests go on meanwhile")
        handler.gate.signal()
        #expect(try first.readResponse(timeout: 10)?.status == 200)
        let retry = try RawConnection(port: server.port)
        try retry.send("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2000\r\n\r\n" + large)
        #expect(handler.entered.wait(timeout: .now() + 10) == .success)
        handler.gate.signal()
        #expect(try retry.readResponse(timeout: 10)?.status == 200, "the retry after the first finished is rendered")
    }
}
