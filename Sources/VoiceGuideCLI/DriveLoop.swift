import Foundation
import RouteModel
import Guidance
import Navigation
import Location
import Routing

/// Counts of what became of the announcements, for the summary line.
struct DriveTally: Sendable, Equatable {
    /// Announcements the guidance triggered.
    var triggered = 0
    /// Said to the end.
    var spoken = 0
    /// Cut off by a more urgent one.
    var interrupted = 0
    /// Suppressed or cut off by mute.
    var muted = 0
    /// Stale before they could be said.
    var dropped = 0
    /// The output failed while saying them.
    var failed = 0
}

/// The drive, independent of the clock: it feeds the location source's positions into the navigator up to a
/// drive time (simulated, recorded or live). Real-time playback, text mode and WAV rendering all drive it; only
/// how drive time advances differs.
final class DriveLoop: @unchecked Sendable {  // @unchecked: lets only; Navigator and LocationFeed guard their own state
    /// The navigator that guides and speaks.
    let navigator: Navigator
    /// The source feed.
    let feed: LocationFeed

    /// Creates the loop over `source` (with `recorder` writing the fixes used).
    init(navigator: Navigator, source: any LocationSource, recorder: LocationRecorder? = nil) {
        self.navigator = navigator
        feed = LocationFeed(source: source, navigator: navigator, recorder: recorder)
    }

    /// Creates the loop over a clean simulation of `navigator`'s route at `speedKmh` (nil: the route's speeds).
    convenience init(navigator: Navigator, speedKmh: Double?) {
        var options = SimulatorOptions()
        options.speedKmh = speedKmh
        self.init(navigator: navigator, source: SimulatedLocationSource(index: navigator.route, options: options))
    }

    /// True once the drive is over (speech may still be finishing).
    var finished: Bool { feed.finished }
    /// Drive seconds of the last fix or advance.
    var simTime: Double { navigator.driveTime }
    /// Progress after the last fix.
    var progress: RouteProgress? { navigator.progress }

    /// Feeds every position up to drive time `target`, then moves the navigator's time to `target`.
    func run(until target: Double) throws {
        try feed.run(until: target)
    }
}

extension GuidanceSettings {
    /// The navigator options for these settings: their guidance configuration (`configuration`).
    func navigatorOptions(voice: String? = nil, timebase: SpeechTimebase, mute: MuteWindow?,
                          router: (any Router)? = nil) -> Navigator.Options {
        Navigator.Options(configuration: configuration, voice: voice ?? locale.profile.voice, timebase: timebase,
                                 muteWindow: mute, router: router)
    }
}
