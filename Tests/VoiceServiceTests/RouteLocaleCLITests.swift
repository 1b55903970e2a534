import Foundation
import Testing
import RouteModel

/// Route locale and lead ratio through the real `voiceguide`: without `--locale` a Mapbox export speaks the route's
/// own `voiceLocale`; `--stats` compares our final distances with the router's own.
@Suite struct RouteLocaleCLITests {
    static let valhalla = ServeFixtures.repository.appendingPathComponent("Tests/Fixtures/valhalla")

    static func fixture(_ name: String) throws -> Data { try Data(contentsOf: valhalla.appendingPathComponent(name)) }

    @Test func transcriptMapboxSpeaksTheRoutesVoiceLocale() throws {
        let run = try ServeFixtures.run(["transcript", "-", "--format", "mapbox", "--stats"], stdin: try Self.fixture("city-turns.fr-FR.json"))
        #expect(run.code == 0, "\(run.err)")
        let route = try ServeFixtures.json(run.out)["routes"]?[0]
        #expect(route?["voiceLocale"]?.stringValue == "fr-FR")
        let ssml = route?["legs"]?[0]?["steps"]?[0]?["voiceInstructions"]?[0]?["ssmlAnnouncement"]?.stringValue
        #expect(ssml?.contains("xml:lang=\"fr-FR\"") == true, "\(ssml ?? "none")")
        #expect(run.err.contains("final vs router:    median "), "\(run.err)")
        // --locale wins, and the label follows it.
        let asked = try ServeFixtures.run(["transcript", "-", "--format", "mapbox", "--locale", "it-IT"], stdin: try Self.fixture("city-turns.fr-FR.json"))
        #expect(try ServeFixtures.json(asked.out)["routes"]?[0]?["voiceLocale"]?.stringValue == "it-IT")
    }

    @Test func statsJSONCarriesTheRatioToTheRoutersFinalDistances() throws {
        let run = try ServeFixtures.run(["transcript", "-", "--format", "json", "--stats", "--locale", "de-DE"], stdin: try Self.fixture("city-turns.de-DE.json"))
        #expect(run.code == 0, "\(run.err)")
        let ratio = try ServeFixtures.json(run.out)["stats"]?["finalDistanceRatio"]
        let median = try #require(ratio?["median"]?.numberValue, "\(String(decoding: run.out, as: UTF8.self).suffix(800))")
        #expect((0.6...2.0).contains(median), "\(median)")
        #expect((ratio?["steps"]?.numberValue ?? 0) >= 10)
        // An OSRM response carries no router instructions: nothing to compare.
        let osrm = try ServeFixtures.run(["transcript", ServeFixtures.example("city-berlin.json"), "--format", "json", "--stats"])
        #expect(try ServeFixtures.json(osrm.out)["stats"]?["finalDistanceRatio"]?["median"] == .null)
    }

    @Test func batchLinesWithoutALocaleSpeakTheirRoutesVoiceLocale() throws {
        func compact(_ data: Data) throws -> String { try ServeFixtures.json(data).serialized() }
        let lines = [try compact(try Self.fixture("ramp-uturn.ja-JP.json")),
                     try compact(try Self.fixture("ramp-uturn.pl-PL.json")),
                     try compact(try ServeFixtures.exampleData("city-dc.json")),
                     #"{"id":"x","locale":"nl-NL","route":\#(try compact(try Self.fixture("ramp-uturn.ja-JP.json")))}"#]
        let run = try ServeFixtures.run(["transcript", "--batch", "--format", "mapbox"], stdin: Data((lines.joined(separator: "\n") + "\n").utf8))
        #expect(run.code == 0, "\(run.err)")
        let out = String(decoding: run.out, as: UTF8.self).split(separator: "\n").map { try? JSONParser().parse(Data($0.utf8)) }
        try #require(out.count == 4)
        let labels = out.map { $0?["result"]?["routes"]?[0]?["voiceLocale"]?.stringValue }
        #expect(labels[0] == "ja-JP" && labels[1] == "pl-PL" && labels[3] == "nl-NL", "\(labels)")
        #expect(out[0]?["warning"] == nil && out[3]?["warning"] == nil)
        #expect(out[2]?["warning"]?.stringValue?.hasPrefix("line 3: no locale asked for") == true, "\(String(describing: out[2]?["warning"]))")
        // With --locale every line without its own is spoken in it.
        let fixed = try ServeFixtures.run(["transcript", "--batch", "--format", "mapbox", "--locale", "de-DE"], stdin: Data((lines[0] + "\n").utf8))
        #expect(try JSONParser().parse(fixed.out)["result"]?["routes"]?[0]?["voiceLocale"]?.stringValue == "de-DE")
    }
}
