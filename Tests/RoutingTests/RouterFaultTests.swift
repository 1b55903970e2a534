import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// Every way a router can fail is one typed error with one clear line: no crash, no hang.
@Suite struct RouterFaultTests {
    static let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131),
                                      destinations: [Coordinate(latitude: 60.17334, longitude: 24.93661)])

    func failure(_ router: any Router) async -> RouterError? {
        do {
            _ = try await router.route(Self.request)
            return nil
        } catch {
            return error
        }
    }

    /// The failure of a blocking route call: timed tests use it from a synchronous test, so the elapsed time is
    /// the router's own and not the wait for a busy Swift concurrency worker.
    func blockingFailure(_ router: any BlockingRouter) -> RouterError? {
        do throws(RouterError) {
            _ = try router.routeBlocking(Self.request)
            return nil
        } catch {
            return error
        }
    }

    func server(_ response: String) throws -> ScriptedHTTPServer { try ScriptedHTTPServer(response: response) }

    @Test func connectionRefusedIsUnreachableAndFast() throws {
        let port = try FreePort.tcp()
        let started = Date()
        let error = blockingFailure(try ValhallaRouter(baseURL: "http://127.0.0.1:\(port)", timeout: 30))
        guard case .unreachable(let what)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("refused"), "\(what)")
        #expect(Date().timeIntervalSince(started) < 5, "refused at once, not after the 30 s timeout")
        #expect(error?.description == "router unreachable: cannot connect to 127.0.0.1:\(port): Connection refused")
    }

    @Test func unknownHostIsUnreachable() async throws {
        let error = await failure(try OSRMRouter(baseURL: "http://no-such-host.invalid:5000"))
        guard case .unreachable(let what)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("no-such-host.invalid"))
    }

    @Test func silentServerTimesOut() async throws {
        let server = try ScriptedHTTPServer { _ in .silence }
        defer { server.stop() }
        #expect(await failure(try ValhallaRouter(baseURL: server.baseURL, timeout: 0.5)) == .timeout(0.5), "the async path too")
        let started = Date()
        let error = blockingFailure(try ValhallaRouter(baseURL: server.baseURL, timeout: 0.5))
        let elapsed = Date().timeIntervalSince(started)
        #expect(error == .timeout(0.5))
        #expect(elapsed >= 0.45 && elapsed < 5, "\(elapsed) s: the timeout ends the wait")
        #expect(error?.description == "router timed out after 0.5 s")
    }

    @Test func slowServerWithinTheTimeoutSucceeds() async throws {
        let body = try ValhallaFixtures.data("city-turns.en-US.json")
        let wire = ValhallaFixtures.ok(body)
        let server = try ScriptedHTTPServer { _ in .drip(wire, piece: wire.count / 4 + 1, pause: 0.1) }
        defer { server.stop() }
        let response = try await ValhallaRouter(baseURL: server.baseURL, timeout: 5).route(Self.request)
        #expect(response.body == body)
    }

    @Test func tricklingServerStillTimesOutOnTheTotalDeadline() throws {
        let wire = ValhallaFixtures.ok(try ValhallaFixtures.data("city-turns.en-US.json"))
        let server = try ScriptedHTTPServer { _ in .drip(wire, piece: 1, pause: 0.02) }
        defer { server.stop() }
        let started = Date()
        let error = blockingFailure(try ValhallaRouter(baseURL: server.baseURL, timeout: 0.5))
        #expect(error == .timeout(0.5), "bytes keep coming, but the whole exchange has 0.5 s")
        #expect(Date().timeIntervalSince(started) < 5)
    }

    @Test func serverErrorIsHTTPStatus() async throws {
        let server = try server("HTTP/1.1 500 Internal Server Error\r\nContent-Length: 22\r\n\r\nworker crashed\nat line")
        #expect(await failure(try OSRMRouter(baseURL: server.baseURL)) == .httpStatus(500, "worker crashed"))
    }

    @Test func valhallaErrorObjectIsNotOk() async throws {
        let body = #"{"error_code":171,"error":"No suitable edges near location","status_code":400,"status":"Bad Request"}"#
        let server = try server("HTTP/1.1 400 Bad Request\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        #expect(await failure(try ValhallaRouter(baseURL: server.baseURL))
                == .notOk(code: "Valhalla 171", message: "No suitable edges near location"))
    }

    @Test func recordedNoRouteFixture() async throws {
        let body = try ValhallaFixtures.data("no-route.json")
        let server = try ScriptedHTTPServer { _ in
            .bytes(Array("HTTP/1.1 400 Bad Request\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
        }
        #expect(await failure(try ValhallaRouter(baseURL: server.baseURL))
                == .notOk(code: "NoRoute", message: "Impossible route between points"))
    }

    @Test func garbageBodyIsMalformed() async throws {
        let server = try server("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 15\r\n\r\n<html>oops</ht>")
        let error = await failure(try ValhallaRouter(baseURL: server.baseURL))
        guard case .malformed(let what)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("not JSON") && what.contains("text/html") && what.contains("line 1"), "\(what)")
    }

    @Test func jsonThatIsNoRouteIsMalformedWithThePath() async throws {
        let body = #"{"code":"Ok","routes":[{"legs":[{"steps":"x"}]}]}"#
        let server = try server("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
        let error = await failure(try OSRMRouter(baseURL: server.baseURL))
        guard case .malformed(let what)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("routes[0]"), "\(what)")
    }

    @Test func truncatedChunkedBodyIsMalformed() async throws {
        let server = try server("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n10\r\n{\"code\":\"Ok\",\r\n4")
        let error = await failure(try ValhallaRouter(baseURL: server.baseURL))
        guard case .malformed(let what)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(what.contains("closed"), "\(what)")
    }

    @Test func truncatedFixedBodyIsMalformed() async throws {
        let server = try server("HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n{\"code\":\"Ok\"")
        #expect(await failure(try ValhallaRouter(baseURL: server.baseURL)) == .malformed("connection closed after 12 of 100 body bytes"))
    }

    @Test func hugeBodiesHitTheLimit() async throws {
        let declared = try server("HTTP/1.1 200 OK\r\nContent-Length: 900000000\r\n\r\n{")
        var router = try ValhallaRouter(baseURL: declared.baseURL)
        #expect(await failure(router) == .malformed("response body of 900000000 bytes is larger than the limit of 33554432"))

        let endless = try ScriptedHTTPServer { _ in
            .endless(prefix: Array("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8),
                     chunk: Array("4000\r\n".utf8) + [UInt8](repeating: 0x20, count: 0x4000) + Array("\r\n".utf8))
        }
        defer { endless.stop() }
        router = try ValhallaRouter(baseURL: endless.baseURL)
        router.client.maxBodyBytes = 1 << 20
        #expect(await failure(router) == .malformed("response body larger than 1048576 bytes"))

        let unframed = try ScriptedHTTPServer { _ in
            .endless(prefix: Array("HTTP/1.0 200 OK\r\n\r\n".utf8), chunk: [UInt8](repeating: 0x5B, count: 65_536))
        }
        defer { unframed.stop() }
        router = try ValhallaRouter(baseURL: unframed.baseURL)
        router.client.maxBodyBytes = 1 << 20
        #expect(await failure(router) == .malformed("response body larger than 1048576 bytes"))
    }

    @Test func endlessHeadersHitTheLimit() async throws {
        let server = try ScriptedHTTPServer { _ in
            .endless(prefix: Array("HTTP/1.1 200 OK\r\n".utf8), chunk: Array("X-Filler: aaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".utf8))
        }
        defer { server.stop() }
        #expect(await failure(try OSRMRouter(baseURL: server.baseURL)) == .malformed("response head larger than 65536 bytes"))
    }

    @Test func closedWithoutAnswerAndNotHTTP() async throws {
        let closing = try ScriptedHTTPServer { _ in .bytes([]) }
        #expect(await failure(try OSRMRouter(baseURL: closing.baseURL)) == .malformed("connection closed without a response"))
        let ssh = try server("SSH-2.0-OpenSSH_9.2\r\n\r\n")
        let error = await failure(try OSRMRouter(baseURL: ssh.baseURL))
        #expect(error == .malformed("not a usable HTTP response: Received HTTP/0.9 when not allowed"), "\(String(describing: error))")
    }

    @Test func chunkedRealResponseWithContinueAndTrailers() async throws {
        let body = try ValhallaFixtures.data("multi-stop.pl-PL.json")
        var bytes = Array("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
        var offset = 0
        while offset < body.count {
            let size = min(7_777, body.count - offset)
            bytes += Array("\(String(size, radix: 16));ext=1\r\n".utf8) + body[offset..<(offset + size)] + Array("\r\n".utf8)
            offset += size
        }
        bytes += Array("0\r\nX-Trailer: done\r\n\r\n".utf8)
        let reply = bytes
        let server = try ScriptedHTTPServer { _ in .bytes(reply) }
        let response = try await ValhallaRouter(baseURL: server.baseURL).route(Self.request)
        #expect(response.body == body)
        #expect(response.document.route.legs.count == 2)
    }
}
