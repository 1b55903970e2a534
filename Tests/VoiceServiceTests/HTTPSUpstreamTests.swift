import Foundation
import Testing
import VoiceGuideTestSupport

/// `serve --upstream https://… --upstream-ca FILE`: proxy mode through a real TLS terminator (stunnel) in front
/// of the real Valhalla; a certificate that fails is a 502 naming the host and the reason, and the server keeps
/// serving.
@Suite(.serialized, .valhalla) struct HTTPSUpstreamTests {
    static let path = "/route/v1/driving/24.94131,60.17238;24.93661,60.17334"

    @Test func proxiesThroughAnHTTPSUpstreamWithAPrivateCA() throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let plain = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla"])
        let secure = try ServeProcess(["--upstream", tls.baseURL(), "--upstream-kind", "valhalla", "--upstream-ca", tls.caFile])
        let viaTLS = try secure.request("GET", Self.path + "?language=de")
        #expect(viaTLS.status == 200, "\(viaTLS.text)")
        let direct = try plain.request("GET", Self.path + "?language=de")
        #expect(viaTLS.json == direct.json, "the same answer through HTTPS as through HTTP")

        let expired = try ServeProcess(["--upstream", tls.baseURL(.expired), "--upstream-kind", "valhalla", "--upstream-ca", tls.caFile])
        let refused = try expired.request("GET", Self.path)
        #expect(refused.status == 502, "\(refused.text)")
        #expect(refused.json?["message"]?.stringValue == "upstream: router unreachable: TLS with 127.0.0.1 failed: the server's certificate has expired",
                "\(refused.text)")
        #expect(try expired.request("GET", "/health").status == 200)
    }

    @Test func aMissingCAFileIsMissingInputAtStart() throws {
        let run = try ExternalProcess.run(ServeFixtures.binary, ["serve", "--port", "0", "--upstream", "https://127.0.0.1:9",
                                                                 "--upstream-ca", "/nonexistent/ca.pem"], timeout: 30)
        #expect(run.code == 66, "\(run.output)")
        #expect(run.output.contains("/nonexistent/ca.pem"), "\(run.output)")
    }
}
