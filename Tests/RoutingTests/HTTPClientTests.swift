import Foundation
import Testing
@testable import Routing
import VoiceGuideTestSupport

/// What the client puts on the wire, and what it refuses to.
@Suite struct HTTPClientTests {
    @Test func requestOnTheWire() async throws {
        let server = try ScriptedHTTPServer(response: "HTTP/1.1 201 Made It\r\nContent-Length: 2\r\nX-A: 1\r\nx-a: 2\r\n\r\nok")
        defer { server.stop() }
        let endpoint = try HTTPEndpoint(server.baseURL + "/v")
        let response = try await HTTPClient().send(HTTPRequest(method: "POST", target: "/route?q=1", headers: [("Content-Type", "application/json")],
                                                               body: Data("{}".utf8)), to: endpoint)
        #expect(response.status == 201 && response.reason == "Made It" && response.body == Data("ok".utf8))
        #expect(response.headers.filter { $0.name.lowercased() == "x-a" }.map(\.value) == ["1", "2"], "every field kept, in order")
        let received = try #require(server.requests.first)
        #expect(received.requestLine == "POST /v/route?q=1 HTTP/1.1")
        let fields = Set(received.head.components(separatedBy: "\r\n").dropFirst())
        for field in ["Host: 127.0.0.1:\(server.port)", "User-Agent: VoiceGuide", "Accept: application/json",
                      "Content-Type: application/json", "Content-Length: 2"] {
            #expect(fields.contains(field), "\(field) in \(received.head)")
        }
        #expect(!received.head.lowercased().contains("expect:"), "no 100-continue wait before a small body")
        #expect(received.body == Data("{}".utf8))
    }

    @Test(arguments: [
        HTTPRequest(method: "GET", target: "/a b"),
        HTTPRequest(method: "GET", target: "/a\r\nX-Injected: 1"),
        HTTPRequest(method: "GET", target: "route"),
        HTTPRequest(method: "G T", target: "/"),
        HTTPRequest(method: "GET", target: "/", headers: [("X", "a\r\nHost: evil")]),
        HTTPRequest(method: "GET", target: "/", headers: [("Bad:Name", "a")]),
    ])
    func refusesRequestsThatWouldBreakFraming(request: HTTPRequest) throws {
        let client = HTTPClient(timeout: 0.5)
        let endpoint = try HTTPEndpoint("http://127.0.0.1:9")
        do throws(HTTPClientError) {
            _ = try client.sendBlocking(request, to: endpoint)
            Issue.record("sent \(request)")
        } catch {
            guard case .malformed(let what) = error else { Issue.record("\(error)"); return }
            #expect(what.hasPrefix("invalid request"), "\(what)")
            #expect(!what.contains("\r") && !what.contains("\n"))
        }
    }
}
