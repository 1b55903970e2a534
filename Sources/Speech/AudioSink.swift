/// Plays (or stores) mono Int16 PCM.
///
/// Implementation requirements (checked by `SpeechConformance.checkSink`):
/// - `open` before anything else; `write`, `drain` and `drop` on a sink that is not open throw `AudioSinkError.notOpen`.
/// - `write` blocks at most about one period, so a player can stop within a few tens of milliseconds.
/// - `drain` returns once everything written has been played; `drop` discards queued audio at once.
///   After either, the sink accepts more writes (a new utterance) without reopening.
/// - `close` releases every resource and may be called more than once.
/// - One thread at a time calls a sink (the player serializes); conformers are still `Sendable`
///   so they can be handed to that thread.
public protocol AudioSink: AnyObject, Sendable {
    /// Opens the sink for `sampleRate` frames per second, mono, signed 16-bit.
    func open(sampleRate: Int) throws
    /// Writes samples, blocking while the device queue is full.
    func write(_ samples: UnsafeBufferPointer<Int16>) throws
    /// Waits until everything written has been played.
    func drain() throws
    /// Stops at once, discarding whatever is queued.
    func drop() throws
    /// Closes the sink; harmless when already closed.
    func close() throws
}

extension AudioSink {
    /// Writes an array of samples.
    public func write(_ samples: [Int16]) throws {
        try samples.withUnsafeBufferPointer { try write($0) }
    }

    /// Writes `frames` frames of silence, in bounded pieces (so an hour of silence needs no hour of memory).
    public func writeSilence(frames: Int) throws {
        let piece = [Int16](repeating: 0, count: min(max(frames, 0), 8192))
        var left = frames
        while left > 0 {
            let n = min(left, piece.count)
            try piece.withUnsafeBufferPointer { try write(UnsafeBufferPointer(rebasing: $0[0..<n])) }
            left -= n
        }
    }
}

/// An audio device that cannot be opened. The CLI maps it to exit 69.
public struct AudioDeviceUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    /// The device name as given.
    public var device: String
    /// Why, in the library's words (e.g. `snd_strerror` text).
    public var reason: String

    /// Creates the error.
    public init(device: String, reason: String) {
        self.device = device
        self.reason = reason
    }

    /// "audio device 'default' is unavailable: No such file or directory".
    public var description: String { "audio device '\(device)' is unavailable: \(reason)" }
}

/// A failure of an open sink.
/// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
/// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
public enum AudioSinkError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A call that needs an open sink came before `open` or after `close`.
    case notOpen
    /// An operation failed; `reason` is the library's or system's text.
    case failed(operation: String, reason: String)
    /// The sink cannot hold more audio (e.g. the 4 GiB limit of a WAV file).
    case full(String)

    /// One line for the user.
    public var description: String {
        switch self {
        case .notOpen: return "audio sink is not open"
        case .failed(let operation, let reason): return "audio \(operation) failed: \(reason)"
        case .full(let why): return "audio sink is full: \(why)"
        }
    }
}
