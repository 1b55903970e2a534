import Guidance
import Phrasing
import RouteModel

/// Renders announcements of one locale for the per-language grammar tests.
struct LocaleProbe {
    /// The locale tag, e.g. "fr-FR".
    let tag: String

    /// A "now" announcement of `m`.
    func now(_ m: ManeuverDescription) throws -> Phrase {
        try TestData.phrase(tag, .now, m)
    }

    /// Display text of a "now" announcement of a maneuver with a road name and/or ref.
    func display(_ type: ManeuverType, _ modifier: ManeuverModifier? = nil, name: String = "", ref: String? = nil) throws -> String {
        try now(TestData.maneuver(type, modifier, name: name, ref: ref)).display
    }

    /// A "prepare" announcement of `m` at `meters`, optionally in another units system.
    func prepare(_ m: ManeuverDescription, meters: Double, units: UnitsSystem? = nil) throws -> Phrase {
        try TestData.phrase(tag, .prepare, m, meters: meters, units: units)
    }

    /// Display text of `m` followed by `next`, with or without the distance between them.
    func chained(_ kind: AnnouncementKind, _ m: ManeuverDescription, then next: ManeuverDescription,
                 meters: Double, sayDistance: Bool) throws -> Phrase {
        try TestData.phrase(tag, kind, m, then: ChainedManeuver(maneuver: next, distanceMeters: meters, sayDistance: sayDistance))
    }
}
