import Guidance

/// The staleness rule: how long an announcement may wait for the speech channel before it is no longer worth
/// saying. `Navigator` turns it into the utterance's deadline; the same deadline decides whether unmute may say
/// a suppressed announcement again, so a replay never runs past its maneuver.
public enum AnnouncementValidity {
    /// Drive seconds an announcement stays valid after its trigger: the latest start that still lets a maneuver
    /// instruction finish 1 s before its maneuver at `speed` m/s (never more than 8 s: by then a newer one is
    /// due); status messages (continue, off route, back on route, reroute) 4 s, alerts 3 s (a limit said late
    /// is said where it no longer starts).
    public static func seconds(_ announcement: Announcement, speed: Double) -> Double {
        switch announcement.kind {
        case .now, .prepare, .early, .arrive, .waypoint, .depart:
            let toManeuver = announcement.distanceToManeuverMeters / max(1, speed)
            return min(8, toManeuver - 1 - announcement.durationSeconds)
        case .continue, .offRoute, .reroute, .backOnRoute:
            return 4
        case .speedLimit, .overspeed, .camera:
            return 3
        }
    }

    /// Speech-clock seconds an announcement may take from its trigger to reaching the controller. A live loop
    /// ticks every 10 ms of wall time; at a high speedup a whole validity window fits inside one tick, and
    /// without this grace an announcement would arrive already stale at an idle channel.
    public static let submissionGraceSeconds = 0.1
}
