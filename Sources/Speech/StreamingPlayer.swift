import Foundation

/// Plays utterances in real time: synthesis streams chunks on one thread, a playback thread writes
/// them to the sink in periods. A stop cancels the synthesis (its callback returns `.stop`), and the
/// playback thread `drop`s the sink at the next period boundary, which bounds the cut to one period.
public final class StreamingPlayer: SpeechPlayer, @unchecked Sendable {  // @unchecked: lets only: serial queues and Locked flags
    private let synthesizer: any SpeechSynthesizer
    private let sink: any AudioSink
    private let periodFrames: Int
    private let synthesisQueue = DispatchQueue(label: "voiceguide.speech.synthesis")
    private let playbackQueue = DispatchQueue(label: "voiceguide.speech.playback")
    private let gain = Locked(1.0)
    private let opened = Locked(false)
    private let paused = Locked(false)
    private let onMark: (@Sendable (Utterance, String) -> Void)?

    /// Creates a player writing to `sink` in pieces of `periodFrames` (512 frames ≈ 23 ms at 22050 Hz).
    /// `onMark` is told when playback reaches each SSML `<mark>`.
    public init(synthesizer: any SpeechSynthesizer, sink: any AudioSink, periodFrames: Int = 512,
                onMark: (@Sendable (Utterance, String) -> Void)? = nil) {
        self.synthesizer = synthesizer
        self.sink = sink
        self.periodFrames = max(1, periodFrames)
        self.onMark = onMark
    }

    /// Opens the sink now (otherwise the first play does). Throws the sink's error, e.g. `AudioDeviceUnavailable`.
    public func prepare() throws {
        try opened.withLock { isOpen in
            guard !isOpen else { return }
            try sink.open(sampleRate: synthesizer.sampleRate)
            isOpen = true
        }
    }

    /// Waits for pending playback, then closes the sink.
    public func shutdown() throws {
        playbackQueue.sync {}
        try opened.withLock { isOpen in
            guard isOpen else { return }
            isOpen = false
            try sink.close()
        }
    }

    /// Starts synthesis and playback of `handle.utterance` on the player's threads.
    public func play(_ handle: PlaybackHandle, finished: @escaping @Sendable (String?) -> Void) {
        let channel = ChunkChannel()
        handle.onCancel { channel.cancel() }
        let synthesizer = self.synthesizer
        synthesisQueue.async {
            guard !handle.isCancelled else { return channel.finish() }
            do {
                _ = try synthesizer.synthesize(handle.utterance) { event in
                    if handle.isCancelled { return .stop }
                    channel.push(event)
                    return .proceed
                }
                channel.finish()
            } catch {
                channel.finish(error: String(describing: error))
            }
        }
        playbackQueue.async { [self] in
            let error = playOut(channel, handle: handle)
            if !handle.isCancelled { finished(error) }
        }
    }

    /// The handle is already cancelled, which wakes the playback thread; nothing else to do here.
    public func stop(_ handle: PlaybackHandle, at time: Double) {}

    /// Holds playback between periods while `true` (a live drive's pause key pauses the utterance being said,
    /// not only the clock); `false` carries on from the same sample. A cancel still stops at once.
    public func setPaused(_ value: Bool) { paused.withLock { $0 = value } }

    /// Sets the software gain applied to every chunk.
    public func setVolume(_ volume: Double) { gain.withLock { $0 = volume } }

    /// Runs on the playback thread: writes chunks until the end or cancellation. Returns an error text.
    private func playOut(_ channel: ChunkChannel, handle: PlaybackHandle) -> String? {
        do {
            try prepare()
            loop: while true {
                switch channel.next() {
                case .cancelled:
                    break loop
                case .end(let error):
                    if let error { try sink.drop(); return error }
                    break loop
                case .event(.mark(let name, _)):
                    onMark?(handle.utterance, name)
                case .event(.audio(let chunk)):
                    let samples = applyGain(gain.snapshot, to: chunk)
                    var start = 0
                    while start < samples.count {
                        while paused.snapshot && !handle.isCancelled { usleep(10_000) }
                        if handle.isCancelled { break loop }
                        let end = min(samples.count, start + periodFrames)
                        try samples.withUnsafeBufferPointer { try sink.write(UnsafeBufferPointer(rebasing: $0[start..<end])) }
                        start = end
                    }
                }
            }
            if handle.isCancelled { try sink.drop() } else { try sink.drain() }
            return nil
        } catch {
            return String(describing: error)
        }
    }
}
