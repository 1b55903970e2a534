import Guidance
import RouteModel
@testable import Phrasing

/// One loaded locale for grammar tests: phrases announcements in its default units or another system.
struct LocaleSpeaker {
    /// The locale as loaded (warnings list missing keys and compile problems).
    let loaded: LoadedLocale
    private let defaultBuilder: PhraseBuilder

    /// Loads `tag` from the checkout's data directory.
    init(_ tag: String) throws {
        loaded = try TestData.data.loadLocale(tag: tag)
        defaultBuilder = loaded.builder()
    }

    /// Phrases one announcement.
    func say(_ kind: AnnouncementKind, _ m: ManeuverDescription?, _ meters: Double? = nil,
             then: ChainedManeuver? = nil, units: UnitsSystem? = nil) -> Phrase {
        let builder = units.map { loaded.builder(units: $0) } ?? defaultBuilder
        return builder.phrase(Announcement(kind: kind, maneuver: m, spokenDistanceMeters: meters, then: then))
    }

    /// A "now" announcement of `m`.
    func now(_ m: ManeuverDescription) -> Phrase { say(.now, m) }

    /// Display text of a "now" announcement of a maneuver with a road name and/or ref.
    func display(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "", ref: String? = nil) -> String {
        now(TestData.maneuver(type, modifier, name: name, ref: ref)).display
    }

    /// A "prepare" announcement of `m` at `meters`, optionally in another units system.
    func prepare(_ m: ManeuverDescription, meters: Double, units: UnitsSystem? = nil) -> Phrase {
        say(.prepare, m, meters, units: units)
    }

    /// `m` followed by `next`, with or without the distance between them.
    func chained(_ kind: AnnouncementKind, _ m: ManeuverDescription, then next: ManeuverDescription,
                 meters: Double, sayDistance: Bool) -> Phrase {
        say(kind, m, then: ChainedManeuver(maneuver: next, distanceMeters: meters, sayDistance: sayDistance))
    }
}
