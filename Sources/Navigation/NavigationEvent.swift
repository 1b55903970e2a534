import Guidance
import Phrasing
import Speech
import Location
import RouteModel

/// Something that happened during a drive, in the order it happened, stamped with the drive time.
///
/// A `Navigator` delivers these to its observer (synchronously, on the thread that caused them) and to every
/// `events()` stream. They are the whole observable state of a drive: a console, a status line, a recorder or
/// a JSON-lines log (`drive --events`) can be built from them alone. docs/navigation-events.md describes them.
public struct NavigationEvent: Sendable {
    /// What happened.
    public enum Kind: Sendable {
        /// Guidance triggered an announcement; it was phrased and handed to speech as utterance `utteranceID`
        /// (its fate follows as `.speech` events with that id).
        case announced(Announcement, Phrase, utteranceID: Int)
        /// The speech channel's account of an utterance: started, finished, interrupted, muted, dropped, failed.
        /// `event.time` is on the speech clock; the event's `driveTime` is the same moment in drive time.
        case speech(SpeechEvent)
        /// Speech was muted; `scheduled` is true for a `MuteWindow`, false for `Navigator.mute()`.
        case muted(scheduled: Bool)
        /// Speech was unmuted; `scheduled` as for `.muted`.
        case unmuted(scheduled: Bool)
        /// The vehicle was confirmed off the route (once per excursion).
        case offRoute
        /// The vehicle came back onto the route without a reroute (once per excursion).
        case backOnRoute
        /// A new route was asked for from the current position and heading (off route, with a router);
        /// `attempt` counts from 1 and grows while requests fail.
        case rerouteRequested(attempt: Int)
        /// The request failed (connection refused, timeout, non-`Ok` code, malformed body): guidance stays off
        /// route and asks again after `retryInSeconds` of drive time.
        case rerouteFailed(reason: String, retryInSeconds: Double?)
        /// Guidance switched to `route` (from the router, or `Navigator.reroute(to:)`); it starts where the vehicle
        /// was. A `reroute` announcement follows.
        case rerouted(RouteIndex)
        /// The position receiver's state changed (fixes arriving, no fix, stale, lost, reconnecting). While it is
        /// not `.ok` no positions reach guidance, so nothing is announced from stale positions.
        case location(LocationStatus)
        /// The last position was fed and speech has gone quiet (`Navigator.finish()`).
        case finished
    }

    /// Drive time of the event, seconds (the timeline of the positions fed).
    public var driveTime: Double
    /// What happened.
    public var kind: Kind

    /// Creates an event.
    public init(driveTime: Double, kind: Kind) {
        self.driveTime = driveTime
        self.kind = kind
    }

    /// A stable lower-camel-case name for logs and JSON: `announced`, the speech event kinds (`started`,
    /// `finished`, `interrupted`, `muted`, `dropped`, `failed`), `mute`, `unmute`, `offRoute`, `backOnRoute`,
    /// `rerouteRequested`, `rerouteFailed`, `rerouted`, `location`, `driveFinished`.
    public var name: String {
        switch kind {
        case .announced: return "announced"
        case .speech(let event): return event.kind.rawValue
        case .muted: return "mute"
        case .unmuted: return "unmute"
        case .offRoute: return "offRoute"
        case .backOnRoute: return "backOnRoute"
        case .rerouteRequested: return "rerouteRequested"
        case .rerouteFailed: return "rerouteFailed"
        case .rerouted: return "rerouted"
        case .location: return "location"
        case .finished: return "driveFinished"
        }
    }
}
