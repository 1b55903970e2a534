import RouteModel

/// Spoken and display forms of one distance unit.
struct UnitWords: Sendable {
    var display: Affix
    var spoken: [PluralCategory: Affix]
    var cases: [String: [PluralCategory: Affix]]
    /// The display form in a unit case, where the written abbreviation takes the case too (fi "200 m:n").
    var displayCases: [String: Affix] = [:]
}

/// A rounded value said in words ("a quarter mile").
struct FractionWords: Sendable {
    var display: String
    var spoken: String
    var cases: [String: String]
    /// The display form in a unit case (fi "1,5 km:n").
    var displayCases: [String: String] = [:]
}

/// The word lists of a compiled phrasebook (Phrasebooks/FORMAT.md §5).
struct Words: Sendable {
    var modifiers: [ModifierKey: String] = [:]
    var directions: [String] = []
    var ordinals: [String: OrdinalTable] = [:]
    var units: [DistanceUnit: UnitWords] = [:]
    var fractions: [DistanceUnit: [String: FractionWords]] = [:]
    var and: String = "and"
    /// False when `and` joins the last two items without spaces (ja "名古屋と大阪", zh "北京和天津").
    var andSpacing = true
    /// The separator of list items (signpost places), for the screen and for speech, when the language joins
    /// them with a mark rather than "and" (ja "・" / "、", zh "、"); nil: ", " and `and`.
    var listMarks: (display: String, spoken: String)?

    /// The text between the last two items of a list: " and ", or the bare word when `andSpacing` is false.
    var andJoiner: String { andSpacing ? " " + and + " " : and }
    /// The pause between the parts of a spoken list and between a signpost's refs and places.
    var pause: String { ", " }
    /// Grammar form applied to every signposted place after the first (fr "de": "Le Havre et de Rouen"), if any.
    var destinationItem: String?

    /// Items joined as said: "A", "A and B", "A, B and C".
    func list(_ items: [String]) -> String {
        guard let last = items.last else { return "" }
        guard items.count > 1 else { return last }
        return items.dropLast().joined(separator: pause) + andJoiner + last
    }

    static let directionKeys = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]

    /// Parses `words`; appends problems for anything malformed.
    static func parse(_ json: JSONValue?, file: String, problems: inout [PhrasingError]) -> Words {
        var w = Words()
        func bad(_ key: String, _ message: String) { problems.append(.invalidData(file: file, key: "words." + key, message: message)) }
        guard let json, json.objectMembers != nil else { bad("", "missing or not an object"); return w }
        for m in ModifierKey.wordKeys {
            if let s = json["modifiers"]?[m.key]?.stringValue { w.modifiers[m] = s } else { bad("modifiers.\(m.key)", "missing") }
        }
        w.directions = directionKeys.map { key in
            if let s = json["directions"]?[key]?.stringValue { return s }
            bad("directions.\(key)", "missing")
            return key
        }
        for member in json["ordinals"]?.objectMembers ?? [] {
            let (gender, table) = (member.key, member.value)
            var words: [String] = []
            for n in 1...12 {
                if let s = table[String(n)]?.stringValue { words.append(s) } else { bad("ordinals.\(gender).\(n)", "missing"); words.append(String(n)) }
            }
            // Optional words past 12 (cs "třináctý"…), read while they run on without a gap.
            var n = 13
            while let s = table[String(n)]?.stringValue { words.append(s); n += 1 }
            let other = table["other"]?.stringValue ?? "{n}"
            if table["other"] == nil { bad("ordinals.\(gender).other", "missing") }
            w.ordinals[gender] = OrdinalTable(words: words, other: Affix(other, placeholder: "{n}"))
        }
        for unit in DistanceUnit.allCases {
            guard let u = json["units"]?[unit.rawValue] else { bad("units.\(unit.rawValue)", "missing"); continue }
            let display = u["display"]?.stringValue ?? "{n}"
            if u["display"]?.stringValue == nil { bad("units.\(unit.rawValue).display", "missing") }
            let spoken = pluralAffixes(u["spoken"], key: "units.\(unit.rawValue).spoken", bad: bad)
            var cases: [String: [PluralCategory: Affix]] = [:]
            for member in u["cases"]?.objectMembers ?? [] {
                let (name, value) = (member.key, member.value)
                cases[name] = pluralAffixes(value, key: "units.\(unit.rawValue).cases.\(name)", bad: bad)
            }
            var displayCases: [String: Affix] = [:]
            for member in u["displayCases"]?.objectMembers ?? [] {
                guard let text = member.value.stringValue, text.contains("{n}") else {
                    bad("units.\(unit.rawValue).displayCases.\(member.key)", "must be a string containing {n}"); continue
                }
                displayCases[member.key] = Affix(text, placeholder: "{n}")
            }
            w.units[unit] = UnitWords(display: Affix(display, placeholder: "{n}"), spoken: spoken, cases: cases, displayCases: displayCases)
        }
        for member in json["fractions"]?.objectMembers ?? [] {
            let (unitName, table) = (member.key, member.value)
            guard let unit = DistanceUnit(rawValue: unitName) else { bad("fractions.\(unitName)", "unknown unit"); continue }
            var entries: [String: FractionWords] = [:]
            for member in table.objectMembers ?? [] {
                let (value, entry) = (member.key, member.value)
                guard let d = entry["display"]?.stringValue, let s = entry["spoken"]?.stringValue else {
                    bad("fractions.\(unitName).\(value)", "needs display and spoken"); continue
                }
                var cases: [String: String] = [:]
                for member in entry["cases"]?.objectMembers ?? [] { cases[member.key] = member.value.stringValue ?? s }
                var displayCases: [String: String] = [:]
                for member in entry["displayCases"]?.objectMembers ?? [] {
                    if let text = member.value.stringValue { displayCases[member.key] = text } else {
                        bad("fractions.\(unitName).\(value).displayCases.\(member.key)", "must be a string")
                    }
                }
                entries[value] = FractionWords(display: d, spoken: s, cases: cases, displayCases: displayCases)
            }
            w.fractions[unit] = entries
        }
        if let and = json["and"]?.stringValue { w.and = and } else { bad("and", "missing") }
        if let spacing = json["andSpacing"] {
            if let b = spacing.boolValue { w.andSpacing = b } else { bad("andSpacing", "must be true or false") }
        }
        if let list = json["list"] {
            if let d = list["display"]?.stringValue, let s = list["spoken"]?.stringValue { w.listMarks = (d, s) }
            else { bad("list", "needs display and spoken strings") }
        }
        if let item = json["destinationItem"] {
            if let name = item.stringValue { w.destinationItem = name } else { bad("destinationItem", "must be the name of a grammar form") }
        }
        return w
    }

    private static func pluralAffixes(_ json: JSONValue?, key: String, bad: (String, String) -> Void) -> [PluralCategory: Affix] {
        var out: [PluralCategory: Affix] = [:]
        for member in json?.objectMembers ?? [] {
            let (name, value) = (member.key, member.value)
            guard let category = PluralCategory(rawValue: name), let text = value.stringValue else { bad("\(key).\(name)", "not a plural category with a string"); continue }
            if !text.contains("{n}") { bad("\(key).\(name)", "must contain {n}") }
            out[category] = Affix(text, placeholder: "{n}")
        }
        if out[.other] == nil { bad("\(key).other", "missing") }
        return out
    }

    /// All unit case names used by any unit.
    var unitCaseNames: [String] { Set(units.values.flatMap { $0.cases.keys }).sorted() }
}
