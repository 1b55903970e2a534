import Foundation
import Testing
import Phrasing
@testable import VoiceGuideCLI

/// A new user's first hour: typos get suggestions, help is complete and fits 80 columns, example
/// routes are findable by name, JSON stats stay in the JSON, lint names a cause once, voices are listable.
@Suite struct UsabilityTests {
    @Test(arguments: [
        (["drive", "--locle", "de-DE"], "--locale"),
        (["drive", "--speedpu", "4"], "--speedup"),
        (["transcript", CLIFixtures.example("city-dc.json"), "--fromat", "json"], "--format"),
        (["inspect", "--hlep"], "--help"),
        (["--verison"], "--version"),
        (["--hlep"], "--help"),
        (["trnscript"], "transcript"),
    ])
    func mistypedOptionsGetTheNearestSuggested(arguments: [String], suggestion: String) {
        let run = ToolRun(arguments)
        #expect(run.code == 64)
        #expect(run.err.contains("Did you mean '\(suggestion)'?"), "\(run.err)")
    }

    @Test func helpCommandShowsTheCommandsHelp() {
        let viaHelp = ToolRun(["help", "drive"])
        let viaFlag = ToolRun(["drive", "--help"])
        #expect(viaHelp.code == 0)
        #expect(viaHelp.out == viaFlag.out)
        #expect(viaHelp.out.hasPrefix("voiceguide drive — "))
        #expect(ToolRun(["help", "nosuch"]).code == 64)
    }

    @Test func extraArgumentsAreErrors() {
        let version = ToolRun(["--version", "extra"])
        #expect(version.code == 64)
        #expect(version.err.contains("'extra'"))
        #expect(ToolRun(["help", "drive", "extra"]).code == 64)
        #expect(ToolRun(["transcript", "a.json", "b.json"]).code == 64)
        #expect(ToolRun(["say", "--list-voices", "hello"]).code == 64)
        #expect(ToolRun(["locales", "extra"]).code == 64)
        #expect(ToolRun(["phrases", "--locale", "de-DE", "extra"]).code == 64)
    }

    /// Every option appears in its command's usage; every help line fits 80 columns; examples are aligned.
    @Test func helpTextsAreCompleteNarrowAndAligned() {
        for command in VoiceGuideTool.commands {
            let help = command.helpText
            let usage = help.components(separatedBy: "\n\nOptions:").first ?? ""
            for option in command.options {
                #expect(usage.contains("--\(option.name)"), "\(command.name) usage lacks --\(option.name)")
            }
            for line in help.split(separator: "\n") {
                #expect(StatusLine.displayWidth(String(line)) <= 80, "\(command.name): \(line)")
            }
            if let examples = help.components(separatedBy: "Examples:\n").dropFirst().first {
                // The description column starts at the same offset on every example line.
                let columns = examples.split(separator: "\n").map { line -> Int in
                    let body = line.drop(while: { $0 == " " })
                    guard let gap = body.range(of: "  ") else { return -1 }
                    return line.count - body[gap.lowerBound...].drop(while: { $0 == " " }).count
                }
                #expect(Set(columns).count == 1, "\(command.name) examples not aligned: \(columns)")
            }
        }
        for line in VoiceGuideTool.helpText.split(separator: "\n") { #expect(line.count <= 80, "\(line)") }
    }

    @Test func exampleRoutesAreListedAndFoundByName() throws {
        let list = ToolRun(["drive", "--list-routes"])
        #expect(list.code == 0)
        for name in CLIFixtures.exampleNames { #expect(list.out.contains(String(name.dropLast(5)))) }
        #expect(list.out.contains("* city-dc"))
        let byName = ToolRun(["transcript", "city-berlin", "--locale", "de-DE"])
        #expect(byName.code == 0, "\(byName.err)")
        #expect(byName.out == ToolRun(["transcript", CLIFixtures.example("city-berlin.json"), "--locale", "de-DE"]).out)
        #expect(ToolRun(["transcript", "no-such-route"]).code == 66)
        // inspect takes the names too.
        let inspected = ToolRun(["inspect", "city-berlin"])
        #expect(inspected.code == 0, "\(inspected.err)")
        #expect(inspected.out == ToolRun(["inspect", CLIFixtures.example("city-berlin.json")]).out.replacingOccurrences(of: CLIFixtures.example("city-berlin.json"), with: "city-berlin"))
    }

    @Test func exampleRoutesAreListedInTheLocalesUnits() {
        let metric = ToolRun(["drive", "--list-routes", "--locale", "de-DE"]).out
        let imperial = ToolRun(["drive", "--list-routes", "--locale", "en-US"]).out
        let forced = ToolRun(["drive", "--list-routes", "--locale", "en-US", "--units", "metric"]).out
        #expect(metric.contains(" km ") && !metric.contains(" mi "))
        #expect(imperial.contains(" mi ") && !imperial.contains(" km "))
        #expect(forced == metric)
    }

    @Test func jsonStatsAreInsideTheJSON() throws {
        let run = ToolRun(["transcript", CLIFixtures.example("city-dc.json"), "--format", "json", "--stats"])
        #expect(run.code == 0)
        #expect(run.err.isEmpty, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let stats = try #require(json["stats"] as? [String: Any])
        #expect((stats["maneuvers"] as? Int ?? 0) > 0)
        #expect(stats["missed"] is [Any])
        #expect(stats["late"] as? Int == 0)
        // The facts carried, as the text report prints them: city-dc says all 16 (side 8, road 8).
        let facts = try #require(stats["factsCarried"] as? [String: Any])
        #expect(facts["held"] as? Int == 16 && facts["carried"] as? Int == 16, "\(facts)")
        #expect(((facts["facts"] as? [String: Any])?["side"] as? [String: Any])?["held"] as? Int == 8)
        #expect((facts["missing"] as? [Any])?.isEmpty == true)
        #expect((json["announcements"] as? [Any])?.isEmpty == false)
    }

    @Test func lintOnARenamedCopyReportsTheCauseOnce() throws {
        let copy = try CLIFixtures.temporaryFile(try Data(contentsOf: CLIFixtures.repository.appendingPathComponent("Phrasebooks/de.json")),
                                                 name: "de-copy.json")
        let run = ToolRun(["lint", copy, "--data-dir", CLIFixtures.repository.path])
        #expect(run.code == 65)
        let problems = run.errLines.filter { $0.hasPrefix(copy) }
        #expect(problems.count == 1, "\(run.err)")
        #expect(problems.first?.contains("'de-copy'") == true)
        #expect(run.errLines.last == "voiceguide lint: 1 problem(s) in 1 file(s)")
    }

    /// A locale that fails to load (a rounding step of 1e20) is reported for that alone: its phrasebook's
    /// examples are not also called unused, nor the book a renamed copy.
    @Test func lintOnABrokenLocaleReportsOnlyItsOwnProblem() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vg-lint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for folder in ["Locales", "Phrasebooks"] {
            try FileManager.default.copyItem(at: CLIFixtures.repository.appendingPathComponent(folder), to: dir.appendingPathComponent(folder))
        }
        let locale = dir.appendingPathComponent("Locales/en-US.json")
        let text = try String(contentsOf: locale, encoding: .utf8)
        try text.replacingOccurrences(of: #""step": 10"#, with: #""step": 1e20"#).write(to: locale, atomically: true, encoding: .utf8)
        let run = ToolRun(["lint", "--data-dir", dir.path])
        #expect(run.code == 65)
        let problems = run.errLines.filter { $0.hasPrefix(dir.path) }
        #expect(problems.count == 1, "\(run.err)")
        #expect(problems.first?.contains("en-US.json: rounding.imperial[0].step") == true, "\(run.err)")
        #expect(!run.err.contains("uses this phrasebook") && !run.err.contains("renamed copy"), "\(run.err)")
    }

    @Test(arguments: ["say", "drive"])
    func listVoicesShowsTheLocalesLanguageOnly(command: String) {
        let run = ToolRun([command, "--list-voices", "--locale", "de-DE"])
        #expect(run.code == 0, "\(run.err)")
        // The eSpeak NG table (the Piper voices follow under their own header).
        let rows = run.out.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("# Piper") }
        #expect(rows.contains { $0.hasPrefix("* de ") }, "\(run.out)")
        #expect(!rows.contains { $0.contains("en-us") })
        #expect(rows.allSatisfy { $0.contains("de") })
        let zh = ToolRun([command, "--list-voices", "--locale", "zh-CN"])
        #expect(zh.out.contains("* cmn-latn-pinyin"), "\(zh.out)")
    }

    @Test func badVoiceguideDataIsAnError() {
        let run = ToolRun(["locales"], environment: ["VOICEGUIDE_DATA": "/nonexistent/voiceguide-data"])
        #expect(run.code == 66)
        #expect(run.errLines.first?.contains("VOICEGUIDE_DATA=/nonexistent/voiceguide-data") == true, "\(run.err)")
        #expect(ToolRun(["locales"], environment: ["VOICEGUIDE_DATA": CLIFixtures.repository.path]).code == 0)
    }

    @Test func unwritableWAVPathIsAFileError() {
        for command in [["say", "Turn left."], ["drive", CLIFixtures.example("city-dc.json")]] {
            let run = ToolRun(command + ["--output", "wav:/nonexistent-dir/out.wav"])
            #expect(run.code == 73, "\(run.err)")
            #expect(run.errLines.first?.contains("/nonexistent-dir/out.wav") == true)
            #expect(run.errLines.first?.contains("No such file or directory") == true, "\(run.err)")
        }
    }

    @Test func failedStdoutWritesExit74() {
        let io = CommandIO(out: { _ in throw StandardStreams.Failure(code: ENOSPC) }, err: { _ in })
        #expect(VoiceGuideTool.main(["transcript", CLIFixtures.example("city-dc.json")], io: io) == 74)
        #expect(VoiceGuideTool.main(["--version"], io: io) == 74)
    }

    /// Every base phrasebook writes every `ui` string itself: nothing on a drive's screen falls back to English.
    @Test func everyBookWritesEveryUIStringNatively() throws {
        let data = VoiceGuideData(directory: CLIFixtures.repository)
        for name in data.availablePhrasebooks() {
            let json = try VoiceGuideData.readJSON(at: data.phrasebookURL(name))
            // A regional book (en-GB, pt-PT, fr-CA …) names its `base` and takes the ui strings it does not change
            // from it: its base is checked here in full.
            if json["base"]?.stringValue != nil { continue }
            let own = Set((json["ui"]?.objectMembers ?? []).map(\.key))
            #expect(own == Phrasebook.uiKeys, "\(name) lacks \(Phrasebook.uiKeys.subtracting(own).sorted())")
            if name != "en" {
                let english = try VoiceGuideData.readJSON(at: data.phrasebookURL("en"))
                let same = (json["ui"]?.objectMembers ?? []).filter { m in
                    // "text" is also the Swedish, Czech, Slovak, Romanian and Catalan word for the text mode, and
                    // "limit" the Czech, Slovak and Polish word for a speed limit on a screen.
                    m.key.hasPrefix("kind.") == false && !["seconds", "textMode"].contains(m.key) && english["ui"]?[m.key] == m.value
                        && !(m.key == "status.limit" && ["cs", "sk", "pl"].contains(name))
                }
                #expect(same.isEmpty, "\(name) copies English: \(same.map(\.key))")
                // The same named values as English, so nothing is left unfilled or dropped.
                for member in json["ui"]?.objectMembers ?? [] {
                    guard let mine = member.value.stringValue, let theirs = english["ui"]?[member.key]?.stringValue else { continue }
                    #expect(Self.placeholders(mine) == Self.placeholders(theirs), "\(name) ui.\(member.key): \(mine)")
                }
            }
        }
    }

    private static func placeholders(_ s: String) -> Set<String> {
        var result = Set<String>()
        var rest = Substring(s)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            result.insert(String(rest[open...close]))
            rest = rest[rest.index(after: close)...]
        }
        return result
    }

    @Test func germanDriveSpeaksGermanOnScreen() throws {
        let run = ToolRun(["drive", "city-berlin", "--locale", "de-DE", "--output", "wav:" + (try wavPath()),
                           "--mute-from", "5", "--mute-until", "40"])
        #expect(run.code == 0, "\(run.err)")
        let all = run.out + run.err
        for english in ["Drove", "announcements:", "dropped", "interrupted", "cut off", "muted", "said again", "wrote ", "depart ", "prepare "] {
            #expect(!all.contains(english), "English '\(english)' in a German drive:\n\(all)")
        }
        #expect(run.errLines.last?.hasPrefix("4,90 km in ") == true, "\(run.err)")
        #expect(all.contains("Vorankündigung"))
    }

    @Test func eventsAreJSONLinesOfEverythingThatHappens() throws {
        let events = try CLIFixtures.temporaryFile(Data(), name: "events.jsonl")
        let run = ToolRun(["drive", "city-dc", "--output", "wav:" + (try wavPath()), "--speedup", "4",
                           "--mute-from", "100", "--mute-until", "200", "--events", events])
        #expect(run.code == 0, "\(run.err)")
        let lines = try String(contentsOfFile: events, encoding: .utf8).split(separator: "\n")
        let objects = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.first?["event"] as? String == "start")
        #expect(objects.last?["event"] as? String == "end")
        #expect(objects.allSatisfy { $0["t"] is Double || $0["t"] is Int })
        let announced = objects.filter { $0["event"] as? String == "announcement" }.compactMap { $0["id"] as? Int }
        #expect(announced.count == objects.last?["triggered"] as? Int)
        // Each announcement's fate is reported.
        let outcomes = Set(["finished", "interrupted", "dropped", "muted", "failed"])
        for id in announced {
            #expect(objects.contains { outcomes.contains($0["event"] as? String ?? "") && $0["id"] as? Int == id }, "no outcome for \(id)")
        }
        let mute = try #require(objects.first { $0["event"] as? String == "mute" })
        #expect(mute["t"] as? Int == 100 && mute["source"] as? String == "window")
        #expect(objects.contains { $0["event"] as? String == "unmute" && $0["t"] as? Int == 200 })
    }

    /// `--events -`: stdout carries only the JSON lines; the human log moves to stderr.
    @Test func eventsOnStdoutMoveTheLogToStderr() throws {
        let run = ToolRun(["drive", "city-dc", "--output", "wav:" + (try wavPath()), "--events", "-"])
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n")
        #expect(lines.count > 10)
        for line in lines { #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)") }
        #expect(run.err.contains("depart    Head west"), "\(run.err)")
    }

    @Test func quietAndVerbose() throws {
        let quiet = ToolRun(["drive", "city-dc", "--output", "wav:" + (try wavPath()), "--quiet"])
        #expect(quiet.code == 0)
        #expect(quiet.out.isEmpty, "\(quiet.out)")
        #expect(quiet.errLines.count == 1 && quiet.err.hasPrefix("Drove "), "\(quiet.err)")
        let verbose = ToolRun(["drive", "city-dc", "--output", "wav:" + (try wavPath()), "--verbose"])
        let normal = ToolRun(["drive", "city-dc", "--output", "wav:" + (try wavPath())])
        #expect(verbose.out.contains("▶ depart"))
        #expect(verbose.out.count > normal.out.count)
        #expect(ToolRun(["drive", "--quiet", "--verbose"]).code == 64)
    }

    @Test func driveVoiceRateAndPitchChangeTheSpeech() throws {
        let base = try wavPath(), slow = try wavPath(), other = try wavPath()
        #expect(ToolRun(["drive", "city-dc", "--output", "wav:" + base, "--quiet"]).code == 0)
        #expect(ToolRun(["drive", "city-dc", "--output", "wav:" + slow, "--quiet", "--rate", "100", "--pitch", "20"]).code == 0)
        #expect(ToolRun(["drive", "city-dc", "--output", "wav:" + other, "--quiet", "--voice", "en-gb"]).code == 0)
        let a = try Data(contentsOf: URL(fileURLWithPath: base)), b = try Data(contentsOf: URL(fileURLWithPath: slow)),
            c = try Data(contentsOf: URL(fileURLWithPath: other))
        #expect(a != b && a != c && b != c)
        // Checked before the drive starts, in every output mode.
        let bad = ToolRun(["drive", "city-dc", "--voice", "zz", "--output", "text"])
        #expect(bad.code == 64)
        #expect(bad.err.contains("unknown voice 'zz'"), "\(bad.err)")
        #expect(bad.out.isEmpty)
    }

    private func wavPath() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("drive.wav").path
    }
}

/// README claims about the test harness stay true.
@Suite struct ReadmeTruthTests {
    @Test func readmeSaysWhichHarnessRuns() throws {
        let readme = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(!readme.contains("(Swift Testing and XCTest)"))
        #expect(readme.contains("Executed 0 tests"))
        let tests = FileManager.default.enumerator(atPath: CLIFixtures.repository.appendingPathComponent("Tests").path)
        while let file = tests?.nextObject() as? String {
            guard file.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("Tests/\(file)"), encoding: .utf8)
            #expect(!text.contains("import " + "XCTest"), "\(file) uses XCTest; update the README")
        }
        let script = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        #expect(script.contains("--disable-xctest"))
    }
}
