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

/// A value that already ends the sentence with "." ("Main St.") gets no second stop from the frame.
@Suite struct SentenceStopTests {
    @Test func anAbbreviatedNameAtTheEndGetsOneStopInEveryOutput() throws {
        let en = try LocaleSpeaker("en-US")
        let kept = en.say(.now, TestData.maneuver(.turn, .left, name: "Baker Mkt."))
        #expect(kept.display == "Turn left onto Baker Mkt.")
        #expect(kept.spoken == "Turn left onto Baker Mkt.")
        #expect(kept.ssml == "<speak xml:lang=\"en-US\">Turn left onto Baker Mkt.</speak>")
        let expanded = en.say(.now, TestData.maneuver(.turn, .left, name: "Main St."))
        #expect(expanded.display == "Turn left onto Main St.")
        #expect(expanded.spoken == "Turn left onto Main Street.")
        #expect(expanded.ssml == "<speak xml:lang=\"en-US\">Turn left onto Main Street.</speak>")
    }

    @Test func onlyTheStopDirectlyAfterTheValueIsDropped() throws {
        let en = try LocaleSpeaker("en-US")
        let lanes = en.say(.prepare, TestData.maneuver(.turn, .left, name: "Main St.", lanes: LaneHint(position: .left, usableCount: 2, totalCount: 4)), 200)
        #expect(lanes.display == "In 650 ft, turn left onto Main St. Use the 2 left lanes.")
        let then = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "Oak Ave."), distanceMeters: 60, sayDistance: false)
        let chained = en.say(.now, TestData.maneuver(.turn, .left, name: "Main St."), then: then)
        #expect(chained.display == "Turn left onto Main St., then turn right onto Oak Ave.")
        #expect(chained.spoken == "Turn left onto Main Street, then turn right onto Oak Avenue.")
    }

    @Test func dutchStreetAbbreviation() throws {
        let nl = try LocaleSpeaker("nl-NL")
        let p = nl.say(.prepare, TestData.maneuver(.turn, .right, name: "Kalverstr."), 200)
        #expect(p.display == "Over 200 m, sla rechtsaf naar de Kalverstr.")
        #expect(p.spoken == "Over 200 meter, sla rechtsaf naar de Kalverstraat.")
    }

    @Test func theIdeographicStopIsDroppedAfterAPeriod() throws {
        let zh = try LocaleSpeaker("zh-CN")
        let p = zh.say(.now, TestData.maneuver(.turn, .left, name: "Nathan Rd."))
        #expect(p.display == "左转，进入Nathan Rd.")
        #expect(p.ssml == "<speak xml:lang=\"zh-CN\">左转，进入Nathan Rd.</speak>")
        #expect(zh.say(.now, TestData.maneuver(.turn, .left, name: "弥敦道")).display == "左转，进入弥敦道。")
    }

    /// In SSML a phoneme replaces the written name, so the sentence still needs its own stop there.
    @Test func aPhonemeTagKeepsTheSentenceStopInSSML() throws {
        let en = try LocaleSpeaker("en-US")
        let p = en.say(.now, TestData.maneuver(.turn, .left, name: "Baker Mkt.", pronunciation: "ˈbeɪkɚ ˈmɑɹkɪt"))
        #expect(p.display == "Turn left onto Baker Mkt.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">Turn left onto <phoneme alphabet=\"ipa\" ph=\"ˈbeɪkɚ ˈmɑɹkɪt\">Baker Mkt.</phoneme>.</speak>")
    }
}
