import RouteModel

/// What has been said (or deliberately skipped), so that nothing is said twice, also across reroutes.
///
/// On the current route an announcement is identified by (step, kind). Across routes step indices mean
/// nothing, so a maneuver is recognised by its location (within `maneuverMatchMeters`), type and modifier.
struct AnnouncementMemory: Sendable {
    /// One thing that was said.
    private struct Entry: Sendable {
        var kind: AnnouncementKind
        var location: Coordinate
        var type: ManeuverType
        var modifier: ManeuverModifier?
        var distance: Double
    }

    /// (step, kind) pairs said or dropped on the current route.
    private var handled = Set<Key>()
    /// Everything said on earlier routes.
    private var earlier = [Entry]()
    /// Everything said on the current route.
    private var current = [Entry]()

    /// Identifies an announcement on the current route.
    private struct Key: Hashable, Sendable {
        var step: Int
        var kind: AnnouncementKind
    }

    /// True when (step, kind) was said or dropped on the current route.
    func isHandled(_ step: Int, _ kind: AnnouncementKind) -> Bool { handled.contains(Key(step: step, kind: kind)) }

    /// Marks (step, kind) as done on the current route without saying it.
    mutating func drop(_ step: Int, _ kind: AnnouncementKind) { handled.insert(Key(step: step, kind: kind)) }

    /// Records that `kind` was said for step `step` (described by `maneuver`) at `distance` from it.
    mutating func record(_ step: Int, _ kind: AnnouncementKind, maneuver: Maneuver, distance: Double) {
        handled.insert(Key(step: step, kind: kind))
        current.append(Entry(kind: kind, location: maneuver.location, type: maneuver.type,
                             modifier: maneuver.modifier, distance: distance))
    }

    /// True when `kind` must not be said for step `step`: done on this route, or said for the same
    /// maneuver on an earlier route (and not released by `release`).
    func blocks(_ step: Int, _ kind: AnnouncementKind, maneuver: Maneuver, configuration: GuidanceConfiguration) -> Bool {
        if isHandled(step, kind) { return true }
        return earlier.contains { entry in
            entry.kind == kind && entry.type == maneuver.type && entry.modifier == maneuver.modifier
                && Geo.distance(entry.location, maneuver.location) <= configuration.maneuverMatchMeters
        }
    }

    /// Forgets what was said about maneuvers that are now meaningfully farther away than when it was said
    /// (a long detour), so they are announced again. `distanceNow` gives the current distance to the maneuver
    /// at a location with a type and modifier on the new route, or nil when the new route does not have it.
    mutating func release(configuration: GuidanceConfiguration,
                          distanceNow: (Coordinate, ManeuverType, ManeuverModifier?) -> Double?) {
        earlier.removeAll { entry in
            guard let now = distanceNow(entry.location, entry.type, entry.modifier) else { return false }
            return now >= entry.distance + max(configuration.repeatMinGrowthMeters,
                                               entry.distance * configuration.repeatMinGrowthFraction)
        }
    }

    /// Starts a new route: what was said stays remembered by maneuver identity; step keys are forgotten.
    mutating func newRoute() {
        earlier += current
        current = []
        handled = []
    }
}
