import Foundation
import VoiceGuideTestSupport
import Guidance
import JapaneseReading
@testable import Phrasing
import RouteModel

/// The checkout's data directory, found from this file's path.
enum TestData {
    static let directory = Repository.root
    /// The data with the name readers the CLI injects (ja: MeCab), so tests phrase as the tool does.
    static let data = VoiceGuideData(directory: directory, nameReaders: NameReaders.provider)

    static func builder(_ tag: String, units: UnitsSystem? = nil) throws -> PhraseBuilder {
        try data.loadLocale(tag: tag).builder(units: units)
    }

    /// One announcement of `kind` for `m` rendered in locale `tag`: the one way grammar suites phrase things.
    static func phrase(_ tag: String, _ kind: AnnouncementKind, _ m: ManeuverDescription?, meters: Double? = nil,
                       then: ChainedManeuver? = nil, units: UnitsSystem? = nil) throws -> Phrase {
        try builder(tag, units: units).phrase(Announcement(kind: kind, maneuver: m, spokenDistanceMeters: meters, then: then))
    }

    /// A maneuver description with the given data.
    static func maneuver(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "", ref: String? = nil,
                         destinations: String? = nil, exits: String? = nil, exit: Int? = nil, rotary: String? = nil,
                         mode: String = "driving", side: ArrivalSide? = nil, bearing: Double? = nil,
                         lanes: LaneHint? = nil, pronunciation: String? = nil) -> ManeuverDescription {
        let m = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0), exit: exit)
        let step = Step(maneuver: m, distance: 100, duration: 10, name: name, ref: ref, pronunciation: pronunciation,
                        destinations: destinations, exits: exits, rotaryName: rotary, mode: mode)
        return ManeuverDescription(id: StepID(leg: 0, step: 1), step: step, lanes: lanes, arrivalSide: side, departBearing: bearing)
    }
}
