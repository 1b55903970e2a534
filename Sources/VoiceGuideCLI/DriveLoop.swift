import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech

/// A scripted mute window in simulated seconds (`--mute-from S --mute-until S`).
struct MuteWindow: Sendable, Equatable {
    /// Simulated second at which speech is muted (speech sounding then is cut off).
    var from: Double
    /// Simulated second at which it is unmuted again.
    var until: Double
}

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

/// The simulated drive, independent of the clock: it feeds simulator fixes into the guidance session up to a
/// simulated time, turns each announcement into an utterance for the speech controller, and applies the mute
/// window. Real-time playback and WAV rendering both drive it; only how simulated time advances differs.
///
/// Controller time is simulated time divided by the speedup (`clockTime(forSim:)`): at `--speedup 1` a WAV
/// segment starts exactly at its announcement's `triggerSeconds`.
final class DriveLoop: @unchecked Sendable {
    /// The route, locale and builder.
    let settings: GuidanceSettings
    private var session: GuidanceSession
    private var fixes: Simulator
    private var pendingFix: SimulatedFix?
    private let controller: SpeechController
    private let voice: String
    private let muteWindow: MuteWindow?
    private let onAnnouncement: @Sendable (Announcement, Phrase, Int) -> Void
    private var mutedByWindow = false
    /// True once the mute window has closed (it mutes once).
    private var windowClosed = false
    private var nextID = 1
    /// Simulated seconds of the last fix fed (the drive's position in time).
    private(set) var simTime = 0.0
    /// True once the simulator has no more fixes (the drive is over; speech may still be finishing).
    private(set) var finished = false
    /// Progress after the last fix.
    var progress: RouteProgress? { session.progress }
    /// Maps a simulated second to controller clock time.
    let clockTime: @Sendable (Double) -> Double

    /// Creates the loop. `onAnnouncement` is told of every triggered announcement (for the log) with its utterance id.
    init(settings: GuidanceSettings, estimator: any DurationEstimator, controller: SpeechController, voice: String,
         muteWindow: MuteWindow?, clockTime: @escaping @Sendable (Double) -> Double,
         onAnnouncement: @escaping @Sendable (Announcement, Phrase, Int) -> Void) {
        self.settings = settings
        var configuration = GuidanceConfiguration.standard
        var options = SimulatorOptions()
        if let kmh = settings.speedKmh {
            configuration.speedOverride = kmh / 3.6
            options.speedKmh = kmh
        }
        session = GuidanceSession(index: settings.index, configuration: configuration, estimator: estimator)
        fixes = Simulator(index: settings.index, options: options)
        self.controller = controller
        self.voice = voice
        self.muteWindow = muteWindow
        self.clockTime = clockTime
        self.onAnnouncement = onAnnouncement
    }

    /// Feeds every fix up to simulated time `target`, applying the mute window at its exact boundaries.
    /// `beforeEvent` moves the controller's clock to a simulated time before anything happens at it
    /// (a virtual clock advances; a real clock is already there).
    func run(until target: Double, beforeEvent: (Double) -> Void) {
        while !finished {
            if pendingFix == nil { pendingFix = fixes.next() }
            guard let fix = pendingFix else {
                finished = true
                applyMuteWindow(upTo: .infinity, beforeEvent: beforeEvent)
                return
            }
            let t = fix.position.timestamp
            guard t <= target else {
                applyMuteWindow(upTo: target, beforeEvent: beforeEvent)
                return
            }
            applyMuteWindow(upTo: t, beforeEvent: beforeEvent)
            beforeEvent(t)
            pendingFix = nil
            simTime = t
            for announcement in session.update(fix.position) { say(announcement) }
        }
    }

    /// Mutes/unmutes when the window's edges fall at or before `time`.
    private func applyMuteWindow(upTo time: Double, beforeEvent: (Double) -> Void) {
        guard let window = muteWindow else { return }
        if !mutedByWindow, !windowClosed, window.from <= time {
            beforeEvent(max(window.from, simTime))
            controller.mute()
            mutedByWindow = true
        }
        if mutedByWindow, window.until <= time {
            beforeEvent(window.until)
            controller.unmute()
            mutedByWindow = false
            windowClosed = true
        }
    }

    /// The current speed in m/s: GPS/simulated, else the route's own, else 50 km/h.
    private var currentSpeed: Double {
        if let v = session.progress?.speed, v > 0.5 { return v }
        return settings.index.speed(atDistance: session.progress?.distanceAlong ?? 0) ?? 13.9
    }

    /// Phrases an announcement and hands it to the controller with a deadline after which it is stale.
    private func say(_ announcement: Announcement) {
        let phrase = settings.builder.phrase(announcement)
        let id = nextID
        nextID += 1
        onAnnouncement(announcement, phrase, id)
        let utterance = Utterance(id: id, text: phrase.ssml, isSSML: true, voice: voice,
                                  priority: announcement.kind.priority,
                                  deadline: max(clockTime(simTime + Self.validitySeconds(announcement, speed: currentSpeed)),
                                                controller.clock.now() + Self.submissionGraceSeconds),
                                  label: announcement.kind.rawValue)
        controller.speak(utterance)
    }

    /// How long (simulated seconds) an announcement may wait in the queue before it is stale: the latest start
    /// that still lets a maneuver instruction finish 1 s before its maneuver (never more than 8 s: by then a
    /// newer one is due); status messages a few seconds. The same deadline decides whether unmute may say it
    /// again, so a replay never runs past its maneuver.
    static func validitySeconds(_ announcement: Announcement, speed: Double) -> Double {
        switch announcement.kind {
        case .now, .prepare, .early, .arrive, .waypoint, .depart:
            let toManeuver = announcement.distanceToManeuverMeters / max(1, speed)
            return min(8, toManeuver - 1 - announcement.durationSeconds)
        case .continue, .offRoute, .reroute, .backOnRoute:
            return 4
        }
    }

    /// Controller-clock seconds an announcement may take from its trigger to reaching the controller. The live
    /// loop ticks every 10 ms of wall time; at a high speedup a whole validity window fits inside one tick, and
    /// without this grace an announcement would arrive already stale at an idle channel.
    static let submissionGraceSeconds = 0.1
}
