@testable import Phrasing
import Testing

/// CLDR plural samples (integers and decimals) per rule set.
@Suite struct PluralRulesTests {
    /// (rule set, number as written, expected category)
    static let samples: [(PluralRules, String, PluralCategory)] = [
        (.en, "1", .one), (.en, "0", .other), (.en, "2", .other), (.en, "1.0", .other), (.en, "1.5", .other),
        (.de, "1", .one), (.de, "400", .other), (.de, "1.5", .other),
        (.nl, "1", .one), (.nl, "0.5", .other),
        (.it, "1", .one), (.it, "2", .other), (.it, "1000000", .many), (.it, "1.5", .other),
        (.es, "1", .one), (.es, "1.0", .one), (.es, "0", .other), (.es, "1000000", .many), (.es, "2.5", .other),
        (.fr, "0", .one), (.fr, "1", .one), (.fr, "1.5", .one), (.fr, "2", .other), (.fr, "2000000", .many),
        (.pt, "0", .one), (.pt, "1", .one), (.pt, "1.5", .one), (.pt, "2", .other), (.pt, "1000000", .many),
        (.pl, "1", .one), (.pl, "2", .few), (.pl, "4", .few), (.pl, "5", .many), (.pl, "12", .many), (.pl, "22", .few),
        (.pl, "21", .many), (.pl, "0", .many), (.pl, "1.5", .other),
        (.ru, "1", .one), (.ru, "21", .one), (.ru, "11", .many), (.ru, "2", .few), (.ru, "24", .few), (.ru, "14", .many),
        (.ru, "5", .many), (.ru, "400", .many), (.ru, "1.5", .other), (.ru, "0.25", .other),
        (.ja, "1", .other), (.zh, "1.5", .other),
        // The rule sets of the added languages, CLDR samples.
        (.sv, "1", .one), (.sv, "1.0", .other), (.sv, "2", .other), (.nb, "1", .one), (.nb, "0.5", .other),
        (.fi, "1", .one), (.fi, "1.5", .other), (.fi, "400", .other),
        (.da, "1", .one), (.da, "0.1", .one), (.da, "1.5", .one), (.da, "0", .other), (.da, "2", .other), (.da, "2.5", .other),
        (.ca, "1", .one), (.ca, "1.5", .other), (.ca, "1000000", .many), (.ptPT, "1", .one), (.ptPT, "0", .other),
        (.ptPT, "1.5", .other), (.ptPT, "1000000", .many),
        (.cs, "1", .one), (.cs, "2", .few), (.cs, "4", .few), (.cs, "5", .other), (.cs, "22", .other), (.cs, "1.5", .many),
        (.sk, "3", .few), (.sk, "0.5", .many), (.sk, "0", .other),
        (.uk, "1", .one), (.uk, "21", .one), (.uk, "3", .few), (.uk, "11", .many), (.uk, "5", .many), (.uk, "1.5", .other),
        (.hu, "1", .one), (.hu, "2", .other), (.hu, "1.5", .other), (.tr, "1", .one), (.tr, "1.0", .one), (.el, "2", .other),
        (.hi, "0", .one), (.hi, "1", .one), (.hi, "0.5", .one), (.hi, "1.5", .other), (.hi, "2", .other),
        (.ro, "1", .one), (.ro, "0", .few), (.ro, "2", .few), (.ro, "19", .few), (.ro, "20", .other), (.ro, "101", .few),
        (.ro, "120", .other), (.ro, "1.5", .few),
        (.he, "1", .one), (.he, "0.5", .one), (.he, "2", .two), (.he, "3", .other), (.he, "1.5", .other),
        (.ar, "0", .zero), (.ar, "1", .one), (.ar, "2", .two), (.ar, "3", .few), (.ar, "10", .few), (.ar, "103", .few),
        (.ar, "11", .many), (.ar, "99", .many), (.ar, "100", .other), (.ar, "1.5", .other),
        (.ko, "1", .other), (.id, "1", .other), (.vi, "2", .other),
    ]

    @Test func cldrSamples() throws {
        for (rules, written, expected) in Self.samples {
            let operands = try #require(PluralOperands(written))
            #expect(rules.category(operands) == expected, "\(rules.rawValue) \(written)")
        }
    }

    @Test func operandsOfDecimals() throws {
        let o = try #require(PluralOperands("1.50"))
        #expect(o.i == 1 && o.v == 2 && o.f == 50 && o.t == 5)
        #expect(DecimalText.plain(1.5) == "1.5")
        #expect(DecimalText.plain(0.25) == "0.25")
        #expect(DecimalText.plain(400) == "400")
    }

    @Test func everyRuleSetListsTheCategoriesItProduces() {
        for rules in PluralRules.allCases {
            var seen = Set<PluralCategory>()
            for n in 0...2_000_000 where n < 200 || n % 1_000_000 == 0 { seen.insert(rules.category(PluralOperands(integer: n))) }
            for written in ["0.5", "1.5", "2.25"] { if let o = PluralOperands(written) { seen.insert(rules.category(o)) } }
            #expect(seen == Set(rules.categories), "\(rules.rawValue)")
        }
    }
}
