import RouteModel

/// Any source, with every fix it hands out also written to a `LocationRecorder` (`--record`): what the drive
/// used is what the file replays. Call `finish()` at the end of the drive to put the file in place.
public final class RecordingLocationSource: LocationSource {
    /// The wrapped source.
    public let source: any LocationSource
    /// Where fixes are written.
    public let recorder: LocationRecorder

    /// Wraps `source`.
    public init(_ source: any LocationSource, recorder: LocationRecorder) {
        self.source = source
        self.recorder = recorder
    }

    /// The wrapped source's label.
    public var label: String { source.label }
    /// The wrapped source's timing.
    public var timing: LocationTiming { source.timing }

    /// The wrapped source's next event; a fix is recorded first (a write error is thrown: `.io`).
    public func nextEvent() throws -> LocationEvent? {
        let event = try source.nextEvent()
        if case .fix(let position) = event { try recorder.record(position) }
        return event
    }

    /// The wrapped source's next time.
    public func peekTime() -> Double? { source.peekTime() }

    /// The wrapped source's wait.
    public func waitForEvent(timeout: Double) { source.waitForEvent(timeout: timeout) }

    /// The wrapped source's NMEA counts.
    public var nmeaReport: NMEAReport? { source.nmeaReport }

    /// Passed to the wrapped source.
    public func routeChanged(to route: RouteIndex) { source.routeChanged(to: route) }

    /// Closes the wrapped source.
    public func close() { source.close() }

    /// Completes the recording.
    public func finish() throws { try recorder.finish() }
}
