import Testing
@testable import Routing

@Suite struct HTTPEndpointTests {
    @Test func parsesHostPortAndPrefix() throws {
        let e = try HTTPEndpoint("http://127.0.0.1:8002/valhalla/")
        #expect(e.host == "127.0.0.1" && e.port == 8002 && e.pathPrefix == "/valhalla")
        #expect(e.description == "http://127.0.0.1:8002/valhalla")
        let bare = try HTTPEndpoint("localhost")
        #expect(bare.host == "localhost" && bare.port == 80 && bare.hostHeader == "localhost")
        let v6 = try HTTPEndpoint("http://[::1]:5000")
        #expect(v6.host == "::1" && v6.port == 5000 && v6.hostHeader == "[::1]:5000")
        let secure = try HTTPEndpoint("HTTPS://router.example/v1")
        #expect(secure.isSecure && secure.port == 443 && secure.hostHeader == "router.example")
        #expect(secure.url(for: "/route?x=1") == "https://router.example/v1/route?x=1")
        let securePort = try HTTPEndpoint("https://127.0.0.1:8443")
        #expect(securePort.description == "https://127.0.0.1:8443" && !bare.isSecure)
    }

    @Test func refusesUnusableURLs() {
        for (url, reason) in [("ftp://x", "only http:// and https://"),
                              ("http://:80", "no host"), ("http://h:0", "invalid port"), ("http://h:99999", "invalid port"),
                              ("http://h/route?x=1", "query"), ("http://u@h", "user info"), ("http://h o", "invalid host")] {
            #expect(throws: HTTPEndpoint.ParseError.self, "\(url)") { try HTTPEndpoint(url) }
            do { _ = try HTTPEndpoint(url) } catch { #expect(error.description.contains(reason), "\(url): \(error)") }
        }
    }
}
