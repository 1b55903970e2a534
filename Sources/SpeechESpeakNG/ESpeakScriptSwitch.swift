import Speech

/// Names in a script the voice cannot read, said by the eSpeak NG voice that reads it. A voice reads letters of
/// another script by their names ("Площадь" → "cyrillic letter pe, cyrillic letter el, …" in every Latin-script
/// voice); a run of Cyrillic or Greek letters is given to the `ru`, `uk` or `el` voice instead, in SSML
/// (`<voice xml:lang="ru">Площадь Петра</voice>`), and the voice of the utterance goes on after it. An English
/// ordinal in a name ("20th Street", "42nd Avenue"), which every other voice reads as a number and letters
/// ("zwanzig T H"), goes to the English voice ("twentieth") the same way. This is what an eSpeak voice needs, never
/// the exported text (which keeps the name as written).
struct ESpeakScriptSwitch: Sendable {
    /// A script, the languages whose voices read it, and the voice that says it for the others.
    struct Script: Sendable {
        /// "Cyrillic", "Greek".
        var name: String
        /// Letters of the script.
        var contains: @Sendable (Unicode.Scalar) -> Bool
        /// Primary language subtags whose eSpeak voices read the script themselves.
        var readers: Set<String>
        /// The language whose voice says a run of the script, by the run's letters.
        var voice: @Sendable (Substring) -> String
    }

    /// Cyrillic (ru, or uk when the run holds a letter or an apostrophe only Ukrainian writes) and Greek (el).
    static let scripts: [Script] = [
        Script(name: "Cyrillic", contains: { (0x0400...0x052F).contains($0.value) },
               readers: ["ru", "uk", "be", "bg", "mk", "sr", "kk", "ky", "tt", "ba", "cv", "mn", "tg"],
               voice: { run in run.contains(where: { "іїєґІЇЄҐ’ʼ'".contains($0) }) ? "uk" : "ru" }),
        Script(name: "Greek", contains: { (0x0370...0x03FF).contains($0.value) || (0x1F00...0x1FFF).contains($0.value) },
               readers: ["el", "grc"], voice: { _ in "el" })
    ]

    /// The scripts the voice cannot read.
    let foreign: [Script]
    /// The voice is not an English one: English ordinals go to the English voice.
    let englishOrdinals: Bool

    /// The switch for `voice`: every script none of its languages reads, and English ordinals unless it is English.
    init(voice: ESpeakVoice) {
        let languages = Set(voice.languages.map { $0.tag.split(separator: "-").first.map(String.init) ?? $0.tag })
        foreign = Self.scripts.filter { languages.isDisjoint(with: $0.readers) }
        englishOrdinals = !languages.contains("en")
    }

    /// The utterance's text as the voice is given it: unchanged when it holds no run of a foreign script, else
    /// SSML with each run in a `<voice>` of the language that reads it (plain text becomes an SSML document).
    func apply(_ text: String, isSSML: Bool) -> (text: String, isSSML: Bool) {
        let hasScript = text.unicodeScalars.contains(where: { scalar in foreign.contains { $0.contains(scalar) } })
        guard hasScript || (englishOrdinals && Self.holdsOrdinal(text)) else { return (text, isSSML) }
        if isSSML { return (SSMLText.map(text, phonemeContent: true, alias: { $0 }, markup: marked), true) }
        return ("<speak>" + marked(text) + "</speak>", true)
    }

    /// `text` escaped as character data, each run of a foreign script in its `<voice>`. A run starts and ends
    /// with a letter of the script and may hold spaces, hyphens, apostrophes, digits and marks between them.
    func marked(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            if englishOrdinals, let end = Self.englishOrdinal(chars, at: i) {
                out += "<voice xml:lang=\"en\">" + String(chars[i..<end]) + "</voice>"
                i = end
                continue
            }
            guard let script = script(of: chars[i]) else {
                out += SSMLText.escape(String(chars[i]))
                i += 1
                continue
            }
            var end = i + 1, k = i + 1
            while k < chars.count {
                if self.script(of: chars[k])?.name == script.name { k += 1; end = k; continue }
                guard Self.joinsRun(chars[k]) else { break }
                k += 1
            }
            let run = String(chars[i..<end])
            out += "<voice xml:lang=\"\(script.voice(Substring(run)))\">" + SSMLText.escape(run) + "</voice>"
            i = end
        }
        return out
    }

    /// True when the text holds an English ordinal (a quick byte test first: a digit before s, n, r or t).
    private static func holdsOrdinal(_ text: String) -> Bool {
        var previousIsDigit = false, candidate = false
        for c in text.utf8 {
            if previousIsDigit, c == UInt8(ascii: "s") || c == UInt8(ascii: "n") || c == UInt8(ascii: "r") || c == UInt8(ascii: "t") {
                candidate = true
                break
            }
            previousIsDigit = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
        }
        guard candidate else { return false }
        let chars = Array(text)
        return chars.indices.contains { englishOrdinal(chars, at: $0) != nil }
    }

    /// The end of an English ordinal word starting at `i` ("20th", "1st", "42nd", "3rd"; "11th" not "11st"): digits
    /// at a word's start, the suffix their last digits take, then no letter or digit.
    static func englishOrdinal(_ chars: [Character], at i: Int) -> Int? {
        guard chars[i].isASCII, chars[i].isNumber, i == 0 || !(chars[i - 1].isLetter || chars[i - 1].isNumber) else { return nil }
        var k = i
        while k < chars.count, chars[k].isASCII, chars[k].isNumber { k += 1 }
        guard k + 2 <= chars.count, k - i <= 6 else { return nil }
        let suffix = String(chars[k..<(k + 2)]).lowercased()
        guard k + 2 == chars.count || !(chars[k + 2].isLetter || chars[k + 2].isNumber) else { return nil }
        let last = chars[k - 1].wholeNumberValue ?? 0
        let tens = k - i >= 2 ? (chars[k - 2].wholeNumberValue ?? 0) : 0
        let expected = tens == 1 ? "th" : (last == 1 ? "st" : last == 2 ? "nd" : last == 3 ? "rd" : "th")
        return suffix == expected ? k + 2 : nil
    }

    private func script(of c: Character) -> Script? {
        guard let scalar = c.unicodeScalars.first, c.isLetter else { return nil }
        return foreign.first { $0.contains(scalar) }
    }

    /// Characters that may stand inside a run between its letters: a name's spaces, hyphens, apostrophes, digits.
    private static func joinsRun(_ c: Character) -> Bool {
        c == " " || c == "-" || c == "’" || c == "'" || c == "ʼ" || c.isNumber
            || c.unicodeScalars.first.map { $0.properties.generalCategory == .nonspacingMark } == true
    }
}
