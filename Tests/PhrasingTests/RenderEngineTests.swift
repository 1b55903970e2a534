import Foundation
import Guidance
@testable import Phrasing
import RouteModel
import Testing

/// The compiled render path: in-place capitalization, the shared cache under concurrency and past its bound.
@Suite struct RenderEngineTests {
    /// A German book whose turn templates start with the road, so `{instruction|cap}` capitalizes a name.
    static let capBook = """
    {"format": 1, "language": "de",
     "templates": {"announce.now": "{instruction|cap}.", "turn.left": "{road}[ {dest|toward}]", "turn": "{road|cap}!"},
     "words": {}, "grammar": {"forms": {"toward": [{"template": "nach {}"}]}}, "speech": {}, "examples": []}
    """

    static func capBuilder() throws -> PhraseBuilder {
        try LintAndLoadingTests.fixture(["de": capBook]).loadLocale(tag: "de-DE").builder()
    }

    @Test func capitalizesNonASCIIAndSkipsTheLeadingPhonemeTagInSSML() throws {
        let b = try Self.capBuilder()
        let plain = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "élan vital")))
        #expect(plain.display == "Élan vital.")
        #expect(plain.ssml == "<speak xml:lang=\"de-DE\">Élan vital.</speak>")
        let phoneme = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "ärger", pronunciation: "ɛʁɡɐ")))
        #expect(phoneme.display == "Ärger.")
        #expect(phoneme.ssml == "<speak xml:lang=\"de-DE\"><phoneme alphabet=\"ipa\" ph=\"ɛʁɡɐ\">Ärger</phoneme>.</speak>")
        let sharpS = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "ßtraße")))
        #expect(sharpS.display == "SStraße.")
        let form = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "a", destinations: "Köln")))
        #expect(form.display == "A nach Köln.")
        let nested = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, nil, name: "öl weg")))
        #expect(nested.display == "Öl weg!.")
    }

    @Test func oneBuilderRendersTheSameFromManyTasks() async throws {
        let loaded = try TestData.data.loadLocale(tag: "de-DE")
        let builder = loaded.builder()
        let announcements = PhraseCatalog.entries(builder: loaded.builder(), keys: Array(loaded.phrasebook.keys),
                                                  examples: loaded.phrasebook.examples, file: "de").map(\.phrase)
        let serial = (0..<4).map { _ in announcements }
        let keys = Array(loaded.phrasebook.keys).sorted()
        let examples = loaded.phrasebook.examples
        let parallel = await withTaskGroup(of: [Phrase].self) { group in
            for _ in 0..<4 {
                group.addTask { PhraseCatalog.entries(builder: builder, keys: keys, examples: examples, file: "de").map(\.phrase) }
            }
            var all: [[Phrase]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(parallel == serial)
    }

    @Test func renderingStaysCorrectPastTheCacheBound() throws {
        let b = try TestData.builder("en-US", units: .metric)
        func said(_ n: Int) -> String {
            b.phrase(Announcement(kind: .prepare, maneuver: TestData.maneuver(.turn, .left, name: "\(n) St"), spokenDistanceMeters: Double(n % 900 + 100))).spoken
        }
        let first = said(1)
        for n in 2...5000 { _ = said(n) }
        #expect(said(1) == first)
        #expect(first == "In 100 meters, turn left onto 1 Street.")
        #expect(said(4321) == "In 800 meters, turn left onto 4321 Street.")
    }
}
