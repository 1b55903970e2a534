import Foundation
import Phrasing
import Testing

/// A hand-authored OSRM v5 route with legacy names ("Ohio Turnpike (I-80 East)" with its ref), ref lists
/// ("I 80; US 6"), exit lists and ranges ("12A;12B", "43-44") and signposts in every real form, phrased in all
/// 12 locales through `voiceguide transcript`.
@Suite struct RealNamesRouteTests {
    static let tags = ["en-US", "en-GB", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "nl-NL", "pl-PL", "ru-RU", "ja-JP", "zh-CN"]
    static let route = CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/osrm/legacy-refs-exits.json").path

    struct Said {
        let text: String, spoken: String, ssml: String
    }

    /// The "now" announcement of each step.
    static func nowAnnouncements(_ tag: String) throws -> [Int: Said] {
        let run = ToolRun(["transcript", route, "--locale", tag, "--format", "json"])
        #expect(run.code == 0, "\(tag): \(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let list = try #require(json["announcements"] as? [[String: Any]])
        var out: [Int: Said] = [:]
        for a in list where a["kind"] as? String == "now" {
            guard let step = a["step"] as? Int, let text = a["text"] as? String, let spoken = a["spoken"] as? String,
                  let ssml = a["ssml"] as? String else { continue }
            out[step] = Said(text: text, spoken: spoken, ssml: ssml)
        }
        return out
    }

    @Test(arguments: tags)
    func legacyNamesRefListsExitsAndSignposts(tag: String) throws {
        let now = try Self.nowAnnouncements(tag)
        for (step, said) in now {
            #expect(SSML.wellFormednessProblem(said.ssml) == nil, "\(tag) step \(step): \(said.ssml)")
            #expect(!said.spoken.contains(";") && !said.text.contains(";"), "\(tag) step \(step): \(said.text)")
        }
        let merge = try #require(now[2])
        #expect(merge.text.components(separatedBy: "I-80 East").count - 1 <= 1, "\(tag): \(merge.text)")
        #expect(merge.text.contains("Ohio Turnpike") && !merge.spoken.contains("("), "\(tag): \(merge.text) / \(merge.spoken)")
        let refs = try #require(now[3])
        #expect(refs.text.contains("I 80") && refs.text.contains("US 6"), "\(tag): \(refs.text)")
        #expect(refs.text.contains("Youngstown"), "\(tag): the continue says its signpost: \(refs.text)")
        let exits = try #require(now[4])
        // Japanese numbers and letters are read as words, and a Latin place name has no reading (left unsaid).
        let japanese = tag == "ja-JP"
        #expect(exits.text.contains("12A") && exits.text.contains("12B") && exits.spoken.contains("12 B"),
                "\(tag): \(exits.text) / \(exits.spoken)")
        #expect(exits.text.contains("US 29 North"), "\(tag): \(exits.text)")
        let fork = try #require(now[5])
        #expect(fork.text.contains("Hamburg") && (japanese || fork.spoken.contains("Bremen")), "\(tag): \(fork.text)")
        let same = try #require(now[6])
        #expect(same.text.components(separatedBy: "174").count - 1 == 1, "\(tag): \(same.text)")
        let range = try #require(now[7])
        #expect(range.text.contains("43-44") && range.spoken.contains("44") && !range.spoken.contains("43-44"),
                "\(tag): \(range.spoken)")
        #expect(range.text.contains("Baltimore"), "\(tag): \(range.text)")
        let end = try #require(now[8])
        #expect(end.text.contains("Main Street") && end.text.contains("Baltimore"), "\(tag): road and signpost: \(end.text)")
    }

    @Test func englishWording() throws {
        let now = try Self.nowAnnouncements("en-US")
        #expect(now[2]?.text == "Merge left onto Ohio Turnpike (I-80 East).")
        #expect(now[3]?.spoken == "Continue straight on Interstate 80 and U S 6 toward Interstate 80 East, Youngstown.")
        #expect(now[4]?.spoken == "Take exit 12 A and 12 B toward U S 29 North.")
        #expect(now[5]?.spoken == "Keep left at the fork toward A 1 and A 7, Hamburg and Bremen.")
        #expect(now[7]?.spoken == "Take exit 43 and 44 toward Interstate 95 North, Baltimore.")
        #expect(now[8]?.text == "At the end of the road, turn left onto Main Street toward Baltimore.")
    }
}
