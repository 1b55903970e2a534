import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// The router client over HTTPS: the real Valhalla behind a real TLS terminator (stunnel) with certificates
/// made by the test. A private CA is trusted with `caFile`; every TLS failure is one line naming the host and
/// the reason, as an unreachable router (so guidance treats it as a router that is down).
@Suite(.serialized, .valhalla) struct HTTPSRouterTests {
    static let request = RouteRequest(origin: Coordinate(latitude: 60.17238, longitude: 24.94131),
                                      destinations: [Coordinate(latitude: 60.17334, longitude: 24.93661)], language: "de-DE")

    func failure(_ router: any BlockingRouter) -> RouterError? {
        do throws(RouterError) {
            _ = try router.routeBlocking(Self.request)
            return nil
        } catch {
            return error
        }
    }

    @Test func routesOverHTTPSWithAPrivateCAOnOneKeptAliveConnection() async throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let plain = try await ValhallaRouter(baseURL: valhalla.baseURL).route(Self.request)
        let router = try ValhallaRouter(baseURL: tls.baseURL(), caFile: tls.caFile)
        #expect(router.label == "valhalla \(tls.baseURL())")
        for _ in 0..<5 {
            let secure = try router.routeBlocking(Self.request)
            #expect(secure.document.route.legs.count == 1)
            #expect(secure.document.route.distance == plain.document.route.distance, "the same route as over plain HTTP")
        }
        #expect(tls.forwardedConnections() == 1, "five reroutes over one kept-alive TLS connection: \(tls.logTail())")
        // The async path and the kind detection (GET /status) go through the same client.
        let detected = try await RouterKind.detect(baseURL: tls.baseURL(), caFile: tls.caFile)
        #expect(detected == .valhalla)
        let detecting = try DetectingRouter(baseURL: "https://localhost:\(tls.ports[.valid] ?? 0)", caFile: tls.caFile)
        let viaName = try await detecting.route(Self.request)
        #expect(viaName.document.route.distance == plain.document.route.distance, "the certificate's DNS name works too")
    }

    @Test func concurrentReroutesShareThePoolSafely() async throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let router = try ValhallaRouter(baseURL: tls.baseURL(), caFile: tls.caFile)
        let expected = try router.routeBlocking(Self.request).document.route.distance
        // More at once than the pool keeps, twice over: every one answered, each on a handle of its own.
        let distances = try await withThrowingTaskGroup(of: Double.self) { group in
            for _ in 0..<24 { group.addTask { try await router.route(Self.request).document.route.distance } }
            return try await group.reduce(into: [Double]()) { $0.append($1) }
        }
        #expect(distances.count == 24 && distances.allSatisfy { $0 == expected })
        #expect(tls.forwardedConnections() <= 25, "\(tls.forwardedConnections()) connections")
    }

    @Test func eachTLSFailureIsOneLineNamingTheHostAndTheReason() throws {
        let valhalla = try ValhallaService.scoped()
        let tls = try TLSTerminator(forwardingTo: valhalla.port)
        defer { tls.stop() }
        let cases: [(TLSTerminator.Certificate, String?, String)] = [
            (.expired, tls.caFile, "the server's certificate has expired"),
            (.wrongHost, tls.caFile, "the server's certificate is for a different host name"),
            (.unknownCA, tls.caFile, "the server's certificate is signed by an unknown certificate authority"),
            // The system's CAs do not know the test CA.
            (.valid, nil, "the server's certificate is signed by an unknown certificate authority"),
        ]
        for (certificate, caFile, reason) in cases {
            let started = Date()
            let error = failure(try ValhallaRouter(baseURL: tls.baseURL(certificate), timeout: 10, caFile: caFile))
            #expect(error == .unreachable("TLS with 127.0.0.1 failed: \(reason)"), "\(certificate): \(String(describing: error))")
            #expect(error?.description == "router unreachable: TLS with 127.0.0.1 failed: \(reason)")
            #expect(Date().timeIntervalSince(started) < 5, "\(certificate): refused at the handshake, not after the timeout")
        }
        // Nothing listening: refused at once, as over plain HTTP.
        let port = try FreePort.tcp()
        let refused = failure(try ValhallaRouter(baseURL: "https://127.0.0.1:\(port)", caFile: tls.caFile))
        #expect(refused == .unreachable("cannot connect to 127.0.0.1:\(port): Connection refused"), "\(String(describing: refused))")
        // Plain HTTP spoken to the TLS port is not mistaken for an answer.
        let plainToTLS = failure(try ValhallaRouter(baseURL: "http://127.0.0.1:\(tls.ports[.valid] ?? 0)", timeout: 3))
        #expect(plainToTLS != nil)
        // A CA file that is not a certificate is the client's TLS problem, said as such.
        let junk = tls.directory.appendingPathComponent("junk.pem")
        try Data("not a certificate\n".utf8).write(to: junk)
        let badCA = failure(try ValhallaRouter(baseURL: tls.baseURL(), caFile: junk.path))
        guard case .unreachable(let what)? = badCA else { Issue.record("\(String(describing: badCA))"); return }
        #expect(what.hasPrefix("TLS with 127.0.0.1 failed: "), "\(what)")
        // The valid certificate still works afterwards (no poisoned handle kept).
        #expect(failure(try ValhallaRouter(baseURL: tls.baseURL(), caFile: tls.caFile)) == nil)
    }
}
