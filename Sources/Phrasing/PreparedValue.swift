/// A slot value ready to render: its three texts as UTF-8 bytes, computed once and shared between renders.
/// Immutable, so one instance may sit in a cache used by many tasks.
final class PreparedValue: Sendable {
    /// The value as text, for filters and grammar forms.
    let value: SlotValue
    /// Display text bytes.
    let display: [UInt8]
    /// Spoken text bytes.
    let spoken: [UInt8]
    /// SSML fragment bytes.
    let ssml: [UInt8]
    /// True when there is nothing to say (`SlotValue.isEmpty`).
    let isEmpty: Bool
    /// `Int(display)`, for the ordinal filter.
    let number: Int?
    /// The value under each grammar form of the book (indexed like `Phrasebook.forms`); empty when not precomputed.
    let forms: [PreparedValue]

    /// Prepares `value`; with `forms`, also every form applied to it (grammar memoized per value, e.g. per road name).
    init(_ value: SlotValue, forms: [GrammarForm] = []) {
        self.value = value
        display = Array(value.display.utf8)
        spoken = value.spoken.utf8.elementsEqual(value.display.utf8) ? display : Array(value.spoken.utf8)
        ssml = value.ssml.utf8.elementsEqual(value.spoken.utf8) ? spoken : Array(value.ssml.utf8)
        isEmpty = value.isEmpty
        number = Int(value.display)
        self.forms = forms.map { PreparedValue($0.apply(value)) }
    }

    /// The bytes a render pass writes.
    @inline(__always) func bytes(for pass: RenderPass) -> [UInt8] {
        switch pass {
        case .display: return display
        case .spoken: return spoken
        case .ssml: return ssml
        }
    }

    /// The value under form `index`, from the precomputed table when there is one.
    func applying(_ form: GrammarForm, index: Int) -> PreparedValue {
        index < forms.count ? forms[index] : PreparedValue(form.apply(value))
    }
}
