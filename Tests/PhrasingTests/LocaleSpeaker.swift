import Guidance
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
}
