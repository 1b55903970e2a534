import Foundation
import Speech

/// A synthesizer whose samples all carry the utterance id, so a sink's stream shows who wrote what.
struct TaggingSynthesizer: SpeechSynthesizer {
    let sampleRate = 22050
    /// Frames per utterance and per chunk.
    var frames = 2205
    var chunk = 441

    func synthesize(_ utterance: Utterance, handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        let tag = Self.tag(utterance)
        var sent = 0
        while sent < frames {
            let n = min(chunk, frames - sent)
            sent += n
            if handler(.audio([Int16](repeating: tag, count: n))) == .stop { return SynthesisOutcome(frames: sent, completed: false) }
        }
        return SynthesisOutcome(frames: sent, completed: true)
    }

    static func tag(_ u: Utterance) -> Int16 { Int16(truncatingIfNeeded: u.id % 30000 + 1) }
}

/// Collects events in order.
final class EventLog: @unchecked Sendable {
    private let events = Locked<[SpeechEvent]>([])
    func add(_ e: SpeechEvent) { events.withLock { $0.append(e) } }
    var all: [SpeechEvent] { events.snapshot }
    /// "kind:label" for each event.
    var summary: [String] { all.map { "\($0.kind.rawValue):\($0.utterance.label)" } }
}

/// The runs of equal tags in a stream, in order, as (tag, length).
func runs(_ samples: [Int16]) -> [(Int16, Int)] {
    var out: [(Int16, Int)] = []
    for s in samples {
        if let last = out.last, last.0 == s { out[out.count - 1].1 += 1 } else { out.append((s, 1)) }
    }
    return out
}

/// True when `small` appears in `big` in order (not necessarily adjacent).
func isSubsequence<T: Equatable>(_ small: [T], of big: [T]) -> Bool {
    var i = small.startIndex
    for x in big where i < small.endIndex && small[i] == x { i += 1 }
    return i == small.endIndex
}

/// A temporary file path that does not exist yet.
func temporaryPath(_ suffix: String) -> String {
    NSTemporaryDirectory() + "voiceguide-\(UUID().uuidString)\(suffix)"
}
