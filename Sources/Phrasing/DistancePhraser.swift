/// A distance rounded per the locale's bands.
public struct RoundedDistance: Sendable, Hashable {
    /// The unit said.
    public var unit: DistanceUnit
    /// The rounded value in `unit`.
    public var value: Double
    /// The value written with `.` and no trailing zeros ("1.5").
    public var plainText: String
}

/// Rounds distances to locale steps and phrases them with the book's unit words.
public struct DistancePhraser: Sendable {
    /// Bands in use.
    public let bands: [RoundingBand]
    /// Decimal separator for output.
    public let decimalSeparator: String
    /// Plural rules for unit words.
    public let pluralRules: PluralRules
    let words: Words

    init(bands: [RoundingBand], decimalSeparator: String, pluralRules: PluralRules, words: Words) {
        self.bands = bands.isEmpty ? RoundingBand.defaults(for: .metric) : bands
        self.decimalSeparator = decimalSeparator
        self.pluralRules = pluralRules
        self.words = words
    }

    /// Rounds `meters` with the bands (Locales/FORMAT.md): nearest multiple of the step, at least one step,
    /// moving to the next band when the rounded value reaches the band's limit.
    public static func round(_ meters: Double, bands: [RoundingBand]) -> RoundedDistance {
        let r = roundedUnitValue(meters, bands: bands)
        return RoundedDistance(unit: r.unit, value: r.value, plainText: DecimalText.plain(r.value))
    }

    /// The unit and rounded value of `meters`, without building the text (the render hot path keys caches on it).
    static func roundedUnitValue(_ meters: Double, bands: [RoundingBand]) -> (unit: DistanceUnit, value: Double) {
        let distance = max(0, meters.isFinite ? meters : 0)
        var index = bands.firstIndex(where: { ($0.belowMeters ?? .infinity) > distance }) ?? max(0, bands.count - 1)
        while true {
            let band = bands[index]
            let steps = (distance / band.unit.meters / band.step).rounded(.toNearestOrAwayFromZero)
            let value = max(1, steps) * band.step
            if let below = band.belowMeters, value * band.unit.meters >= below - 1e-9, index + 1 < bands.count {
                index += 1
                continue
            }
            return (band.unit, value)
        }
    }

    /// The unit and rounded value of `meters` with this phraser's bands.
    func roundedUnitValue(_ meters: Double) -> (unit: DistanceUnit, value: Double) { Self.roundedUnitValue(meters, bands: bands) }

    /// The rounded distance.
    public func round(_ meters: Double) -> RoundedDistance { Self.round(meters, bands: bands) }

    /// Display and spoken text for `meters`, in unit case `caseName` when given.
    func phrase(_ meters: Double, caseName: String? = nil) -> SlotValue {
        let r = round(meters)
        if let fraction = words.fractions[r.unit]?[r.plainText] {
            let spoken = caseName.flatMap { fraction.cases[$0] } ?? fraction.spoken
            let display = caseName.flatMap { fraction.displayCases[$0] } ?? fraction.display
            return SlotValue(display: display, spoken: spoken)
        }
        let number = decimalSeparator == "." ? r.plainText : r.plainText.replacingDot(with: decimalSeparator)
        guard let unitWords = words.units[r.unit] else { return SlotValue(number) }
        let category = pluralRules.category(PluralOperands(r.plainText) ?? PluralOperands(r.value))
        let table = caseName.flatMap { unitWords.cases[$0] } ?? unitWords.spoken
        let spoken = (table[category] ?? table[.other] ?? unitWords.display).apply(number)
        let display = caseName.flatMap { unitWords.displayCases[$0] } ?? unitWords.display
        return SlotValue(display: display.apply(number), spoken: spoken)
    }
}

extension String {
    func replacingDot(with separator: String) -> String {
        var out = ""
        for c in self { if c == "." { out += separator } else { out.append(c) } }
        return out
    }
}
