import RouteModel

/// A fix or a change of receiver state, in time order.
public enum LocationEvent: Sendable, Equatable {
    /// A usable position; its timestamp is in seconds on the source's clock (see `LocationSource`).
    case fix(Position)
    /// The receiver or connection state changed.
    case status(LocationStatus)
    /// A recorded source has no more events.
    case end
}

/// The state of a position receiver, as a driver's status line shows it.
public enum LocationStatus: Sendable, Equatable {
    /// Fixes are arriving.
    case ok
    /// The receiver is connected but has no fix (NMEA status V, GGA quality 0, gpsd mode < 2).
    case noFix
    /// The last fix is older than the stale limit (2 s): nothing should be announced from it.
    case stale
    /// The connection to the receiver is gone; the text says why.
    case lost(String)
    /// Reconnecting after a loss; `attempt` counts from 1.
    case reconnecting(attempt: Int)
}

/// How a source's events relate to time.
public enum LocationTiming: Sendable {
    /// Recorded sources (simulate, nmea, gpx) carry their own times and are paced by the consumer
    /// (real or virtual clock): `peekTime()` says when the next event is due.
    case recorded
    /// Live sources (gpsd) deliver in wall-clock time: poll `nextEvent()`.
    case live
}
