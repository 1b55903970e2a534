@testable import Phrasing
import Testing

/// Distance rounding tables per units system, and spoken forms.
@Suite struct DistanceTests {
    static func said(_ meters: Double, _ system: UnitsSystem) -> String {
        let r = DistancePhraser.round(meters, bands: RoundingBand.defaults(for: system))
        return "\(r.plainText) \(r.unit.rawValue)"
    }

    @Test func metricTable() {
        let table: [(Double, String)] = [(3, "10 meter"), (44, "40 meter"), (96, "100 meter"), (402, "400 meter"), (424, "400 meter"),
                                          (426, "450 meter"), (980, "1 kilometer"), (1480, "1.5 kilometer"), (2740, "2.5 kilometer"),
                                          (9800, "10 kilometer"), (12_400, "12 kilometer")]
        for (m, expected) in table { #expect(Self.said(m, .metric) == expected, "\(m) m") }
    }

    @Test func imperialTable() {
        let table: [(Double, String)] = [(10, "30 foot"), (150, "500 foot"), (200, "650 foot"), (300, "0.25 mile"), (402, "0.25 mile"),
                                          (800, "0.5 mile"), (1300, "0.75 mile"), (1609, "1 mile"), (2400, "1.5 mile"), (20_000, "12 mile")]
        for (m, expected) in table { #expect(Self.said(m, .imperial) == expected, "\(m) m") }
    }

    @Test func ukTable() {
        let table: [(Double, String)] = [(50, "50 yard"), (90, "100 yard"), (183, "200 yard"), (280, "300 yard"), (350, "0.25 mile"),
                                          (402, "0.25 mile"), (805, "0.5 mile"), (3000, "2 mile")]
        for (m, expected) in table { #expect(Self.said(m, .uk) == expected, "\(m) m") }
    }

    @Test func spokenForms() throws {
        let us = try TestData.builder("en-US").distances
        #expect(us.phrase(402).spoken == "a quarter mile")
        #expect(us.phrase(402).display == "¼ mi")
        #expect(us.phrase(150).spoken == "500 feet")
        #expect(us.phrase(1609).spoken == "1 mile")
        let gb = try TestData.builder("en-GB").distances
        #expect(gb.phrase(402).spoken == "a quarter of a mile")
        #expect(gb.phrase(280).spoken == "300 yards")
        let gbMetric = try TestData.builder("en-GB", units: .metric).distances
        #expect(gbMetric.phrase(400).spoken == "400 metres")
        let de = try TestData.builder("de-DE").distances
        #expect(de.phrase(1500).display == "1,5 km")
        #expect(de.phrase(1500, caseName: "dat").spoken == "eineinhalb Kilometern")
        #expect(de.phrase(1000, caseName: "dat").spoken == "einem Kilometer")
        #expect(de.phrase(400).spoken == "400 Meter")
    }
}
