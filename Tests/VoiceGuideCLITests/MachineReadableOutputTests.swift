import Foundation
import RouteModel
import Testing
import VoiceGuideTestSupport

/// Every listing a user may want to read from a program has `--format json` with a schema in docs/:
/// `lint`, `phrases`, `locales` and `drive --list-routes`. Each document is checked by a real JSON Schema
/// validator, and its content against what the text form says.
@Suite struct MachineReadableOutputTests {
    private func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Data(text.utf8)) }

    @Test func lintReportsCleanDataAndEveryProblemOfBrokenData() throws {
        let clean = ToolRun(["lint", "--format", "json"])
        #expect(clean.code == 0, "\(clean.err)")
        #expect(clean.err.isEmpty, "json mode keeps stderr for the summary of a failure: \(clean.err)")
        let report = try json(clean.out)
        #expect(report["ok"]?.boolValue == true)
        #expect((report["files"]?.numberValue ?? 0) >= 64, "32 locales and their books")
        #expect(report["problems"]?.arrayValue?.isEmpty == true)

        // A phrasebook template with an unknown slot: named with its file and key.
        let data = try DataCopy()
        defer { data.remove() }
        let copy = data.root
        let book = copy.appendingPathComponent("Phrasebooks/en.json")
        var text = try String(contentsOf: book, encoding: .utf8)
        let key = "\"announce.reroute\": \""
        #expect(text.contains(key), "fixture: the en book has announce.reroute")
        text = text.replacingOccurrences(of: key, with: key + "{nonsense} ")
        try text.write(to: book, atomically: true, encoding: .utf8)
        let broken = ToolRun(["lint", "--format", "json", "--data-dir", copy.path])
        #expect(broken.code == 65)
        #expect(broken.errLines.count == 1, "one summary line on stderr: \(broken.err)")
        let problems = try json(broken.out)["problems"]?.arrayValue ?? []
        #expect(try json(broken.out)["ok"]?.boolValue == false)
        #expect(problems.contains { $0["file"]?.stringValue?.hasSuffix("Phrasebooks/en.json") == true
            && $0["key"]?.stringValue?.contains("announce.reroute") == true
            && $0["message"]?.stringValue?.contains("nonsense") == true }, "\(broken.out)")
        // The text form lists the same problems, one per stderr line besides the summary.
        let textRun = ToolRun(["lint", "--data-dir", copy.path])
        #expect(textRun.errLines.count == problems.count + 1, "\(textRun.err)")

        let results = try SchemaValidation.problems([clean.out, broken.out], schema: "lint.schema.json")
        #expect(results == ["", ""], "\(results)")
    }

    @Test func phrasesListsWhatTheTextFormListsWithSSML() throws {
        for tag in ["en-US", "de-DE", "ja-JP", "hi-IN"] {
            let run = ToolRun(["phrases", "--locale", tag, "--format", "json"])
            #expect(run.code == 0, "\(tag): \(run.err)")
            let document = try json(run.out)
            #expect(document["locale"]?.stringValue == tag)
            let phrases = document["phrases"]?.arrayValue ?? []
            let text = ToolRun(["phrases", "--locale", tag])
            // The text form prints a header, then each key on a line of its own, unindented.
            let keys = text.out.split(separator: "\n").dropFirst().filter { !$0.hasPrefix(" ") }.map(String.init)
            #expect(phrases.map { $0["key"]?.stringValue ?? "" } == keys, "\(tag)")
            #expect(phrases.allSatisfy { ($0["ssml"]?.stringValue ?? "").hasPrefix("<speak") && !($0["display"]?.stringValue ?? "").isEmpty })
            let results = try SchemaValidation.problems([run.out], schema: "phrases.schema.json")
            #expect(results == [""], "\(tag): \(results)")
        }
    }

    @Test func exampleRoutesAsJSONAgreeWithTheTextListing() throws {
        let run = ToolRun(["drive", "--list-routes", "--format", "json", "--locale", "en-GB"])
        #expect(run.code == 0, "\(run.err)")
        let document = try json(run.out)
        #expect(document["units"]?.stringValue == "uk")
        let routes = document["routes"]?.arrayValue ?? []
        let names = Set(routes.compactMap { $0["name"]?.stringValue })
        #expect(names.isSuperset(of: CLIFixtures.exampleNames.map { String($0.dropLast(5)) }), "\(names)")
        #expect(routes.filter { $0["default"]?.boolValue == true }.count == 1)
        #expect(routes.allSatisfy { ($0["distanceMeters"]?.numberValue ?? 0) > 100 && ($0["steps"]?.numberValue ?? 0) >= 2 })
        // Each route the JSON names works as drive's ROUTE, and its steps are what `inspect` counts.
        for route in routes.prefix(2) {
            let name = route["name"]?.stringValue ?? ""
            let inspect = try json(ToolRun(["inspect", name, "--format", "json"]).out)["inspect"]
            #expect(inspect?["steps"]?.numberValue == route["steps"]?.numberValue, "\(name)")
            #expect(inspect?["legs"]?.numberValue == route["legs"]?.numberValue, "\(name)")
        }
        let results = try SchemaValidation.problems([run.out], schema: "routes.schema.json")
        #expect(results == [""], "\(results)")
        // --format belongs to the listing: on a drive it is a usage error, not silently ignored.
        #expect(ToolRun(["drive", "--format", "json", "--output", "text"]).code == 64)
        #expect(ToolRun(["drive", "--list-routes", "--format", "yaml"]).code == 64)
    }

    @Test func localesMatchTheirSchema() throws {
        let run = ToolRun(["locales", "--format", "json"])
        #expect(run.code == 0, "\(run.err)")
        #expect(try json(run.out).arrayValue?.count == 32)
        let results = try SchemaValidation.problems([run.out], schema: "locales.schema.json")
        #expect(results == [""], "\(results)")
    }

    @Test func voicesAsJSONNameWhatVoiceTakes() throws {
        for command in ["drive", "say"] {
            let run = ToolRun([command, "--list-voices", "--locale", "en-US", "--format", "json"])
            #expect(run.code == 0, "\(command): \(run.err)")
            let document = try json(run.out)
            let espeak = document["espeak"]?.arrayValue ?? []
            #expect(espeak.filter { $0["default"]?.boolValue == true }.count == 1, "the locale's own voice is marked once")
            #expect(espeak.contains { $0["voice"]?.stringValue == "en-us" })
            // Every listed eSpeak NG voice is one that --voice accepts.
            for voice in espeak.prefix(3).compactMap({ $0["voice"]?.stringValue }) {
                #expect(ToolRun(["say", "Turn left.", "--voice", voice, "--output", "text"]).code == 0, "\(voice)")
            }
            let results = try SchemaValidation.problems([run.out], schema: "voices.schema.json")
            #expect(results == [""], "\(results)")
        }
        #expect(ToolRun(["say", "Hello", "--format", "json", "--output", "text"]).code == 64)
    }
}
