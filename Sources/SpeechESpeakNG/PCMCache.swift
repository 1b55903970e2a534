import Speech

/// A bounded least-recently-used cache of synthesized phrases, limited by total frames.
struct PCMCache: Sendable {
    /// What identifies a synthesis result.
    struct Key: Hashable, Sendable {
        var text: String
        var isSSML: Bool
        var voice: String
        var rate: Int
        var pitch: Int
        var volume: Int
    }
    /// A cached result: audio and marks.
    struct Entry: Sendable {
        var samples: [Int16]
        var marks: [(name: String, offset: Int)]
    }
    private var entries: [Key: Entry] = [:]
    private var order: [Key] = []   // least recent first
    private var frames = 0
    /// Maximum total frames held.
    let capacityFrames: Int
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacityFrames: Int) { self.capacityFrames = max(0, capacityFrames) }

    var count: Int { entries.count }

    mutating func get(_ key: Key) -> Entry? {
        guard let entry = entries[key] else { misses += 1; return nil }
        hits += 1
        if let i = order.firstIndex(of: key) { order.remove(at: i) }
        order.append(key)
        return entry
    }

    mutating func put(_ key: Key, _ entry: Entry) {
        guard entry.samples.count <= capacityFrames, entries[key] == nil else { return }
        entries[key] = entry
        order.append(key)
        frames += entry.samples.count
        while frames > capacityFrames, !order.isEmpty {
            let old = order.removeFirst()
            frames -= entries.removeValue(forKey: old)?.samples.count ?? 0
        }
    }
}
