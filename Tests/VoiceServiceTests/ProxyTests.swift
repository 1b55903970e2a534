import Foundation
import Testing
import RouteModel
import Routing
import VoiceGuideTestSupport

/// Proxy mode: a real Valhalla service as the upstream, and scripted upstreams that hang or answer garbage.
@Suite(.serialized, .valhalla) struct ProxyTests {
    static let start = Coordinate(latitude: 60.17238, longitude: 24.94131)
    static let end = Coordinate(latitude: 60.17334, longitude: 24.93661)
    static let path = "/route/v1/driving/24.94131,60.17238;24.93661,60.17334"

    @Test func valhallaRoutesComeBackWithOurVoiceInstructionsInSeveralLanguages() async throws {
        let valhalla = try ValhallaService.scoped()
        let server = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla"])
        let router = try ValhallaRouter(baseURL: valhalla.baseURL)
        for (language, tag, units) in [("de", "de-DE", "metric"), ("fr-FR", "fr-FR", nil), ("en-US", "en-US", "imperial"),
                                       ("ja", "ja-JP", nil), ("ru-RU", "ru-RU", nil)] as [(String, String, String?)] {
            let served = try server.request("GET", Self.path + "?language=\(language)" + (units.map { "&voice_units=\($0)" } ?? ""))
            #expect(served.status == 200, "\(language): \(served.text)")
            // The same upstream answer, voiced directly by `transcript --format mapbox`.
            let upstream = try await router.route(RouteRequest(origin: Self.start, destinations: [Self.end], language: tag, units: units))
            let direct = try ServeFixtures.directTranscript(upstream.body, locale: tag, units: units)
            #expect(served.json == direct, "\(language): the proxied response differs from transcript --format mapbox of Valhalla's answer")
            let spoken = served.json?["routes"]?[0]?["legs"]?[0]?["steps"]?[0]?["voiceInstructions"]?[0]?["ssmlAnnouncement"]?.stringValue
            #expect(spoken?.contains("xml:lang=\"\(tag)\"") == true, "\(language): \(spoken ?? "no instruction")")
        }
        #expect(try server.request("GET", Self.path + "?language=tlh").status == 400)
        #expect(try server.request("GET", "/route/v1/driving/24.9,60.1").status == 400)
        #expect(try server.request("GET", "/route/v1/driving/200,60;24.9,60.1").status == 400)
        #expect(try server.request("POST", Self.path, body: Data()).status == 405)
    }

    @Test func anUpstreamThatHangsIs504AndTheServerKeepsServing() throws {
        let upstream = try ScriptedHTTPServer { _ in .silence }
        defer { upstream.stop() }
        let server = try ServeProcess(["--upstream", upstream.baseURL, "--upstream-timeout", "1"])
        let start = Date()
        let response = try server.request("GET", Self.path)
        #expect(response.status == 504, "\(response.text)")
        #expect(response.json?["message"]?.stringValue?.contains("upstream: router timed out after 1 s") == true, "\(response.text)")
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(try server.request("GET", "/health").status == 200)
    }

    @Test func anUpstreamThatAnswersGarbageOrIsDownIs502() throws {
        let garbage = try ScriptedHTTPServer { _ in .bytes(Array("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\nnot json!".utf8)) }
        defer { garbage.stop() }
        let broken = try ScriptedHTTPServer { _ in .bytes(Array("\u{1}\u{2}binary nonsense\r\n\r\n".utf8)) }
        defer { broken.stop() }
        let failing = try ScriptedHTTPServer { _ in .bytes(Array("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 4\r\n\r\noops".utf8)) }
        defer { failing.stop() }
        let downPort = try FreePort.tcp()
        for url in [garbage.baseURL, broken.baseURL, failing.baseURL, "http://127.0.0.1:\(downPort)"] {
            let server = try ServeProcess(["--upstream", url, "--upstream-timeout", "2"])
            let response = try server.request("GET", Self.path)
            #expect(response.status == 502, "\(url): \(response.status) \(response.text)")
            #expect(response.json?["message"]?.stringValue?.hasPrefix("upstream: ") == true, "\(response.text)")
            #expect(try server.request("GET", "/health").status == 200)
        }
    }

    @Test func anOSRMUpstreamGetsTheOSRMRequestAndNoRouteIs422() throws {
        let upstream = try ScriptedHTTPServer { _ in
            .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Type: application/json\r\nContent-Length: 51\r\n\r\n{\"code\":\"NoRoute\",\"message\":\"Impossible route bet\"}".utf8))
        }
        defer { upstream.stop() }
        let server = try ServeProcess(["--upstream", upstream.baseURL, "--upstream-kind", "osrm"])
        let response = try server.request("GET", "/route/v1/cycling/13.4,52.5;13.5,52.6?bearings=90,20;")
        #expect(response.status == 422, "\(response.text)")
        #expect(response.json?["message"]?.stringValue?.contains("NoRoute") == true, "\(response.text)")
        let asked = try #require(upstream.requests.first?.requestLine)
        #expect(asked.hasPrefix("GET /route/v1/cycling/13.400000,52.500000;13.500000,52.600000?steps=true"), "\(asked)")
        #expect(asked.contains("bearings=90,45;"), "\(asked)")
    }
}
