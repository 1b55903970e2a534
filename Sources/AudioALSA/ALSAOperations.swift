import CALSA

/// The ALSA calls whose failures the sink must survive, as a seam: tests inject error codes
/// (e.g. -EPIPE, which the null and file PCMs never produce) while the rest stays real.
public struct ALSAOperations: Sendable {
    /// `snd_pcm_writei(pcm, buffer, frames)`: frames written or a negative errno.
    public var writei: @Sendable (OpaquePointer, UnsafeRawPointer, Int) -> Int
    /// `snd_pcm_recover(pcm, error, silent)`: 0 or a negative errno.
    public var recover: @Sendable (OpaquePointer, Int32) -> Int32

    /// Creates a seam from closures.
    public init(writei: @escaping @Sendable (OpaquePointer, UnsafeRawPointer, Int) -> Int,
                recover: @escaping @Sendable (OpaquePointer, Int32) -> Int32) {
        self.writei = writei
        self.recover = recover
    }

    /// The real alsa-lib calls.
    public static let system = ALSAOperations(
        writei: { pcm, buffer, frames in snd_pcm_writei(pcm, buffer, snd_pcm_uframes_t(frames)) },
        recover: { pcm, error in snd_pcm_recover(pcm, error, 1) })
}

/// `snd_strerror` text for a negative error code.
func alsaErrorText(_ code: Int32) -> String {
    snd_strerror(code).map { String(cString: $0) } ?? "error \(code)"
}
