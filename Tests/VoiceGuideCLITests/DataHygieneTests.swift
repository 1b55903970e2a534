import Foundation
import Testing

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
}
