import Speech
import Phrasing

/// What one voice is given instead of the exported text: its lexicon's respellings, then the reader of the
/// language when the lexicon names one (kana for eSpeak NG's `ja`, letters apart from digits for
/// `cmn-latn-pinyin`).
public struct VoicePronunciation: Sendable {
    /// The voice's respellings.
    public let lexicon: VoiceLexicon
    /// The reader applied after the respellings (nil: none).
    public let reader: (any NameReader)?

    /// Creates a pronunciation layer.
    public init(lexicon: VoiceLexicon, reader: (any NameReader)? = nil) {
        self.lexicon = lexicon
        self.reader = reader
    }

    /// Plain spoken text as the voice is given it.
    public func spoken(_ text: String) -> String {
        let respelled = lexicon.apply(text)
        return reader?.voiceText(respelled) ?? respelled
    }

    /// An SSML document as the voice is given it (markup kept, only the text the engine reads changed). With a
    /// reader, the content of a `<phoneme>` is read too: eSpeak NG says the content of an IPA phoneme, and a voice
    /// that needs a reader cannot say it as written (ja spells "Magdalen Road" through its English voice).
    public func ssml(_ document: String) -> String {
        SSMLText.map(document, phonemeContent: reader != nil) { spoken($0) }
    }
}
