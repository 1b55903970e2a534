/// A token for one playback: the controller cancels it to stop that utterance; the player checks it
/// (and the synthesis callback returns `.stop` once it is set).
public final class PlaybackHandle: @unchecked Sendable {  // @unchecked: lets only; its state is a Locked
    private struct State {
        var cancelled = false
        var hooks: [@Sendable () -> Void] = []
    }
    private let state = Locked(State())
    /// The utterance being played.
    public let utterance: Utterance
    /// Clock time it started.
    public let startTime: Double

    /// Creates a live handle.
    public init(utterance: Utterance, startTime: Double) {
        self.utterance = utterance
        self.startTime = startTime
    }

    /// True once cancelled.
    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Cancels and runs the registered hooks (once).
    public func cancel() {
        let hooks: [@Sendable () -> Void] = state.withLock { s in
            guard !s.cancelled else { return [] }
            s.cancelled = true
            defer { s.hooks = [] }
            return s.hooks
        }
        for hook in hooks { hook() }
    }

    /// Runs `hook` when cancelled (at once if it already is).
    public func onCancel(_ hook: @escaping @Sendable () -> Void) {
        let runNow: Bool = state.withLock { s in
            if s.cancelled { return true }
            s.hooks.append(hook)
            return false
        }
        if runNow { hook() }
    }
}

/// Makes utterances sound (or records them). The controller decides *what* plays; a player does it.
///
/// Implementation requirements:
/// - `play` returns quickly and never calls `finished` synchronously (the controller holds its lock).
/// - `finished` is called exactly once per `play` that was not cancelled, after the utterance has
///   completely sounded, with an error description if it failed. After `handle.cancel()` it may be skipped.
/// - `stop` (always preceded by `handle.cancel()`) cuts the sound within 50 ms of real time.
/// - Two plays never overlap in the output, even when the previous one is still being cut.
public protocol SpeechPlayer: Sendable {
    /// Starts sounding `handle.utterance` at clock time `handle.startTime`.
    func play(_ handle: PlaybackHandle, finished: @escaping @Sendable (_ error: String?) -> Void)
    /// Cuts the playback of a cancelled handle at clock time `time`.
    func stop(_ handle: PlaybackHandle, at time: Double)
    /// Sets the output gain, 0…1.
    func setVolume(_ volume: Double)
    /// Sees every event the controller publishes (recorders use it); default: nothing.
    func observe(_ event: SpeechEvent)
}

extension SpeechPlayer {
    /// Ignores events.
    public func observe(_ event: SpeechEvent) {}
}
