import Foundation

/// A one-producer, one-consumer queue of synthesis events between the synthesis thread and the
/// playback thread, so synthesis (≈1000× real time) never waits for the device.
final class ChunkChannel: @unchecked Sendable {  // @unchecked: every var is read and written under `condition`
    /// What the consumer gets next.
    enum Next {
        case event(SynthesisEvent)
        case end(error: String?)
        case cancelled
    }
    private let condition = NSCondition()
    private var items: [SynthesisEvent] = []
    private var head = 0
    private var ended = false
    private var error: String?
    private var cancelled = false

    /// Adds an event (producer).
    func push(_ event: SynthesisEvent) {
        condition.lock()
        items.append(event)
        condition.signal()
        condition.unlock()
    }

    /// Marks the end of the stream (producer).
    func finish(error: String? = nil) {
        condition.lock()
        ended = true
        self.error = error
        condition.signal()
        condition.unlock()
    }

    /// Wakes the consumer with `.cancelled` (any thread).
    func cancel() {
        condition.lock()
        cancelled = true
        condition.signal()
        condition.unlock()
    }

    /// The next event, blocking until there is one, the end, or cancellation (consumer).
    func next() -> Next {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if cancelled { return .cancelled }
            if head < items.count {
                let item = items[head]
                head += 1
                if head > 64 && head * 2 > items.count {
                    items.removeFirst(head)
                    head = 0
                }
                return .event(item)
            }
            if ended { return .end(error: error) }
            condition.wait()
        }
    }
}
