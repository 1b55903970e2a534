import Foundation
import SafeIO
import RouteModel

/// A loaded locale: its profile, compiled phrasebook and load warnings.
public struct LoadedLocale: Sendable {
    /// The profile.
    public let profile: LocaleProfile
    /// The compiled phrasebook (own chain over fallbacks over English).
    public let phrasebook: Phrasebook
    /// Warnings, e.g. one line listing keys taken from English.
    public let warnings: [String]
    /// The reader for names its voice cannot read as written (ja), from `VoiceGuideData.nameReaders`.
    public var reader: (any NameReader)? = nil

    /// A phrase builder for this locale.
    public func builder(units: UnitsSystem? = nil) -> PhraseBuilder {
        PhraseBuilder(locale: profile, book: phrasebook, units: units, reader: reader)
    }
}

/// Reads VoiceGuide's data directory (`Locales/` + `Phrasebooks/`), given by the caller (the CLI finds it from
/// its install layout: `VoiceGuideData.discover` in `VoiceGuideCLI`).
public struct VoiceGuideData: Sendable {
    /// The data directory.
    public let directory: URL
    /// Gives loaded locales their name reader by language (set by the composition root; nil: no readers).
    public var nameReaders: NameReaderProvider?

    /// Uses `directory` as is.
    public init(directory: URL, nameReaders: NameReaderProvider? = nil) {
        self.directory = directory
        self.nameReaders = nameReaders
    }

    /// True when `url` has both `Locales/` and `Phrasebooks/`.
    public static func isDataDirectory(_ url: URL) -> Bool {
        var isDir: ObjCBool = false
        let fm = FileManager.default
        return fm.fileExists(atPath: url.appendingPathComponent("Locales").path, isDirectory: &isDir) && isDir.boolValue
            && fm.fileExists(atPath: url.appendingPathComponent("Phrasebooks").path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Locale tags that have a file, sorted.
    public func availableLocales() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Locales").path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Phrasebook names that have a file, sorted.
    public func availablePhrasebooks() -> [String] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("Phrasebooks").path)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// Reads and parses a JSON file strictly: duplicate member names are errors, and errors name the key being read.
    public static func readJSON(at url: URL) throws(PhrasingError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw .missingFile(path: url.path) }
        let json: JSONValue
        do { json = try parser.parse(data) } catch { throw .syntax(file: url.path, error: error) }
        // Data text reaches terminals, logs and SSML: a control character (NUL, ESC, BEL, a C1 CSI) written as a
        // JSON escape is refused here, naming the key and the character, as route text is.
        if let (path, scalar) = firstControlCharacter(json, path: "") {
            throw .invalidData(file: url.path, key: path, message: "control character U+\(String(format: "%04X", scalar.value)) is not allowed")
        }
        return json
    }

    /// The key path and scalar of the first control character in a key or string of `value`, if any.
    private static func firstControlCharacter(_ value: JSONValue, path: String) -> (String, Unicode.Scalar)? {
        switch value {
        case .string(let text):
            guard ControlCharacters.contains(text), let bad = text.unicodeScalars.first(where: ControlCharacters.isControl) else { return nil }
            return (path, bad)
        case .array(let items):
            for (index, item) in items.enumerated() {
                if let found = firstControlCharacter(item, path: "\(path)[\(index)]") { return found }
            }
            return nil
        case .object(let members):
            for member in members {
                let child = path.isEmpty ? member.key : path + "." + member.key
                if let bad = member.key.unicodeScalars.first(where: ControlCharacters.isControl) { return (child, bad) }
                if let found = firstControlCharacter(member.value, path: child) { return found }
            }
            return nil
        default:
            return nil
        }
    }

    private static let parser = JSONParser(rejectsDuplicateKeys: true, recordsKeyPath: true)

    /// The path of a phrasebook file.
    public func phrasebookURL(_ name: String) -> URL { directory.appendingPathComponent("Phrasebooks/\(name).json") }
    /// The path of a locale file.
    public func localeURL(_ tag: String) -> URL { directory.appendingPathComponent("Locales/\(tag).json") }

    /// A phrasebook's own chain merged (base first, regional on top), with the names in the chain. `referrer` is the
    /// file and key that named `name` (a locale's `phrasebook` or `fallbacks`), for the error when it is missing.
    /// Every name in the chain must be an identifier (`PhrasebookName`), and a missing book is the same error whether
    /// a locale or a `base` names it.
    public func ownChain(_ name: String, referrer: (file: String, key: String)? = nil) throws(PhrasingError) -> (json: JSONValue, names: [String]) {
        var names: [String] = []
        var layers: [JSONValue] = []
        var next: String? = name
        var from = referrer
        while let current = next {
            guard PhrasebookName.isValid(current) else {
                throw .invalidData(file: from?.file ?? phrasebookURL(names.last ?? name).path, key: from?.key ?? "base",
                                   message: "'\(current)' " + PhrasebookName.rule)
            }
            guard !names.contains(current) else {
                throw .invalidData(file: phrasebookURL(current).path, key: "base", message: "base chain loops back to '\(current)'")
            }
            let url = phrasebookURL(current)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw .invalidData(file: from?.file ?? url.path, key: from?.key ?? "phrasebook",
                                   message: "no phrasebook '\(current)' (\(url.path) not found)")
            }
            let json = try Self.readJSON(at: url)
            names.append(current)
            layers.append(json)
            if let base = json["base"], base != .null {
                guard let text = base.stringValue else {
                    throw .invalidData(file: url.path, key: "base", message: "must be a phrasebook name or null")
                }
                next = text
            } else {
                next = nil
            }
            from = (url.path, "base")
        }
        var merged = JSONValue.object([])
        for layer in layers.reversed() { merged = merged.merged(with: layer) }
        // Examples and speech rules come only from the own chain; the top book's examples are the ones checked.
        if case .object(var members) = merged, let i = members.firstIndex(where: { $0.key == "examples" }) {
            members[i].value = layers[0]["examples"] ?? .array([])
            merged = .object(members)
        }
        return (merged, names)
    }

    /// Loads a locale: profile, phrasebook chain, fallbacks and English under it.
    public func loadLocale(tag: String) throws(PhrasingError) -> LoadedLocale {
        let available = availableLocales()
        guard let actual = Self.resolveLocaleTag(tag, in: available) else {
            let near = Self.closest(tag, in: available)
            throw .unknownLocale(tag: tag, available: available, suggestion: near)
        }
        let url = localeURL(actual)
        let profile = try LocaleProfile.parse(try Self.readJSON(at: url), file: url.path)
        var warnings: [String] = []
        let (own, names) = try ownChain(profile.phrasebook, referrer: (url.path, "phrasebook"))
        var fallbackNames = profile.fallbacks.filter { !names.contains($0) }
        if !names.contains("en") && !fallbackNames.contains("en") { fallbackNames.append("en") }
        if let i = fallbackNames.firstIndex(of: "en"), i != fallbackNames.count - 1 { fallbackNames.remove(at: i); fallbackNames.append("en") }
        var under = JSONValue.object([])
        var english: JSONValue?
        for name in fallbackNames.reversed() {
            let chain = try ownChain(name, referrer: (url.path, "fallbacks")).json
            if name == "en" { english = chain }
            under = under.merged(with: Self.fallbackPart(chain))
        }
        let merged = under.merged(with: own)
        let book = Phrasebook.compile(merged, name: profile.phrasebook, file: phrasebookURL(profile.phrasebook).path,
                                      fallback: english ?? own)
        let reference = english ?? own
        let missing = Self.missingTemplateKeys(own, reference: reference)
        if !missing.isEmpty {
            warnings.append("\(phrasebookURL(names.last ?? profile.phrasebook).path): \(missing.count) template key(s) missing, using \(fallbackNames.joined(separator: "/")): \(missing.joined(separator: ", "))")
        }
        warnings += book.problems.map(\.description)
        return LoadedLocale(profile: profile, phrasebook: book, warnings: warnings, reader: nameReaders?(profile.language))
    }

    /// The members of a fallback book that may fill gaps: templates, words, grammar.
    static func fallbackPart(_ json: JSONValue) -> JSONValue {
        .object(["templates", "words", "grammar", "ui"].compactMap { key in json[key].map { JSONMember(key: key, value: $0) } })
    }

    /// Template keys of `reference` missing from `book`, sorted.
    public static func missingTemplateKeys(_ book: JSONValue, reference: JSONValue) -> [String] {
        let have = Set((book["templates"]?.objectMembers ?? []).map(\.key))
        return (reference["templates"]?.objectMembers ?? []).map(\.key).filter { !have.contains($0) }.sorted()
    }

    /// The locale used when none is asked for and the environment names none that we have (`DefaultLocale.tag`).
    public static let defaultLocaleTag = DefaultLocale.tag

    /// The tag among `available` for `requested`: the tag itself in any case (`de-de`), with an underscore and
    /// an encoding as POSIX locales write it (`de_DE.UTF-8`, `sr_RS@latin`), or a bare language (`de` → the first
    /// `de-…` locale, as OSRM clients send `language=de`). Nil when none matches.
    public static func resolveLocaleTag(_ requested: String, in available: [String]) -> String? {
        let bare = requested.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? requested
        let wanted = bare.replacingOccurrences(of: "_", with: "-").lowercased()
        guard !wanted.isEmpty else { return nil }
        if let exact = available.first(where: { $0.lowercased() == wanted }) { return exact }
        guard !wanted.contains("-") else { return nil }
        return available.first { $0.lowercased().hasPrefix(wanted + "-") }
    }

    /// The locale the environment asks for, as POSIX tools read it: the first of `LC_ALL`, `LC_MESSAGES` and
    /// `LANG` that is set and not empty; nil for `C`/`POSIX`, or when we have no locale for it. A region we lack
    /// falls back to the language's first locale (`de_AT.UTF-8` → `de-DE`).
    public static func environmentLocaleTag(_ environment: [String: String], in available: [String]) -> String? {
        guard let value = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else { return nil }
        let bare = value.split(whereSeparator: { $0 == "." || $0 == "@" }).first.map(String.init) ?? value
        guard bare != "C", bare != "POSIX" else { return nil }
        if let exact = resolveLocaleTag(bare, in: available) { return exact }
        return resolveLocaleTag(String(bare.prefix { $0 != "_" && $0 != "-" }), in: available)
    }

    /// The closest candidate to `word` (case-insensitive edit distance), when close enough to be a typo.
    public static func closest(_ word: String, in candidates: [String]) -> String? {
        let w = word.lowercased().replacingOccurrences(of: "_", with: "-")
        if let prefixMatch = candidates.first(where: { $0.lowercased().hasPrefix(String(w.prefix(2))) && w.count <= 3 }) { return prefixMatch }
        let scored = candidates.map { ($0, editDistance(w, $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= Swift.max(2, w.count / 2) else { return nil }
        return best.0
    }

    /// Levenshtein distance between two strings, by characters (also used for the CLI's "did you mean").
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = previous
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
