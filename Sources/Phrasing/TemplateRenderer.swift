/// The render engine: runs template programs into a byte buffer, one pass per output.
/// No parsing, no dictionary lookups and no string building on the hot path; filters other than a trailing
/// `cap` take the general path (`evaluate`), which is what the old tree renderer did for every slot.
extension PhraseBuilder {
    /// One output of a phrase: the template rendered for `pass` (SSML wrapped in `<speak>`).
    func output(_ template: CompiledTemplate, _ ctx: Slots, _ pass: RenderPass, _ buffer: inout [UInt8]) -> String {
        begin(pass, &buffer)
        run(template.program(for: pass), ctx, pass, &buffer)
        return end(pass, &buffer)
    }

    /// One output of a phrase that is a single slot (a frame is missing).
    func output(_ id: SlotID, _ ctx: Slots, _ pass: RenderPass, _ buffer: inout [UInt8]) -> String {
        begin(pass, &buffer)
        appendSlot(id, ctx, pass, &buffer)
        return end(pass, &buffer)
    }

    private func begin(_ pass: RenderPass, _ buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        if pass == .ssml { buffer.append(contentsOf: ssmlOpen) }
    }

    private func end(_ pass: RenderPass, _ buffer: inout [UInt8]) -> String {
        if pass == .ssml { buffer.append(contentsOf: Self.ssmlClose) }
        return String(decoding: buffer, as: UTF8.self)
    }

    private static let ssmlClose = Array("</speak>".utf8)

    /// Renders an entry (plural form by `ctx.count`) to a value; nothing known renders as "".
    func renderValue(_ entry: TemplateEntry, _ ctx: Slots) -> SlotValue {
        guard let template = entry.template(count: ctx.count, rules: locale.pluralRules) else { return SlotValue("") }
        return renderValue(template, ctx)
    }

    /// Renders a template to a value (cache misses and the rare slots that need their text before use).
    func renderValue(_ template: CompiledTemplate, _ ctx: Slots) -> SlotValue {
        var buffer: [UInt8] = []
        func text(_ pass: RenderPass) -> String {
            buffer.removeAll(keepingCapacity: true)
            run(template.program(for: pass), ctx, pass, &buffer)
            return String(decoding: buffer, as: UTF8.self)
        }
        return SlotValue(display: text(.display), spoken: text(.spoken), ssml: text(.ssml))
    }

    /// Runs one program.
    private func run(_ program: TemplateProgram, _ ctx: Slots, _ pass: RenderPass, _ buffer: inout [UInt8]) {
        let ops = program.ops
        let pool = program.pool
        var i = 0
        while i < ops.count {
            switch ops[i] {
            case .literal(let text, let ssml):
                let range = pass == .ssml ? ssml : text
                buffer.append(contentsOf: pool[Int(range.lowerBound)..<Int(range.upperBound)])
            case .slot(let id, let filters, let cap):
                let start = buffer.count
                if filters < 0 {
                    appendSlot(id, ctx, pass, &buffer)
                } else if let value = evaluate(id, program.filters[Int(filters)], ctx) {
                    buffer.append(contentsOf: value.bytes(for: pass))
                }
                if cap { Self.capitalizeFirst(&buffer, from: start, skippingTag: pass == .ssml) }
            case .group(let required, let end):
                if ctx.nonEmpty & required != required { i = Int(end); continue }
            }
            i += 1
        }
    }

    /// Appends a slot's content: a value's bytes, or its template rendered in place.
    private func appendSlot(_ id: SlotID, _ ctx: Slots, _ pass: RenderPass, _ buffer: inout [UInt8]) {
        switch ctx[id] {
        case nil: return
        case .value(let v)?: buffer.append(contentsOf: v.bytes(for: pass))
        case .inline(let t)?: run(t.program(for: pass), ctx, pass, &buffer)
        case .chained(let t, let own)?: run(t.program(for: pass), own, pass, &buffer)
        }
    }

    /// A slot's value after a filter chain (the general path).
    private func evaluate(_ id: SlotID, _ filters: [TemplateFilter], _ ctx: Slots) -> PreparedValue? {
        var value: PreparedValue
        switch ctx[id] {
        case nil: return nil
        case .value(let v)?: value = v
        case .inline(let t)?: value = PreparedValue(renderValue(t, ctx))
        case .chained(let t, let own)?: value = PreparedValue(renderValue(t, own))
        }
        for filter in filters {
            switch filter {
            case .cap: value = PreparedValue(value.value.capitalized())
            case .ordinal(let table, let prepared):
                if let n = value.number { value = (1...prepared.count).contains(n) ? prepared[n - 1] : PreparedValue(SlotValue(table.word(n))) }
            case .distanceCase(let name, let index):
                if let meters = ctx.distanceMeters { value = cache.distance(meters, caseIndex: index, caseName: name, distances) }
            case .form(let form, let index): value = value.applying(form, index: index)
            }
        }
        return value
    }

    /// Upper-cases the first letter of the bytes from `start` on (after a leading tag in SSML), as
    /// `SlotValue.capitalized()` does for a whole value. ASCII in place; anything else through `Character`.
    static func capitalizeFirst(_ buffer: inout [UInt8], from start: Int, skippingTag: Bool) {
        var s = start
        guard s < buffer.count else { return }
        if skippingTag && buffer[s] == UInt8(ascii: "<") {
            guard let close = buffer[s...].firstIndex(of: UInt8(ascii: ">")) else { return }
            s = close + 1
            guard s < buffer.count else { return }
        }
        let first = buffer[s]
        if first < 0x80 && (s + 1 == buffer.count || buffer[s + 1] < 0x80) {
            if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { buffer[s] = first - 32 }
            return
        }
        let tail = String(decoding: buffer[s...], as: UTF8.self)
        let capitalized = SlotValue.capitalizeFirst(tail)
        if !capitalized.utf8.elementsEqual(tail.utf8) { buffer.replaceSubrange(s..., with: capitalized.utf8) }
    }
}
