/// An event with the time it is due, for the queue of a recorded source.
struct TimedEvent: Sendable, Equatable {
    /// Seconds on the source's clock.
    var time: Double
    /// The event.
    var event: LocationEvent
}
