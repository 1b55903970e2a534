/// Gives the voice a reading of what it cannot read as written, for languages whose voice needs one
/// (eSpeak NG's `ja` voice reads kana but not kanji, and reads digits and Latin letters wrongly).
/// Injected by the composition root through `VoiceGuideData.nameReaders`; Phrasing holds no such reader itself.
/// Implementations must be thread-safe: one reader serves every builder of its language.
public protocol NameReader: Sendable {
    /// The reading of a name (road, signpost place, stop) as the voice should be given it, numbers and letters
    /// included; nil when no reading can be had (the name is then left out of speech, never spelled).
    func reading(of name: String) -> String?
    /// Spoken text with its numbers and Latin letters in the language's native readings ("400メートル" → "よんひゃくメートル").
    func spokenText(_ text: String) -> String
    /// A whole spoken text as the voice must be given it (ja: all in kana, "西方向に進んでください。" →
    /// "ニシホウコウにススンでください。"); the default is `spokenText`.
    func voiceText(_ text: String) -> String
}

extension NameReader {
    /// See `NameReader.voiceText(_:)`: `spokenText`.
    public func voiceText(_ text: String) -> String { spokenText(text) }
}

/// Finds the name reader for a language ("ja"), or nil when the language needs none.
public typealias NameReaderProvider = @Sendable (_ language: String) -> (any NameReader)?

extension NameReader {
    /// SSML with `spokenText` applied to its text outside tags, entities, `<sub>` and `<phoneme>` (whose content
    /// the voice does not read).
    public func spokenSSML(_ ssml: String) -> String {
        var out = ""
        out.reserveCapacity(ssml.utf8.count + 32)
        var text = ""
        var hidden = 0
        var i = ssml.startIndex
        func flush() { if !text.isEmpty { out += hidden > 0 ? text : spokenText(text); text = "" } }
        while i < ssml.endIndex {
            let c = ssml[i]
            if c == "<", let close = ssml[i...].firstIndex(of: ">") {
                flush()
                let tag = ssml[i...close]
                if tag.hasPrefix("<sub") || tag.hasPrefix("<phoneme") { if !tag.hasSuffix("/>") { hidden += 1 } }
                if tag.hasPrefix("</sub") || tag.hasPrefix("</phoneme") { hidden = max(0, hidden - 1) }
                out += tag
                i = ssml.index(after: close)
            } else if c == "&", let semi = ssml[i...].firstIndex(of: ";") {
                flush()
                out += ssml[i...semi]
                i = ssml.index(after: semi)
            } else {
                text.append(c)
                i = ssml.index(after: i)
            }
        }
        flush()
        return out
    }
}

extension SlotValue {
    /// True for a name shown on screen that has no reading: it is left out of speech.
    var isUnspeakable: Bool { !display.isEmpty && spoken.isEmpty }
}

extension Slots {
    /// True when a name-like slot of either bank holds a name without a reading.
    var hasUnspeakable: Bool {
        for bank in [Bank.main, .chained] {
            for id in [SlotID.name, .road, .dest, .rotary, .junction, .waypoint] where value(id, bank)?.value.isUnspeakable == true { return true }
        }
        return false
    }
}
