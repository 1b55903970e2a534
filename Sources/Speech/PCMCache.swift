/// A bounded least-recently-used cache of synthesized phrases, limited by total frames. Every synthesizer
/// backend keeps its phrases in one (eSpeak NG's, and the neural voice's, where it is what synthesis ahead fills).
public struct PCMCache: Sendable {
    /// What identifies a synthesis result.
    public struct Key: Hashable, Sendable {
        /// The text or SSML.
        public var text: String
        /// True for SSML.
        public var isSSML: Bool
        /// The backend's voice identifier (e.g. "gmw/en-US", or a Piper model path).
        public var voice: String
        /// The backend's other settings that change the audio (e.g. rate, pitch, volume).
        public var settings: [Int]

        /// Creates a key.
        public init(text: String, isSSML: Bool, voice: String, settings: [Int] = []) {
            self.text = text
            self.isSSML = isSSML
            self.voice = voice
            self.settings = settings
        }
    }
    /// A cached result: audio and marks.
    public struct Entry: Sendable {
        /// The PCM.
        public var samples: [Int16]
        /// SSML marks and their sample offsets.
        public var marks: [(name: String, offset: Int)]

        /// Creates an entry.
        public init(samples: [Int16], marks: [(name: String, offset: Int)]) {
            self.samples = samples
            self.marks = marks
        }
    }
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []   // least recent first
    private var frames = 0
    /// Maximum total frames held.
    public let capacityFrames: Int
    /// Lookups that found an entry.
    public private(set) var hits = 0
    /// Lookups that did not.
    public private(set) var misses = 0

    /// An empty cache of at most `capacityFrames` frames.
    public init(capacityFrames: Int) { self.capacityFrames = max(0, capacityFrames) }

    /// Entries held.
    public var count: Int { entries.count }

    /// True when `key` is held (no hit or miss counted, no reordering).
    public func contains(_ key: Key) -> Bool { entries[key] != nil }

    /// The entry for `key` (counted as a hit or miss), made the most recent.
    public mutating func get(_ key: Key) -> Entry? {
        guard let entry = entries[key] else { misses += 1; return nil }
        hits += 1
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
        return entry
    }

    /// Stores `entry` unless it is larger than the whole cache or already held; evicts the least recent.
    public mutating func put(_ key: Key, _ entry: Entry) {
        guard entry.samples.count <= capacityFrames, entries[key] == nil else { return }
        entries[key] = entry
        order.append(key)
        frames += entry.samples.count
        while frames > capacityFrames, !order.isEmpty {
            let old = order.removeFirst()
            frames -= entries.removeValue(forKey: old)?.samples.count ?? 0
        }
    }

    /// Streams `entry` to `handler` in chunks of `chunkFrames`, with its marks in place, as a synthesizer would.
    public static func replay(_ entry: Entry, chunkFrames: Int = 1024,
                              _ handler: (SynthesisEvent) -> SynthesisControl) -> SynthesisOutcome {
        let chunkFrames = max(1, chunkFrames)
        var marks = entry.marks[...]
        var start = 0
        while start < entry.samples.count {
            let end = min(entry.samples.count, start + chunkFrames)
            while let mark = marks.first, mark.offset < end {
                marks = marks.dropFirst()
                if handler(.mark(name: mark.name, sampleOffset: mark.offset)) == .stop {
                    return SynthesisOutcome(frames: start, completed: false)
                }
            }
            if handler(.audio(Array(entry.samples[start..<end]))) == .stop {
                return SynthesisOutcome(frames: end, completed: false)
            }
            start = end
        }
        for mark in marks where handler(.mark(name: mark.name, sampleOffset: mark.offset)) == .stop {
            return SynthesisOutcome(frames: entry.samples.count, completed: false)
        }
        return SynthesisOutcome(frames: entry.samples.count, completed: true)
    }
}
