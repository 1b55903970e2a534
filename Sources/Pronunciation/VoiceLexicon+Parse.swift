import Phrasing
import RouteModel

extension VoiceLexicon {
    /// The backends a layer may be written for.
    public static let backends: Set<String> = ["espeak", "piper"]
    /// The readers a layer may name.
    public static let readers: Set<String> = ["ja", "zh", "fi-numbers", "tr-numbers"]

    /// Parses a layer file (Voices/FORMAT.md); every error names the file and the JSON path.
    public static func parse(_ json: JSONValue, file: String) throws(PhrasingError) -> VoiceLexicon {
        func bad(_ key: String, _ message: String) -> PhrasingError { .invalidData(file: file, key: key, message: message) }
        guard let members = json.objectMembers else { throw bad("", "a voice layer is a JSON object, not \(json.typeName)") }
        let known: Set<String> = ["format", "backend", "voice", "reader", "entries", "note"]
        if let unknown = members.first(where: { !known.contains($0.key) }) { throw bad(unknown.key, "unknown member") }
        guard json["format"]?.numberValue == 1 else { throw bad("format", "must be 1") }
        guard let backend = json["backend"]?.stringValue, backends.contains(backend) else {
            throw bad("backend", "must be one of \(backends.sorted().joined(separator: ", "))")
        }
        guard let voice = json["voice"]?.stringValue, !voice.isEmpty else { throw bad("voice", "must be a voice name") }
        var reader: String?
        if let value = json["reader"], value != .null {
            guard let name = value.stringValue, readers.contains(name) else {
                throw bad("reader", "must be null or one of \(readers.sorted().joined(separator: ", "))")
            }
            reader = name
        }
        guard let items = json["entries"]?.arrayValue else { throw bad("entries", "must be an array") }
        var entries: [Entry] = []
        var seen: Set<String> = []
        for (index, item) in items.enumerated() {
            let key = "entries[\(index)]"
            guard let fields = item.objectMembers else { throw bad(key, "must be an object") }
            let allowed: Set<String> = ["written", "said", "match", "example", "phonemes", "why"]
            if let unknown = fields.first(where: { !allowed.contains($0.key) }) { throw bad("\(key).\(unknown.key)", "unknown member") }
            guard let written = item["written"]?.stringValue, !written.isEmpty else { throw bad("\(key).written", "must be a non-empty string") }
            guard let said = item["said"]?.stringValue else { throw bad("\(key).said", "must be a string") }
            guard said != written else { throw bad("\(key).said", "is the same as written") }
            var match = Match.word
            if let value = item["match"] {
                guard let raw = value.stringValue, let m = Match(rawValue: raw) else {
                    throw bad("\(key).match", "must be one of \(Match.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                match = m
            }
            guard seen.insert(match.rawValue + "\u{0}" + written).inserted else { throw bad("\(key).written", "'\(written)' is listed twice") }
            guard item["why"]?.stringValue?.isEmpty == false else { throw bad("\(key).why", "say why the voice needs it") }
            let example = try optionalString(item["example"], "\(key).example", bad)
            if let example, !example.contains(written) { throw bad("\(key).example", "does not contain '\(written)'") }
            let phonemes = try optionalString(item["phonemes"], "\(key).phonemes", bad)
            if backend == "espeak", phonemes == nil { throw bad("\(key).phonemes", "an eSpeak entry states what espeak-ng -x says for its example") }
            entries.append(Entry(written: written, said: said, match: match, example: example, phonemes: phonemes))
        }
        return VoiceLexicon(backend: backend, voice: voice, reader: reader, entries: entries)
    }

    private static func optionalString(_ value: JSONValue?, _ key: String,
                                       _ bad: (String, String) -> PhrasingError) throws(PhrasingError) -> String? {
        guard let value, value != .null else { return nil }
        guard let text = value.stringValue, !text.isEmpty else { throw bad(key, "must be a non-empty string") }
        return text
    }
}
