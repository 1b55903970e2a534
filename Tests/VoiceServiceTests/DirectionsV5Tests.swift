import Foundation
import Testing
import RouteModel
import VoiceGuideTestSupport

/// What a Mapbox Navigation SDK calls (`/directions/v5/…`) and what `POST /v1/voice`
/// answers without a locale, against a real Valhalla, validated by the JSON Schemas in docs/.
@Suite(.serialized, .valhalla) struct DirectionsV5Tests {
    static let coordinates = "24.94131,60.17238;24.93661,60.17334"
    /// Problems of `text` against `docs/<schema>` (every docs schema registered for `$ref`s); "" when valid.
    static func schemaProblems(_ text: Data, schema: String) throws -> String {
        try SchemaValidation.problems([String(decoding: text, as: UTF8.self)], schema: schema).first ?? ""
    }

    @Test func theDirectionsPathAnswersAsTheMapboxSDKsCallIt() throws {
        let valhalla = try ValhallaService.scoped()
        let server = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla"])
        let query = "steps=true&overview=full&geometries=polyline6&voice_instructions=true&banner_instructions=true"
            + "&roundabout_exits=true&alternatives=false&waypoints=0;1&access_token=pk.ignored"
        for (language, tag) in [("de", "de-DE"), ("fr-FR", "fr-FR"), ("ja", "ja-JP"), ("en-US", "en-US")] {
            let path = "/directions/v5/mapbox/driving-traffic/\(Self.coordinates).json?\(query)&language=\(language)&voice_units=metric"
            let served = try server.request("GET", path)
            #expect(served.status == 200, "\(language): \(served.text)")
            #expect(served.headers["content-language"] == tag)
            let route = served.json?["routes"]?[0]
            #expect(route?["voiceLocale"]?.stringValue == tag)
            #expect(try Self.schemaProblems(served.body, schema: "directions-v5-response.schema.json") == "", "\(language)")
            // The same as the OSRM path of the same upstream answer.
            let osrm = try server.request("GET", "/route/v1/driving/\(Self.coordinates)?language=\(language)&voice_units=metric")
            #expect(served.json == osrm.json, "\(language)")
            let banner = route?["legs"]?[0]?["steps"]?[0]?["bannerInstructions"]?[0]?["primary"]
            #expect(banner?["text"]?.stringValue?.isEmpty == false, "\(language)")
        }
        // The schema holds what it promises: no voiceLocale, or a banner without its primary, is refused.
        let good = try server.request("GET", "/directions/v5/mapbox/driving/\(Self.coordinates)?language=de").text
        for broken in [good.replacingOccurrences(of: "\"voiceLocale\":\"de-DE\"", with: "\"voiceLocal\":\"de-DE\""),
                       good.replacingOccurrences(of: "\"primary\":", with: "\"primero\":")] {
            #expect(broken != good)
            #expect(try Self.schemaProblems(Data(broken.utf8), schema: "directions-v5-response.schema.json") != "")
        }
        let bad = "/directions/v5/mapbox/driving/\(Self.coordinates)"
        for (suffix, needle) in [("?geometries=polyline7", "geometries"), ("?waypoints=0", "waypoints"), ("?waypoints=1;0", "waypoints"),
                                 ("?steps=maybe", "steps"), ("?overview=none", "overview"), ("?language=tlh", "unknown locale")] {
            let response = try server.request("GET", bad + suffix)
            #expect(response.status == 400, "\(suffix): \(response.text)")
            #expect(response.json?["message"]?.stringValue?.contains(needle) == true, "\(suffix): \(response.text)")
        }
        #expect(try server.request("GET", "/directions/v5/mapbox/driving").status == 400)
        #expect(try server.request("POST", bad, body: Data()).status == 405)
        let plain = try ServeProcess()
        #expect(try plain.request("GET", bad).status == 404)
    }

    @Test func geometriesStepsAndViaWaypointsAreAnsweredAsAsked() throws {
        let valhalla = try ValhallaService.scoped()
        let server = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla"])
        // Every point of the overview (the Mapbox default, simplified, is tested on its own).
        let base = "/directions/v5/mapbox/driving/\(Self.coordinates)?language=de"
        func served(_ query: String) throws -> JSONValue? {
            let response = try server.request("GET", base + query)
            #expect(response.status == 200, "\(query): \(response.text)")
            #expect(try Self.schemaProblems(response.body, schema: "directions-v5-response.schema.json") == "", "\(query)")
            return response.json
        }
        // The same route in every geometry: the same points (within the coarser precision) and the same words.
        let six = try served("&geometries=polyline6&overview=full")?["routes"]?[0]
        let reference = try Polyline.decode(six?["geometry"]?.stringValue ?? "", precision: 6)
        #expect(reference.count > 2)
        let spoken = { (route: JSONValue?) in route?["legs"]?[0]?["steps"]?.arrayValue?.map { $0["voiceInstructions"]?.arrayValue?.count ?? -1 } }
        for query in ["&geometries=polyline&overview=full", "&overview=full"] {
            let five = try served(query)?["routes"]?[0]
            let points = try Polyline.decode(five?["geometry"]?.stringValue ?? "", precision: 5)
            #expect(points.count == reference.count, "\(query)")
            #expect(zip(points, reference).allSatisfy { abs($0.latitude - $1.latitude) < 2e-5 && abs($0.longitude - $1.longitude) < 2e-5 })
            #expect(spoken(five) == spoken(six))
        }
        let geojson = try served("&geometries=geojson&overview=full")?["routes"]?[0]
        #expect(geojson?["geometry"]?["type"]?.stringValue == "LineString")
        #expect(geojson?["geometry"]?["coordinates"]?.arrayValue?.count == reference.count)
        #expect(geojson?["legs"]?[0]?["steps"]?[0]?["geometry"]?["type"]?.stringValue == "LineString")
        #expect(spoken(geojson) == spoken(six))
        // steps=false: legs without steps, so no instructions, as Mapbox answers; overview=false: no geometry.
        let stepless = try served("&steps=false&overview=false")?["routes"]?[0]
        #expect(stepless?["legs"]?[0]?["steps"]?.arrayValue?.isEmpty == true)
        #expect(stepless?["geometry"] == nil)
        #expect(stepless?["voiceLocale"]?.stringValue == "de-DE")
        let quiet = try served("&voice_instructions=false")?["routes"]?[0]?["legs"]?[0]?["steps"]?[0]
        #expect(quiet?["voiceInstructions"] == nil && quiet?["bannerInstructions"] != nil)
        // A via point: one leg through it (no arrival there); without waypoints= it is a stop, two legs.
        let three = "24.94131,60.17238;24.9390,60.1730;24.93661,60.17334"
        for (query, legs) in [("&waypoints=0;2", 1), ("", 2), ("&waypoints=0;1;2", 2)] {
            let response = try server.request("GET", "/directions/v5/mapbox/driving/\(three)?language=de\(query)")
            #expect(response.status == 200, "\(query): \(response.text)")
            #expect(try Self.schemaProblems(response.body, schema: "directions-v5-response.schema.json") == "", "\(query)")
            let route = response.json?["routes"]?[0]
            #expect(route?["legs"]?.arrayValue?.count == legs, "\(query)")
            let arrivals = route?["legs"]?.arrayValue?.flatMap { $0["steps"]?.arrayValue ?? [] }
                .filter { $0["maneuver"]?["type"]?.stringValue == "arrive" }.count
            #expect(arrivals == legs, "\(query)")
        }
    }

    /// `overview=simplified`, the Mapbox default, thins the route's line and nothing else: fewer points, the same
    /// ends, every point of the full line within the overview tolerance of the thinned one, the legs untouched.
    @Test func aSimplifiedOverviewThinsTheRouteLineOnly() throws {
        let valhalla = try ValhallaService.scoped()
        let server = try ServeProcess(["--upstream", valhalla.baseURL, "--upstream-kind", "valhalla"])
        let path = "/directions/v5/mapbox/driving/\(Self.coordinates)?language=en"
        func route(_ query: String) throws -> JSONValue? {
            let response = try server.request("GET", path + query)
            #expect(response.status == 200, "\(query): \(response.text)")
            #expect(try Self.schemaProblems(response.body, schema: "directions-v5-response.schema.json") == "", "\(query)")
            return response.json?["routes"]?[0]
        }
        let full = try route("&geometries=polyline6&overview=full"), simplified = try route("&geometries=polyline6&overview=simplified")
        #expect(try route("&geometries=polyline6") == simplified)
        let every = try Polyline.decode(full?["geometry"]?.stringValue ?? "", precision: 6)
        let thinned = try Polyline.decode(simplified?["geometry"]?.stringValue ?? "", precision: 6)
        #expect(thinned.count >= 2 && thinned.count < every.count, "\(thinned.count) of \(every.count) points")
        #expect(thinned.first == every.first && thinned.last == every.last)
        let tolerance = LineSimplification.overviewTolerance(every)
        let worst = every.map { p in zip(thinned, thinned.dropFirst()).map { LineSimplification.offset(of: p, from: $0, to: $1) }.min() ?? .infinity }.max() ?? 0
        #expect(worst <= tolerance + 0.01, "a dropped point is \(worst) m from the thinned line (tolerance \(tolerance) m)")
        #expect(full?["legs"] == simplified?["legs"])
        // GeoJSON keeps the upstream's own numbers of the points it keeps.
        let geojson = try route("&geometries=geojson")?["geometry"]?["coordinates"]?.arrayValue ?? []
        #expect(geojson.count == thinned.count, "\(geojson.count) GeoJSON points, \(thinned.count) polyline6 points")
    }

    @Test func germanBannersSayAusfahrtBeforeTheExitNumber() throws {
        let server = try ServeProcess()
        let body = try ServeFixtures.exampleData("motorway-bay-bridge.json")
        for (locale, word) in [("de-DE", "Ausfahrt"), ("en-US", "Exit"), ("fr-FR", "Sortie"), ("ja-JP", "出口")] {
            let served = try server.request("POST", "/v1/voice?locale=\(locale)", body: body)
            #expect(served.status == 200, "\(served.text)")
            let components = served.json?["routes"]?[0]?["legs"]?.arrayValue?.flatMap { $0["steps"]?.arrayValue ?? [] }
                .flatMap { $0["bannerInstructions"]?.arrayValue ?? [] }
                .flatMap { $0["primary"]?["components"]?.arrayValue ?? [] } ?? []
            let exit = components.firstIndex { $0["type"]?.stringValue == "exit" }
            #expect(exit.map { components[$0]["text"]?.stringValue } == word, "\(locale)")
            #expect(exit.map { components.indices.contains($0 + 1) ? components[$0 + 1]["text"]?.stringValue : nil } == "21A", "\(locale)")
            #expect(try Self.schemaProblems(served.body, schema: "mapbox-voice-instructions.schema.json") == "")
        }
    }

    @Test func withoutALocaleTheRoutesOwnVoiceLocaleIsSpokenOrAWarningSaysWhy() throws {
        let server = try ServeProcess()
        let folder = ServeFixtures.repository.appendingPathComponent("Tests/Fixtures/valhalla")
        for tag in ["de-DE", "ja-JP", "pl-PL"] {
            let body = try Data(contentsOf: folder.appendingPathComponent("multi-stop.\(tag).json"))
            let served = try server.request("POST", "/v1/voice", body: body)
            #expect(served.status == 200, "\(served.text)")
            #expect(served.json?["routes"]?[0]?["voiceLocale"]?.stringValue == tag)
            #expect(served.headers["content-language"] == tag)
            #expect(served.headers["voiceguide-warning"] == nil)
            let ssml = served.json?["routes"]?[0]?["legs"]?[0]?["steps"]?[0]?["voiceInstructions"]?[0]?["ssmlAnnouncement"]?.stringValue
            #expect(ssml?.contains("xml:lang=\"\(tag)\"") == true, "\(ssml ?? "none")")
            #expect(try Self.schemaProblems(served.body, schema: "mapbox-voice-instructions.schema.json") == "")
        }
        // An OSRM response has no voiceLocale: the server's default, with the warning.
        let osrm = try server.request("POST", "/v1/voice", body: try ServeFixtures.exampleData("city-berlin.json"))
        #expect(osrm.status == 200)
        #expect(osrm.json?["routes"]?[0]?["voiceLocale"]?.stringValue == "en-US")
        #expect(osrm.headers["voiceguide-warning"]?.contains("no voiceLocale") == true, "\(osrm.headers)")
        // Asked for: that locale, whatever the route says; the label follows.
        let body = try Data(contentsOf: folder.appendingPathComponent("city-turns.ja-JP.json"))
        let asked = try server.request("POST", "/v1/voice?locale=de-DE", body: body)
        #expect(asked.json?["routes"]?[0]?["voiceLocale"]?.stringValue == "de-DE")
        let kept = try server.request("POST", "/v1/voice?locale=de-DE&keep_banners=true", body: body)
        let theirs = try ServeFixtures.json(body)["routes"]?[0]?["legs"]?[0]?["steps"]?[0]?["bannerInstructions"]
        #expect(kept.json?["routes"]?[0]?["legs"]?[0]?["steps"]?[0]?["bannerInstructions"] == theirs)
        #expect(asked.json?["routes"]?[0]?["legs"]?[0]?["steps"]?[0]?["bannerInstructions"] != theirs)
    }
}
