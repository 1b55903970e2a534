import Foundation
import Testing
import RouteModel
@testable import Routing
import VoiceGuideTestSupport

/// The Valhalla router against a real `valhalla_service` over the Helsinki tiles.
@Suite(.valhalla) struct ValhallaRouterTests {
    static let start = Coordinate(latitude: 60.17238, longitude: 24.94131)
    static let end = Coordinate(latitude: 60.17334, longitude: 24.93661)

    func router() throws -> ValhallaRouter { try ValhallaRouter(baseURL: ValhallaService.scoped().baseURL) }

    @Test func routeIsImportedWithStepsAndRawBody() async throws {
        let router = try router()
        let response = try await router.route(RouteRequest(origin: Self.start, destinations: [Self.end], language: "en-US"))
        let route = response.document.route
        #expect(route.legs.count == 1)
        #expect(route.legs[0].steps.count >= 10, "a real city route has many steps: \(route.legs[0].steps.count)")
        #expect(route.legs[0].steps.first?.maneuver.type == .depart)
        #expect(route.legs[0].steps.last?.maneuver.type == .arrive)
        #expect(route.distance > 1000 && route.distance < 5000)
        #expect(route.geometry.count > 20)
        #expect(Geo.distance(route.geometry[0], Self.start) < 100, "starts where asked")
        #expect(Geo.distance(route.geometry[route.geometry.count - 1], Self.end) < 100, "ends where asked")
        let reparsed = try RouteImporter().read(response.body, fileName: "body")
        #expect(reparsed.route == route, "body is the raw response the document was imported from")
        #expect(router.label == "valhalla \(try ValhallaService.scoped().baseURL)")
    }

    @Test(arguments: ["de-DE", "fr-FR", "ja-JP", "ru-RU"])
    func languageIsPassedThrough(language: String) async throws {
        let router = try router()
        let asked = try await router.route(RouteRequest(origin: Self.start, destinations: [Self.end], language: language))
        let english = try await router.route(RouteRequest(origin: Self.start, destinations: [Self.end], language: "en-US"))
        #expect(asked.document.json["routes"]?[0]?["voiceLocale"]?.stringValue == language)
        let announcement = { (d: RouteDocument) in d.json["routes"]?[0]?["legs"]?[0]?["steps"]?[1]?["voiceInstructions"]?[0]?["announcement"]?.stringValue }
        let text = try #require(announcement(asked.document))
        #expect(text != announcement(english.document), "Valhalla's own instruction is in \(language): \(text)")
    }

    @Test func headingIsHonoured() async throws {
        let router = try router()
        for heading in [0.0, 180.0] {
            let response = try await router.route(RouteRequest(origin: Self.start, heading: heading, destinations: [Self.end]))
            let first = try #require(response.document.route.legs.first?.steps.first)
            let after = first.maneuver.bearingAfter
            let difference = abs((after - heading + 540).truncatingRemainder(dividingBy: 360) - 180)
            #expect(difference <= 45, "heading \(heading): the route leaves at \(after)°")
        }
    }

    @Test func unitsAndSeveralStops() async throws {
        let router = try router()
        let via = Coordinate(latitude: 60.1751, longitude: 24.9450)
        let request = RouteRequest(origin: Coordinate(latitude: 60.1699, longitude: 24.9384),
                                   destinations: [via, Coordinate(latitude: 60.1660, longitude: 24.9460)],
                                   language: "en-US", units: "imperial")
        let response = try await router.route(request)
        #expect(response.document.route.legs.count == 2, "one leg per remaining waypoint")
        let texts = response.document.json["routes"]?[0]?["legs"]?[0]?["steps"]?.arrayValue?
            .compactMap { $0["voiceInstructions"]?.arrayValue }.joined().compactMap { $0["announcement"]?.stringValue } ?? []
        #expect(texts.contains { $0.contains("feet") || $0.contains("mile") }, "imperial units: \(texts.prefix(4))")
    }

    @Test func noRouteIsATypedError() async throws {
        let router = try router()
        let request = RouteRequest(origin: Coordinate(latitude: 60.17536, longitude: 24.93884),
                                   destinations: [Coordinate(latitude: 60.17227, longitude: 24.94316)])
        await #expect(throws: RouterError.notOk(code: "NoRoute", message: "Impossible route between points")) {
            try await router.route(request)
        }
        let outside = RouteRequest(origin: Coordinate(latitude: 48.1, longitude: 11.5), destinations: [Self.end])
        do {
            _ = try await router.route(outside)
            Issue.record("a start outside the tiles must fail")
        } catch {
            guard case .notOk(let code, let message) = error else { Issue.record("\(error)"); return }
            #expect(!code.isEmpty && !message.isEmpty, "\(error)")
        }
    }
}

extension ValhallaRouterTests {
    @Test func detectsValhallaByAsking() async throws {
        #expect(try await RouterKind.detect(baseURL: ValhallaService.scoped().baseURL) == .valhalla)
    }
}
