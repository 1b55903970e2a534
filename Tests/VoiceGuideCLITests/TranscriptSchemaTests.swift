import Foundation
import Testing
import VoiceGuideTestSupport

/// The JSON formats documented in docs/ are what the commands write, checked by a real JSON
/// Schema validator (Python's jsonschema, installed into .build/venv by scripts/setup.sh).
@Suite struct TranscriptSchemaTests {
    private func validate(_ documents: [String], schema: String) throws -> [String] {
        try SchemaValidation.problems(documents, schema: schema)
    }

    private func transcripts(_ format: String, extra: [String] = []) -> [String] {
        var out: [String] = []
        for name in CLIFixtures.exampleNames {
            for locale in ["en-US", "de-DE", "ja-JP"] {
                let run = ToolRun(["transcript", CLIFixtures.example(name), "--format", format, "--locale", locale] + extra)
                #expect(run.code == 0, "\(name) \(locale): \(run.err)")
                out.append(run.out)
            }
        }
        return out
    }

    @Test func everyExampleTranscriptMatchesTheSchema() throws {
        let documents = transcripts("json")
        let results = try validate(documents, schema: "transcript.schema.json")
        #expect(results.count == documents.count)
        #expect(results.allSatisfy { $0.isEmpty }, "\(results.filter { !$0.isEmpty })")
        // Lanes, then-chains and several legs occur in the examples, so those parts of the schema are exercised.
        let all = documents.joined()
        for member in ["\"lanes\"", "\"thenStep\"", "\"waypoint\""] { #expect(all.contains(member), "\(member)") }
    }

    @Test func everyExampleMapboxRewriteMatchesTheSchema() throws {
        let documents = transcripts("mapbox")
        let results = try validate(documents, schema: "mapbox-voice-instructions.schema.json")
        #expect(results.count == documents.count)
        #expect(results.allSatisfy { $0.isEmpty }, "\(results.filter { !$0.isEmpty })")
    }

    @Test func theSchemaRejectsWhatTheFormatForbids() throws {
        let good = ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--format", "json"]).out
        let broken = [
            good.replacingOccurrences(of: "\"kind\": \"prepare\"", with: "\"kind\": \"shout\""),
            good.replacingOccurrences(of: "\"units\": \"imperial\"", with: "\"units\": \"cubits\""),
            good.replacingOccurrences(of: "\"text\":", with: "\"label\":"),
        ]
        #expect(broken.allSatisfy { $0 != good })
        let results = try validate(broken, schema: "transcript.schema.json")
        #expect(results.count == broken.count)
        #expect(results.allSatisfy { !$0.isEmpty }, "\(results)")
    }
}
