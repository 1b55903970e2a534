import CALSA
import Foundation
import Speech

/// Plays PCM through alsa-lib: S16_LE, mono, at the synthesizer's rate (alsa-lib's plug layer resamples
/// when the device needs another rate). The device name passes through unchanged: `default`, `null`,
/// `hw:0,0`, or `file:'/tmp/x.raw',raw` to capture exactly what was played.
public final class ALSASink: AudioSink, @unchecked Sendable {  // @unchecked: lets only; the PCM handle lives in a Locked
    /// The device name as given.
    public let device: String
    /// Requested device latency in microseconds (the buffer a `drop` discards).
    public let latencyMicroseconds: UInt32
    private let operations: ALSAOperations
    private struct State {
        var pcm: OpaquePointer?
        var periodFrames = 1024
        var recoveries = 0
    }
    private let state = Locked(State())

    /// Creates a closed sink for `device`; `operations` is the seam for write/recover.
    public init(device: String = "default", latencyMicroseconds: UInt32 = 100_000, operations: ALSAOperations = .system) {
        self.device = device
        self.latencyMicroseconds = latencyMicroseconds
        self.operations = operations
    }

    deinit { try? close() }

    /// How many underruns/suspends were recovered with `snd_pcm_recover`.
    public var recoveries: Int { state.withLock { $0.recoveries } }

    /// Frames written per `snd_pcm_writei` call (the device's period).
    public var periodFrames: Int { state.withLock { $0.periodFrames } }

    /// Opens and configures the device. Throws `AudioDeviceUnavailable` with `snd_strerror` text.
    public func open(sampleRate: Int) throws {
        try state.withLock { s in
            guard s.pcm == nil else { return }
            voiceguide_alsa_silence_errors()
            var pcm: OpaquePointer?
            var code = snd_pcm_open(&pcm, device, SND_PCM_STREAM_PLAYBACK, 0)
            guard code >= 0, let pcm else {
                throw AudioDeviceUnavailable(device: device, reason: alsaErrorText(code))
            }
            code = snd_pcm_set_params(pcm, SND_PCM_FORMAT_S16_LE, SND_PCM_ACCESS_RW_INTERLEAVED, 1,
                                      UInt32(sampleRate), 1, latencyMicroseconds)
            guard code >= 0 else {
                snd_pcm_close(pcm)
                throw AudioDeviceUnavailable(device: device, reason: "cannot play S16_LE mono \(sampleRate) Hz: \(alsaErrorText(code))")
            }
            var bufferSize: snd_pcm_uframes_t = 0
            var periodSize: snd_pcm_uframes_t = 0
            if snd_pcm_get_params(pcm, &bufferSize, &periodSize) >= 0, periodSize > 0 {
                s.periodFrames = Int(periodSize)
            }
            s.pcm = pcm
        }
    }

    /// Writes in periods; recovers from underrun (-EPIPE), suspend (-ESTRPIPE) and -EINTR, retrying the period.
    public func write(_ samples: UnsafeBufferPointer<Int16>) throws {
        try state.withLock { s in
            guard let pcm = s.pcm else { throw AudioSinkError.notOpen }
            guard let base = samples.baseAddress else { return }
            var offset = 0
            while offset < samples.count {
                let frames = min(s.periodFrames, samples.count - offset)
                let written = operations.writei(pcm, UnsafeRawPointer(base + offset), frames)
                if written >= 0 {
                    offset += written
                    continue
                }
                let code = Int32(written)
                guard code == -EPIPE || code == -ESTRPIPE || code == -EINTR else {
                    throw AudioSinkError.failed(operation: "write to '\(device)'", reason: alsaErrorText(code))
                }
                let recovered = operations.recover(pcm, code)
                guard recovered >= 0 else {
                    throw AudioSinkError.failed(operation: "recovery on '\(device)'", reason: alsaErrorText(recovered))
                }
                s.recoveries += 1
            }
        }
    }

    /// Plays out what is queued (`snd_pcm_drain`), then prepares for the next utterance.
    public func drain() throws {
        try control("drain") { snd_pcm_drain($0) }
    }

    /// Stops at once (`snd_pcm_drop`), then prepares for the next utterance.
    public func drop() throws {
        try control("drop") { snd_pcm_drop($0) }
    }

    /// Closes the device; harmless when closed.
    public func close() throws {
        let pcm: OpaquePointer? = state.withLock { s in
            defer { s.pcm = nil }
            return s.pcm
        }
        guard let pcm else { return }
        let code = snd_pcm_close(pcm)
        guard code >= 0 else { throw AudioSinkError.failed(operation: "close of '\(device)'", reason: alsaErrorText(code)) }
    }

    private func control(_ name: String, _ call: (OpaquePointer) -> Int32) throws {
        try state.withLock { s in
            guard let pcm = s.pcm else { throw AudioSinkError.notOpen }
            var code = call(pcm)
            if code >= 0 { code = snd_pcm_prepare(pcm) }
            guard code >= 0 else { throw AudioSinkError.failed(operation: "\(name) on '\(device)'", reason: alsaErrorText(code)) }
        }
    }
}
