import Foundation

/// A tiny deterministic pseudo-random generator (SplitMix64), so seeded simulations repeat exactly on
/// every platform.
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    /// Creates a generator from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in (0, 1], from the top 53 bits.
    public mutating func nextUnit() -> Double { (Double(next() >> 11) + 1) / 9_007_199_254_740_992 }

    /// Two independent standard normal values (Box–Muller).
    public mutating func nextGaussianPair() -> (Double, Double) {
        let r = (-2 * log(nextUnit())).squareRoot()
        let θ = 2 * Double.pi * nextUnit()
        return (r * cos(θ), r * sin(θ))
    }
}
