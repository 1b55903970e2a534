import SafeIO
/// Plays utterances in virtual time onto a timeline: each utterance is synthesized whole (synthesis is far
/// faster than real time), its end is scheduled on the `VirtualClock`, and its audio is written at its start
/// offset when it ends, cut at the stop time when it is interrupted or muted. With a `WAVFileSink` this
/// renders a whole drive to one file as fast as synthesis allows.
public final class RenderingPlayer: SpeechPlayer, @unchecked Sendable {  // @unchecked: lets only; its state is a Locked
    private struct Pending {
        var handle: PlaybackHandle
        var pcm: PCMBuffer
    }
    private let synthesizer: any SpeechSynthesizer
    private let sink: any AudioSink
    private let clock: VirtualClock
    private struct State {
        var pending: Pending?
        var framesWritten = 0
        var gain = 1.0
        var opened = false
    }
    private let state = Locked(State())

    /// Creates a player rendering onto `sink` (opened on first use at the synthesizer's rate), timed by `clock`.
    public init(synthesizer: any SpeechSynthesizer, sink: any AudioSink, clock: VirtualClock) {
        self.synthesizer = synthesizer
        self.sink = sink
        self.clock = clock
    }

    /// Seconds of timeline written so far.
    public var renderedSeconds: Double {
        Double(state.withLock { $0.framesWritten }) / Double(synthesizer.sampleRate)
    }

    /// Synthesizes the utterance and schedules its end on the virtual clock.
    public func play(_ handle: PlaybackHandle, finished: @escaping @Sendable (String?) -> Void) {
        let pcm: PCMBuffer
        do {
            pcm = try synthesizer.render(handle.utterance)
        } catch {
            let message = String(describing: error)
            clock.schedule(at: handle.startTime) { if !handle.isCancelled { finished(message) } }
            return
        }
        state.withLock { $0.pending = Pending(handle: handle, pcm: pcm) }
        clock.schedule(at: handle.startTime + pcm.duration) { [self] in
            guard !handle.isCancelled else { return }
            let error = commit(handle, seconds: pcm.duration)
            finished(error)
        }
    }

    /// Writes the part of the cancelled utterance that sounded before `time`.
    public func stop(_ handle: PlaybackHandle, at time: Double) {
        _ = commit(handle, seconds: time - handle.startTime)
    }

    /// Sets the gain applied when audio is written.
    public func setVolume(_ volume: Double) { state.withLock { $0.gain = volume } }

    /// Opens the sink now (otherwise the first commit does), so errors surface before rendering.
    public func prepare() throws {
        try state.withLock { try open(&$0) }
    }

    /// Pads the timeline with silence up to `seconds` (when given) and closes the sink. Call it after the
    /// clock has run past the last utterance.
    public func finish(padTo seconds: Double? = nil) throws {
        try state.withLock { s in
            try open(&s)
            if let seconds { try pad(&s, to: seconds) }
        }
        try sink.close()
    }

    private func open(_ s: inout State) throws {
        guard !s.opened else { return }
        try sink.open(sampleRate: synthesizer.sampleRate)
        s.opened = true
    }

    private func pad(_ s: inout State, to seconds: Double) throws {
        let frame = Int(saturatingRounded: seconds * Double(synthesizer.sampleRate))
        guard frame > s.framesWritten else { return }
        try sink.writeSilence(frames: frame - s.framesWritten)
        s.framesWritten = frame
    }

    private func commit(_ handle: PlaybackHandle, seconds: Double) -> String? {
        do {
            try state.withLock { s in
                guard let pending = s.pending, pending.handle === handle else { return }
                s.pending = nil
                try open(&s)
                try pad(&s, to: handle.startTime)
                let part = applyGain(s.gain, to: pending.pcm.prefix(seconds: seconds).samples)
                try sink.write(part)
                s.framesWritten += part.count
            }
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
