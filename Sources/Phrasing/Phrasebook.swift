import Guidance
import RouteModel

/// A compiled phrasebook: templates parsed into nodes, the fallback chain resolved, words and grammar ready.
/// Built once per locale at load; rendering does no parsing.
public struct Phrasebook: Sendable {
    /// The file stem the book was loaded from ("de", "en-GB").
    public let name: String
    /// Language written in the book.
    public let language: String
    /// The template keys present after merging (own chain and fallbacks).
    public let keys: Set<String>
    /// The book's own examples (Phrasebooks/FORMAT.md §8).
    public let examples: [JSONValue]
    /// Problems found while compiling (bad templates are replaced by the fallback's).
    public let problems: [PhrasingError]

    let instructions: InstructionTable
    /// Frames indexed by `KindKey.rawValue`.
    let frames: [TemplateEntry?]
    /// The alert templates (`alert.speedLimit`, `alert.overspeed`, `alert.camera`) by kind.
    let alerts: [AnnouncementKind: TemplateEntry]
    let thenClause: TemplateEntry?
    let thenDistanceClause: TemplateEntry?
    /// `clause.junction`: wraps the instruction of a maneuver at a named junction ("at {junction}, {instruction}").
    let junctionClause: TemplateEntry?
    /// `clause.rotary`: wraps the instruction of a named rotary entered without an exit number ("at {rotary}, {instruction}").
    let rotaryClause: TemplateEntry?
    /// What joins the further "then" clauses of a run (`Announcement.thenMore`): the text before `{then}` in the
    /// book's `announce.now` frame (", " in "{instruction|cap}[, {then}].", "。" in ja), ", " when there is none.
    let thenJoiner: String
    let roadName: TemplateEntry?
    let roadRef: TemplateEntry?
    let roadNameRef: TemplateEntry?
    /// `road.nameHoldsRef`: the road of a step whose name holds its ref's number ("201 Expressway", ref "UT 201");
    /// nil: `road.nameRef`.
    let roadNameHoldsRef: TemplateEntry?
    let lanes: [LaneHint.Position: TemplateEntry]
    let words: Words
    let speech: SpeechRules
    /// The grammar forms, sorted by name (template filters refer to them by index).
    let forms: [GrammarForm]
    /// Modifier words ready to render, indexed by `ModifierKey.rawValue` (nil: no word).
    let modifierValues: [PreparedValue?]
    /// Compass direction words ready to render (n, ne, … nw).
    let directionValues: [PreparedValue]

    /// Names of the grammar forms in the merged book.
    public let formNames: [String]
    /// Words of the drive's live status line (`ui` section, FORMAT.md §9): key → text, `{}` marks the value.
    public let ui: [String: String]
    /// The form `words.destinationItem` names, applied to every signposted place after the first.
    var destinationItemForm: GrammarForm?

    /// The keys a `ui` section may have.
    public static let uiKeys: Set<String> = ["remaining", "eta", "on", "muted", "sound", "paused", "starting",
        "textMode", "keys", "muteOn", "muteOff", "speedup", "fastest", "slowest", "pauseOn", "pauseOff", "suspended",
        "continued", "saidAgain", "interrupted", "cutOff", "cutByMute", "silenced", "dropped", "failed", "stopQuit",
        "stopInterrupt", "stopTerminate", "stopHangup", "stopQuitSignal", "summary", "summaryFailed", "wrote",
        "noAudio", "seconds", "kind.depart", "kind.continue", "kind.early", "kind.prepare", "kind.now", "kind.arrive",
        "kind.waypoint", "kind.offRoute", "kind.reroute", "gpsOk", "gpsLost", "rerouting", "rerouteFailed", "rerouted",
        "gpsNoFix", "gpsStale", "routerBack", "positionsEnded", "nmeaRead", "summaryGarbled", "summaryFixes", "summaryTimes", "status.noFix",
        "status.stale", "status.gpsLost", "status.offRoute", "status.rerouting", "kind.speedLimit", "kind.overspeed", "kind.camera",
        "status.limit"]

    /// Compiles merged phrasebook JSON. `fallback` (usually English, already compiled JSON) supplies templates that
    /// fail to compile here; every problem is recorded in `problems`.
    public static func compile(_ json: JSONValue, name: String, file: String, fallback: JSONValue? = nil) -> Phrasebook {
        var problems: [PhrasingError] = []
        let words = Words.parse(json["words"], file: file, problems: &problems)
        var forms: [String: GrammarForm] = [:]
        for member in json["grammar"]?["forms"]?.objectMembers ?? [] {
            let (formName, value) = (member.key, member.value)
            forms[formName] = parseForm(formName, value, file: file, problems: &problems)
        }
        let speech = parseSpeech(json["speech"], file: file, problems: &problems)
        let sortedForms = forms.keys.sorted().compactMap { forms[$0] }
        var formIndex: [String: (form: GrammarForm, index: Int)] = [:]
        for (index, form) in sortedForms.enumerated() { formIndex[form.name] = (form, index) }
        let resolver = FilterResolver(ordinals: words.ordinals, forms: formIndex, unitCases: words.unitCaseNames)

        var ui: [String: String] = [:]
        for member in json["ui"]?.objectMembers ?? [] {
            guard uiKeys.contains(member.key) else {
                problems.append(.invalidData(file: file, key: "ui.\(member.key)", message: "unknown status-line word (known: \(uiKeys.sorted().joined(separator: ", ")))"))
                continue
            }
            guard let text = member.value.stringValue else {
                problems.append(.invalidData(file: file, key: "ui.\(member.key)", message: "must be a string"))
                continue
            }
            ui[member.key] = text
        }
        if let value = json["ui"], value.objectMembers == nil {
            problems.append(.invalidData(file: file, key: "ui", message: "must be an object of strings"))
        }

        var compiled: [String: TemplateEntry] = [:]
        var instructionEntries: [InstructionKey: (key: String, entry: TemplateEntry)] = [:]
        let members = json["templates"]?.objectMembers ?? []
        if json["templates"]?.objectMembers == nil { problems.append(.invalidData(file: file, key: "templates", message: "missing or not an object")) }
        var fallbackMembers: [String: JSONValue] = [:]
        for member in fallback?["templates"]?.objectMembers ?? [] { fallbackMembers[member.key] = member.value }

        for member in members {
            let (key, value) = (member.key, member.value)
            let parsedKey = InstructionKey.parse(key)
            if case .failure(let e)? = parsedKey {
                problems.append(.template(file: file, key: key, message: e.message))
                continue
            }
            var entry: TemplateEntry
            switch compileEntry(value, key: key, resolver: resolver) {
            case .success(let e): entry = e
            case .failure(let e):
                problems.append(.template(file: file, key: key, message: e.message))
                guard let fb = fallbackMembers[key], case .success(let e2) = compileEntry(fb, key: key, resolver: resolver) else { continue }
                entry = e2
            }
            compiled[key] = entry
            if case .success(let k)? = parsedKey { instructionEntries[k] = (key, entry) }
        }

        var frames = [TemplateEntry?](repeating: nil, count: KindKey.allCases.count)
        for kind in KindKey.allCases where kind != .then { frames[kind.rawValue] = compiled["announce." + kind.key] }
        if frames[KindKey.early.rawValue] == nil { frames[KindKey.early.rawValue] = frames[KindKey.prepare.rawValue] }
        var alerts: [AnnouncementKind: TemplateEntry] = [:]
        for kind in AnnouncementKind.allCases where kind.isAlert { alerts[kind] = compiled["alert." + kind.rawValue] }
        var lanes: [LaneHint.Position: TemplateEntry] = [:]
        for p in [LaneHint.Position.left, .right, .middle] { lanes[p] = compiled["lanes." + p.rawValue] }

        let itemForm = destinationItem(words, forms, file: file, problems: &problems)
        return Phrasebook(
            name: name, language: json["language"]?.stringValue ?? name, keys: Set(compiled.keys),
            examples: json["examples"]?.arrayValue ?? [], problems: problems,
            instructions: InstructionTable(entries: instructionEntries), frames: frames, alerts: alerts,
            thenClause: compiled["clause.then"], thenDistanceClause: compiled["clause.thenDistance"],
            junctionClause: compiled["clause.junction"], rotaryClause: compiled["clause.rotary"],
            thenJoiner: thenJoiner(json["templates"]?["announce.now"]),
            roadName: compiled["road.name"], roadRef: compiled["road.ref"], roadNameRef: compiled["road.nameRef"], roadNameHoldsRef: compiled["road.nameHoldsRef"],
            lanes: lanes, words: words, speech: speech, forms: sortedForms,
            modifierValues: ModifierKey.allCases.map { key in words.modifiers[key].map { PreparedValue(SlotValue($0), forms: sortedForms) } },
            directionValues: words.directions.map { PreparedValue(SlotValue($0), forms: sortedForms) },
            formNames: forms.keys.sorted(), ui: ui, destinationItemForm: itemForm)
    }

    /// The form named by `words.destinationItem`; a name that is no form is a problem.
    private static func destinationItem(_ words: Words, _ forms: [String: GrammarForm], file: String, problems: inout [PhrasingError]) -> GrammarForm? {
        guard let name = words.destinationItem else { return nil }
        if forms[name] == nil { problems.append(.invalidData(file: file, key: "words.destinationItem", message: "no grammar form '\(name)'")) }
        return forms[name]
    }

    /// See `thenJoiner`: the literal text between the group's `[` (or the previous slot) and `{then`.
    static func thenJoiner(_ frame: JSONValue?) -> String {
        guard let source = frame?.stringValue ?? frame?["display"]?.stringValue,
              let then = source.range(of: "{then") else { return ", " }
        let before = source[..<then.lowerBound]
        let start = before.lastIndex(where: { "[]{}".contains($0) }).map { before.index(after: $0) } ?? before.startIndex
        let joiner = String(before[start...])
        return joiner.isEmpty ? ", " : joiner
    }

    static func compileEntry(_ value: JSONValue, key: String, resolver: FilterResolver) -> Result<TemplateEntry, TemplateCompileError> {
        let compiler = TemplateCompiler(allowed: SlotID.allowed(forKey: key), resolver: resolver)
        func pair(_ v: JSONValue) -> Result<CompiledTemplate, TemplateCompileError> {
            if let s = v.stringValue {
                return compiler.compile(s).map { CompiledTemplate(display: $0, spoken: $0, shared: true) }
            }
            guard let d = v["display"]?.stringValue, let s = v["spoken"]?.stringValue else {
                return .failure(TemplateCompileError("a template is a string, a {display, spoken} pair or a plural object"))
            }
            return compiler.compile(d).flatMap { dn in compiler.compile(s).map { CompiledTemplate(display: dn, spoken: $0, shared: false) } }
        }
        if value.stringValue != nil || value["display"] != nil { return pair(value).map { .plain($0) } }
        guard let members = value.objectMembers, !members.isEmpty else {
            return .failure(TemplateCompileError("a template is a string, a {display, spoken} pair or a plural object"))
        }
        var plural: [PluralCategory: CompiledTemplate] = [:]
        for member in members {
            let (name, v) = (member.key, member.value)
            guard let category = PluralCategory(rawValue: name) else { return .failure(TemplateCompileError("unknown plural category '\(name)'")) }
            switch pair(v) {
            case .success(let t): plural[category] = t
            case .failure(let e): return .failure(e)
            }
        }
        guard plural[.other] != nil else { return .failure(TemplateCompileError("plural template needs 'other'")) }
        return .success(.plural(plural))
    }

    static func parseForm(_ name: String, _ json: JSONValue, file: String, problems: inout [PhrasingError]) -> GrammarForm {
        var cases: [GrammarCase] = []
        let known: Set<String> = ["ref", "empty", "prefix", "suffix", "word", "initial", "lastVowel", "hangulFinal", "refFirst", "template", "rewrite", "lowerFirst", "afterFirstWord", "agreeingRun"]
        for (index, c) in (json.arrayValue ?? []).enumerated() {
            let path = "grammar.forms.\(name)[\(index)]"
            for member in c.objectMembers ?? [] where !known.contains(member.key) {
                problems.append(.invalidData(file: file, key: path + "." + member.key, message: "unknown member"))
            }
            guard let template = c["template"]?.stringValue else {
                problems.append(.invalidData(file: file, key: path + ".template", message: "missing")); continue
            }
            func list(_ key: String) -> [String] { (c[key]?.arrayValue ?? []).compactMap { $0.stringValue?.lowercased() } }
            var rewrites: [GrammarCase.Rewrite] = []
            for (ri, r) in (c["rewrite"]?.arrayValue ?? []).enumerated() {
                guard let to = r["to"]?.stringValue, r["word"] != nil || r["ending"] != nil else {
                    problems.append(.invalidData(file: file, key: "\(path).rewrite[\(ri)]", message: "needs 'to' and 'word' or 'ending'")); continue
                }
                rewrites.append(.init(word: r["word"]?.stringValue?.lowercased(), ending: r["ending"]?.stringValue?.lowercased(), to: to,
                                      lastWordOnly: r["lastWord"]?.boolValue ?? false))
            }
            var lastVowel: GrammarCase.LastVowel?
            if let lv = c["lastVowel"] {
                if let of = lv["of"]?.stringValue, let accepted = lv["is"]?.stringValue, !of.isEmpty, !accepted.isEmpty {
                    lastVowel = .init(vowels: Set(of.lowercased()), accepted: Set(accepted.lowercased()))
                } else {
                    problems.append(.invalidData(file: file, key: path + ".lastVowel", message: "needs non-empty strings 'of' and 'is'"))
                }
            }
            var hangulFinals: Set<GrammarCase.HangulFinal>?
            if let hf = c["hangulFinal"] {
                let names = hf.arrayValue?.compactMap(\.stringValue) ?? hf.stringValue.map { [$0] } ?? []
                let finals = names.compactMap(GrammarCase.HangulFinal.init(rawValue:))
                if finals.isEmpty || finals.count != names.count {
                    problems.append(.invalidData(file: file, key: path + ".hangulFinal", message: "must be one or more of none, rieul, other"))
                } else {
                    hangulFinals = Set(finals)
                }
            }
            var agreeingRun: GrammarCase.AgreeingRun?
            if let ar = c["agreeingRun"] {
                if let after = ar["restartAfter"]?.arrayValue {
                    agreeingRun = .init(restartAfter: Set(after.compactMap { $0.stringValue?.lowercased() }))
                } else {
                    problems.append(.invalidData(file: file, key: path + ".agreeingRun", message: "needs an array 'restartAfter'"))
                }
            }
            cases.append(GrammarCase(
                ref: c["ref"]?.boolValue, empty: c["empty"]?.boolValue, prefixes: list("prefix"), suffixes: list("suffix"),
                words: list("word"), initials: c["initial"]?.stringValue.map { Set($0.lowercased()) },
                lastVowel: lastVowel, hangulFinals: hangulFinals, refFirst: c["refFirst"]?.boolValue,
                template: Affix(template, placeholder: "{}"), rewrites: rewrites, lowerFirst: c["lowerFirst"]?.boolValue ?? false,
                afterFirstWord: c["afterFirstWord"]?.stringValue, agreeingRun: agreeingRun))
        }
        if json.arrayValue == nil { problems.append(.invalidData(file: file, key: "grammar.forms.\(name)", message: "must be an array of cases")) }
        return GrammarForm(name: name, cases: cases)
    }

    /// `speech.numbers` with the word tables of `speech.numberWords` (FORMAT.md §7.6).
    static func parseNumbers(_ json: JSONValue?, file: String, problems: inout [PhrasingError]) -> [NumberRule] {
        var tables: [String: [Int: String]] = [:]
        for member in json?["numberWords"]?.objectMembers ?? [] {
            var table: [Int: String] = [:]
            for entry in member.value.objectMembers ?? [] {
                guard let n = Int(entry.key), n > 0, let word = entry.value.stringValue else {
                    problems.append(.invalidData(file: file, key: "speech.numberWords.\(member.key).\(entry.key)",
                                                 message: "must map a positive number to a string")); continue
                }
                table[n] = word
            }
            tables[member.key] = table
        }
        var rules: [NumberRule] = []
        for (index, r) in (json?["numbers"]?.arrayValue ?? []).enumerated() {
            let path = "speech.numbers[\(index)]"
            guard let kind = NumberRule.Kind(rawValue: r["kind"]?.stringValue ?? "") else {
                problems.append(.invalidData(file: file, key: path + ".kind", message: "must be arabic, roman or romanRef")); continue
            }
            var table: [Int: String] = [:]
            if let name = r["words"]?.stringValue {
                if let t = tables[name] { table = t } else {
                    problems.append(.invalidData(file: file, key: path + ".words", message: "no table '\(name)' in speech.numberWords"))
                }
            }
            func list(_ key: String) -> [String] { (r[key]?.arrayValue ?? []).compactMap(\.stringValue) }
            rules.append(NumberRule(kind: kind, suffix: r["suffix"]?.stringValue ?? "", before: list("before"), after: list("after"), words: table))
        }
        return rules
    }

    static func parseSpeech(_ json: JSONValue?, file: String, problems: inout [PhrasingError]) -> SpeechRules {
        var rules = SpeechRules()
        for (index, a) in (json?["abbreviations"]?.arrayValue ?? []).enumerated() {
            guard let abbr = a["abbr"]?.stringValue, let spoken = a["spoken"]?.stringValue,
                  let at = SpeechRules.Position(rawValue: a["at"]?.stringValue ?? "") else {
                problems.append(.invalidData(file: file, key: "speech.abbreviations[\(index)]",
                                             message: "needs abbr, spoken and at (start|end|any|notStart|suffix)"))
                continue
            }
            func words(_ member: String) -> [String] {
                guard let value = a[member] else { return [] }
                guard let list = value.arrayValue?.compactMap(\.stringValue), list.count == value.arrayValue?.count else {
                    problems.append(.invalidData(file: file, key: "speech.abbreviations[\(index)].\(member)", message: "must be an array of strings"))
                    return []
                }
                return list
            }
            let bare = at != .suffix && abbr.hasSuffix(".") ? String(abbr.dropLast()) : abbr
            rules.abbreviations.append(.init(abbr: bare, spoken: spoken, at: at, notBefore: words("notBefore"), notAfterFirst: words("notAfterFirst")))
        }
        for member in json?["refPrefixes"]?.objectMembers ?? [] { rules.refPrefixes[member.key] = member.value.stringValue ?? member.key }
        rules.spellRefLetters = json?["spellRefLetters"]?.boolValue ?? false
        for member in json?["letters"]?.objectMembers ?? [] {
            if let said = member.value.stringValue { rules.letters[member.key] = said } else {
                problems.append(.invalidData(file: file, key: "speech.letters.\(member.key)", message: "must be a string"))
            }
        }
        for member in json?["refDirections"]?.objectMembers ?? [] {
            if let said = member.value.stringValue { rules.refDirections[member.key] = said } else {
                problems.append(.invalidData(file: file, key: "speech.refDirections.\(member.key)", message: "must be a string"))
            }
        }
        rules.numbers = parseNumbers(json, file: file, problems: &problems)
        if let slash = json?["slash"] {
            if let said = slash.stringValue, !said.isEmpty { rules.slash = said } else {
                problems.append(.invalidData(file: file, key: "speech.slash", message: "must be a non-empty string"))
            }
        }
        if let replaces = json?["pronunciationReplacesHan"] {
            if let b = replaces.boolValue { rules.pronunciationReplacesHan = b } else {
                problems.append(.invalidData(file: file, key: "speech.pronunciationReplacesHan", message: "must be true or false"))
            }
        }
        return rules
    }
}
