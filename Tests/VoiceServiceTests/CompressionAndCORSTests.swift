import Foundation
import Testing
import VoiceService
import VoiceGuideTestSupport

/// `serve` gzips what clients accept (checked by the real gzip tool) and lets web pages of one
/// origin call it (checked in a real browser, headless Chromium, which enforces CORS itself).
@Suite struct CompressionAndCORSTests {
    private static let chromium = "/usr/bin/chromium"

    /// `bytes` decompressed by the system's gzip.
    private func gunzip(_ bytes: Data) throws -> String {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("vg-gzip-\(UUID().uuidString).gz")
        try bytes.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try ExternalProcess.run("/bin/gzip", ["-dc", file.path], timeout: 30)
        #expect(run.code == 0, "gzip -dc: \(run.output.prefix(300))")
        return run.output
    }

    @Test func responsesAreGzippedForClientsThatAcceptIt() throws {
        let server = try ServeProcess()
        let route = try ServeFixtures.exampleData("motorway-bay-bridge.json")
        let plain = try server.request("POST", "/v1/voice?format=mapbox", body: route)
        #expect(plain.status == 200)
        #expect(plain.headers["content-encoding"] == nil)
        let zipped = try server.request("POST", "/v1/voice?format=mapbox", body: route, headers: ["Accept-Encoding: br, gzip;q=0.8"])
        #expect(zipped.status == 200)
        #expect(zipped.headers["content-encoding"] == "gzip")
        #expect(zipped.headers["vary"] == "Accept-Encoding")
        #expect(zipped.body.count * 4 < plain.body.count, "\(zipped.body.count) of \(plain.body.count) bytes")
        #expect(try gunzip(zipped.body) == plain.text, "the same document, byte for byte")
        // Refused or absent gzip, and small bodies, go as they are.
        for header in ["Accept-Encoding: gzip;q=0", "Accept-Encoding: identity", "Accept-Encoding: *;q=0"] {
            #expect(try server.request("POST", "/v1/voice?format=mapbox", body: route, headers: [header]).headers["content-encoding"] == nil, "\(header)")
        }
        #expect(try server.request("GET", "/health", headers: ["Accept-Encoding: gzip"]).headers["content-encoding"] == nil)
        let off = try ServeProcess(["--no-gzip"])
        #expect(try off.request("POST", "/v1/voice?format=mapbox", body: route, headers: ["Accept-Encoding: gzip"]).headers["content-encoding"] == nil)
    }

    /// A page from another origin POSTs a route with `Content-Type: application/json`, which makes the browser
    /// send a preflight first; with `--cors-origin` set to the page's origin it reads the answer, without it the
    /// browser refuses.
    @Test func aWebPageOfTheAllowedOriginCallsTheServiceFromARealBrowser() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("Chromium is not installed: run scripts/setup.sh (Debian chromium)"); return
        }
        let apiPort = try FreePort.tcp()
        let route = String(decoding: try ServeFixtures.exampleData("city-dc.json"), as: UTF8.self)
        let html = """
            <!doctype html><html><body><pre id="out">pending</pre><script>
            const route = \(route);
            fetch("http://127.0.0.1:\(apiPort)/v1/voice?format=json", {method: "POST",
                  headers: {"Content-Type": "application/json"}, body: JSON.stringify(route)})
              .then(r => r.json())
              .then(j => { document.getElementById("out").textContent = "announcements " + j.announcements.length; })
              .catch(e => { document.getElementById("out").textContent = "refused " + e.name; });
            </script></body></html>
            """
        let body = Array(html.utf8)
        let page = try ScriptedHTTPServer { _ in
            .bytes(Array("HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body)
        }
        defer { page.stop() }
        let expected = try ServeFixtures.directTranscript(try ServeFixtures.exampleData("city-dc.json"), locale: "en-US", format: "json")
        let count = expected["announcements"]?.arrayValue?.count ?? 0
        #expect(count > 5)

        func browse() throws -> String {
            let profile = FileManager.default.temporaryDirectory.appendingPathComponent("vg-cors-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: profile) }
            let dom = try ExternalProcess.run(Self.chromium, ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                              "--user-data-dir=\(profile.path)", "--virtual-time-budget=10000",
                                                              "--dump-dom", page.baseURL + "/"], timeout: 120)
            #expect(dom.code == 0, "\(dom.output.suffix(1000))")
            return dom.output
        }
        do {
            let allowed = try ServeProcess(["--cors-origin", page.baseURL], port: apiPort)
            let dom = try browse()
            #expect(dom.contains("<pre id=\"out\">announcements \(count)</pre>"), "\(dom.suffix(600))")
            let preflight = try allowed.request("OPTIONS", "/v1/voice", headers: ["Origin: \(page.baseURL)", "Access-Control-Request-Method: POST",
                                                                                  "Access-Control-Request-Headers: content-type"])
            #expect(preflight.status == 204)
            #expect(preflight.headers["access-control-allow-origin"] == page.baseURL)
            #expect(preflight.headers["access-control-allow-methods"]?.contains("POST") == true)
            let other = try allowed.request("GET", "/health", headers: ["Origin: http://elsewhere.example"])
            #expect(other.headers["access-control-allow-origin"] == nil, "another origin gets no CORS header")
        }
        do {
            let plain = try ServeProcess([], port: apiPort)
            let dom = try browse()
            #expect(dom.contains("<pre id=\"out\">refused TypeError</pre>"), "without --cors-origin the browser refuses: \(dom.suffix(600))")
            #expect(try plain.request("GET", "/health").status == 200, "the server was up")
        }
        let bad = try ServeFixtures.run(["serve", "--port", "0", "--cors-origin", "https://a.example/path"])
        #expect(bad.code == 64 && bad.err.contains("--cors-origin' must be * or an origin"), "\(bad.err)")
    }
}
