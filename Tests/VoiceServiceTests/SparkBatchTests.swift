import Foundation
import Testing
import VoiceGuideTestSupport

/// `transcript --batch` under Apache Spark (PyPI pyspark on Debian's OpenJDK 17), as docs/batch.md shows it:
/// `scripts/spark-batch.py` pipes every partition of 10,000 routes through `voiceguide` (`RDD.pipe`) in
/// `local[2]`, and the results are exactly those of one local batch run, in input order within each partition,
/// with every bad line reported on its own line.
@Suite struct SparkBatchTests {
    static let lineCount = 10_000

    /// The venv's Python with pyspark, and Java; a clear failure naming scripts/setup.sh when either is missing.
    static func spark() throws -> String {
        let venv = ServeFixtures.repository.appendingPathComponent(".build/venv")
        let python = venv.appendingPathComponent("bin/python").path
        let lib = venv.appendingPathComponent("lib")
        let sites = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        guard FileManager.default.isExecutableFile(atPath: python),
              sites.contains(where: { FileManager.default.fileExists(atPath: lib.appendingPathComponent("\($0)/site-packages/pyspark/__init__.py").path) }) else {
            throw TestServiceError.missing("pyspark is not installed in \(venv.path): run scripts/setup.sh")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/java") else {
            throw TestServiceError.missing("Java is not installed (Debian openjdk-17-jre-headless): run scripts/setup.sh")
        }
        return python
    }

    /// One result line with what differs between one batch and a partition's batch taken out: the line number
    /// (each `voiceguide` counts its own input) and the "line N: " an error message starts with.
    static func normalized(_ line: Substring) -> (line: Int?, text: String) {
        var text = String(line)
        var number: Int?
        if let range = text.range(of: #","line":\d+,"#, options: .regularExpression) {
            number = Int(text[range].dropFirst(8).dropLast())
            text.replaceSubrange(range, with: ",")
        }
        if let range = text.range(of: #""message":"line \d+: "#, options: .regularExpression) {
            text.replaceSubrange(range, with: "\"message\":\"")
        }
        return (number, text)
    }

    @Test(.timeLimit(.minutes(3)))
    func sparkPipesTenThousandRoutesToTheResultsOfOneLocalBatch() throws {
        let python = try Self.spark()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vg-spark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let route = try ServeFixtures.json(ServeFixtures.exampleData("city-berlin.json")).serialized()
        let locales = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT"]
        var lines: [String] = []
        var bad: Set<Int> = []
        for index in 0..<Self.lineCount {
            switch index % 1_250 {
            case 17: lines.append("not json \(index)"); bad.insert(index)
            case 400: lines.append(#"{"id":\#(index),"route":{"code":"Ok","routes":[{"legs":[{"steps":[{"maneuver":{}}]}]}]}}"#); bad.insert(index)
            case 900: lines.append(#"{"id":\#(index),"locale":"xx-XX","route":\#(route)}"#); bad.insert(index)
            default: lines.append(#"{"id":\#(index),"locale":"\#(locales[index % locales.count])","route":\#(route)}"#)
            }
        }
        let input = folder.appendingPathComponent("routes.ndjson")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: input)

        // One local batch: the reference.
        let local = try ServeFixtures.run(["transcript", "--batch", "--jobs", "2"], stdin: Data(contentsOf: input), timeout: 150)
        #expect(local.code == 65, "some lines are bad: \(local.err)")
        let expected = String(decoding: local.out, as: UTF8.self).split(separator: "\n")
        try #require(expected.count == Self.lineCount, "\(local.err)")

        // The same routes through Spark, with the job the docs show.
        let output = folder.appendingPathComponent("voiced")
        var environment = ProcessInfo.processInfo.environment
        environment["PYSPARK_PYTHON"] = python
        environment["SPARK_LOCAL_IP"] = "127.0.0.1"
        let script = ServeFixtures.repository.appendingPathComponent("scripts/spark-batch.py").path
        let job = try ExternalProcess.run(python, [script, input.path, output.path, "--master", "local[2]", "--partitions", "4",
                                                   "--voiceguide", ServeFixtures.binary],
                                          environment: environment, timeout: 150)
        #expect(job.code == 0, "\(job.output.suffix(3000))")
        #expect(job.output.contains("spark-batch: \(Self.lineCount) lines in 4 partitions, \(Self.lineCount) results, \(bad.count) errors"),
                "\(job.output.suffix(3000))")
        let parts = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { $0.hasPrefix("part-") }.sorted()
        #expect(parts.count == 4, "\(parts)")

        var results: [Substring] = []
        for part in parts {
            let text = try String(contentsOf: output.appendingPathComponent(part), encoding: .utf8)
            let partLines = text.split(separator: "\n")
            // Within a partition the results are in input order: its own line numbers 1, 2, 3, …
            let numbers = partLines.map { Self.normalized($0).line }
            #expect(!partLines.isEmpty && numbers == (1...max(1, partLines.count)).map { Optional($0) }, "\(part): out of order")
            results += partLines
        }
        try #require(results.count == Self.lineCount, "one result per line")
        var differing: [Int] = []
        for index in 0..<Self.lineCount where Self.normalized(results[index]).text != Self.normalized(expected[index]).text {
            differing.append(index)
        }
        #expect(differing.isEmpty, "\(differing.count) results differ from the local batch, first at \(differing.first ?? -1): \(differing.first.map { String(results[$0].prefix(300)) } ?? "")")
        // Every bad line is an error result on its own line, with its id; the others are results.
        let errorLines = Set(results.indices.filter { results[$0].contains(#""error":{"code":"#) })
        #expect(errorLines == bad, "errors at \(errorLines.sorted()) instead of \(bad.sorted())")
        #expect(results[17].contains(#""code":65"#), "\(results[17].prefix(300))")
        #expect(results[1650].contains(#""code":65"#) && results[1650].contains("routes[0].legs[0]"), "\(results[1650].prefix(300))")
        #expect(results[900].contains(#""code":64"#) && results[900].contains("xx-XX"), "\(results[900].prefix(300))")
    }
}
