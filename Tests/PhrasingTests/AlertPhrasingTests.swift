import Foundation
import Testing
import Guidance
import RouteModel
@testable import Phrasing

/// The `alert.*` family: the limit in the driver's unit, the camera's optional limit, and the slots it may use.
@Suite struct AlertPhrasingTests {
    static func alert(_ kind: AnnouncementKind, kmh: Double?, meters: Double? = nil) -> Announcement {
        var announcement = Announcement(kind: kind, maneuver: nil, spokenDistanceMeters: meters)
        announcement.speedLimitKmh = kmh
        return announcement
    }

    @Test func theLimitIsSaidInTheDriversUnit() throws {
        let metric = try TestData.builder("en-US", units: .metric)
        #expect(metric.phrase(Self.alert(.speedLimit, kmh: 80)).display == "Speed limit 80.")
        #expect(metric.phrase(Self.alert(.overspeed, kmh: 100)).spoken == "Slow down, the limit is 100.")
        let imperial = try TestData.builder("en-US")
        #expect(imperial.phrase(Self.alert(.speedLimit, kmh: 55 * SpeedLimit.kmhPerMph)).display == "Speed limit 55.")
        #expect(try TestData.builder("en-GB").phrase(Self.alert(.speedLimit, kmh: 70 * SpeedLimit.kmhPerMph)).display == "Speed limit 70.")
        #expect(imperial.phrase(Self.alert(.speedLimit, kmh: 80)).ssml == #"<speak xml:lang="en-US">Speed limit 50.</speak>"#)
    }

    @Test func aCameraWithoutAKnownLimitLeavesItOut() throws {
        let builder = try TestData.builder("en-US", units: .metric)
        #expect(builder.phrase(Self.alert(.camera, kmh: 80, meters: 400)).display == "Speed camera in 400 m, limit 80.")
        #expect(builder.phrase(Self.alert(.camera, kmh: nil, meters: 400)).display == "Speed camera in 400 m.")
    }

    /// Every locale says a camera with and without its limit: both forms filled (no brace left), the limit only in
    /// the first, the distance in both, and no English sentence in a book that is not English.
    @Test func everyLocaleSaysACameraWithAndWithoutItsLimit() throws {
        let tags = TestData.data.availableLocales()
        #expect(tags.count == 32)
        let english = try TestData.builder("en-US", units: .metric)
        let englishForms = [Self.alert(.camera, kmh: 80, meters: 400), Self.alert(.camera, kmh: nil, meters: 400)]
            .map { english.phrase($0).display.lowercased() }
        for tag in tags {
            let builder = try TestData.builder(tag, units: .metric)
            let limited = builder.phrase(Self.alert(.camera, kmh: 80, meters: 400))
            let unlimited = builder.phrase(Self.alert(.camera, kmh: nil, meters: 400))
            for phrase in [limited, unlimited] {
                for text in [phrase.display, phrase.spoken, phrase.ssml] {
                    #expect(!text.contains("{") && !text.contains("}"), "\(tag): \(text)")
                }
                #expect(!phrase.display.trimmingCharacters(in: .whitespaces).isEmpty, "\(tag)")
                #expect(phrase.display.contains("400"), "\(tag): the distance in \(phrase.display)")
            }
            #expect(limited.display.contains("80"), "\(tag): the limit in \(limited.display)")
            #expect(!unlimited.display.contains("80"), "\(tag): no limit in \(unlimited.display)")
            #expect(limited.display != unlimited.display, "\(tag)")
            guard !tag.hasPrefix("en-") else { continue }
            for text in [limited.display, unlimited.display] {
                #expect(!englishForms.contains(text.lowercased()) && !text.lowercased().contains("speed camera"),
                        "\(tag): English in \(text)")
            }
        }
    }

    @Test func alertTemplatesTakeOnlySpeedAndDistance() {
        #expect(SlotID.allowed(forKey: "alert.speedLimit") == [.speed, .distance])
        #expect(!SlotID.allowed(forKey: "announce.now").contains(.speed))
        #expect(InstructionKey.parse("alert.speedLimit") == nil, "not an instruction key")
    }

    /// Both banks of every slot fit the renderer's inline storage (a chained `{nth}` sits in the last cell).
    @Test func capacityHoldsEverySlot() throws {
        #expect(Slots.capacity >= 2 * SlotID.allCases.count)
        let builder = try TestData.builder("en-US")
        var turn = TestData.maneuver(.turn, .right, name: "Main Street")
        turn.sideRoadOrdinal = 2
        let then = ChainedManeuver(maneuver: turn, distanceMeters: 50, sayDistance: false)
        let phrase = builder.phrase(Announcement(kind: .now, maneuver: TestData.maneuver(.turn, .left, name: "A Street"), then: then))
        #expect(phrase.display.contains("second right"), "\(phrase.display)")
    }
}
