import Foundation
import VoiceGuideTestSupport
import Testing

/// The README's "Using the library" example is the compiled `VoiceGuideExample` target, word for
/// word, and running it guides a drive into a WAV file with exactly the CLI's announcements.
@Suite struct LibraryUsageTests {
    static let example = CLIFixtures.repository.appendingPathComponent("Examples/LibraryUsage/main.swift")
    static let binary = TestPaths.product("VoiceGuideExample")

    @Test func theReadmeShowsTheCompiledExampleWordForWord() throws {
        let readme = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let source = try String(contentsOf: Self.example, encoding: .utf8)
        let section = try #require(readme.range(of: "## Using the library").map { String(readme[$0.upperBound...]) })
        let start = try #require(section.range(of: "```swift\nimport Foundation\n"))
        let body = section[start.upperBound...]
        let end = try #require(body.range(of: "```\n"))
        #expect("import Foundation\n" + body[..<end.lowerBound] == source)
        #expect(section.contains(".product(name: \"VoiceGuide\", package: \"VoiceGuide\")"))
    }

    @Test func theExampleSpeaksTheRouteIntoAWAVWithTheCLIsAnnouncements() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            Issue.record("\(Self.binary) is missing: run 'swift build' first (scripts/test.sh does)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-example-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("guidance.wav").path
        // The packaged uk-oxford route, into ./guidance.wav.
        let run = try ExternalProcess.run(Self.binary, [], currentDirectory: folder, separateStandardError: true, timeout: 300)
        #expect(run.code == 0, "\(run.err)")
        let text = run.out
        let lines = text.split(separator: "\n").map(String.init)
        let announced = lines.filter { $0.contains(" s  ") }.compactMap { $0.components(separatedBy: " s  ").last }
        let cli = ToolRun(["transcript", CLIFixtures.example("uk-oxford.json"), "--locale", "en-GB", "--format", "json",
                           "--durations", "speech"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(cli.out.utf8)) as? [String: Any])
        let expected = (json["announcements"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(announced == expected)
        #expect(lines.last?.hasPrefix("wrote guidance.wav") == true)
        let segments = try WAVAnalysis(path: wav).segmentStarts()
        #expect(segments.count == expected.count)
    }
}
