import Foundation
import RouteModel

/// One problem found by lint, naming the file and key.
public struct LintProblem: Sendable, Hashable, CustomStringConvertible {
    /// The file.
    public var file: String
    /// The key or JSON path ("" for the whole file).
    public var key: String
    /// What is wrong.
    public var message: String

    /// Creates a problem.
    public init(file: String, key: String, message: String) {
        self.file = file
        self.key = key
        self.message = message
    }

    /// `file: key: message`.
    public var description: String { key.isEmpty ? "\(file): \(message)" : "\(file): \(key): \(message)" }
}

/// Checks phrasebook and locale files (Phrasebooks/FORMAT.md, Locales/FORMAT.md) and lists every problem.
public struct Linter: Sendable {
    /// The data directory the files belong to.
    public let data: VoiceGuideData
    /// espeak-ng-data directory used to check voices (nil: not found).
    public let voiceData: URL?

    /// Creates a linter; `voiceData` defaults to the installed espeak-ng-data.
    public init(data: VoiceGuideData, voiceData: URL? = Linter.findVoiceData()) {
        self.data = data
        self.voiceData = voiceData
    }

    /// The espeak-ng-data directory: `ESPEAK_DATA_PATH`, then the usual install locations.
    public static func findVoiceData(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL? {
        var candidates: [String] = []
        if let env = environment["ESPEAK_DATA_PATH"] { candidates += [env, env + "/espeak-ng-data"] }
        candidates += ["/usr/lib/x86_64-linux-gnu/espeak-ng-data", "/usr/lib/aarch64-linux-gnu/espeak-ng-data",
                       "/usr/share/espeak-ng-data", "/usr/local/share/espeak-ng-data", "/usr/lib/espeak-ng-data"]
        return candidates.map { URL(fileURLWithPath: $0) }.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("lang").path) }
    }

    /// True when eSpeak NG knows `voice`: a voice file of that name under `voices/` or `lang/`, or a voice whose first `language` line names it.
    public static func voiceExists(_ voice: String, in directory: URL) -> Bool {
        let wanted = voice.lowercased()
        for sub in ["lang", "voices"] {
            guard let e = FileManager.default.enumerator(atPath: directory.appendingPathComponent(sub).path) else { continue }
            while let path = e.nextObject() as? String {
                let file = directory.appendingPathComponent(sub).appendingPathComponent(path)
                if (path as NSString).lastPathComponent.lowercased() == wanted { return true }
                guard sub == "lang", let text = try? String(contentsOf: file, encoding: .utf8) else { continue }
                // eSpeak resolves a name through the voice's primary (first) language line, not the later aliases
                // (measured: "fr-fr" works, "zh" listed third in cmn does not).
                if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("language ") }),
                   line.split(separator: " ").dropFirst().first.map({ $0.lowercased() == wanted }) == true { return true }
            }
        }
        return false
    }

    /// Lints `paths` (phrasebook or locale files); with none, every file in the data directory.
    public func lint(paths: [String] = []) -> [LintProblem] {
        let files = paths.isEmpty
            ? data.availablePhrasebooks().map { data.phrasebookURL($0).path } + data.availableLocales().map { data.localeURL($0).path }
            : paths
        return files.flatMap { path -> [LintProblem] in
            let url = URL(fileURLWithPath: path)
            if url.deletingLastPathComponent().lastPathComponent == "Locales" { return lintLocale(url) }
            return lintPhrasebook(url)
        }
    }

    private func problem(_ error: PhrasingError, file: String) -> LintProblem {
        switch error {
        case .syntax(_, let e): return LintProblem(file: file, key: e.keyPath, message: "\(e.line):\(e.column): JSON syntax error: \(e.reason)")
        case .invalidData(_, let key, let message): return LintProblem(file: file, key: key, message: message)
        case .template(_, let key, let message): return LintProblem(file: file, key: "templates.\(key)", message: message)
        default: return LintProblem(file: file, key: "", message: error.description)
        }
    }

    /// Lints one locale file.
    public func lintLocale(_ url: URL) -> [LintProblem] {
        let file = url.path
        let profile: LocaleProfile
        do { profile = try LocaleProfile.parse(try VoiceGuideData.readJSON(at: url), file: file) } catch { return [problem(error, file: file)] }
        var problems: [LintProblem] = []
        let stem = url.deletingPathExtension().lastPathComponent
        if profile.tag != stem { problems.append(LintProblem(file: file, key: "tag", message: "'\(profile.tag)' does not match the file name '\(stem)'")) }
        for name in [profile.phrasebook] + profile.fallbacks where !FileManager.default.fileExists(atPath: data.phrasebookURL(name).path) {
            problems.append(LintProblem(file: file, key: name == profile.phrasebook ? "phrasebook" : "fallbacks", message: "no phrasebook '\(name)'"))
        }
        if profile.rounding[profile.units] == nil {
            problems.append(LintProblem(file: file, key: "rounding.\(profile.units.rawValue)", message: "missing bands for the default units system"))
        }
        if let voiceData {
            if !Self.voiceExists(profile.voice, in: voiceData) {
                problems.append(LintProblem(file: file, key: "voice", message: "eSpeak NG has no voice '\(profile.voice)' in \(voiceData.path)"))
            }
        } else {
            problems.append(LintProblem(file: file, key: "voice", message: "espeak-ng-data not found; cannot check voice '\(profile.voice)'"))
        }
        if let piper = profile.piperVoice, LocaleProfile.piperVoiceLanguage(piper) != profile.language.lowercased() {
            problems.append(LintProblem(file: file, key: "piperVoice", message: "'\(piper)' speaks '\(LocaleProfile.piperVoiceLanguage(piper))', not the locale's language '\(profile.language)'"))
        }
        return problems
    }

    /// Lints one phrasebook file, rendering it in every locale that uses it.
    public func lintPhrasebook(_ url: URL) -> [LintProblem] {
        let file = url.path
        let json: JSONValue
        do { json = try VoiceGuideData.readJSON(at: url) } catch { return [problem(error, file: file)] }
        var problems: [LintProblem] = []
        let known: Set<String> = ["format", "language", "base", "templates", "words", "grammar", "speech", "examples", "ui"]
        for member in json.objectMembers ?? [] where !known.contains(member.key) {
            problems.append(LintProblem(file: file, key: member.key, message: "unknown member"))
        }
        if json["format"]?.numberValue != 1 { problems.append(LintProblem(file: file, key: "format", message: "must be 1")) }
        let name = url.deletingPathExtension().lastPathComponent
        let isRegional = json["base"]?.stringValue != nil
        // The book as its locales see it: own chain (base under regional), compiled without fallbacks.
        let own: JSONValue
        if url.deletingLastPathComponent().standardizedFileURL == data.directory.appendingPathComponent("Phrasebooks").standardizedFileURL {
            do { own = try data.ownChain(name).json } catch { return problems + [problem(error, file: file)] }
        } else if let base = json["base"]?.stringValue {
            do { own = try data.ownChain(base).json.merged(with: json) } catch { return problems + [problem(error, file: file)] }
        } else {
            own = json
        }
        let compiled = Phrasebook.compile(own, name: name, file: file)
        problems += compiled.problems.map { problem($0, file: file) }
        if !isRegional, name != "en", let english = try? data.ownChain("en").json {
            for key in VoiceGuideData.missingTemplateKeys(own, reference: english) {
                problems.append(LintProblem(file: file, key: "templates.\(key)", message: "missing (required: present in en.json)"))
            }
        }
        problems += wordProblems(json["words"], key: "words", file: file)
        if (json["examples"]?.arrayValue ?? []).isEmpty && !isRegional {
            problems.append(LintProblem(file: file, key: "examples", message: "needs at least one example"))
        }
        // Render in every locale using this book (or the first one for the examples' default).
        let locales = data.availableLocales().compactMap { tag -> LocaleProfile? in
            guard let p = try? LocaleProfile.parse(VoiceGuideData.readJSON(at: data.localeURL(tag)), file: tag), p.phrasebook == name else { return nil }
            return p
        }
        for profile in locales {
            problems += pluralProblems(own, rules: profile.pluralRules, file: file, tag: profile.tag)
            let builder = PhraseBuilder(locale: profile, book: compiled, reader: data.nameReaders?(profile.language))
            for entry in PhraseCatalog.entries(builder: builder, keys: Array(compiled.keys), examples: json["examples"]?.arrayValue ?? [], file: file) {
                if let p = SSML.wellFormednessProblem(entry.phrase.ssml) {
                    problems.append(LintProblem(file: file, key: entry.key, message: "[\(profile.tag)] SSML not well-formed (\(p)): \(entry.phrase.ssml)"))
                }
                if entry.phrase.display.trimmingCharacters(in: .whitespaces).isEmpty {
                    problems.append(LintProblem(file: file, key: entry.key, message: "[\(profile.tag)] renders empty"))
                }
                // A slot left unfilled would be said as written ("In {road|cap}, turn left").
                if let text = [entry.phrase.display, entry.phrase.spoken].first(where: { $0.contains("{") || $0.contains("}") }) {
                    problems.append(LintProblem(file: file, key: entry.key, message: "[\(profile.tag)] renders with a brace left in it: \"\(text)\""))
                }
            }
        }
        for (index, raw) in (json["examples"]?.arrayValue ?? []).enumerated() {
            let example: PhraseExample
            do { example = try PhraseExample.parse(raw, file: file, index: index) } catch { problems.append(problem(error, file: file)); continue }
            guard let profile = locales.first(where: { $0.tag == example.locale }) ?? (example.locale == nil ? locales.first : nil) else {
                problems.append(LintProblem(file: file, key: "examples[\(index)].locale", message: "no locale '\(example.locale ?? "")' uses this phrasebook"))
                continue
            }
            let phrase = PhraseBuilder(locale: profile, book: compiled, reader: data.nameReaders?(profile.language)).phrase(example.announcement)
            if let d = example.expectDisplay, d != phrase.display {
                problems.append(LintProblem(file: file, key: "examples[\(index)].expect.display", message: "renders \"\(phrase.display)\""))
            }
            if let s = example.expectSpoken, s != phrase.spoken {
                problems.append(LintProblem(file: file, key: "examples[\(index)].expect.spoken", message: "renders \"\(phrase.spoken)\""))
            }
        }
        return problems
    }

    /// Words are text, not templates: a brace in one (other than the number `{n}` of unit words and ordinals) is
    /// a slot that nothing fills, and would be said as written.
    func wordProblems(_ value: JSONValue?, key: String, file: String) -> [LintProblem] {
        switch value {
        case .string(let text)?:
            let rest = text.replacingOccurrences(of: "{n}", with: "")
            guard rest.contains("{") || rest.contains("}") else { return [] }
            return [LintProblem(file: file, key: key, message: "a word is not a template: \"\(text)\" would be said as written (only {n} is filled in words)")]
        case .array(let items)?:
            return items.enumerated().flatMap { wordProblems($0.element, key: "\(key)[\($0.offset)]", file: file) }
        case .object(let members)?:
            return members.flatMap { wordProblems($0.value, key: key + "." + $0.key, file: file) }
        default:
            return []
        }
    }

    /// Plural forms missing for the categories of `rules` (unit words and plural templates).
    func pluralProblems(_ json: JSONValue, rules: PluralRules, file: String, tag: String) -> [LintProblem] {
        var problems: [LintProblem] = []
        func check(_ value: JSONValue?, _ key: String) {
            guard let members = value?.objectMembers else { return }
            let have = Set(members.map(\.key))
            for c in rules.categories where !have.contains(c.rawValue) {
                problems.append(LintProblem(file: file, key: key, message: "[\(tag)] missing plural form '\(c.rawValue)' (rule set \(rules.rawValue))"))
            }
        }
        for unit in DistanceUnit.allCases {
            let u = json["words"]?["units"]?[unit.rawValue]
            check(u?["spoken"], "words.units.\(unit.rawValue).spoken")
            for member in u?["cases"]?.objectMembers ?? [] { check(member.value, "words.units.\(unit.rawValue).cases.\(member.key)") }
        }
        for member in json["templates"]?.objectMembers ?? [] where member.value.stringValue == nil && member.value["display"] == nil {
            check(member.value, "templates.\(member.key)")
        }
        return problems
    }
}
