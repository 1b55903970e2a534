import Foundation
import Guidance
import RouteModel

/// Seeded byte-level mutations for the fuzzers: flips, inserts of protocol-significant bytes, deletions,
/// duplications and truncations. The same seed gives the same inputs on every machine.
struct Mutator {
    private var random: SplitMix64
    private static let interesting: [[UInt8]] = ["$", "*", ",", "\n", "\r", "<", ">", "&", "\"", "{", "}", ":", "-", ".",
                                                 "9999999999", "1e308", "-0", "NaN", "\u{0}", "\u{FF}", "]]>", "<!--",
                                                 "&amp;", "\\u0000", "null", "[", "]"].map { Array($0.utf8) }

    /// Creates a mutator.
    init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// A number in 0..<bound.
    mutating func below(_ bound: Int) -> Int { bound <= 1 ? 0 : Int(random.next() % UInt64(bound)) }

    /// `input` with 1…4 mutations.
    mutating func mutate(_ input: [UInt8]) -> [UInt8] {
        var bytes = input
        for _ in 0...below(4) {
            let at = below(bytes.count + 1)
            switch below(6) {
            case 0 where !bytes.isEmpty: bytes[min(at, bytes.count - 1)] ^= UInt8(1 << below(8))
            case 1: bytes.insert(contentsOf: Self.interesting[below(Self.interesting.count)], at: at)
            case 2 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + below(16))
                bytes.removeSubrange(min(at, end)..<end)
            case 3 where !bytes.isEmpty:
                let start = below(bytes.count)
                let chunk = bytes[start..<min(bytes.count, start + 1 + below(64))]
                bytes.insert(contentsOf: chunk, at: at)
            case 4: bytes = Array(bytes.prefix(at))
            default: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: at)
            }
        }
        return bytes
    }
}
