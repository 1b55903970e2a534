import RouteModel

/// Units system for distances.
public enum UnitsSystem: String, Sendable, Hashable, CaseIterable, Codable {
    /// Meters and kilometers.
    case metric
    /// Feet and miles.
    case imperial
    /// Yards and miles.
    case uk
}

/// A distance unit with its length in meters.
public enum DistanceUnit: String, Sendable, Hashable, CaseIterable, Codable {
    case meter, kilometer, foot, yard, mile

    /// Length of one unit in meters.
    public var meters: Double {
        switch self {
        case .meter: return 1
        case .kilometer: return 1000
        case .foot: return 0.3048
        case .yard: return 0.9144
        case .mile: return 1609.344
        }
    }
}

/// One rounding band: distances below `belowMeters` are said in `unit`, rounded to `step`.
public struct RoundingBand: Sendable, Hashable, Codable {
    /// Exclusive upper bound in meters; nil for the last band.
    public var belowMeters: Double?
    /// The unit used in the band.
    public var unit: DistanceUnit
    /// Rounding step in `unit`.
    public var step: Double

    /// Creates a band.
    public init(belowMeters: Double?, unit: DistanceUnit, step: Double) {
        self.belowMeters = belowMeters
        self.unit = unit
        self.step = step
    }

    /// The engine's default bands per units system (Locales/FORMAT.md).
    public static func defaults(for system: UnitsSystem) -> [RoundingBand] {
        switch system {
        case .metric:
            return [RoundingBand(belowMeters: 100, unit: .meter, step: 10), RoundingBand(belowMeters: 1000, unit: .meter, step: 50),
                    RoundingBand(belowMeters: 10_000, unit: .kilometer, step: 0.5), RoundingBand(belowMeters: nil, unit: .kilometer, step: 1)]
        case .imperial:
            return [RoundingBand(belowMeters: 30.48, unit: .foot, step: 10), RoundingBand(belowMeters: 304.8, unit: .foot, step: 50),
                    RoundingBand(belowMeters: 1609.344, unit: .mile, step: 0.25), RoundingBand(belowMeters: 16_093.44, unit: .mile, step: 0.5),
                    RoundingBand(belowMeters: nil, unit: .mile, step: 1)]
        case .uk:
            return [RoundingBand(belowMeters: 91.44, unit: .yard, step: 10), RoundingBand(belowMeters: 365.76, unit: .yard, step: 50),
                    RoundingBand(belowMeters: 1609.344, unit: .mile, step: 0.25), RoundingBand(belowMeters: 16_093.44, unit: .mile, step: 0.5),
                    RoundingBand(belowMeters: nil, unit: .mile, step: 1)]
        }
    }
}

/// How speaking time is estimated from the spoken text.
public struct SpeakingRate: Sendable, Hashable {
    /// What is counted.
    public enum Per: String, Sendable, Hashable { case word, character }
    /// What is counted.
    public var per: Per
    /// Units said per second.
    public var perSecond: Double

    /// Creates a rate.
    public init(per: Per, perSecond: Double) {
        self.per = per
        self.perSecond = perSecond
    }
}

/// A locale profile (`Locales/<tag>.json`, see Locales/FORMAT.md): facts about a locale, no words.
public struct LocaleProfile: Sendable, Hashable {
    /// BCP-47 tag, e.g. "en-US".
    public var tag: String
    /// English name, e.g. "English (United States)".
    public var name: String
    /// Language subtag.
    public var language: String
    /// Phrasebook file stem.
    public var phrasebook: String
    /// Phrasebooks consulted for missing keys (English is always last).
    public var fallbacks: [String]
    /// Default units system.
    public var units: UnitsSystem
    /// Rounding bands per units system given by the file.
    public var rounding: [UnitsSystem: [RoundingBand]]
    /// Decimal separator.
    public var decimalSeparator: String
    /// CLDR plural rules.
    public var pluralRules: PluralRules
    /// eSpeak NG voice name.
    public var voice: String
    /// Speaking rate for duration estimates.
    public var speakingRate: SpeakingRate
    /// The Piper (neural) voice for this locale, by name ("en_US-joe-medium"), if one is known; nil = none.
    public var piperVoice: String?

    /// Creates a profile.
    public init(tag: String, name: String, language: String, phrasebook: String, fallbacks: [String], units: UnitsSystem,
                rounding: [UnitsSystem: [RoundingBand]], decimalSeparator: String, pluralRules: PluralRules,
                voice: String, speakingRate: SpeakingRate, piperVoice: String? = nil) {
        self.tag = tag
        self.name = name
        self.language = language
        self.phrasebook = phrasebook
        self.fallbacks = fallbacks
        self.units = units
        self.rounding = rounding
        self.decimalSeparator = decimalSeparator
        self.pluralRules = pluralRules
        self.voice = voice
        self.speakingRate = speakingRate
        self.piperVoice = piperVoice
    }

    /// The bands for `system`: the file's, else the engine defaults.
    public func bands(for system: UnitsSystem) -> [RoundingBand] { rounding[system] ?? RoundingBand.defaults(for: system) }

    /// Reads a profile from JSON; `file` names the file in errors.
    public static func parse(_ json: JSONValue, file: String) throws(PhrasingError) -> LocaleProfile {
        let r = JSONReader(file: file)
        let rateJSON = try r.object(json, "speakingRate")
        let perText = try r.string(rateJSON, "per", path: "speakingRate")
        guard let per = SpeakingRate.Per(rawValue: perText) else { throw r.invalid("speakingRate.per", "must be \"word\" or \"character\"") }
        let unitsText = try r.string(json, "units")
        guard let units = UnitsSystem(rawValue: unitsText) else { throw r.invalid("units", "must be metric, imperial or uk") }
        let rulesText = try r.string(json, "pluralRules")
        guard let rules = PluralRules(rawValue: rulesText) else {
            throw r.invalid("pluralRules", "unknown rule set '\(rulesText)' (known: \(PluralRules.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        var rounding: [UnitsSystem: [RoundingBand]] = [:]
        for member in try r.object(json, "rounding").objectMembers ?? [] {
            let (key, value) = (member.key, member.value)
            guard let system = UnitsSystem(rawValue: key) else { throw r.invalid("rounding.\(key)", "unknown units system") }
            guard let list = value.arrayValue, !list.isEmpty else { throw r.invalid("rounding.\(key)", "must be a non-empty array of bands") }
            rounding[system] = try list.enumerated().map { (index, band) throws(PhrasingError) in
                let path = "rounding.\(key)[\(index)]"
                guard let unitText = band["unit"]?.stringValue, let unit = DistanceUnit(rawValue: unitText) else {
                    throw r.invalid(path + ".unit", "must be meter, kilometer, foot, yard or mile")
                }
                // Steps finer than the 3 printed fraction digits or coarser than 100,000 units, and bounds beyond
                // 100,000 km, are typos that would overflow the rounding (`1e-320`, `1e308`).
                guard let step = band["step"]?.numberValue, step >= 0.001, step <= 100_000 else {
                    throw r.invalid(path + ".step", "must be a number from 0.001 to 100000")
                }
                let below = band["below"]?.numberValue
                if let below, !(below > 0 && below <= 1e8) {
                    throw r.invalid(path + ".below", "must be a number of meters above 0 and at most 100000000")
                }
                if below == nil && index != list.count - 1 { throw r.invalid(path + ".below", "only the last band may omit 'below'") }
                return RoundingBand(belowMeters: below, unit: unit, step: step)
            }
        }
        let separator = try r.string(json, "decimalSeparator")
        guard separator == "." || separator == "," else { throw r.invalid("decimalSeparator", "must be \".\" or \",\"") }
        guard let perSecond = rateJSON["perSecond"]?.numberValue, perSecond >= 0.1, perSecond <= 100 else {
            throw r.invalid("speakingRate.perSecond", "must be a number from 0.1 to 100")
        }
        let phrasebook = try r.identifier(json, "phrasebook")
        var fallbacks: [String] = []
        for (index, item) in (json["fallbacks"]?.arrayValue ?? []).enumerated() {
            guard let name = item.stringValue, PhrasebookName.isValid(name) else {
                throw r.invalid("fallbacks[\(index)]", PhrasebookName.rule)
            }
            fallbacks.append(name)
        }
        return LocaleProfile(
            tag: try r.string(json, "tag"), name: try r.string(json, "name"), language: try r.string(json, "language"),
            phrasebook: phrasebook, fallbacks: fallbacks, units: units, rounding: rounding,
            decimalSeparator: separator, pluralRules: rules, voice: try r.string(json, "voice"),
            speakingRate: SpeakingRate(per: per, perSecond: perSecond), piperVoice: try piperVoice(json, file: file))
    }
}

extension LocaleProfile {
    /// The rule for `piperVoice`: Piper's naming, `ll_CC-name-quality` ("en_US-joe-medium").
    public static let piperVoiceRule = "a Piper voice name like en_US-joe-medium (language_REGION-name-quality)"

    /// True when `name` follows Piper's voice naming.
    public static func isPiperVoiceName(_ name: String) -> Bool {
        let parts = name.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts.allSatisfy({ !$0.isEmpty }) else { return false }
        let language = parts[0].split(separator: "_")
        return (1...2).contains(language.count) && language.allSatisfy { $0.allSatisfy(\.isLetter) }
            && name.allSatisfy { $0.isLetter || $0.isNumber || "_-".contains($0) }
    }

    /// The language of a Piper voice name, lowercased ("en" for en_US-joe-medium).
    public static func piperVoiceLanguage(_ name: String) -> String {
        String(name.prefix { $0 != "_" && $0 != "-" }).lowercased()
    }

    fileprivate static func piperVoice(_ json: JSONValue, file: String) throws(PhrasingError) -> String? {
        guard let value = json["piperVoice"] else { return nil }
        guard let name = value.stringValue, isPiperVoiceName(name) else {
            throw PhrasingError.invalidData(file: file, key: "piperVoice", message: "must be " + piperVoiceRule)
        }
        return name
    }
}

/// Reads typed members from JSON with errors that name the file and key.
struct JSONReader {
    let file: String

    func invalid(_ key: String, _ message: String) -> PhrasingError { .invalidData(file: file, key: key, message: message) }

    func string(_ json: JSONValue, _ key: String, path: String? = nil) throws(PhrasingError) -> String {
        guard let s = json[key]?.stringValue else { throw invalid(path.map { "\($0).\(key)" } ?? key, "missing or not a string") }
        return s
    }

    /// A string member that names a data file (a phrasebook): an identifier, never a path, so data cannot name
    /// a file outside the data folders.
    func identifier(_ json: JSONValue, _ key: String) throws(PhrasingError) -> String {
        let name = try string(json, key)
        guard PhrasebookName.isValid(name) else { throw invalid(key, PhrasebookName.rule) }
        return name
    }

    func object(_ json: JSONValue, _ key: String) throws(PhrasingError) -> JSONValue {
        guard let value = json[key], value.objectMembers != nil else { throw invalid(key, "missing or not an object") }
        return value
    }
}

/// Names of phrasebooks and locales as data files refer to them (`phrasebook`, `fallbacks`, `base`): identifiers of
/// `[A-Za-z0-9_-]`, never paths, so a data file cannot make VoiceGuide read outside its data directory.
public enum PhrasebookName {
    /// What a valid name looks like, for error messages.
    public static let rule = "must be a name of letters, digits, '-' and '_' (not a path)"

    /// True for a non-empty name of at most 64 characters from `[A-Za-z0-9_-]`.
    public static func isValid(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 64 && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }
}
