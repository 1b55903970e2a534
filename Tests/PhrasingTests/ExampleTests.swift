import Foundation
import Guidance
@testable import Phrasing
import Testing

/// Every phrasebook's examples render and match their expectations in their locale.
@Suite struct ExampleTests {
    @Test(arguments: TestData.data.availablePhrasebooks())
    func examplesMatch(book: String) throws {
        let url = TestData.data.phrasebookURL(book)
        let json = try VoiceGuideData.readJSON(at: url)
        let examples = json["examples"]?.arrayValue ?? []
        #expect(!examples.isEmpty, "\(book) has no examples")
        let defaultLocale = TestData.data.availableLocales().first { tag in
            (try? LocaleProfile.parse(VoiceGuideData.readJSON(at: TestData.data.localeURL(tag)), file: tag))?.phrasebook == book
        }
        for (index, raw) in examples.enumerated() {
            let example = try PhraseExample.parse(raw, file: url.path, index: index)
            let tag = try #require(example.locale ?? defaultLocale)
            let phrase = try TestData.builder(tag).phrase(example.announcement)
            if let d = example.expectDisplay { #expect(phrase.display == d, "\(book) examples[\(index)] display") }
            if let s = example.expectSpoken { #expect(phrase.spoken == s, "\(book) examples[\(index)] spoken") }
            #expect(SSML.wellFormednessProblem(phrase.ssml) == nil, "\(book) examples[\(index)] SSML: \(phrase.ssml)")
        }
    }
}
