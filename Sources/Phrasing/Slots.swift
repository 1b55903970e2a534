/// What a slot holds during one render.
enum SlotContent: Sendable {
    /// A ready value.
    case value(PreparedValue)
    /// A template rendered in place with the same slots (the instruction inside its frame).
    case inline(CompiledTemplate)
    /// A template rendered in place with its own slots (the "then" clause and its maneuver).
    indirect case chained(CompiledTemplate, Slots)
}

/// Slot contents for one render, in a fixed inline array indexed by slot (no heap storage), plus masks that
/// optional groups and the instruction lookup test.
struct Slots: Sendable {
    private var contents = InlineArray<17, SlotContent?>(repeating: nil)
    /// Slots that hold anything (the old `ctx[id] != nil`).
    private(set) var present: UInt32 = 0
    /// Slots that hold something non-empty (what `[…]` groups require).
    private(set) var nonEmpty: UInt32 = 0
    /// Raw meters behind `{distance}`, for case filters.
    var distanceMeters: Double?
    /// The count selecting plural templates.
    var count = 0

    subscript(id: SlotID) -> SlotContent? { contents[id.rawValue] }

    /// True when the slot holds anything.
    func has(_ id: SlotID) -> Bool { present & id.bit != 0 }

    /// Stores a value (nil clears the slot).
    mutating func set(_ id: SlotID, _ value: PreparedValue?) {
        guard let value else { contents[id.rawValue] = nil; present &= ~id.bit; nonEmpty &= ~id.bit; return }
        store(id, .value(value), empty: value.isEmpty)
    }

    /// Stores a template rendered in place; it must never render empty.
    mutating func set(_ id: SlotID, inline template: CompiledTemplate, slots: Slots? = nil) {
        store(id, slots.map { .chained(template, $0) } ?? .inline(template), empty: false)
    }

    private mutating func store(_ id: SlotID, _ content: SlotContent, empty: Bool) {
        contents[id.rawValue] = content
        present |= id.bit
        if empty { nonEmpty &= ~id.bit } else { nonEmpty |= id.bit }
    }
}

/// Which output a render pass writes.
enum RenderPass: Sendable {
    case display, spoken, ssml
}
