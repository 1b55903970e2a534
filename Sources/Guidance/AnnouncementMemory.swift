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

    /// (step, kind) pairs said or dropped on the current route: by flat step index, one bit per kind.
    private var handled: [UInt16] = []
    /// Everything said on earlier routes.
    private var earlier = [Entry]()
    /// Everything said on the current route.
    private var current = [Entry]()
    /// Speed limit changes said or skipped, by where the limit starts and its value, across routes: a new route
    /// over the same road does not say its limit again.
    private var limitChanges = [(location: Coordinate, kmh: Double)]()
    /// Speed cameras said or skipped (passed), by where the camera stands and the bearing it was passed at, across
    /// routes: a new route past the same camera the same way does not say it again; a later pass the other way
    /// (a route there and back past a camera checking both ways) does.
    private var cameras = [(location: Coordinate, bearing: Double)]()

    /// The bit of `kind` in `handled`.
    private static func bit(_ kind: AnnouncementKind) -> UInt16 {
        switch kind {
        case .depart: return 1 << 0
        case .continue: return 1 << 1
        case .early: return 1 << 2
        case .prepare: return 1 << 3
        case .now: return 1 << 4
        case .arrive: return 1 << 5
        case .waypoint: return 1 << 6
        case .offRoute: return 1 << 7
        case .reroute: return 1 << 8
        case .backOnRoute: return 1 << 9
        case .speedLimit: return 1 << 10
        case .overspeed: return 1 << 11
        case .camera: return 1 << 12
        }
    }

    /// True when (step, kind) was said or dropped on the current route.
    func isHandled(_ step: Int, _ kind: AnnouncementKind) -> Bool {
        handled.indices.contains(step) && handled[step] & Self.bit(kind) != 0
    }

    /// Marks (step, kind) as done on the current route without saying it.
    mutating func drop(_ step: Int, _ kind: AnnouncementKind) {
        guard step >= 0 else { return }
        if step >= handled.count { handled += repeatElement(0, count: step + 1 - handled.count) }
        handled[step] |= Self.bit(kind)
    }

    /// Records that `kind` was said for step `step` (described by `maneuver`) at `distance` from it.
    mutating func record(_ step: Int, _ kind: AnnouncementKind, maneuver: Maneuver, distance: Double) {
        drop(step, kind)
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

    /// True when the change to `kmh` at `location` was said or skipped (on this route or an earlier one).
    func isHandled(limitChangeAt location: Coordinate, kmh: Double, configuration: GuidanceConfiguration) -> Bool {
        limitChanges.contains { $0.kmh == kmh && Geo.distance($0.location, location) <= configuration.maneuverMatchMeters }
    }

    /// Marks the change to `kmh` at `location` as said or skipped: it is never said again.
    mutating func handle(limitChangeAt location: Coordinate, kmh: Double) {
        limitChanges.append((location, kmh))
    }

    /// True when `camera` (at its place and bearing on the route) was said or skipped, on this route or an earlier one.
    func isHandled(camera: CameraOnRoute) -> Bool {
        cameras.contains {
            Geo.distance($0.location, camera.camera.coordinate) <= Self.sameCameraMeters
                && RouteCameras.headingDifference($0.bearing, camera.routeBearing) <= RouteCameras.defaultMaxHeadingDifference
        }
    }

    /// Marks `camera` as said or skipped: it is never said again when passed the same way.
    mutating func handle(camera: CameraOnRoute) {
        cameras.append((camera.camera.coordinate, camera.routeBearing))
    }

    /// Two camera positions this close are the same camera (files give the same node the same coordinates).
    static let sameCameraMeters = 1.0

    /// Starts a new route: what was said stays remembered by maneuver identity; step keys are forgotten.
    mutating func newRoute() {
        earlier += current
        current = []
        handled = []
    }
}
