import Guidance
import Location
import Synchronization

/// Feeds a `LocationSource` into a `Navigator`: fixes become `update(_:)` calls, receiver states become
/// `locationChanged(_:)`, and every fix used can be written to a `LocationRecorder` (so the drive can be replayed
/// exactly with `nmea:` or `gpx:`).
///
/// Recorded sources (simulate, NMEA, GPX) are paced by the caller: `run(until:)` feeds what is due by then, so
/// the same feed renders a drive in virtual time or plays it at any speedup. Live sources (gpsd) deliver in
/// wall-clock time: `run(until:)` feeds what has arrived and moves the navigator to `until`, which is the
/// source's receive clock (seconds since it was opened).
public final class LocationFeed: @unchecked Sendable {  // @unchecked: `ended` is written only by the one thread that runs the feed
    /// The source positions come from.
    public let source: any LocationSource
    /// The navigator they go to.
    public let navigator: Navigator
    /// Where the fixes used are recorded, if anywhere.
    public let recorder: LocationRecorder?
    private var ended = false
    private let fixCount = Atomic<Int>(0)

    /// How many fixes have gone to the navigator (safe to read from any thread, e.g. a signal handler's): 0 when
    /// a drive ends means it never had a position, which a consumer should say.
    public var fixesUsed: Int { fixCount.load(ordering: .relaxed) }

    /// How a recorded source ended before the drive arrived.
    public struct ShortEnding: Sendable, Equatable {
        /// Drive time of the last event, seconds.
        public var driveTime: Double
        /// Route distance still to go to the destination then, meters.
        public var remainingMeters: Double
    }

    /// Set when a recorded source ran out of positions before the arrival was announced (a recording cut
    /// short): the drive is over, and a consumer should say how far from the destination it stopped.
    public private(set) var endedShort: ShortEnding?

    /// Creates a feed; nothing is read until `run(until:)`.
    public init(source: any LocationSource, navigator: Navigator, recorder: LocationRecorder? = nil) {
        self.source = source
        self.navigator = navigator
        self.recorder = recorder
    }

    /// True once the drive is over: a recorded source has ended, or a live drive has announced the arrival.
    public var finished: Bool { ended || (source.timing == .live && navigator.hasArrived) }

    /// Feeds every event due by drive time `target` (recorded) or waiting now (live), then moves the navigator's
    /// time to `target`. After a recorded source has ended, time still moves while speech is finishing, so what
    /// is being said when the positions run out is said to the end (on a virtual speech clock nothing else moves
    /// it). Throws the source's `LocationError` (unusable input) or a recorder's write error.
    public func run(until target: Double) throws {
        while !ended {
            let due = source.timing == .recorded ? source.peekTime() : nil
            if let due, due > target { break }
            guard try take(due: due) else { break }
        }
        if target.isFinite, !ended || !navigator.speech.isIdle { navigator.advance(to: target) }
    }

    /// Takes one event (of a recorded source: due at drive time `due`, where receiver states are reported);
    /// false when a live source has nothing waiting.
    @discardableResult
    private func take(due: Double?) throws -> Bool {
        guard let event = try source.nextEvent() else {
            if source.timing == .recorded { end() }
            return false
        }
        switch event {
        case .fix(let position):
            if navigator.locationStatus != .ok {
                navigator.advance(to: position.timestamp)
                navigator.locationChanged(.ok)
            }
            try recorder?.record(position)
            navigator.update(position)
            fixCount.add(1, ordering: .relaxed)
        case .status(let status):
            if let due { navigator.advance(to: due) }
            navigator.locationChanged(status)
        case .end:
            end()
        }
        return true
    }

    /// Marks a recorded source as over, noting how far from the destination it stopped.
    private func end() {
        guard !ended else { return }
        ended = true
        guard !navigator.hasArrived else { return }
        endedShort = ShortEnding(driveTime: navigator.driveTime,
                                 remainingMeters: navigator.progress?.remainingDistance ?? navigator.route.path.length)
    }
}
