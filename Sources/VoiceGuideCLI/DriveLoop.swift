import Foundation
import RouteModel
import Guidance
import Navigation

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

/// The simulated drive, independent of the clock: it feeds simulator fixes into the navigator up to a drive
/// time. Real-time playback, text mode and WAV rendering all drive it; only how drive time advances differs.
final class DriveLoop: @unchecked Sendable {
    /// The navigator that guides and speaks.
    let navigator: Navigator
    private var fixes: Simulator
    private var pendingFix: SimulatedFix?
    /// True once the simulator has no more fixes (the drive is over; speech may still be finishing).
    private(set) var finished = false

    /// Creates the loop over `navigator`'s route, driven at `speedKmh` (nil: the route's own step speeds).
    init(navigator: Navigator, speedKmh: Double?) {
        self.navigator = navigator
        var options = SimulatorOptions()
        options.speedKmh = speedKmh
        fixes = Simulator(index: navigator.route, options: options)
    }

    /// Drive seconds of the last fix or advance.
    var simTime: Double { navigator.driveTime }
    /// Progress after the last fix.
    var progress: RouteProgress? { navigator.progress }

    /// Feeds every fix up to drive time `target`, then moves the navigator's time to `target`.
    func run(until target: Double) {
        while !finished {
            if pendingFix == nil { pendingFix = fixes.next() }
            guard let fix = pendingFix else {
                finished = true
                return
            }
            guard fix.position.timestamp <= target else {
                navigator.advance(to: target)
                return
            }
            pendingFix = nil
            navigator.update(fix.position)
        }
    }
}

extension GuidanceSettings {
    /// The navigator options for these settings: the fixed speed (if any) as the planning speed.
    func navigatorOptions(voice: String? = nil, timebase: SpeechTimebase, mute: MuteWindow?) -> Navigator.Options {
        var configuration = GuidanceConfiguration.standard
        if let kmh = speedKmh { configuration.speedOverride = kmh / 3.6 }
        return Navigator.Options(configuration: configuration, voice: voice ?? locale.profile.voice, timebase: timebase,
                                 muteWindow: mute)
    }
}
