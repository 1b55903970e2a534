import Speech

/// Names in a script the voice cannot read, said by the eSpeak NG voice that reads it. A voice reads letters of
/// another script by their names ("Площадь" → "cyrillic letter pe, cyrillic letter el, …" in every Latin-script
/// voice); a run of Cyrillic or Greek letters is given to the `ru`, `uk` or `el` voice instead, in SSML
/// (`<voice xml:lang="ru">Площадь Петра</voice>`), and the voice of the utterance goes on after it. This is what
/// an eSpeak voice needs, never the exported text (which keeps the name as written).
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

    /// The scripts the voice cannot read; empty: the switch changes nothing.
    let foreign: [Script]

    /// The switch for `voice`: every script none of its languages reads.
    init(voice: ESpeakVoice) {
        let languages = Set(voice.languages.map { $0.tag.split(separator: "-").first.map(String.init) ?? $0.tag })
        foreign = Self.scripts.filter { languages.isDisjoint(with: $0.readers) }
    }

    /// The utterance's text as the voice is given it: unchanged when it holds no run of a foreign script, else
    /// SSML with each run in a `<voice>` of the language that reads it (plain text becomes an SSML document).
    func apply(_ text: String, isSSML: Bool) -> (text: String, isSSML: Bool) {
        guard !foreign.isEmpty, text.unicodeScalars.contains(where: { scalar in foreign.contains { $0.contains(scalar) } }) else {
            return (text, isSSML)
        }
        if isSSML { return (SSMLText.map(text, alias: { $0 }, markup: marked), true) }
        return ("<speak>" + marked(text) + "</speak>", true)
    }

    /// `text` escaped as character data, each run of a foreign script in its `<voice>`. A run starts and ends
    /// with a letter of the script and may hold spaces, hyphens, apostrophes, digits and marks between them.
    func marked(_ text: String) -> String {
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
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
