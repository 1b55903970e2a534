import Foundation
import Testing
import Pronunciation
import Speech

/// The layer changes only the text an engine reads in SSML, never the markup: declarations, processing
/// instructions, comments, CDATA and quoted attribute values pass through whole, even when they hold a '>'
/// (found by `sayHostileSSML`: a '>' inside `<?xml … ?>` cut the declaration, and the voice refused the document).
@Suite struct SSMLMarkupTests {
    static let layer = VoicePronunciation(lexicon: VoiceLexicon(backend: "espeak", voice: "en-us",
                                                                entries: [.init(written: "Main", said: "Mayn")]))

    @Test(arguments: [
        #"<?xml version="1.>0"?><speak>Turn onto Main Street.</speak>"#,
        #"<speak><!-- a > b, Main --> Turn onto Main Street.</speak>"#,
        #"<speak><mark name="a>b"/>Turn onto Main Street.</speak>"#,
        #"<speak><![CDATA[a > b]]> Turn onto Main Street.</speak>"#,
        #"<?xml version="1.0"?><speak><sub alias="Interstate">I</sub> 80 <!-- c --> Main</speak>"#,
    ])
    func markupIsKeptAndTextIsMapped(_ document: String) throws {
        try SSMLValidator.validate(document)
        let mapped = Self.layer.ssml(document)
        try SSMLValidator.validate(mapped)
        #expect(mapped.contains("Mayn"), "\(mapped)")
        #expect(mapped.replacingOccurrences(of: "Mayn", with: "Main") == document)
    }

    @Test func theBaseSynthesizerIsGivenTheMappedDocument() throws {
        final class Capture: SpeechSynthesizer, @unchecked Sendable {  // @unchecked: written by one synthesis at a time
            var said: [String] = []
            var sampleRate: Int { 22_050 }
            func synthesize(_ utterance: Utterance, handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
                said.append(utterance.text)
                return SynthesisOutcome(frames: 0, completed: true)
            }
        }
        let base = Capture()
        let speaker = PronouncingSynthesizer(base, pronunciation: Self.layer)
        _ = try speaker.synthesize(Utterance(text: "<speak>Main</speak>", isSSML: true)) { _ in .proceed }
        #expect(base.said == ["<speak>Mayn</speak>"])
    }
}
