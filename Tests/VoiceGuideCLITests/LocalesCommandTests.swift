import Foundation
import Testing
@testable import VoiceGuideCLI

/// `voiceguide locales` reports properties of the data only, so an installed copy (data without the test tree)
/// says the same as a checkout, and its JSON comes from the project's one JSON writer.
@Suite struct LocalesCommandTests {
    /// A data directory with only `Locales/` and `Phrasebooks/`, as `install.sh` lays it out.
    private func installedData() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vg-locales-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for folder in ["Locales", "Phrasebooks"] {
            try FileManager.default.copyItem(at: CLIFixtures.repository.appendingPathComponent(folder),
                                             to: dir.appendingPathComponent(folder))
        }
        return dir
    }

    @Test func installedDataReportsTheSameAsTheCheckout() throws {
        let installed = try installedData()
        defer { try? FileManager.default.removeItem(at: installed) }
        let fromCheckout = ToolRun(["locales"], environment: ["VOICEGUIDE_DATA": CLIFixtures.repository.path])
        let fromInstall = ToolRun(["locales"], environment: ["VOICEGUIDE_DATA": installed.path])
        #expect(fromCheckout.code == 0)
        #expect(fromInstall.code == 0)
        #expect(fromInstall.out == fromCheckout.out)
        let rows = fromInstall.out.split(separator: "\n")
        #expect(rows.count == 33)  // the header and 32 locales
        #expect(rows.first?.contains("EXAMPLES") == true)
    }

    @Test func jsonUsesTheOneWriterAndCountsExamples() throws {
        let run = ToolRun(["locales", "--format", "json"], environment: ["VOICEGUIDE_DATA": CLIFixtures.repository.path])
        #expect(run.code == 0)
        #expect(!run.out.contains("\" : "))  // Foundation's JSONEncoder spacing; ours is "key": value
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [[String: Any]])
        #expect(rows.count == 32)
        for row in rows {
            let examples = try #require(row["examples"] as? Int, "\(row["tag"] ?? "?")")
            #expect(examples > 0, "\(row["tag"] ?? "?") has no checked examples")
            #expect(row["golden"] == nil)
        }
    }
}
