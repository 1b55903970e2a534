import Foundation
import Testing
import RouteModel
import VoiceGuideTestSupport

/// `voiceguide serve` endpoints against the real binary on a free loopback port.
@Suite(.serialized) struct ServeEndpointTests {
    @Test func voiceMatchesTheTranscriptCommandInSeveralLocales() throws {
        let server = try ServeProcess()
        for (route, locale, units) in [("city-dc.json", "en-US", nil), ("city-berlin.json", "de-DE", "metric"),
                                       ("uk-oxford.json", "fr-FR", "imperial"), ("city-dc.json", "ja-JP", nil)] as [(String, String, String?)] {
            let body = try ServeFixtures.exampleData(route)
            for format in ["mapbox", "json"] {
                let query = "locale=\(locale)&format=\(format)" + (units.map { "&units=\($0)" } ?? "")
                let served = try server.request("POST", "/v1/voice?\(query)", body: body)
                #expect(served.status == 200, "\(route) \(locale) \(format): \(served.text)")
                #expect(served.headers["content-type"]?.hasPrefix("application/json") == true)
                let direct = try ServeFixtures.directTranscript(body, locale: locale, units: units, format: format)
                #expect(served.json == direct, "\(route) \(locale) \(format): served differs from transcript --format \(format)")
            }
        }
    }

    @Test func everyStepCarriesOurVoiceInstructions() throws {
        let server = try ServeProcess()
        let served = try server.request("POST", "/v1/voice?locale=de-DE", body: try ServeFixtures.exampleData("city-berlin.json"))
        let steps = try #require(served.json?["routes"]?[0]?["legs"]?[0]?["steps"].flatMap { if case .array(let a) = $0 { a } else { nil } })
        #expect(steps.count > 3)
        for step in steps { #expect(step["voiceInstructions"] != nil) }
        let first = try #require(steps[0]["voiceInstructions"]?[0])
        #expect(first["ssmlAnnouncement"]?.stringValue?.contains("xml:lang=\"de-DE\"") == true, "\(first)")
    }

    @Test func healthLocalesAndMetrics() throws {
        let server = try ServeProcess()
        #expect(try server.request("GET", "/health").json == .object([.init(key: "status", value: .string("ok"))]))
        let locales = try server.request("GET", "/v1/locales")
        #expect(locales.text.contains("\"de-DE\"") && locales.text.contains("\"ja-JP\""), "\(locales.text)")
        _ = try server.request("POST", "/v1/voice", body: try ServeFixtures.exampleData("city-dc.json"))
        _ = try server.request("GET", "/nowhere")
        let metrics = try server.request("GET", "/metrics")
        #expect(metrics.headers["content-type"]?.hasPrefix("text/plain; version=0.0.4") == true)
        for line in ["voiceguide_http_requests_total{endpoint=\"voice\",code=\"200\"} 1",
                     "voiceguide_http_errors_total{endpoint=\"unknown\",code=\"404\"} 1",
                     "# TYPE voiceguide_http_request_duration_seconds histogram",
                     "voiceguide_http_request_duration_seconds_bucket{le=\"+Inf\"} 4",
                     "voiceguide_http_requests_in_flight 1",
                     "# TYPE voiceguide_http_connections_open gauge"] {
            #expect(metrics.text.contains(line), "missing '\(line)' in:\n\(metrics.text)")
        }
    }

    @Test func clientErrorsAreJSONWithTheRightStatus() throws {
        let server = try ServeProcess(["--max-body", "100000"])
        let route = try ServeFixtures.exampleData("city-dc.json")
        let cases: [(String, String, Data?, Int, String)] = [
            ("GET", "/nowhere", nil, 404, "no endpoint /nowhere"),
            ("GET", "/v1/voice", nil, 405, "GET is not allowed on /v1/voice"),
            ("POST", "/health", Data(), 405, "use GET"),
            ("POST", "/v1/voice?locale=xx-XX", route, 400, "locale: unknown locale 'xx-XX'"),
            ("POST", "/v1/voice?units=furlongs", route, 400, "units: 'furlongs'"),
            ("POST", "/v1/voice?format=xml", route, 400, "format: 'xml'"),
            ("POST", "/v1/voice", Data("this is not json".utf8), 400, "body: line 1, column 1: not JSON"),
            ("POST", "/v1/voice", Data(), 400, "body: empty"),
            ("POST", "/v1/voice", Data(#"{"code":"Ok","routes":[{"legs":[{"steps":[{}]}]}]}"#.utf8), 422, "body: routes[0]"),
            ("POST", "/v1/voice?route_index=3", route, 422, "route index 3 is out of range"),
            ("POST", "/v1/voice", Data(repeating: 0x20, count: 100_001), 413, "more than the limit of 100000"),
            ("GET", "/route/v1/driving/13.4,52.5;13.5,52.6", nil, 404, "proxy mode is off"),
        ]
        for (method, target, body, status, message) in cases {
            let response = try server.request(method, target, body: body)
            #expect(response.status == status, "\(method) \(target): \(response.status) \(response.text)")
            #expect(response.json?["status"]?.numberValue == Double(status), "\(method) \(target): \(response.text)")
            #expect(response.json?["message"]?.stringValue?.contains(message) == true, "\(method) \(target): \(response.text)")
        }
        #expect(try server.request("GET", "/health").status == 200, "still serving")
    }

    @Test func sigtermFinishesInFlightRequestsAndRefusesNewOnes() throws {
        let upstream = try ScriptedHTTPServer { _ in .silence }
        defer { upstream.stop() }
        let server = try ServeProcess(["--upstream", upstream.baseURL, "--upstream-timeout", "2", "--drain-window", "0"])
        let inFlight = try server.connect()
        try inFlight.send("GET /route/v1/driving/13.4,52.5;13.5,52.6 HTTP/1.1\r\nHost: x\r\n\r\n")
        // In flight once the upstream has the proxied request.
        #expect(Waiting.until(timeout: 10) { upstream.requests.count == 1 }, "the request reached the upstream")
        server.process.signal(SIGTERM)
        #expect(Waiting.until(timeout: 10) { !FreePort.isAccepting(server.port) }, "no new connections once draining")
        let response = try #require(try inFlight.readResponse(timeout: 10), "the in-flight request gets its answer")
        #expect(response.status == 504, "\(response.text)")
        #expect(response.headers["connection"] == "close")
        #expect(server.process.waitForExit(timeout: 10), "the server ends once the in-flight request is answered")
        #expect(server.process.process.terminationStatus == 0, "\(server.process.logTail())")
        #expect(server.process.logTail().contains("SIGTERM: draining"))
    }

    /// During the drain window a load balancer's health check sees 503 "draining" (and every answer
    /// closes its connection) while requests are still served; after it, the listener closes.
    @Test func theDrainWindowLetsHealthChecksSeeTheDrain() throws {
        let server = try ServeProcess(["--drain-window", "3"])
        #expect(try server.request("GET", "/health").status == 200)
        let signalled = Date()
        kill(server.process.process.processIdentifier, SIGTERM)
        // Wait for the drain to show, then check what a health check and a client see.
        var health = try server.request("GET", "/health")
        while health.status == 200 && Date().timeIntervalSince(signalled) < 2 { health = try server.request("GET", "/health") }
        #expect(health.status == 503, "\(health.text)")
        #expect(health.json?["status"]?.stringValue == "draining")
        #expect(health.headers["connection"] == "close")
        let served = try server.request("POST", "/v1/voice?format=json", body: try ServeFixtures.exampleData("city-dc.json"))
        #expect(served.status == 200, "requests are still answered during the window")
        #expect(Date().timeIntervalSince(signalled) < 3, "checked inside the window")
        // Then the listener closes, and the process ends by itself.
        let deadline = Date().addingTimeInterval(15)
        while FreePort.isAccepting(server.port) && Date() < deadline { usleep(50_000) }
        #expect(!FreePort.isAccepting(server.port))
        #expect(Date().timeIntervalSince(signalled) >= 2.9, "not before the window ended")
        while server.process.process.isRunning && Date() < deadline { usleep(20_000) }
        #expect(server.process.process.terminationStatus == 0, "\(server.process.logTail())")
    }
}
