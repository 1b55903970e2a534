import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// The OSRM router. Debian 12 has no OSRM package (`osrm-tools` is not in bookworm), so the server is a real
/// local HTTP server that answers with a real OSRM-format response (a Valhalla `format: osrm` body), and the
/// test checks the exact request the router sends.
@Suite struct OSRMRouterTests {
    @Test func sendsTheExactOSRMRequestAndImportsTheAnswer() async throws {
        let body = try ValhallaFixtures.data("city-turns.en-US.json")
        let server = try ScriptedHTTPServer { _ in .bytes(ValhallaFixtures.ok(body)) }
        let router = try OSRMRouter(baseURL: server.baseURL + "/osrm/")
        let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131), heading: 359.6,
                                   destinations: [Coordinate(latitude: 60.1751, longitude: 24.945),
                                                  Coordinate(latitude: 60.17334, longitude: 24.93661)],
                                   language: "de-DE", units: "metric")
        let response = try await router.route(request)
        #expect(response.body == body)
        #expect(response.document.route.legs[0].steps.count == 15)
        let received = try #require(server.requests.first)
        #expect(received.requestLine == "GET /osrm/route/v1/driving/24.941310,60.172380;24.945000,60.175100;24.936610,60.173340?steps=true&overview=full&geometries=polyline6&annotations=false&bearings=0,45;;&continue_straight=true HTTP/1.1")
        #expect(received.head.contains("\r\nHost: 127.0.0.1:\(server.port)\r\n"))
        #expect(!received.head.components(separatedBy: "\r\n").contains("Connection: close"), "the connection may be kept alive")
        #expect(received.body.isEmpty)
        #expect(router.label == "osrm \(server.baseURL)/osrm")
    }

    @Test func noHeadingMeansNoBearings() throws {
        let router = try OSRMRouter(baseURL: "http://127.0.0.1:5000")
        let target = router.target(for: RouteRequest(origin: Coordinate(latitude: 1, longitude: 2), heading: .nan,
                                                     destinations: [Coordinate(latitude: 3, longitude: -4.5)]))
        #expect(target == "/route/v1/driving/2.000000,1.000000;-4.500000,3.000000?steps=true&overview=full&geometries=polyline6&annotations=false")
        let west = router.target(for: RouteRequest(origin: Coordinate(latitude: 1, longitude: 2), heading: -90,
                                                   destinations: [Coordinate(latitude: 3, longitude: 4)]))
        #expect(west.hasSuffix("&bearings=270,45;"))
    }

    @Test func osrmErrorCodeIsNotOk() async throws {
        let server = try ScriptedHTTPServer(response: "HTTP/1.1 400 Bad Request\r\nContent-Length: 62\r\n\r\n{\"code\":\"NoRoute\",\"message\":\"Impossible route between points\"}")
        let router = try OSRMRouter(baseURL: server.baseURL)
        await #expect(throws: RouterError.notOk(code: "NoRoute", message: "Impossible route between points")) {
            try await router.route(RouteRequest(origin: Coordinate(latitude: 60.17, longitude: 24.94),
                                                destinations: [Coordinate(latitude: 60.171, longitude: 24.941)]))
        }
    }

    @Test func invalidRequestsFailBeforeTheNetwork() async throws {
        let router = try OSRMRouter(baseURL: "http://127.0.0.1:9")
        await #expect(throws: RouterError.malformed("route request has no destination")) {
            try await router.route(RouteRequest(origin: Coordinate(latitude: 60, longitude: 24), destinations: []))
        }
        await #expect(throws: RouterError.self) {
            try await router.route(RouteRequest(origin: Coordinate(latitude: 91, longitude: 24),
                                                destinations: [Coordinate(latitude: 60, longitude: 24)]))
        }
    }

    @Test func valhallaRequestBody() throws {
        let router = try ValhallaRouter(baseURL: "http://127.0.0.1:8002")
        let body = router.body(for: RouteRequest(origin: Coordinate(latitude: 60.5, longitude: 24.25), heading: 181.4,
                                                 destinations: [Coordinate(latitude: 60.75, longitude: 24.125)],
                                                 language: "pl-PL", units: "uk"))
        #expect(body.serialized() == #"{"locations":[{"lat":60.5,"lon":24.25,"heading":181,"heading_tolerance":45,"type":"break"},{"lat":60.75,"lon":24.125,"type":"break"}],"costing":"auto","format":"osrm","language":"pl-PL","units":"miles","voice_instructions":true,"banner_instructions":true,"filters":{"attributes":["shape_attributes.speed_limit"],"action":"include"}}"#)
    }

    @Test func kindMakesTheRouter() throws {
        #expect(try RouterKind.osrm.makeRouter(baseURL: "http://h:1").label == "osrm http://h:1")
        #expect(try RouterKind.valhalla.makeRouter(baseURL: "h:2").label == "valhalla http://h:2")
        #expect(RouterKind(rawValue: "graphhopper") == nil)
    }
}

extension OSRMRouterTests {
    @Test func detectsOSRMByItsErrorShape() async throws {
        let server = try ScriptedHTTPServer { received in
            received.requestLine.hasPrefix("GET /status ")
                ? .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 63\r\n\r\n{\"code\":\"InvalidUrl\",\"message\":\"URL string malformed close to\"}".utf8))
                : .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 60\r\n\r\n{\"code\":\"NoSegment\",\"message\":\"Could not find a matching s\"}".utf8))
        }
        #expect(try await RouterKind.detect(baseURL: server.baseURL) == .osrm)
        let other = try ScriptedHTTPServer(response: "HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found")
        do {
            _ = try await RouterKind.detect(baseURL: other.baseURL)
            Issue.record("a plain web server is no router")
        } catch {
            #expect(error.description.contains("is neither an OSRM nor a Valhalla server"), "\(error)")
        }
    }
}

/// `--router URL` without a kind: the router finds out on its first request (on the request's I/O thread),
/// keeps the answer, and asks again after a failure.
@Suite struct DetectingRouterTests {
    private let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131),
                                       destinations: [Coordinate(latitude: 60.1751, longitude: 24.945)])

    @Test func createsWithoutNetworkAndDetectsOnTheFirstRequestOnly() async throws {
        let body = try ValhallaFixtures.data("city-turns.en-US.json")
        let server = try ScriptedHTTPServer { received in
            if received.requestLine.hasPrefix("GET /status ") {
                return .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 63\r\n\r\n{\"code\":\"InvalidUrl\",\"message\":\"URL string malformed close to\"}".utf8))
            }
            if received.requestLine.contains("0.001,0.001?overview=false") {
                return .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: 60\r\n\r\n{\"code\":\"NoSegment\",\"message\":\"Could not find a matching s\"}".utf8))
            }
            return .bytes(ValhallaFixtures.ok(body))
        }
        let router = try DetectingRouter(baseURL: server.baseURL)
        #expect(server.requests.isEmpty, "creating the router asks the server nothing")
        #expect(router.kind == nil)
        #expect(router.label == "router \(server.baseURL)")
        let first = try await router.route(request)
        #expect(first.body == body)
        #expect(router.kind == .osrm)
        #expect(router.label == "osrm \(server.baseURL)")
        #expect(server.requests.count == 3, "two probes and the route")
        _ = try router.routeBlocking(request)
        #expect(server.requests.count == 4, "the kind is asked once")
        #expect(server.requests.last?.requestLine.hasPrefix("GET /route/v1/driving/24.941310,60.172380;") == true)
    }

    @Test func detectingInTheBackgroundReturnsAtOnce() async throws {
        let server = try ScriptedHTTPServer { received in
            received.requestLine.hasPrefix("GET /status ")
                ? .bytes(ValhallaFixtures.ok(Data(#"{"version":"3.5.1","available_actions":["route"]}"#.utf8)))
                : .silence
        }
        let router = try DetectingRouter(baseURL: server.baseURL)
        let started = Date()
        router.detectInBackground()
        #expect(Date().timeIntervalSince(started) < 0.5)
        let deadline = Date().addingTimeInterval(10)
        while router.kind == nil, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
        #expect(router.kind == .valhalla)
        #expect(server.requests.count == 1)
    }

    @Test func aServerThatIsDownFailsTheRequestAndIsAskedAgainLater() async throws {
        let port = try FreePort.tcp()
        let router = try DetectingRouter(baseURL: "http://127.0.0.1:\(port)", timeout: 2)
        do {
            _ = try router.routeBlocking(request)
            Issue.record("nothing listens there")
        } catch {
            guard case .unreachable = error else { Issue.record("\(error)"); return }
        }
        #expect(router.kind == nil)
        // It comes up as a Valhalla: the next request detects it.
        let body = try ValhallaFixtures.data("city-turns.en-US.json")
        let server = try ScriptedHTTPServer(port: port) { received in
            received.requestLine.hasPrefix("GET /status ")
                ? .bytes(ValhallaFixtures.ok(Data(#"{"version":"3.5.1","available_actions":["route"]}"#.utf8)))
                : .bytes(ValhallaFixtures.ok(body))
        }
        defer { server.stop() }
        #expect(try router.routeBlocking(request).body == body)
        #expect(router.kind == .valhalla)
        #expect(server.requests.last?.requestLine.hasPrefix("POST /route ") == true)
    }
}
