import Foundation
import Guidance

/// Memoizes what repeats across renders: everything derived from a road name, ref, destination, exit or rotary
/// (speech expansion, grammar forms, road templates), distance phrases per rounded value, unit and case, and lane
/// phrases. Every entry is a pure function of its key, so sharing one cache between copies of a `PhraseBuilder`
/// keeps value semantics observably intact.
///
/// Thread-safe: one `NSLock` guards the dictionaries; values are computed outside the lock (two tasks missing
/// on the same key both compute the same immutable value, and the second store wins harmlessly). Each table is
/// bounded: when it is full it is cleared, so a long session cannot grow it without limit.
final class RenderCache: @unchecked Sendable {  // @unchecked: every table is read and written under `lock`
    /// The values derived from a step's name, pronunciation and ref.
    struct Road {
        var name: PreparedValue?
        var ref: PreparedValue?
        var road: PreparedValue?
    }

    /// What a text key stands for.
    enum TextKind: UInt8 { case road, destinations, exits, rotary, waypoint }

    /// Up to three strings, hashed and compared by their UTF-8 bytes (names are hashed without Unicode
    /// normalization, and two spellings that differ in bytes get their own, byte-exact entries).
    struct TextKey: Hashable {
        var kind: TextKind
        var a: String
        var b: String?
        var c: String?

        func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            Self.hashBytes(a, into: &hasher)
            if var b { hasher.combine(1 as UInt8); b.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
            if var c { hasher.combine(2 as UInt8); c.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) } }
        }

        private static func hashBytes(_ text: String, into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        static func == (l: TextKey, r: TextKey) -> Bool {
            l.kind == r.kind && same(l.a, r.a) && same(l.b, r.b) && same(l.c, r.c)
        }

        private static func same(_ l: String?, _ r: String?) -> Bool {
            switch (l, r) {
            case (nil, nil): return true
            case (var l?, var r?):
                guard l.utf8.count == r.utf8.count else { return false }
                return l.withUTF8 { a in
                    r.withUTF8 { b in
                        guard let pa = a.baseAddress, let pb = b.baseAddress else { return a.count == b.count }
                        return memcmp(pa, pb, a.count) == 0
                    }
                }
            default: return false
            }
        }
    }

    private struct DistanceKey: Hashable { var unit: DistanceUnit; var value: Double }
    private struct LaneKey: Hashable { var position: LaneHint.Position; var usable: Int; var total: Int }

    /// A dictionary that is cleared when it reaches `limit` entries.
    private struct Bounded<Key: Hashable, Value> {
        var entries: [Key: Value] = [:]
        let limit = 4096

        mutating func store(_ key: Key, _ value: Value) {
            if entries.count >= limit { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
    }

    private let lock = NSLock()
    private var roads = Bounded<TextKey, Road>()
    private var texts = Bounded<TextKey, PreparedValue>()
    private var distances = Bounded<DistanceKey, PreparedValue>()
    private var laneTable = Bounded<LaneKey, PreparedValue>()
    private var durations = Bounded<PhrasingKey, Double>()

    /// The name/ref/road values of a step.
    func road(_ key: TextKey, make: () -> Road) -> Road {
        if let hit = lock.withLock({ roads.entries[key] }) { return hit }
        let value = make()
        lock.withLock { roads.store(key, value) }
        return value
    }

    /// A value derived from one text (destinations, exits, rotary, waypoint).
    func text(_ key: TextKey, make: () -> PreparedValue) -> PreparedValue {
        if let hit = lock.withLock({ texts.entries[key] }) { return hit }
        let value = make()
        lock.withLock { texts.store(key, value) }
        return value
    }

    /// The distance phrase of `meters`, with its forms in every unit case (`caseNames`, the book's sorted unit
    /// case names) as `variants`.
    func distance(_ meters: Double, caseNames: [String], _ phraser: DistancePhraser) -> PreparedValue {
        let rounded = phraser.roundedUnitValue(meters)
        let key = DistanceKey(unit: rounded.unit, value: rounded.value)
        if let hit = lock.withLock({ distances.entries[key] }) { return hit }
        let value = PreparedValue(phraser.phrase(meters), variants: caseNames.map { PreparedValue(phraser.phrase(meters, caseName: $0)) })
        lock.withLock { distances.store(key, value) }
        return value
    }

    /// The speaking time of an announcement, by what is said (`PhrasingKey`): the planner times the same
    /// candidate at many decision points, and a batch or a service times the same maneuvers again and again.
    func duration(_ announcement: Announcement, make: () -> Double) -> Double {
        let key = PhrasingKey(announcement)
        if let hit = lock.withLock({ durations.entries[key] }) { return hit }
        let value = make()
        lock.withLock { durations.store(key.stored, value) }
        return value
    }

    /// The lanes phrase for a hint.
    func lanes(_ hint: LaneHint, make: () -> PreparedValue) -> PreparedValue {
        let key = LaneKey(position: hint.position, usable: hint.usableCount, total: hint.totalCount)
        if let hit = lock.withLock({ laneTable.entries[key] }) { return hit }
        let value = make()
        lock.withLock { laneTable.store(key, value) }
        return value
    }
}
