import Foundation
import Guidance
@testable import Phrasing
import Testing
import VoiceGuideCLI

/// Lint, loading, fallbacks and SSML over the real data and broken fixtures.
@Suite struct LintAndLoadingTests {
    /// A temporary data directory with the real locales and English, plus `books` written as given.
    static func fixture(_ books: [String: String], locales: [String: String] = [:]) throws -> VoiceGuideData {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vg-lint-\(UUID().uuidString)")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("Phrasebooks"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("Locales"), withIntermediateDirectories: true)
        for name in ["en", "en-GB"] {
            try fm.copyItem(at: TestData.data.phrasebookURL(name), to: dir.appendingPathComponent("Phrasebooks/\(name).json"))
        }
        for tag in ["en-US", "en-GB", "de-DE"] {
            try fm.copyItem(at: TestData.data.localeURL(tag), to: dir.appendingPathComponent("Locales/\(tag).json"))
        }
        for (name, text) in books { try text.write(to: dir.appendingPathComponent("Phrasebooks/\(name).json"), atomically: true, encoding: .utf8) }
        for (tag, text) in locales { try text.write(to: dir.appendingPathComponent("Locales/\(tag).json"), atomically: true, encoding: .utf8) }
        return VoiceGuideData(directory: dir)
    }

    static let minimalGerman = """
    {"format": 1, "language": "de", "base": null,
     "templates": {"announce.now": "{instruction|cap}.", "turn": "biegen Sie ab{nonsense}", "turn.left": "biegen Sie links[ {road|onto}] ab"},
     "words": {"units": {"meter": {"display": "{n} m", "spoken": {"other": "{n} Meter"}}}},
     "grammar": {"forms": {}}, "speech": {},
     "examples": [{"locale": "de-DE", "kind": "now", "type": "turn", "modifier": "left", "name": "X", "expect": {"display": "Falsch."}}]}
    """

    @Test func lintFindsEveryKindOfProblem() throws {
        let data = try Self.fixture(["de": Self.minimalGerman],
                                    locales: ["xx-XX": #"{"format":1,"tag":"xx-XX","name":"X","language":"xx","phrasebook":"de","fallbacks":["en"],"units":"metric","rounding":{"metric":[{"unit":"meter","step":10}]},"decimalSeparator":",","pluralRules":"de","voice":"zh","speakingRate":{"per":"word","perSecond":2}}"#])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path, data.localeURL("xx-XX").path])
        let text = problems.map(\.description)
        #expect(text.contains { $0.contains("templates.turn") && $0.contains("unknown slot '{nonsense}'") })
        #expect(text.contains { $0.contains("templates.turn.left") && $0.contains("unknown filter or grammar form 'onto'") })
        #expect(text.contains { $0.contains("templates.announce.prepare") && $0.contains("missing (required") })
        #expect(text.contains { $0.contains("words.units.meter.spoken") && $0.contains("missing plural form 'one'") })
        #expect(text.contains { $0.contains("examples[0].expect.display") && $0.contains("renders") })
        #expect(text.contains { $0.contains("xx-XX.json: voice") && $0.contains("no voice 'zh'") })
        #expect(text.contains { $0.contains("words.directions.n") && $0.contains("missing") })
    }

    @Test func lintChecksTheStatusLineWords() throws {
        let book = Self.minimalGerman.replacingOccurrences(of: #""speech": {},"#, with: #""speech": {}, "ui": {"muted": "STUMM", "volume": "laut", "on": 3},"#)
        let data = try Self.fixture(["de": book])
        let text = Linter(data: data).lint(paths: [data.phrasebookURL("de").path]).map(\.description)
        #expect(text.contains { $0.contains("ui.volume") && $0.contains("unknown status-line word") })
        #expect(text.contains { $0.contains("ui.on") && $0.contains("must be a string") })
        #expect(!text.contains { $0.contains("ui.muted") })
        #expect(try data.loadLocale(tag: "de-DE").phrasebook.ui["muted"] == "STUMM")
        #expect(try data.loadLocale(tag: "de-DE").phrasebook.ui["eta"] == "ETA {}")  // from English
    }

    @Test func lintReportsSyntaxErrorsWithLineColumnAndKey() throws {
        let data = try Self.fixture(["de": "{\n  \"format\": 1,\n  \"templates\": {\n    \"turn\": \"x\" \"y\"\n  }\n}\n"])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path])
        #expect(problems.count == 1)
        #expect(problems.first?.description.hasSuffix("templates.turn: 4:17: JSON syntax error: expected ',' or '}' in an object, found '\"'") == true)
    }

    @Test func lintOfTheShippedDataHasNoProblemsInEnglishAndGerman() throws {
        let linter = Linter(data: TestData.data)
        let files = ["en", "en-GB", "de"].map { TestData.data.phrasebookURL($0).path } + ["en-US", "en-GB", "de-DE"].map { TestData.data.localeURL($0).path }
        #expect(linter.lint(paths: files).map(\.description) == [])
    }

    @Test func syntaxErrorOnLoadNamesFileLineAndKey() throws {
        let data = try Self.fixture(["en-GB": "{\"format\": 1, \"base\": \"en\", \"templates\": {\"turn\": tru}}"])
        #expect(throws: PhrasingError.self) { try data.loadLocale(tag: "en-GB") }
        do { _ = try data.loadLocale(tag: "en-GB") } catch {
            #expect(error.description.contains("en-GB.json:1:51: JSON syntax error: invalid literal (expected 'true') (key 'templates.turn')"))
        }
    }

    @Test func duplicateKeysInAPhrasebookAreSyntaxErrors() throws {
        let data = try Self.fixture(["de": "{\"format\": 1,\n \"templates\": {\"turn\": \"a\",\n  \"turn\": \"b\"}}"])
        let problems = Linter(data: data).lint(paths: [data.phrasebookURL("de").path]).map(\.description)
        #expect(problems == [data.phrasebookURL("de").path + ": templates.turn: 3:3: JSON syntax error: duplicate member name \"turn\""])
    }

    @Test func unknownLocaleSuggestsTheClosest() {
        do {
            _ = try TestData.data.loadLocale(tag: "en_UK")
            Issue.record("expected an error")
        } catch {
            guard case .unknownLocale(_, let available, let suggestion) = error else { Issue.record("wrong error \(error)"); return }
            #expect(suggestion == "en-GB" || suggestion == "en-US")
            #expect(available.contains("de-DE"))
        }
    }

    @Test func regionalFallsBackToBaseAndBaseToEnglishWithOneWarning() throws {
        let data = try Self.fixture(["de": Self.minimalGerman.replacingOccurrences(of: "{nonsense}", with: "")])
        let loaded = try data.loadLocale(tag: "de-DE")
        #expect(loaded.warnings.filter { $0.contains("template key(s) missing") }.count == 1)
        let b = loaded.builder()
        let now = b.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .right, name: "Ring")))
        // turn.right is missing in German, so English supplies it (documented fallback), inside the German frame.
        #expect(now.display == "Turn right onto Ring.")
        let prepare = b.phrase(Announcement(kind: .prepare, maneuver: TestData.maneuver(.fork, .left, name: "Ring"), spokenDistanceMeters: 400))
        #expect(prepare.display == "In 400 m, keep left at the fork onto Ring.")
        let gb = try TestData.data.loadLocale(tag: "en-GB")
        #expect(gb.warnings == [])
        #expect(gb.builder().phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "Mill Ln"))).spoken == "Turn left onto Mill Lane.")
    }

    @Test func discoveryPrefersExplicitThenEnvironment() throws {
        let explicit = try VoiceGuideData.discover(explicit: TestData.directory.path, environment: [:], executablePath: nil, currentDirectory: "/")
        #expect(explicit.directory.path == TestData.directory.path)
        let env = try VoiceGuideData.discover(environment: ["VOICEGUIDE_DATA": TestData.directory.path], executablePath: nil, currentDirectory: "/")
        #expect(env.directory.path == TestData.directory.path)
        let walked = try VoiceGuideData.discover(environment: [:], executablePath: TestData.directory.path + "/.build/release/voiceguide", currentDirectory: "/")
        #expect(walked.directory.standardizedFileURL.path == TestData.directory.standardizedFileURL.path)
        #expect(throws: PhrasingError.self) { try VoiceGuideData.discover(explicit: "/nonexistent", environment: [:]) }
    }

    @Test func discoveryFindsAnInstalledPrefix() throws {
        // scripts/install.sh lays out PREFIX/bin/voiceguide and PREFIX/share/voiceguide/{Locales,Phrasebooks}.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let share = prefix.appendingPathComponent("share/voiceguide")
        for folder in ["Locales", "Phrasebooks", "bin"] {
            let parent = folder == "bin" ? prefix : share
            try FileManager.default.createDirectory(at: parent.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let found = try VoiceGuideData.discover(environment: [:], executablePath: prefix.appendingPathComponent("bin/voiceguide").path,
                                                currentDirectory: "/")
        #expect(found.directory.standardizedFileURL.path == share.standardizedFileURL.path)
    }

    /// Every phrase of every phrasebook in every locale that uses it renders non-empty, well-formed SSML.
    @Test(arguments: TestData.data.availableLocales())
    func everyPhraseHasWellFormedSSML(tag: String) throws {
        let loaded = try TestData.data.loadLocale(tag: tag)
        for units in UnitsSystem.allCases {
            let entries = PhraseCatalog.entries(builder: loaded.builder(units: units), keys: Array(loaded.phrasebook.keys),
                                                examples: loaded.phrasebook.examples, file: tag)
            #expect(entries.count >= loaded.phrasebook.keys.count)
            for e in entries {
                #expect(SSML.wellFormednessProblem(e.phrase.ssml) == nil, "\(tag) \(e.key): \(e.phrase.ssml)")
                #expect(!e.phrase.display.isEmpty && !e.phrase.spoken.isEmpty, "\(tag) \(e.key)")
                #expect(e.phrase.ssml.hasPrefix("<speak xml:lang=\"\(loaded.profile.tag)\">"))
            }
        }
    }

    @Test func ssmlCheckerRejectsMalformedMarkup() {
        #expect(SSML.wellFormednessProblem("<speak>a &amp; b</speak>") == nil)
        #expect(SSML.wellFormednessProblem("<speak>a & b</speak>") != nil)
        #expect(SSML.wellFormednessProblem("<speak><break time=\"1s\"/>x</speak>") == nil)
        #expect(SSML.wellFormednessProblem("<speak><b>x</speak>") != nil)
        #expect(SSML.wellFormednessProblem("<speak>x</speak><speak/>") != nil)
        #expect(SSML.wellFormednessProblem("<speak a=b>x</speak>") != nil)
    }

    @Test func durationEstimateUsesTheLocaleRate() throws {
        let b = try TestData.builder("en-US")
        let estimator = PhraseDurationEstimator(builder: b)
        let a = Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "Main St"))
        // "Turn left onto Main Street." = 5 words at 2.9 words/s.
        #expect(abs(estimator.duration(of: a) - 5 / 2.9) < 1e-9)
    }
}
