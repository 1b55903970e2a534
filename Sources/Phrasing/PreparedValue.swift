/// A slot value ready to render: its three texts as UTF-8 bytes in one block owned by the instance, computed
/// once and shared between renders. Immutable, so one instance may sit in a cache used by many tasks.
final class PreparedValue: @unchecked Sendable {  // @unchecked: immutable after init (its byte block is never written again)
    /// The value as text, for filters and grammar forms.
    let value: SlotValue
    /// True when there is nothing to say (`SlotValue.isEmpty`).
    let isEmpty: Bool
    /// `Int(display)`, for the ordinal filter.
    let number: Int?
    /// The value under each grammar form of the book (indexed like `Phrasebook.forms`); empty when not precomputed.
    let forms: [PreparedValue]
    /// For distances: the phrase in each unit case (indexed like `Words.unitCaseNames`).
    let variants: [PreparedValue]
    /// Display, spoken and SSML bytes, back to back (never mutated; freed in `deinit`).
    let view: BytesView
    /// The views of `forms`, then of `variants`, for the renderer (valid while this value holds them).
    let formViews: UnsafeBufferPointer<BytesView>
    /// See `formViews`.
    let variantViews: UnsafeBufferPointer<BytesView>
    private let storage: UnsafeMutablePointer<UInt8>
    private let tables: UnsafeMutableBufferPointer<BytesView>

    /// Prepares `value`; with `forms`, also every form applied to it (grammar memoized per value, e.g. per road name).
    init(_ value: SlotValue, forms: [GrammarForm] = [], variants: [PreparedValue] = []) {
        self.variants = variants
        self.value = value
        isEmpty = value.isEmpty
        number = Int(value.display)
        self.forms = forms.map { PreparedValue($0.apply(value)) }
        let parts = [value.display, value.spoken, value.ssml]
        let total = parts.reduce(0) { $0 + $1.utf8.count }
        storage = .allocate(capacity: max(1, total))
        var offset = 0
        var ranges: [Range<Int>] = []
        for part in parts {
            let written = UnsafeMutableBufferPointer(start: storage + offset, count: total - offset).initialize(fromContentsOf: part.utf8)
            ranges.append(offset..<offset + written)
            offset += written
        }
        view = BytesView(base: UnsafePointer(storage), display: ranges[0], spoken: ranges[1], ssml: ranges[2])
        tables = .allocate(capacity: self.forms.count + variants.count)
        _ = tables.initialize(fromContentsOf: (self.forms + variants).map(\.view))
        formViews = UnsafeBufferPointer(rebasing: tables[..<self.forms.count])
        variantViews = UnsafeBufferPointer(rebasing: tables[self.forms.count...])
    }

    deinit {
        storage.deallocate()
        tables.deallocate()
    }

    /// The value under form `index`, from the precomputed table when there is one.
    func applying(_ form: GrammarForm, index: Int) -> PreparedValue {
        index < forms.count ? forms[index] : PreparedValue(form.apply(value))
    }
}

/// Where a prepared value's three texts lie: plain pointers and offsets, so rendering copies bytes without
/// reference counting. Valid while the `PreparedValue` it came from is alive.
struct BytesView {
    private let base: UnsafePointer<UInt8>
    private let ends: (UInt32, UInt32, UInt32)

    init(base: UnsafePointer<UInt8>, display: Range<Int>, spoken: Range<Int>, ssml: Range<Int>) {
        self.base = base
        ends = (UInt32(display.upperBound), UInt32(spoken.upperBound), UInt32(ssml.upperBound))
    }

    /// The bytes a render pass writes.
    @inline(__always) func bytes(for pass: RenderPass) -> UnsafeBufferPointer<UInt8> {
        switch pass {
        case .display: return UnsafeBufferPointer(start: base, count: Int(ends.0))
        case .spoken: return UnsafeBufferPointer(start: base + Int(ends.0), count: Int(ends.1 - ends.0))
        case .ssml: return UnsafeBufferPointer(start: base + Int(ends.1), count: Int(ends.2 - ends.1))
        }
    }
}
