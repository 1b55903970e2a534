/// Which maneuver's slots: the announced one, or the one chained with "then".
enum Bank: Int {
    case main = 0, chained = 1
}

/// What the renderer reads for a slot: plain pointers, no reference counting.
enum SlotView {
    /// Nothing.
    case none
    /// A prepared value (kept alive by the slots' owners).
    case value(Unmanaged<PreparedValue>)
    /// A template rendered in place, with the slots of `bank`.
    case template(UnsafePointer<ProgramPair>, Bank)
}

/// Slot contents for one render: two banks (announced and chained maneuver) of fixed inline arrays indexed by
/// slot, so nothing is allocated per render. `owners` keeps the prepared values alive while `views` point into them;
/// templates are kept alive by the phrasebook.
struct Slots {
    private static let bankSize = SlotID.allCases.count
    /// Two banks of every slot: 2 × `SlotID.allCases.count` (a generic size must be a literal; `capacityHoldsEverySlot`
    /// in the phrasing tests keeps the two in step).
    static let capacity = 40
    private var owners = InlineArray<40, PreparedValue?>(repeating: nil)
    private var views = InlineArray<40, SlotView>(repeating: .none)
    private var present: UInt64 = 0
    private var nonEmptyBits: UInt64 = 0
    private var meters: (Double?, Double?) = (nil, nil)
    /// The count selecting plural templates (lanes; bank `.main` only).
    var count = 0

    @inline(__always) private static func index(_ id: SlotID, _ bank: Bank) -> Int { bank.rawValue * bankSize + id.rawValue }
    @inline(__always) private static func bit(_ id: SlotID, _ bank: Bank) -> UInt64 { 1 << UInt64(bank.rawValue * 32 + id.rawValue) }

    /// What the renderer reads for a slot.
    @inline(__always) func view(_ id: SlotID, _ bank: Bank) -> SlotView { views[Self.index(id, bank)] }

    /// The prepared value in a slot, if it holds one.
    func value(_ id: SlotID, _ bank: Bank) -> PreparedValue? { owners[Self.index(id, bank)] }

    /// True when the slot holds anything (a value, even empty, or a template).
    func has(_ id: SlotID, _ bank: Bank = .main) -> Bool { present & Self.bit(id, bank) != 0 }

    /// The mask (by `SlotID.bit`) of the bank's non-empty slots, which `[…]` groups require.
    @inline(__always) func nonEmpty(_ bank: Bank) -> UInt32 { UInt32(truncatingIfNeeded: nonEmptyBits >> UInt64(bank.rawValue * 32)) }

    /// Raw meters behind the bank's `{distance}`, for case filters.
    func distanceMeters(_ bank: Bank) -> Double? { bank == .main ? meters.0 : meters.1 }

    /// Sets the bank's raw distance.
    mutating func setDistanceMeters(_ value: Double, _ bank: Bank) {
        if bank == .main { meters.0 = value } else { meters.1 = value }
    }

    /// Stores a value (nil clears the slot).
    mutating func set(_ id: SlotID, _ value: PreparedValue?, _ bank: Bank = .main) {
        let i = Self.index(id, bank), bit = Self.bit(id, bank)
        owners[i] = value
        guard let value else { views[i] = .none; present &= ~bit; nonEmptyBits &= ~bit; return }
        views[i] = .value(Unmanaged.passUnretained(value))
        present |= bit
        if value.isEmpty { nonEmptyBits &= ~bit } else { nonEmptyBits |= bit }
    }

    /// Stores a template rendered in place with the slots of `runIn`; it must never render empty.
    mutating func set(_ id: SlotID, template: CompiledTemplate, _ bank: Bank, runIn: Bank) {
        let i = Self.index(id, bank), bit = Self.bit(id, bank)
        owners[i] = nil
        views[i] = .template(template.views, runIn)
        present |= bit
        nonEmptyBits |= bit
    }
}

/// Which output a render pass writes.
enum RenderPass: Sendable {
    case display, spoken, ssml
}

/// A growable byte buffer for one phrase, reused across its passes; freed when it goes out of scope.
struct ByteWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    /// Bytes written.
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Empties the buffer, keeping its memory.
    mutating func removeAll() { count = 0 }

    /// Appends bytes.
    @inline(__always) mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, bytes.count > 0 else { return }
        if count + bytes.count > capacity { grow(to: count + bytes.count) }
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    private mutating func grow(to needed: Int) {
        let bigger = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: bigger)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = bigger
    }

    /// The byte at `index` (< count).
    subscript(index: Int) -> UInt8 {
        get { base[index] }
        set { base[index] = newValue }
    }

    /// The first `byte` at or after `start`.
    func firstIndex(of byte: UInt8, from start: Int) -> Int? {
        var i = start
        while i < count { if base[i] == byte { return i }; i += 1 }
        return nil
    }

    /// The bytes from `start` on, as a string.
    func string(from start: Int = 0) -> String {
        String(decoding: UnsafeBufferPointer(start: base + start, count: count - start), as: UTF8.self)
    }

    /// Replaces the bytes from `start` on.
    mutating func replaceTail(from start: Int, with text: String) {
        count = start
        var text = text
        text.withUTF8 { append($0) }
    }
}
