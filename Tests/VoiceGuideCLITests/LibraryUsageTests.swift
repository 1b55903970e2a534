import Foundation
import Testing
import RouteModel
import Guidance
import Phrasing

/// The README's "Using the library" snippet, run for real on an example route: a developer embedding the
/// engine gets the same announcements as the CLI.
@Suite struct LibraryUsageTests {
    @Test func readmeSnippetAnnouncesTheRoute() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example("uk-oxford.json")))
        // --- README snippet ---
        let document = try RouteImporter().read(data, fileName: "route.json")
        let index = RouteIndex(route: document.route)
        let locale = try VoiceGuideData.discover(explicit: CLIFixtures.repository.path).loadLocale(tag: "en-GB")
        let builder = locale.builder()
        var session = GuidanceSession(index: index, estimator: PhraseDurationEstimator(builder: builder))
        // --- end ---
        var spoken: [String] = []
        for fix in Simulator(index: index) {
            for announcement in session.update(fix.position) {
                spoken.append(builder.phrase(announcement).display)
            }
        }
        let cli = ToolRun(["transcript", CLIFixtures.example("uk-oxford.json"), "--locale", "en-GB", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(cli.out.utf8)) as? [String: Any])
        let expected = (object["announcements"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
        #expect(spoken == expected)
        #expect(spoken.first?.hasPrefix("Head east") == true)
        #expect(spoken.last == "Your destination is on the left.")
    }
}
