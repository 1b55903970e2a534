import Foundation
import Testing

/// The JSON formats documented in docs/ checked by a real JSON Schema validator (Python's jsonschema, installed
/// into .build/venv by scripts/setup.sh), with every docs schema registered so that one may `$ref` another.
public enum SchemaValidation {
    static let python = Repository.root.appendingPathComponent(".build/venv/bin/python").path
    static let docs = Repository.root.appendingPathComponent("docs")

    /// Validates each JSON text against `schema` (a file in docs/); returns one line per document, "" when it is
    /// valid. A missing validator is a recorded failure, never a pass.
    public static func problems(_ documents: [String], schema: String) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("\(python) is missing: run scripts/setup.sh (it installs jsonschema into .build/venv)")
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
            import glob, json, os, sys, jsonschema, referencing
            docs, name = sys.argv[1], sys.argv[2]
            schemas = [json.load(open(p)) for p in glob.glob(os.path.join(docs, "*.schema.json"))]
            registry = referencing.Registry().with_resources([(s["$id"], referencing.Resource.from_contents(s)) for s in schemas])
            schema = json.load(open(os.path.join(docs, name)))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema, registry=registry)
            for path in sys.argv[3:]:
                errors = sorted(validator.iter_errors(json.load(open(path))), key=lambda e: list(e.absolute_path))
                print("; ".join(f"{'/'.join(map(str, e.absolute_path))}: {e.message[:300]}" for e in errors[:3]))
            """
        let run = try ExternalProcess.run(python, ["-c", script, docs.path, schema] + paths, separateStandardError: true, timeout: 300)
        let text = run.out
        #expect(run.code == 0, "\(run.err)")
        return text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }
}
