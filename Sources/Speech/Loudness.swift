import Foundation

/// Loudness of speech as the backends are matched on: the RMS level of the 20 ms frames that carry sound
/// (above -50 dBFS), in dB relative to full scale. Pauses do not count, so a voice that pauses longer is
/// not judged quieter.
public enum Loudness {
    /// The level every backend aims at: eSpeak NG's own at volume 100 (measured: about -20 dBFS).
    public static let targetDBFS = -20.0

    /// Active-frame RMS of `samples` at `sampleRate`, in dBFS; nil when nothing sounds.
    public static func activeRMS(_ samples: [Int16], sampleRate: Int) -> Double? {
        activeRMS(samples.map { Float($0) / 32768 }, sampleRate: sampleRate)
    }

    /// Active-frame RMS of float samples in [-1, 1], in dBFS; nil when nothing sounds.
    public static func activeRMS(_ samples: [Float], sampleRate: Int) -> Double? {
        let frame = max(1, sampleRate / 50)
        let floor = pow(10, -50.0 / 20)
        var energy = 0.0, count = 0
        var start = 0
        while start < samples.count {
            let end = min(samples.count, start + frame)
            var sum = 0.0
            for i in start..<end { sum += Double(samples[i]) * Double(samples[i]) }
            if (sum / Double(end - start)).squareRoot() > floor {
                energy += sum
                count += end - start
            }
            start = end
        }
        guard count > 0 else { return nil }
        return 20 * log10((energy / Double(count)).squareRoot())
    }
}
