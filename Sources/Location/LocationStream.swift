import Foundation
import Synchronization

extension LocationSource {
    /// The source as an `AsyncStream`, read on its own thread so no task blocks.
    /// Recorded sources are paced on the real clock: an event is yielded at its timestamp (relative to the first)
    /// divided by `speedup`; pass nil to deliver them as fast as they are read. The stream ends after `.end`, and
    /// when reading throws, after a `.status(.lost(reason))`. Cancelling the consumer stops the thread.
    public func events(speedup: Double? = 1) -> AsyncStream<LocationEvent> {
        let stopped = StopFlag()
        return AsyncStream { continuation in
            continuation.onTermination = { _ in stopped.set() }
            let thread = Thread { [self] in
                self.pump(into: continuation, speedup: speedup, stopped: stopped)
                continuation.finish()
            }
            thread.name = "voiceguide.location.events"
            thread.start()
        }
    }

    /// Reads events and yields them until the end, an error or cancellation.
    private func pump(into continuation: AsyncStream<LocationEvent>.Continuation, speedup: Double?,
                      stopped: StopFlag) {
        let start = Sleep.monotonic()
        var origin: Double?
        while !stopped.isSet {
            if timing == .recorded, let speedup, speedup > 0, let due = peekTime() {
                let first = origin ?? due
                origin = first
                let wait = start + (due - first) / speedup - Sleep.monotonic()
                if wait > 0 { Sleep.seconds(min(wait, 0.1)); continue }
            }
            let event: LocationEvent?
            do { event = try nextEvent() } catch {
                continuation.yield(.status(.lost(String(describing: error))))
                return
            }
            guard let event else {
                if timing == .recorded { return }
                waitForEvent(timeout: 0.1)
                continue
            }
            continuation.yield(event)
            if event == .end { return }
        }
    }
}

/// A one-way flag set by the stream's consumer and read by the reader thread.
final class StopFlag: Sendable {
    private let state = Mutex(false)
    /// Sets the flag.
    func set() { state.withLock { $0 = true } }
    /// True once set.
    var isSet: Bool { state.withLock { $0 } }
}
