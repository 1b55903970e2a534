import Foundation
import Testing
import RouteModel
import Routing
import VoiceGuideTestSupport

/// `--router https://… --router-ca FILE` on `route` and `drive`: the real Valhalla behind a real TLS terminator
/// (stunnel) with the test's own CA. A TLS failure is one line naming the host and the reason: exit 69 when
/// planning, and a drive keeps guiding as when the router is down.
@Suite(.serialized, .valhalla) struct HTTPSRouterCLITests {
    static let from = "60.1700,24.9400"
    static let to = "60.1760,24.9500"

    @Test func plansOverHTTPSWithAPrivateCAAndSaysWhyATLSFailureStopsIt() throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let plain = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", valhalla.baseURL, "--router-kind", "valhalla"])
        let secure = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", tls.baseURL(), "--router-ca", tls.caFile])
        #expect(secure.code == 0, "\(secure.err)")
        #expect(plain.code == 0 && secure.out == plain.out, "the same plan over HTTPS as over HTTP")
        let reasons: [(TLSTerminator.Certificate, String)] = [
            (.expired, "the server's certificate has expired"),
            (.wrongHost, "the server's certificate is for a different host name"),
            (.unknownCA, "the server's certificate is signed by an unknown certificate authority"),
        ]
        for (certificate, reason) in reasons {
            let run = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", tls.baseURL(certificate),
                               "--router-kind", "valhalla", "--router-ca", tls.caFile])
            #expect(run.code == 69, "\(certificate): \(run.err)")
            #expect(run.errLines.count == 1 && run.err.contains("TLS with 127.0.0.1 failed: \(reason)"), "\(certificate): \(run.err)")
            #expect(run.out.isEmpty)
        }
        let missing = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router", tls.baseURL(), "--router-ca", "/nonexistent/ca.pem"])
        #expect(missing.code == 66 && missing.errLines.count == 1 && missing.err.contains("/nonexistent/ca.pem"), "\(missing.err)")
        let alone = ToolRun(["route", "--from", Self.from, "--to", Self.to, "--router-ca", tls.caFile])
        #expect(alone.code == 64 && alone.err.contains("--router-ca goes with --router URL"), "\(alone.err)")
    }

    @Test func aWrongTurnIsReroutedOverHTTPSAndAnExpiredCertificateIsARouterThatIsDown() async throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let (plannedFile, wrongFile) = try await CLIFixtures.valhallaWrongTurn(valhalla.baseURL)
        let drive = ToolRun(["drive", plannedFile, "--output", "text", "--speedup", "10", "--detour", "600:\(wrongFile)",
                             "--router", tls.baseURL(), "--router-ca", tls.caFile])
        #expect(drive.code == 0, "\(drive.err)")
        let lines = drive.out.split(separator: "\n").map(String.init)
        #expect(lines.filter { $0.contains("Route recalculated.") }.count == 1, "\(drive.out)")
        #expect(!drive.out.contains("no new route"), "\(drive.out)")
        #expect(lines.filter { !$0.contains("↳") }.last?.contains("You have arrived at your destination.") == true, "\(drive.out)")
        #expect(tls.forwardedConnections() >= 1, "the reroute went through the TLS terminator: \(tls.logTail())")

        let expired = ToolRun(["drive", plannedFile, "--output", "text", "--speedup", "20", "--detour", "600:\(wrongFile)",
                               "--router", tls.baseURL(.expired), "--router-kind", "valhalla", "--router-ca", tls.caFile])
        #expect(expired.code == 0, "guidance keeps going without the router: \(expired.err)")
        let said = expired.out.split(separator: "\n").map(String.init)
        #expect(said.filter { $0.contains("no new route") }.count == 1, "\(expired.out)")
        #expect(expired.out.contains("TLS with 127.0.0.1 failed: the server's certificate has expired"), "the reason is in the log: \(expired.out)")
        #expect(!expired.out.contains("Route recalculated."))
    }
}

/// The router client honours the usual proxy variables (libcurl's `http_proxy`, `no_proxy`): a real `voiceguide`
/// process with a scripted proxy on 127.0.0.1 that sees the absolute-form request and answers for the router.
@Suite struct RouterProxyTests {
    @Test func routerRequestsGoThroughTheProxyOfTheEnvironment() throws {
        let proxy = try ScriptedHTTPServer(response: "HTTP/1.1 503 Service Unavailable\r\nContent-Length: 14\r\n\r\nproxy says no\n")
        defer { proxy.stop() }
        var environment = ProcessInfo.processInfo.environment.filter { !$0.key.lowercased().hasSuffix("_proxy") }
        environment["http_proxy"] = "http://127.0.0.1:\(proxy.port)"
        let arguments = ["route", "--from", "60.1700,24.9400", "--to", "60.1760,24.9500", "--router", "http://router.invalid:8002",
                         "--router-kind", "valhalla", "--timeout", "5"]
        let run = try ExternalProcess.run(TestPaths.product("voiceguide"), arguments, environment: environment, timeout: 60)
        #expect(run.code == 69, "\(run.output)")
        #expect(run.output.contains("router answered HTTP 503: proxy says no"), "\(run.output)")
        #expect(proxy.requests.map(\.requestLine) == ["POST http://router.invalid:8002/route HTTP/1.1"], "\(proxy.requests.map(\.head))")
        // no_proxy names hosts reached directly: this one then does not resolve.
        environment["no_proxy"] = "router.invalid"
        let direct = try ExternalProcess.run(TestPaths.product("voiceguide"), arguments, environment: environment, timeout: 60)
        #expect(direct.code == 69 && direct.output.contains("cannot resolve 'router.invalid'"), "\(direct.output)")
        #expect(proxy.requests.count == 1)
    }
}
