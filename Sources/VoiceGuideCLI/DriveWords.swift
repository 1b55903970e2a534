import Foundation
import Phrasing

/// Every word the drive prints, from the locale phrasebook's `ui` section (FORMAT.md §9): English comes in only
/// through the fallback chain, so a German drive is German on screen. Named values go in as `{name}`.
struct DriveWords: Sendable {
    private let ui: [String: String]
    /// The locale's decimal separator ("," in de-DE).
    let decimalSeparator: String

    /// Words of `book`; numbers with `decimalSeparator`.
    init(ui: [String: String], decimalSeparator: String) {
        self.ui = ui
        self.decimalSeparator = decimalSeparator
    }

    /// The words of a loaded locale.
    init(locale: LoadedLocale) {
        self.init(ui: locale.phrasebook.ui, decimalSeparator: locale.profile.decimalSeparator)
    }

    /// The `key` string with `values` filled in (`{}` takes the value named ""). A key no book has prints as
    /// the key itself, never as nothing.
    func text(_ key: String, _ values: [String: String] = [:]) -> String {
        var s = ui[key] ?? key
        for (name, value) in values { s = s.replacingOccurrences(of: "{\(name)}", with: value) }
        return s
    }

    /// The log label of an announcement kind ("prepare" → "Vorankündigung").
    func kind(_ raw: String) -> String { ui["kind.\(raw)"] ?? raw }

    /// "2.4 s" / "2,4 s" / "2.4秒".
    func seconds(_ value: Double) -> String { text("seconds", ["": number(value, digits: 1)]) }

    /// `value` with `digits` decimals and the locale's separator.
    func number(_ value: Double, digits: Int) -> String {
        let s = String(format: "%.\(digits)f", value)
        return decimalSeparator == "." ? s : s.replacingOccurrences(of: ".", with: decimalSeparator)
    }
}
