import Foundation
import Testing
import Guidance
import Phrasing
import RouteModel
import SafeIO
import Speech
import VoiceGuideCLI

/// Deterministic, seeded mutation fuzzers, bounded to about two minutes in all. Inputs that go
/// through the CLI run in a subprocess, so a crash is seen as a signal and a hang as a time-out; each run must end in
/// success with well-formed output, or in one clear error line with the right exit code.
@Suite(.serialized) struct FuzzTests {
    /// Values that broke things in the campaign, or sit at the edges of every range.
    static let interestingNumbers: [Double] = [1e308, -1e308, 1e19, -1, 0, Double.leastNonzeroMagnitude, 4294967296, 9.2e18, 0.5, 1e9]
    static let interestingStrings = ["", "\u{0}", "\u{1B}[2J\u{1B}]0;x\u{7}", "a\nwarning: forged", "\u{85}\u{2028}",
                                     "<speak>&amp;</speak>\"'<>&", "../../../../etc/passwd", "/etc/passwd",
                                     String(repeating: "ʃ", count: 1200), "\u{FEFF}", "🚗", "St"]

    /// A random JSON value from the interesting ones, or a structural surprise.
    static func surprise(_ rng: inout SplitMix64) -> Any {
        switch rng.next() % 6 {
        case 0: return interestingNumbers[Int(rng.next() % UInt64(interestingNumbers.count))]
        case 1: return interestingStrings[Int(rng.next() % UInt64(interestingStrings.count))]
        case 2: return NSNull()
        case 3: return [Any]()
        case 4: return [String: Any]()
        default: return rng.next() % 2 == 0
        }
    }

    /// Replaces one random node of `json` (any depth) with a surprise, or drops/duplicates an array element.
    static func mutate(_ json: Any, _ rng: inout SplitMix64, depth: Int = 0) -> Any {
        let stop = rng.next() % 5 == 0 || depth > 12
        if var object = json as? [String: Any], !object.isEmpty {
            let keys = object.keys.sorted()
            let key = keys[Int(rng.next() % UInt64(keys.count))]
            if stop { object[key] = rng.next() % 4 == 0 ? nil : surprise(&rng) } else { object[key] = mutate(object[key] ?? NSNull(), &rng, depth: depth + 1) }
            return object
        }
        if var array = json as? [Any], !array.isEmpty {
            let i = Int(rng.next() % UInt64(array.count))
            if stop {
                switch rng.next() % 3 {
                case 0: array.remove(at: i)
                case 1: array.insert(array[i], at: i)
                default: array[i] = surprise(&rng)
                }
            } else {
                array[i] = mutate(array[i], &rng, depth: depth + 1)
            }
            return array
        }
        return surprise(&rng)
    }

    /// Byte-level damage: flips, cuts, inserted bytes and tokens.
    static func damage(_ data: Data, _ rng: inout SplitMix64) -> Data {
        var bytes = [UInt8](data)
        for _ in 0..<(1 + rng.next() % 4) where !bytes.isEmpty {
            let i = Int(rng.next() % UInt64(bytes.count))
            switch rng.next() % 5 {
            case 0: bytes[i] ^= UInt8(truncatingIfNeeded: 1 << (rng.next() % 8))
            case 1: bytes.removeSubrange(i..<min(bytes.count, i + Int(rng.next() % 64)))
            case 2: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
            case 3: bytes.insert(contentsOf: Array(["1e999", "[[[[", "\"\\u0000\"", "-0", "\u{FEFF}", "}"][Int(rng.next() % 6)].utf8), at: i)
            default: bytes = Array(bytes.prefix(i))
            }
        }
        return Data(bytes)
    }

    /// One run's verdict against the contract; nil when it holds.
    static func violation(_ r: CLIProcess.Result, allowed: Set<Int32>, output: (String) -> Bool) -> String? {
        if r.crashed { return "crashed: \(r.summary)" }
        if r.timedOut { return "hung: \(r.summary)" }
        if !allowed.contains(r.code) { return "exit \(r.code) not in \(allowed.sorted()): \(r.summary)" }
        if r.code != 0 && r.errLines.count != 1 { return "\(r.errLines.count) error lines: \(r.summary)" }
        if r.code != 0, r.err.unicodeScalars.contains(where: { ControlCharacters.isControl($0) && $0 != "\n" }) { return "raw control characters on stderr" }
        if r.code == 0 && !output(r.out) { return "ill-formed output: \(r.out.prefix(300))" }
        return nil
    }

    static func isJSON(_ text: String) -> Bool { (try? JSONSerialization.jsonObject(with: Data(text.utf8))) != nil }

    /// Route JSON: structural and byte mutations of the example routes through `transcript --format json`.
    @Test func routeJSON() throws {
        var rng = SplitMix64(seed: 0x14_0001)
        let dir = (try CLIFixtures.temporaryFile(Data(), name: "x") as NSString).deletingLastPathComponent
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var failures: [String] = []
        let bases = try CLIFixtures.exampleNames.map { try Data(contentsOf: URL(fileURLWithPath: CLIFixtures.example($0))) }
        for n in 0..<240 {
            let base = bases[n % bases.count]
            let input: Data
            if n % 3 == 2 {
                input = Self.damage(base, &rng)
            } else {
                let json = try JSONSerialization.jsonObject(with: base)
                var mutated: Any = json
                for _ in 0..<(1 + rng.next() % 3) { mutated = Self.mutate(mutated, &rng) }
                input = (try? JSONSerialization.data(withJSONObject: mutated, options: [.fragmentsAllowed])) ?? base
            }
            let path = dir + "/route-\(n).json"
            try input.write(to: URL(fileURLWithPath: path))
            let r = try CLIProcess.run(["transcript", path, "--format", "json"], timeout: 15)
            if let v = Self.violation(r, allowed: [0, 65], output: { Self.isJSON($0) }) {
                failures.append("route-\(n) (kept at \(path)): \(v)")
            }
        }
        if !failures.isEmpty {
            // Keep the reproducers for the report (the directory is removed only on success).
            Issue.record("\(failures.count) route input(s) broke the contract:\n\(failures.joined(separator: "\n"))")
            Thread.sleep(forTimeInterval: 0)
        }
    }

    /// Phrasebooks and locales: structural mutations of en-US, en and en-GB in a private data copy, through
    /// `transcript` (loading the locale) and `lint` of the mutated file.
    @Test func phrasebooksAndLocales() throws {
        var rng = SplitMix64(seed: 0x14_0002)
        let files = ["Locales/en-US.json", "Phrasebooks/en.json", "Locales/en-GB.json", "Phrasebooks/en-GB.json"]
        var failures: [String] = []
        let route = CLIFixtures.example("city-dc.json")
        for n in 0..<48 {
            let data = try DataCopy()
            defer { data.remove() }
            let file = files[n % files.count]
            let url = data.root.appendingPathComponent(file)
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
            for _ in 0..<(1 + rng.next() % 2) { json = Self.mutate(json, &rng) }
            try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]).write(to: url)
            let tag = file.contains("en-GB") ? "en-GB" : "en-US"
            let r = try CLIProcess.run(["transcript", route, "--locale", tag, "--format", "json", "--data-dir", data.root.path], timeout: 15)
            if let v = Self.violation(r, allowed: [0, 65], output: { Self.isJSON($0) }) {
                failures.append("\(file) mutation \(n): \(v)")
            }
            let lint = try CLIProcess.run(["lint", url.path, "--data-dir", data.root.path], timeout: 30)
            if lint.crashed || lint.timedOut || ![0, 65].contains(lint.code) { failures.append("lint \(file) mutation \(n): \(lint.summary)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }

    /// SSML we emit: phrases with fuzzed names, refs and pronunciations in every locale pass the validator that
    /// `say --ssml` uses and Python's expat. In-process: rendering strings cannot crash by construction of the test
    /// inputs (no numbers from data).
    @Test func emittedSSMLIsWellFormed() throws {
        var rng = SplitMix64(seed: 0x14_0003)
        let data = try VoiceGuideData.discover(explicit: CLIFixtures.repository.path)
        var documents: [String] = []
        var problems: [String] = []
        func fuzzedText() -> String {
            var s = ""
            for _ in 0..<(rng.next() % 24) {
                switch rng.next() % 6 {
                case 0: s.unicodeScalars.append(Unicode.Scalar(UInt8(truncatingIfNeeded: rng.next() % 0xA0)))
                case 1: s += ["&", "<", ">", "\"", "'", "]]>", "<!--", "&amp;", "&#0;", "&#x1B;"][Int(rng.next() % 10)]
                case 2: s += Self.interestingStrings[Int(rng.next() % UInt64(Self.interestingStrings.count))]
                default: s += ["Main", "St", "Straße", "rue", "улица", "路", " ", "-", "A 9"][Int(rng.next() % 9)]
                }
            }
            return s
        }
        for tag in data.availableLocales() {
            let builder = try data.loadLocale(tag: tag).builder()
            for index in 0..<40 {
                var members = [JSONMember(key: "kind", value: .string(["prepare", "now", "depart", "arrive", "waypoint"][index % 5])),
                               JSONMember(key: "type", value: .string(["turn", "roundabout", "off ramp", "fork", "arrive"][index % 5])),
                               JSONMember(key: "modifier", value: .string("left")),
                               JSONMember(key: "name", value: .string(fuzzedText())),
                               JSONMember(key: "ref", value: .string(fuzzedText())),
                               JSONMember(key: "destinations", value: .string(fuzzedText())),
                               JSONMember(key: "distance", value: .number(Double(rng.next() % 20_000)))]
                if index % 2 == 0 { members.append(JSONMember(key: "pronunciation", value: .string(fuzzedText()))) }
                if index % 5 == 1 { members.append(JSONMember(key: "exit", value: .number(Double(1 + rng.next() % 9)))) }
                if index % 5 == 4 { members.append(JSONMember(key: "waypointName", value: .string(fuzzedText()))) }
                let example = try PhraseExample.parse(.object(members), file: "fuzz", index: index)
                let phrase = builder.phrase(example.announcement)
                do { try SSMLValidator.validate(phrase.ssml) } catch { problems.append("\(tag): \(error): \(phrase.ssml)") }
                for text in [phrase.display, phrase.spoken, phrase.ssml]
                where text.unicodeScalars.contains(where: ControlCharacters.isControl) {
                    problems.append("\(tag): control character in \(text.debugDescription)")
                }
                documents.append(phrase.ssml)
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        try expectWellFormedXML(documents)
    }

    /// Hostile SSML given to `say --ssml`: mutated documents are spoken (exit 0) or refused with one line (exit 65).
    @Test func sayHostileSSML() throws {
        var rng = SplitMix64(seed: 0x14_0004)
        let seeds = ["<speak>Turn left onto <phoneme alphabet=\"ipa\" ph=\"ˈmeɪn\">Main</phoneme> Street.</speak>",
                     "<speak xml:lang=\"en-US\">In 200 feet, <break time=\"300ms\"/> keep right &amp; merge.</speak>",
                     "<?xml version=\"1.0\"?><speak><sub alias=\"Interstate\">I</sub> 80 <!-- c --></speak>"]
        var failures: [String] = []
        for n in 0..<48 {
            var text = Array(seeds[n % seeds.count].unicodeScalars)
            for _ in 0..<(1 + rng.next() % 3) {
                let i = Int(rng.next() % UInt64(text.count))
                switch rng.next() % 4 {
                case 0: text.remove(at: i)
                case 1: text.insert(Unicode.Scalar(UInt8(truncatingIfNeeded: rng.next() % 0xA0)), at: i)
                case 2: text.insert(contentsOf: ["<", "&", "\"", "</speak>", "<x>", String(repeating: "a", count: 500)][Int(rng.next() % 6)].unicodeScalars, at: i)
                default: text.insert(contentsOf: "<phoneme ph=\"\(String(repeating: "ə", count: Int(rng.next() % 900)))\">x</phoneme>".unicodeScalars, at: i)
                }
            }
            var document = String.UnicodeScalarView()
            document.append(contentsOf: text.filter { $0 != "\u{0}" })  // argv cannot carry NUL
            let r = try CLIProcess.run(["say", String(document), "--ssml", "--output", "text"], timeout: 30)
            if let v = Self.violation(r, allowed: [0, 65], output: { _ in true }) { failures.append("ssml \(n): \(v)") }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
