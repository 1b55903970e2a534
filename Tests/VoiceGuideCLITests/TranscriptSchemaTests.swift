import Foundation
import Testing

/// Issue 13 item 18: the JSON formats documented in docs/ are what the commands write, checked by a real JSON
/// Schema validator (Python's jsonschema, installed into .build/venv by scripts/setup.sh).
@Suite struct TranscriptSchemaTests {
    static let python = CLIFixtures.repository.appendingPathComponent(".build/venv/bin/python").path
    static let docs = CLIFixtures.repository.appendingPathComponent("docs")

    /// Validates each JSON text against `schema`; returns one line per invalid document ("" when valid).
    private func validate(_ documents: [String], schema: String) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record("\(Self.python) is missing: run scripts/setup.sh (it installs jsonschema into .build/venv)")
            return []
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for (n, text) in documents.enumerated() {
            let url = folder.appendingPathComponent("\(n).json")
            try Data(text.utf8).write(to: url)
            paths.append(url.path)
        }
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
                print("; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in errors[:3]))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python)
        process.arguments = ["-c", script, Self.docs.appendingPathComponent(schema).path] + paths
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
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
