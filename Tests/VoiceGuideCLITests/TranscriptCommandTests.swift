import Foundation
import Testing
import Phrasing
import RouteModel
import Guidance
@testable import VoiceGuideCLI
import VoiceGuideTestSupport

/// `voiceguide transcript` : every format on every example route, the JSON contract of docs/transcript-format.md,
/// the Mapbox rewrite, and the quality check of the example routes.
@Suite struct TranscriptCommandTests {
    private func json(_ arguments: [String]) throws -> [String: Any] {
        let run = ToolRun(["transcript"] + arguments + ["--format", "json"])
        #expect(run.code == 0, "\(run.err)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
    }

    @Test(arguments: CLIFixtures.exampleNames)
    func jsonFollowsTheContract(_ name: String) throws {
        let object = try json([CLIFixtures.example(name)])
        #expect(object["locale"] as? String == "en-US")
        #expect(object["units"] as? String == "imperial")
        let route = try #require(object["route"] as? [String: Any])
        let document = try RouteImporter().read(Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example(name))), fileName: name)
        #expect(route["legs"] as? Int == document.route.legs.count)
        #expect(route["steps"] as? Int == document.route.stepCount)
        let list = try #require(object["announcements"] as? [[String: Any]])
        #expect(!list.isEmpty)
        var previous = -1.0
        for a in list {
            for key in ["leg", "step", "kind", "then", "triggerMeters", "triggerSeconds", "distanceToManeuverMeters",
                        "text", "ssml", "durationSeconds"] {
                #expect(a[key] != nil, "missing \(key)")
            }
            let meters = try #require(a["triggerMeters"] as? Double)
            #expect(meters >= previous, "sorted by triggerMeters")
            previous = meters
            let leg = try #require(a["leg"] as? Int), step = try #require(a["step"] as? Int)
            #expect(document.route.legs.indices.contains(leg) && document.route.legs[leg].steps.indices.contains(step))
            let ssml = try #require(a["ssml"] as? String)
            #expect(ssml.hasPrefix("<speak") && ssml.hasSuffix("</speak>"))
            #expect((a["durationSeconds"] as? Double ?? 0) > 0)
            #expect((a["distanceToManeuverMeters"] as? Double ?? -1) >= 0)
        }
        #expect(list.first?["kind"] as? String == "depart")
        #expect(list.last?["kind"] as? String == "arrive")
    }

    @Test(arguments: CLIFixtures.exampleNames)
    func subtitlesCarryEveryAnnouncementAtItsTime(_ name: String) throws {
        let list = try #require(try json([CLIFixtures.example(name)])["announcements"] as? [[String: Any]])
        let srt = ToolRun(["transcript", CLIFixtures.example(name), "--format", "srt"])
        #expect(srt.code == 0)
        let blocks = srt.out.components(separatedBy: "\n\n").filter { !$0.isEmpty }
        #expect(blocks.count == list.count)
        for (n, (block, a)) in zip(blocks, list).enumerated() {
            let lines = block.split(separator: "\n").map(String.init)
            #expect(lines.first == String(n + 1))
            let seconds = try #require(a["triggerSeconds"] as? Double)
            #expect(lines.count > 1 && lines[1].hasPrefix(TimeFormatting.subtitle(seconds, separator: ",")))
            #expect(lines.dropFirst(2).joined(separator: " ") == a["text"] as? String)
        }
        let vtt = ToolRun(["transcript", CLIFixtures.example(name), "--format", "vtt"])
        #expect(vtt.code == 0)
        #expect(vtt.out.hasPrefix("WEBVTT\n\n"))
        #expect(vtt.out.components(separatedBy: " --> ").count - 1 == list.count)
    }

    @Test func subtitleTimesAreFormattedExactly() {
        #expect(TimeFormatting.subtitle(3723.4567, separator: ",") == "01:02:03,457")
        #expect(TimeFormatting.subtitle(0, separator: ".") == "00:00:00.000")
    }

    @Test(arguments: CLIFixtures.exampleNames)
    func mapboxPutsEachInstructionOnTheStepWhereItIsTriggered(_ name: String) throws {
        // At a fixed speed the transcript and the export plan alike (free-flow speeds only change step speeds).
        let path = CLIFixtures.example(name)
        let list = try #require(try json([path, "--speed", "50"])["announcements"] as? [[String: Any]])
        let run = ToolRun(["transcript", path, "--format", "mapbox", "--speed", "50"])
        #expect(run.code == 0, "\(run.err)")
        // The output is still a route response that imports.
        let document = try RouteImporter().read(Data(run.out.utf8), fileName: "mapbox.json")
        let index = RouteIndex(route: document.route)
        let tree = document.json
        let routeJSON = document.isBareRoute ? tree : try #require(tree["routes"]?[0])
        for a in list {
            let leg = try #require(a["leg"] as? Int), trigger = try #require(a["triggerMeters"] as? Double)
            let spoken = try #require(a["spoken"] as? String)
            // Mapbox placement: on the step of the same leg where the trigger lies (start ≤ trigger < end).
            let holder = try #require(index.steps.first { $0.id.leg == leg && $0.startMeters <= trigger && trigger < $0.endMeters }
                                      ?? index.steps.first { $0.id.leg == leg && $0.endMeters > $0.startMeters },
                                      "\(spoken): no step of leg \(leg) holds \(trigger) m")
            let stepJSON = try #require(routeJSON["legs"]?[leg]?["steps"]?[holder.id.step])
            let instructions = try #require(stepJSON["voiceInstructions"]?.arrayValue)
            let match = instructions.first { $0["announcement"]?.stringValue == spoken }
            #expect(match != nil, "\(spoken) not on leg \(leg) step \(holder.id.step)")
            let along = try #require(match?["distanceAlongGeometry"]?.numberValue)
            // Item 4: never longer than the step.
            #expect(along >= 0 && along <= holder.step.distance, "\(spoken): \(along) m on a \(holder.step.distance) m step")
            if trigger >= holder.startMeters {
                #expect(abs(along - min(holder.endMeters - trigger, holder.step.distance)) <= 0.11, "\(spoken): \(along) m")
            }
            #expect(match?["ssmlAnnouncement"]?.stringValue == a["ssml"] as? String)
        }
        // Nothing else: the input's own voiceInstructions were replaced, not kept.
        var total = 0
        for leg in routeJSON["legs"]?.arrayValue ?? [] {
            for step in leg["steps"]?.arrayValue ?? [] { total += step["voiceInstructions"]?.arrayValue?.count ?? 0 }
        }
        #expect(total == list.count)
    }

    @Test(arguments: CLIFixtures.exampleNames)
    func statsReportAGoodExampleRoute(_ name: String) throws {
        let run = ToolRun(["transcript", CLIFixtures.example(name), "--stats"])
        #expect(run.code == 0)
        for line in ["overlaps:           0", "duplicates:         0", "late:               0", "missed:             0"] {
            #expect(run.out.contains(line), "\(name): \(line)\n\(run.out)")
        }
    }

    @Test func badInvocationsExitWithTheRightCodes() {
        #expect(ToolRun(["transcript"]).code == 64)
        #expect(ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--format", "pdf"]).code == 64)
        #expect(ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--units", "furlongs"]).code == 64)
        #expect(ToolRun(["transcript", "/no/such/route.json"]).code == 66)
        let bad = ToolRun(["transcript", "-"], stdin: Data("{\"routes\": [}".utf8))
        #expect(bad.code == 65)
        #expect(bad.errLines.first?.contains("<stdin>") == true)
    }

    @Test func stdinAndFileGiveTheSameTranscript() throws {
        let path = CLIFixtures.example("uk-oxford.json")
        let fromFile = ToolRun(["transcript", path, "--locale", "en-GB", "--format", "json"])
        let fromStdin = ToolRun(["transcript", "-", "--locale", "en-GB", "--format", "json"],
                                stdin: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(fromFile.code == 0 && fromStdin.code == 0)
        #expect(fromFile.out == fromStdin.out)
    }
}

/// A Mapbox Directions-style response (hand-written for Portland, OR, with the members Mapbox adds: uuid,
/// voiceLocale, annotations, admins, bannerInstructions, its own voiceInstructions, `"ref": ""`).
@Suite struct MapboxResponseTests {
    let path = CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/mapbox-directions-portland.json").path

    @Test func importsWithoutWarningsAndTreatsEmptyRefsAsAbsent() throws {
        let document = try RouteImporter().read(Data(contentsOf: URL(fileURLWithPath: path)), fileName: "mapbox.json")
        #expect(document.route.warnings.isEmpty)
        #expect(document.route.legs[0].steps.map(\.ref) == [nil, nil, nil, nil])
        #expect(document.route.legs[0].steps[1].maneuverLanes?.map(\.valid) == [false, false, true])
    }

    @Test func theirVoiceInstructionsAreReplacedByOursAndEverythingElseIsKept() throws {
        let run = ToolRun(["transcript", path, "--format", "mapbox"])
        #expect(run.code == 0, "\(run.err)")
        #expect(!run.out.contains("Their voice text"))
        let tree = try RouteModel.JSONParser().parse(Data(run.out.utf8))
        #expect(tree["uuid"]?.stringValue == "hand-written-fixture-0001")
        #expect(tree["routes"]?[0]?["voiceLocale"]?.stringValue == "en-US")
        let steps = try #require(tree["routes"]?[0]?["legs"]?[0]?["steps"]?.arrayValue)
        #expect(steps[0]["bannerInstructions"]?.arrayValue?.count == 1)
        let first = try #require(steps[0]["voiceInstructions"]?.arrayValue)
        #expect(first.map { $0["announcement"]?.stringValue ?? "" } == [
            "Head northeast on Southwest Broadway.",
            // Planned at the street's free-flow 50 km/h, the car covers more of the short first
            // step while the depart is said, so the prepare that follows it comes nearer the turn.
            "In 650 feet, turn right onto Southwest Morrison Street. Use the right lane.",
            "Turn right onto Southwest Morrison Street.",
        ])
        // Distances along the step count down towards its end, where the maneuver is.
        let along = first.compactMap { $0["distanceAlongGeometry"]?.numberValue }
        #expect(along == along.sorted(by: >))
        #expect(steps[3]["voiceInstructions"]?.arrayValue?.isEmpty == true)
    }
}

/// A run of close turns in the transcript JSON: the further turns named in one announcement are listed.
@Suite struct TurnRunTranscriptTests {
    @Test func furtherTurnsOfARunAreListed() throws {
        var builder = ScenarioRouteBuilder(start: Coordinate(latitude: 48.1, longitude: 11.5), heading: 0,
                                           name: "Start Street", speedKmh: 50, vertexSpacing: 10)
        builder.drive(600)
        for (n, street) in ["B Street", "C Street", "D Street", "E Street"].enumerated() {
            builder.maneuver(.turn, n % 2 == 0 ? .right : .left, turn: n % 2 == 0 ? 90 : -90, name: street)
            builder.drive(30)
        }
        builder.drive(400)
        let path = try CLIFixtures.temporaryFile(Data(RouteJSONWriter.response(builder.build()).serialized(pretty: false).utf8))
        let run = ToolRun(["transcript", path, "--format", "json", "--locale", "de-DE", "--stats"])
        #expect(run.code == 0, "\(run.err)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        #expect((object["stats"] as? [String: Any])?["missed"] as? [Any] != nil)
        #expect(((object["stats"] as? [String: Any])?["missed"] as? [Any])?.isEmpty == true)
        let list = try #require(object["announcements"] as? [[String: Any]])
        let runs = list.compactMap { $0["thenMoreSteps"] as? [Int] }
        #expect(!runs.isEmpty)
        #expect(runs.allSatisfy { $0 == $0.sorted() && !$0.isEmpty })
    }
}
