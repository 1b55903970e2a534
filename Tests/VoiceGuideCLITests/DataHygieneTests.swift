import Foundation
import Testing
import Guidance
import RouteModel

/// Data files cost nothing to get wrong: a control character in a phrasebook never reaches a terminal
/// or SSML, and a slot that nothing fills is caught by lint instead of being said as written.
@Suite struct DataHygieneTests {
    @Test(arguments: [("\u{1B}[31m", "U+001B"), ("\u{0}", "U+0000"), ("\u{7}", "U+0007"), ("\u{9B}2J", "U+009B")])
    func controlCharactersInAPhrasebookAreRefusedByName(_ inserted: String, _ named: String) throws {
        let data = try DataCopy()
        defer { data.remove() }
        try data.set("Phrasebooks/en.json", path: ["templates", "announce.reroute"], to: "Route \(inserted)recalculated.")
        let book = data.root.appendingPathComponent("Phrasebooks/en.json").path
        let expected = "\(book): templates.announce.reroute: control character \(named) is not allowed"
        let lint = ToolRun(["lint", "--data-dir", data.root.path])
        #expect(lint.code == 65)
        #expect(lint.errLines.contains(expected), "\(lint.err)")
        for arguments in [["transcript", "city-dc", "--locale", "en-US"], ["phrases", "--locale", "en-GB"]] {
            let run = ToolRun(arguments + ["--data-dir", data.root.path])
            #expect(run.code == 65, "\(arguments): \(run.err)")
            #expect(run.errLines.first?.hasSuffix(expected) == true, "\(arguments): \(run.err)")
            #expect(!run.out.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" } && !run.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    @Test func aSlotLeftInAWordIsALintProblem() throws {
        let data = try DataCopy()
        defer { data.remove() }
        try data.set("Phrasebooks/en.json", path: ["words", "directions", "e"], to: "{road|cap|cap}")
        let lint = ToolRun(["lint", "--data-dir", data.root.path])
        #expect(lint.code == 65)
        let book = data.root.appendingPathComponent("Phrasebooks/en.json").path
        #expect(lint.errLines.contains("\(book): words.directions.e: a word is not a template: \"{road|cap|cap}\" would be said as written (only {n} is filled in words)"),
                "\(lint.err)")
        // The rendering check finds it too, in the phrases that use the word ("Head east on Victoria").
        #expect(lint.errLines.contains { $0.hasPrefix("\(book): ") && $0.contains("renders with a brace left in it: \"") && $0.contains("{road|cap|cap}") }, "\(lint.err)")
        // The shipped books are clean.
        #expect(ToolRun(["lint"]).code == 0)
    }

    /// A place name with a control character (the reproducer: ESC and BEL in names, echoed raw in "Did you mean")
    /// is refused when the places file is read, naming the file, the feature and the character.
    @Test func aControlCharacterInAPlaceNameIsRefusedByName() {
        let file = Regressions.directory.appendingPathComponent("places/control-characters.json").path
        let run = ToolRun(["route", "--to", "Bell Tower", "--from", "Dupont Circle", "--places", file, "--router", "http://127.0.0.1:9"])
        #expect(run.code == 65, "\(run.err)")
        #expect(run.errLines.count == 1 && run.errLines.first?.contains("\(file): features[0].properties.name: control character U+001B is not allowed") == true,
                "\(run.err)")
        #expect(!run.err.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
    }

    /// Seeded fuzz (VOICEGUIDE_FUZZ_SEED repeats a run): a control character (C0, DEL or C1) at a random place in a
    /// random feature's name of a places file is refused with that feature's JSON path and the character's code,
    /// and nothing raw reaches stderr.
    @Test func controlCharactersAnywhereInPlaceNamesAreRefused() throws {
        let seed = ProcessInfo.processInfo.environment["VOICEGUIDE_FUZZ_SEED"].flatMap { UInt64($0) } ?? UInt64(Date().timeIntervalSince1970)
        var random = SplitMix64(seed: seed)
        let controls: [UInt32] = Array(0x00...0x08) + Array(0x0B...0x1F) + [0x7F, 0x85, 0x9B, 0x9F]
        let names = ["Dupont Circle", "Bell Tower", "Union Station", "Straße des 17. Juni", "東京駅"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-places-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for round in 0..<40 {
            let code = controls[Int(random.next() % UInt64(controls.count))]
            let target = Int(random.next() % UInt64(names.count))
            var features: [String] = []
            for (index, name) in names.enumerated() {
                var scalars = Array(name.unicodeScalars)
                if index == target, let scalar = Unicode.Scalar(code) {
                    // Inside the name: a control character at either end of it would be trimmed as space.
                    let at = 1 + Int(random.next() % UInt64(scalars.count - 1))
                    scalars.insert(scalar, at: at)
                }
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                let escaped = text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value)
                    ? String(format: "\\u%04x", $0.value) : String($0) }.joined()
                features.append(#"{"type":"Feature","geometry":{"type":"Point","coordinates":[-77.0\#(index),38.9]},"properties":{"name":"\#(escaped)"}}"#)
            }
            let file = directory.appendingPathComponent("places-\(round).json")
            try Data(#"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.utf8).write(to: file)
            let run = ToolRun(["route", "--to", "Bell Tower", "--from", "Dupont Circle", "--places", file.path, "--router", "http://127.0.0.1:9"])
            let what = "seed \(seed), round \(round): U+\(String(format: "%04X", code)) in \(names[target])"
            #expect(run.code == 65, "\(what): exit \(run.code): \(run.err)")
            #expect(run.errLines.first?.contains("\(file.path): features[\(target)].properties.name: control character U+\(String(format: "%04X", code)) is not allowed") == true,
                    "\(what): \(run.err)")
            #expect(!run.err.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F || (0x80...0x9F).contains($0.value) },
                    "\(what): raw control characters on stderr")
        }
    }
}
