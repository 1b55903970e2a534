import Foundation
import Testing
@testable import Routing

/// What the client puts on the wire, and what it refuses to.
@Suite struct HTTPClientTests {
    @Test func requestBytes() throws {
        let endpoint = try HTTPEndpoint("http://127.0.0.1:8002/v")
        let bytes = HTTPClient().encode(HTTPRequest(method: "POST", target: "/route", headers: [HTTPHeader("Content-Type", "application/json")],
                                                    body: Data("{}".utf8)), for: endpoint)
        #expect(String(decoding: bytes, as: UTF8.self) == "POST /v/route HTTP/1.1\r\nHost: 127.0.0.1:8002\r\nUser-Agent: VoiceGuide\r\nAccept: application/json\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}")
    }

    @Test(arguments: [
        HTTPRequest(method: "GET", target: "/a b"),
        HTTPRequest(method: "GET", target: "/a\r\nX-Injected: 1"),
        HTTPRequest(method: "GET", target: "route"),
        HTTPRequest(method: "G T", target: "/"),
        HTTPRequest(method: "GET", target: "/", headers: [HTTPHeader("X", "a\r\nHost: evil")]),
        HTTPRequest(method: "GET", target: "/", headers: [HTTPHeader("Bad:Name", "a")]),
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
