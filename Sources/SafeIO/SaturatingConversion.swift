extension Int {
    /// `value` truncated toward zero and clamped to `Int`'s range (NaN gives 0). Use it for every Double that comes
    /// from data: `Int(_:)` traps on NaN, infinity and anything beyond ±9.2e18 (a crash is never the answer to input).
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9_223_372_036_854_774_784 {
            self = .max
        } else if value <= -9_223_372_036_854_775_808 {
            self = .min
        } else {
            self = Int(exactly: value.rounded(.towardZero)) ?? 0
        }
    }

    /// `value` rounded to the nearest integer (halves away from zero), clamped like `init(saturating:)`.
    public init(saturatingRounded value: Double) {
        self.init(saturating: value.rounded())
    }
}
