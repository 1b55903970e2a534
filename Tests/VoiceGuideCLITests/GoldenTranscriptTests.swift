import Foundation
import Testing
import Phrasing
@testable import VoiceGuideCLI

/// Golden transcripts: every example route in every locale, as reviewers read them (`Tests/Goldens/<tag>/<route>.txt`).
/// A change in wording or timing shows up as a diff here. Regenerating is deliberate:
/// `VOICEGUIDE_UPDATE_GOLDENS=1 swift test --filter GoldenTranscriptTests`, then review and explain the diff in the commit.
@Suite struct GoldenTranscriptTests {
    static let locales: [String] = {
        let dir = CLIFixtures.repository.appendingPathComponent("Locales")
        let files = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// The reviewer's view of a transcript: time, kind, maneuver, display text and (when different) spoken text.
    static func render(route: String, locale: String) throws -> String {
        let run = ToolRun(["transcript", CLIFixtures.example(route), "--locale", locale, "--format", "json"])
        guard run.code == 0 else { throw CLIError(.software, "transcript failed: \(run.err)") }
        let object = try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any] ?? [:]
        var out = "# \(route) — \(locale) (\(object["units"] as? String ?? "?"))\n"
        for a in object["announcements"] as? [[String: Any]] ?? [] {
            let seconds = a["triggerSeconds"] as? Double ?? 0
            let kind = (a["kind"] as? String ?? "?") + ((a["then"] as? Bool) == true ? "+then" : "")
            out += "\(TimeFormatting.clock(seconds))  \(kind)  \(a["leg"] as? Int ?? -1)/\(a["step"] as? Int ?? -1)\n"
            let display = a["text"] as? String ?? ""
            let spoken = a["spoken"] as? String ?? ""
            out += "  \(display)\n"
            if spoken != display { out += "  spoken: \(spoken)\n" }
        }
        return out
    }

    @Test(arguments: locales)
    func examplesMatchTheGoldens(_ locale: String) throws {
        let update = ProcessInfo.processInfo.environment["VOICEGUIDE_UPDATE_GOLDENS"] == "1"
        let dir = CLIFixtures.repository.appendingPathComponent("Tests/Goldens/\(locale)")
        for route in CLIFixtures.exampleNames {
            let actual = try Self.render(route: route, locale: locale)
            let file = dir.appendingPathComponent(route.replacingOccurrences(of: ".json", with: ".txt"))
            if update {
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                try Data(actual.utf8).write(to: file)
                continue
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            if actual != expected {
                let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
                let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
                let first = zip(a, e).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, e.count)
                Issue.record("""
                    \(locale)/\(route): transcript differs from the golden at line \(first + 1)
                      golden: \(first < e.count ? String(e[first]) : "<end>")
                      actual: \(first < a.count ? String(a[first]) : "<end>")
                    """)
            }
        }
    }
}
