import Foundation
import Testing
import RouteModel
import VoiceService
import VoiceGuideTestSupport

/// `serve` writes one line per request to stderr (method, path, status, bytes, ms, upstream ms, and
/// for an error its reason), as text or JSON lines, including requests it refuses before they reach a handler.
@Suite(.valhalla) struct AccessLogTests {
    /// The log lines of `server` once there are `count` request lines (waited for, at most 15 s).
    private func lines(_ server: ServeProcess, count: Int, json: Bool) -> [String] {
        let deadline = Date().addingTimeInterval(15)
        var found: [String] = []
        repeat {
            let all = server.process.logTail(1 << 20).split(separator: "\n").map(String.init)
            found = all.filter { json ? $0.hasPrefix("{\"time\"") : $0.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ "#, options: .regularExpression) != nil }
            if found.count >= count { break }
            usleep(20_000)
        } while Date() < deadline
        return found
    }

    @Test func jsonLinesSayWhatEachRequestCameTo() throws {
        let valhalla = try ValhallaService.scoped()
        let server = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla", "--log-format", "json"])
        #expect(try server.request("GET", "/health").status == 200)
        #expect(try server.request("POST", "/v1/voice", body: Data("not json".utf8)).status == 400)
        #expect(try server.request("GET", "/route/v1/driving/24.94131,60.17238;24.93661,60.17334?language=fi&access_token=secret").status == 200)
        let refused = try server.connect()
        try refused.send(Array("GARBAGE\r\n\r\n".utf8))
        _ = try refused.readResponse(timeout: 10)
        let entries = try lines(server, count: 4, json: true).map { try JSONParser().parse(Data($0.utf8)) }
        try #require(entries.count == 4, "\(server.process.logTail())")
        #expect(entries[0]["method"]?.stringValue == "GET" && entries[0]["path"]?.stringValue == "/health" && entries[0]["status"]?.numberValue == 200)
        #expect((entries[0]["bytes"]?.numberValue ?? 0) > 0 && entries[0]["ms"] != nil && entries[0]["upstreamMs"] == nil)
        #expect(entries[1]["status"]?.numberValue == 400 && entries[1]["error"]?.stringValue?.contains("not JSON") == true, "\(entries[1])")
        #expect(entries[2]["path"]?.stringValue == "/route/v1/driving/24.94131,60.17238;24.93661,60.17334", "no query (tokens) in the log")
        #expect((entries[2]["upstreamMs"]?.numberValue ?? 0) > 0, "the router's own time: \(entries[2])")
        #expect(entries[3]["method"]?.stringValue == "-" && entries[3]["status"]?.numberValue == 400 && entries[3]["error"] != nil, "\(entries[3])")
        #expect(!server.process.logTail(1 << 20).contains("secret"))
    }

    @Test func textLinesAreOneLineEvenForHostilePaths() throws {
        let server = try ServeProcess()
        #expect(try server.request("GET", "/health").status == 200)
        #expect(try server.request("GET", "/no%0Ahere").status == 404)
        let found = lines(server, count: 2, json: false)
        try #require(found.count == 2, "\(server.process.logTail())")
        #expect(found[0].range(of: #"Z GET /health 200 \d+ B \d+\.\d ms$"#, options: .regularExpression) != nil, "\(found[0])")
        #expect(found[1].contains(" GET /no\\u{A}here 404 ") && found[1].contains(": no endpoint"), "escaped, one line: \(found[1])")
    }
}
