/// An installed eSpeak NG voice.
public struct ESpeakVoice: Sendable, Hashable {
    /// The display name, e.g. "English (America)".
    public var name: String
    /// The voice file identifier, e.g. "gmw/en-US": what is passed to `espeak_SetVoiceByName`.
    public var identifier: String
    /// Languages it speaks (lowercased, e.g. ["en-us", "en"]) with eSpeak's priority (lower = preferred).
    public var languages: [Language]

    /// One language entry of a voice.
    public struct Language: Sendable, Hashable {
        /// Language tag, lowercased ("en-us").
        public var tag: String
        /// Preference; lower is more preferred.
        public var priority: Int
    }

    /// The last component of the identifier, lowercased ("en-us" for "gmw/en-US").
    public var shortName: String {
        (identifier.split(separator: "/").last.map(String.init) ?? identifier).lowercased()
    }
}

/// A requested voice name resolved to an installed voice.
public struct VoiceResolution: Sendable, Hashable {
    /// The name as requested.
    public var requested: String
    /// The voice chosen.
    public var voice: ESpeakVoice
    /// True when no voice matched the full tag and its language was used instead ("de-at" → "de").
    public var isFallback: Bool
}

/// Finds voices by name, with fallback to the language, and suggests close matches.
public struct VoiceCatalog: Sendable {
    /// Every installed voice.
    public var voices: [ESpeakVoice]

    /// Creates a catalog over `voices`.
    public init(voices: [ESpeakVoice]) { self.voices = voices }

    /// Resolves `requested`: an identifier or its last part ("en-us"), a language tag a voice lists
    /// (its most preferred voice: "zh" → cmn), or a display name; otherwise the tag without its last
    /// subtag, repeatedly ("de-at" → "de"). Throws `ESpeakError.unknownVoice` with close matches.
    public func resolve(_ requested: String) throws -> VoiceResolution {
        var tag = requested.lowercased().replacingOccurrences(of: "_", with: "-")
        var fallback = false
        while !tag.isEmpty {
            if let voice = exact(tag) {
                return VoiceResolution(requested: requested, voice: voice, isFallback: fallback)
            }
            guard let dash = tag.lastIndex(of: "-") else { break }
            tag = String(tag[..<dash])
            fallback = true
        }
        throw ESpeakError.unknownVoice(requested, closeMatches: closeMatches(to: requested))
    }

    private func exact(_ tag: String) -> ESpeakVoice? {
        if let v = voices.first(where: { $0.identifier.lowercased() == tag || $0.shortName == tag }) { return v }
        let speakers = voices.compactMap { v in v.languages.first { $0.tag == tag }.map { (v, $0.priority) } }
        if let best = speakers.min(by: { $0.1 < $1.1 }) { return best.0 }
        return voices.first { $0.name.lowercased() == tag }
    }

    /// Up to five known tags nearest to `word` (same language first, then by edit distance ≤ 2).
    public func closeMatches(to word: String) -> [String] {
        let w = word.lowercased()
        let primary = w.split(separator: "-").first.map(String.init) ?? w
        var tags = Set(voices.map(\.shortName))
        for v in voices { for l in v.languages { tags.insert(l.tag) } }
        let scored = tags.map { tag -> (String, Int) in
            let samePrimary = tag.split(separator: "-").first.map(String.init) == primary
            return (tag, samePrimary ? 0 : editDistance(w, tag))
        }
        return scored.filter { $0.1 <= 2 }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }

    private func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in 1...b.count {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
