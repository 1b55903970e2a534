import Foundation
import Testing
import Phrasing
import RouteModel
@testable import VoiceService

/// The service writes its Mapbox responses by splicing the voice instructions into the router's own bytes
/// (`VoiceTranscript.mapboxBytes`). It must give the same JSON as rewriting the parsed response
/// (`VoiceTranscript.mapbox`), on real routes and on every odd shape the importer accepts.
@Suite struct MapboxSpliceTests {
    static let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))

    /// The spliced and the rewritten response of `text` (route `routeIndex`) in `locale`.
    static func both(_ text: [UInt8], locale: String = "en-US", routeIndex: Int = 0) throws -> (spliced: [UInt8], rewritten: JSONValue) {
        let document = try renderer.importRoute(Data(text), name: "body", routeIndex: routeIndex)
        let loaded = try renderer.locale(locale)
        let transcript = VoiceTranscript(planning: document, localeTag: loaded.profile.tag, builder: renderer.builder(loaded, units: nil))
        let spliced = try #require(transcript.mapboxBytes(original: text), "no step spans found")
        return (spliced, transcript.mapbox())
    }

    /// Every example route and Valhalla fixture with a route.
    static let files: [URL] = {
        let folders = ["Examples/Routes", "Tests/Fixtures/valhalla"].map { ServeFixtures.repository.appendingPathComponent($0) }
        return folders.flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
                .filter { $0.hasSuffix(".json") && $0 != "MANIFEST.json" && $0 != "no-route.json" }
                .sorted().map { folder.appendingPathComponent($0) }
        }
    }()

    @Test func realRoutesSpliceToTheRewrittenResponse() throws {
        #expect(Self.files.count >= 9)
        for file in Self.files {
            let text = try [UInt8](Data(contentsOf: file))
            for locale in ["en-US", "de-DE", "ja-JP"] {
                let (spliced, rewritten) = try Self.both(text, locale: locale)
                #expect(try JSONParser().parse(Data(spliced)) == rewritten, "\(file.lastPathComponent) \(locale)")
            }
        }
    }

    @Test func theRoutersOwnBytesAreKept() throws {
        // Pretty printed, with numbers as the router wrote them: only the voice instructions change.
        let file = try #require(Self.files.first { $0.lastPathComponent == "city-dc.json" })
        let parsed = try JSONParser().parse(Data(contentsOf: file))
        var text = Array(parsed.serialized(pretty: true).utf8)
        text = Array(String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\"distance\": 0,", with: "\"distance\": 0.0e0,").utf8)
        let (spliced, rewritten) = try Self.both(text)
        #expect(try JSONParser().parse(Data(spliced)) == rewritten)
        let out = String(decoding: spliced, as: UTF8.self)
        #expect(out.hasPrefix("{\n  \""), "pretty printing kept")
        #expect(out.contains("\"distance\": 0.0e0,") == String(decoding: text, as: UTF8.self).contains("\"distance\": 0.0e0,"))
        #expect(out.contains("\"voiceInstructions\":[{\"distanceAlongGeometry\":"))
    }

    @Test func oddShapesSpliceToTheRewrittenResponse() throws {
        let city = try JSONParser().parse(ServeFixtures.exampleData("city-dc.json"))
        let route = try #require(city["routes"]?[0])
        let compact = Array(city.serialized().utf8)
        var cases: [(String, [UInt8], Int)] = [
            ("compact", compact, 0),
            ("byte-order mark and spaces", [0xEF, 0xBB, 0xBF, 0x20, 0x0A] + compact + [0x0A, 0x20], 0),
            ("bare route", Array(route.serialized().utf8), 0),
            ("second of two routes", Array(JSONValue.object([.init(key: "code", value: .string("Ok")),
                                                             .init(key: "routes", value: .array([route, route]))]).serialized().utf8), 1),
        ]
        // A route whose steps already carry voice instructions, twice (the last counts), and an empty extra member.
        var edited = route
        if case .array(var legs)? = edited["legs"], case .array(var steps)? = legs[0]["steps"] {
            steps[0].setMember("voiceInstructions", to: .array([.string("old")]))
            var twice = steps[1]
            if case .object(var members) = twice {
                members.insert(.init(key: "voiceInstructions", value: .array([])), at: 0)
                members.append(.init(key: "voiceInstructions", value: .string("old \" } ] , escaped")))
                twice = .object(members)
            }
            steps[1] = twice
            legs[0].setMember("steps", to: .array(steps))
            edited.setMember("legs", to: .array(legs))
        }
        cases.append(("existing and repeated voiceInstructions", Array(edited.serialized().utf8), 0))
        // Names written with escapes are the same names.
        let escapedNames = String(decoding: route.serialized().utf8, as: UTF8.self)
            .replacingOccurrences(of: "\"legs\":", with: "\"leg\\u0073\":")
        cases.append(("escaped member names", Array(escapedNames.utf8), 0))
        for (name, text, index) in cases {
            let (spliced, rewritten) = try Self.both(text, routeIndex: index)
            #expect(try JSONParser().parse(Data(spliced)) == rewritten, "\(name)")
            #expect(!spliced.starts(with: [0xEF, 0xBB, 0xBF]), "\(name): no byte-order mark in a response")
        }
    }

    @Test func stepSpansFollowTheParsedValue() throws {
        let text = Array(#"{"legs":[{"steps":[{},5,{"a":1,"voiceInstructions":[1, 2] ,"b":"}"}]},{"x":1},"#.utf8)
            + Array(#"{"steps":[{"c":[{"d":"]"}]}]}]}"#.utf8)
        let spans = try #require(text.withUnsafeBufferPointer { RouteStepSpans(bytes: $0, routeIndex: nil, member: "voiceInstructions") })
        #expect(spans.steps.count == 4)
        #expect(spans.steps[0]?.close == 20 && spans.steps[0]?.hasMembers == false && spans.steps[0]?.value == nil)
        #expect(spans.steps[1] == nil)
        let third = try #require(spans.steps[2])
        let value = try #require(third.value)
        #expect(third.hasMembers && String(decoding: text[value], as: UTF8.self) == "[1, 2]")
        #expect(text[third.close] == UInt8(ascii: "}"))
        #expect(spans.steps[3]?.value == nil && spans.steps[3]?.hasMembers == true)
        // The last "routes" counts, as in lookups: here it is not an array, so there is no route.
        let shadowed = Array(#"{"routes":[{"legs":[{"steps":[{}]}]}],"routes":null}"#.utf8)
        #expect(shadowed.withUnsafeBufferPointer { RouteStepSpans(bytes: $0, routeIndex: 0, member: "voiceInstructions") } == nil)
        let none = Array(#"{"routes":[]}"#.utf8)
        #expect(none.withUnsafeBufferPointer { RouteStepSpans(bytes: $0, routeIndex: 0, member: "voiceInstructions") } == nil)
    }
}
