import Foundation
import Speech
import SpeechESpeakNG
import RouteModel
import Testing

/// A seeded, structure-aware SSML fuzzer through our validator and eSpeak NG in-process: documents with many
/// attributes, deep nesting, long and huge breaks, unknown elements, DOCTYPE and entity declarations and control
/// characters. Every input is either refused with a message that says why (never a parser's "expected a name"),
/// or spoken in bounded time and audio: no longer than its words said plainly plus its breaks (capped by
/// `SSMLValidator.maxTotalBreakSeconds`) plus a little, so markup is never read aloud. `VOICEGUIDE_FUZZ_SEED`
/// repeats a run; a failure prints its seed and the document.
@Suite struct SSMLFuzzTests {
    /// The seeded generator every fuzzer uses (RouteModel's SplitMix64), with the picks this one needs.
    struct Random {
        var generator: SplitMix64
        init(state: UInt64) { generator = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { generator.next() }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }
        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let words = ["turn", "left", "onto", "Main", "Street", "then", "keep", "right", "toward", "the", "airport", "in", "four", "hundred", "metres"]

    /// One generated document and what it holds.
    struct Document {
        var text = ""
        var words: [String] = []
        var breakSeconds = 0.0
        var hostile = false
    }

    /// The seconds of a `time` value as SSML writes it ("750ms", "2s"); nil for anything else.
    static func breakSeconds(_ value: String) -> Double? {
        let unit = value.hasSuffix("ms") ? 2 : (value.hasSuffix("s") ? 1 : 0)
        guard unit > 0, let number = Double(value.dropLast(unit)), number.isFinite, number >= 0 else { return nil }
        return unit == 2 ? number / 1000 : number
    }

    /// Builds a document: mostly SSML that synthesizers parse, with hostile shapes mixed in.
    static func generate(_ random: inout Random) -> Document {
        var document = Document()
        func attribute(_ name: String, _ value: String) -> String { " \(name)=\"\(value)\"" }
        func content(_ depth: Int, _ random: inout Random) -> String {
            var out = ""
            for _ in 0..<(1 + random.below(3)) {
                switch random.below(10) {
                case 0...3:
                    let some = (0..<(1 + random.below(4))).map { _ in random.pick(words) }
                    document.words += some
                    out += some.joined(separator: " ") + " "
                case 4:
                    let choice = random.below(6)
                    let times = ["250ms", "1s", "2.5s", "10s", "11s", "99999999999s", "-1s", "1e400s", "abc", "NaNs"]
                    let time = times[choice == 0 ? random.below(times.count) : random.below(4)]
                    if let seconds = breakSeconds(time) { document.breakSeconds += seconds }
                    if random.below(4) > 1 { document.hostile = true }
                    out += "<break" + attribute("time", time) + "/>"
                case 5 where depth < 20:
                    // An element that speaks its content as is, with attributes (sometimes many, unknown or long).
                    let (name, attributes): (String, [(String, String)]) = random.pick([
                        ("emphasis", [("level", "strong")]), ("prosody", [("volume", "loud"), ("pitch", "+10%")]),
                        ("voice", [("gender", "female")]), ("s", []), ("p", []), ("lang", [("xml:lang", "en-US")]),
                        ("mark", [("name", "m1")]),
                    ])
                    var tag = "<\(name)"
                    for (key, value) in attributes where random.chance(70) { tag += attribute(key, value) }
                    if random.chance(10) {
                        document.hostile = true
                        for index in 0..<(55 + random.below(20)) { tag += attribute("a\(index)", "\(index)") }
                    }
                    if random.chance(5) { document.hostile = true; tag += attribute("level", String(repeating: "x", count: 401)) }
                    if name == "mark" { out += tag + "/>" } else { out += tag + ">" + content(depth + 1, &random) + "</\(name)>" }
                case 6 where random.chance(30):
                    document.hostile = true
                    out += random.pick(["<audio src=\"http://x/\">a</audio>", "<foo>bar</foo>", "<lexicon uri=\"x\"/>", "&unknown;",
                                        "<![CDATA[ spoken ]]>", "<!-- note -->", "&amp;", "&#x7;", "\u{1B}[2J", "\u{0}", "\u{9B}"])
                default:
                    out += random.pick(words) + " "
                    document.words.append(out.split(separator: " ").last.map(String.init) ?? "")
                }
            }
            return out
        }
        var head = ""
        if random.chance(5) { document.hostile = true; head = "<!DOCTYPE speak [<!ENTITY e \"\(String(repeating: "x", count: 100))\">]>" }
        var body = content(1, &random)
        // Deep nesting now and then, past the validator's bound.
        if random.chance(8) {
            document.hostile = true
            let depth = 10 + random.below(12)
            body = String(repeating: "<emphasis>", count: depth) + body + String(repeating: "</emphasis>", count: depth)
        }
        document.text = head + "<speak>" + body + "</speak>"
        return document
    }

    @Test func generatedSSMLIsRefusedClearlyOrSpokenWithinItsBound() throws {
        let seed = ProcessInfo.processInfo.environment["VOICEGUIDE_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970)
        var random = Random(state: seed)
        let synthesizer = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0)
        var refused = 0, spoken = 0, hostileSpoken = 0
        let started = Date()
        for round in 0..<150 {
            let document = Self.generate(&random)
            let what = "seed \(seed), round \(round): \(document.text.unicodeScalars.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined().prefix(600))"
            do {
                try SSMLValidator.validate(document.text)
            } catch let error as SSMLError {
                refused += 1
                let message = "\(error)"
                #expect(!message.contains("expected a name") && message.hasPrefix("SSML line "), "\(what): \(message)")
                if document.text.hasPrefix("<!DOCTYPE") {
                    // The first fault found is named: the DOCTYPE, or a control character met before it ends.
                    #expect(message.contains("DOCTYPE is not allowed") || message.contains("control character"), "\(what): \(message)")
                }
                continue
            }
            spoken += 1
            if document.hostile { hostileSpoken += 1 }
            #expect(document.breakSeconds <= SSMLValidator.maxTotalBreakSeconds, "\(what): \(document.breakSeconds) s of breaks accepted")
            let begun = Date()
            let audio = try synthesizer.render(Utterance(text: document.text, isSSML: true))
            let plain = document.words.isEmpty ? 0 : try synthesizer.render(Utterance(text: document.words.joined(separator: " "))).duration
            let bound = plain * 1.3 + document.breakSeconds + 2
            #expect(audio.duration <= bound, "\(what): \(audio.duration) s of audio, words alone \(plain) s, breaks \(document.breakSeconds) s")
            #expect(Date().timeIntervalSince(begun) < 10, "\(what): synthesis took \(Date().timeIntervalSince(begun)) s")
        }
        print("SSML fuzz: seed \(seed), \(refused) refused, \(spoken) spoken (\(hostileSpoken) of them with a break, comment, CDATA or entity) in \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        #expect(refused > 10 && spoken > 10, "the generator covers both outcomes")
    }
}
