import SafeIO
/// Mono signed 16-bit PCM samples with their sample rate.
public struct PCMBuffer: Sendable, Hashable {
    /// The samples, one per frame (mono).
    public var samples: [Int16]
    /// Frames per second.
    public var sampleRate: Int

    /// Creates a buffer.
    public init(samples: [Int16] = [], sampleRate: Int) {
        self.samples = samples
        self.sampleRate = sampleRate
    }

    /// Length in seconds.
    public var duration: Double { sampleRate > 0 ? Double(samples.count) / Double(sampleRate) : 0 }

    /// The first `seconds` of the buffer (all of it when longer).
    public func prefix(seconds: Double) -> PCMBuffer {
        let frames = max(0, min(samples.count, Int(saturatingRounded: seconds * Double(sampleRate))))
        return PCMBuffer(samples: Array(samples.prefix(frames)), sampleRate: sampleRate)
    }

    /// Root-mean-square level of the samples (0 for an empty buffer).
    public var rms: Double {
        guard !samples.isEmpty else { return 0 }
        let sum = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (sum / Double(samples.count)).squareRoot()
    }
}

/// Scales samples by `gain` (0…1 typically), clamping to the Int16 range.
public func applyGain(_ gain: Double, to samples: [Int16]) -> [Int16] {
    if gain == 1 { return samples }
    return samples.map { sample in
        let scaled = (Double(sample) * gain).rounded()
        return Int16(clamping: Int(saturating: scaled))
    }
}
