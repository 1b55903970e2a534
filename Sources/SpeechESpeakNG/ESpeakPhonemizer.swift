/// One clause of text as IPA, with the punctuation that ended it (what a Piper voice expects between clauses).
public struct PhonemeClause: Sendable, Hashable {
    /// The clause's phonemes in IPA, words separated by spaces, with eSpeak NG's stress marks.
    public var ipa: String
    /// The punctuation that ended the clause in the text (",", ".", "?", …), nil when none did.
    public var terminator: Character?

    /// Creates a clause.
    public init(ipa: String, terminator: Character?) {
        self.ipa = ipa
        self.terminator = terminator
    }

    /// True when the terminator ends a sentence (". ! ?" and their full-width forms).
    public var endsSentence: Bool {
        guard let terminator else { return false }
        return ESpeakPhonemizer.sentenceEnds.contains(terminator)
    }
}

/// Text to IPA with the in-process eSpeak NG (the phonemizer of neural voices), clause by clause, so the
/// punctuation between clauses is kept. Shares the one serialized engine with `ESpeakSynthesizer`.
public struct ESpeakPhonemizer: Sendable {
    /// The voice whose rules phonemize, resolved at creation.
    public let voice: VoiceResolution
    private let engine: ESpeakEngine

    /// Characters that end a clause for eSpeak NG and are kept.
    static let clausePunctuation: Set<Character> = [",", ".", "!", "?", ";", ":", "…", "。", "，", "、", "！", "？", "；", "："]
    /// Those that end a sentence.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…", "。", "！", "？"]

    /// A phonemizer for the eSpeak NG voice `voice` (resolved like `ESpeakSynthesizer`'s).
    public init(voice: String) throws {
        engine = try ESpeakEngine.shared()
        self.voice = try engine.catalog.resolve(voice)
    }

    /// The clauses of `text` in IPA: the text is cut after each clause punctuation mark that a space or the end
    /// follows ("1.5" and "A.B" stay whole), and each piece is phonemized with its mark kept. A piece of
    /// punctuation alone has empty `ipa` (its terminator still counts).
    public func clauses(_ text: String) throws -> [PhonemeClause] {
        var result: [PhonemeClause] = []
        var piece = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            piece.append(character)
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            guard Self.clausePunctuation.contains(character), next.map({ $0.isWhitespace }) ?? true else { continue }
            let words = String(piece.dropLast())
            let ipa = words.contains(where: { !$0.isWhitespace && !$0.isPunctuation }) ? try engine.phonemes(words, voice: voice.voice) : ""
            result.append(PhonemeClause(ipa: ipa, terminator: character))
            piece = ""
        }
        if piece.contains(where: { !$0.isWhitespace && !$0.isPunctuation }) {
            result.append(PhonemeClause(ipa: try engine.phonemes(piece, voice: voice.voice), terminator: nil))
        }
        return result
    }
}
