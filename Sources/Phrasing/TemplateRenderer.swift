/// The render engine: runs template programs into a byte buffer, one pass per output.
/// No parsing, no dictionary lookups, no string building and no reference counting on the hot path; filters
/// other than a trailing `cap` take the general path (`evaluate`).
extension PhraseBuilder {
    /// One output of a phrase: the template rendered for `pass` (SSML wrapped in `<speak>`).
    func output(_ template: CompiledTemplate, _ ctx: inout Slots, _ pass: RenderPass, _ writer: inout ByteWriter) -> String {
        begin(pass, &writer)
        run(template.views.pointee.program(for: pass), &ctx, .main, pass, &writer)
        return end(pass, &writer)
    }

    /// One output of a phrase that is a single slot (a frame is missing).
    func output(_ id: SlotID, _ ctx: inout Slots, _ pass: RenderPass, _ writer: inout ByteWriter) -> String {
        begin(pass, &writer)
        appendSlot(id, &ctx, .main, pass, &writer)
        return end(pass, &writer)
    }

    private func begin(_ pass: RenderPass, _ writer: inout ByteWriter) {
        writer.removeAll()
        if pass == .ssml { ssmlOpen.withUnsafeBufferPointer { writer.append($0) } }
    }

    private func end(_ pass: RenderPass, _ writer: inout ByteWriter) -> String {
        if pass == .ssml { Self.ssmlClose.withUnsafeBufferPointer { writer.append($0) } }
        return writer.string()
    }

    private static let ssmlClose = Array("</speak>".utf8)

    /// Renders an entry (plural form by `ctx.count`) to a value; nothing known renders as "".
    func renderValue(_ entry: TemplateEntry, _ ctx: inout Slots) -> SlotValue {
        guard let template = entry.template(count: ctx.count, rules: locale.pluralRules) else { return SlotValue("") }
        return renderValue(template.views.pointee, &ctx, .main)
    }

    /// Renders a template with the slots of `bank` to a value (cache misses, and slots whose text is needed first).
    func renderValue(_ programs: ProgramPair, _ ctx: inout Slots, _ bank: Bank) -> SlotValue {
        var writer = ByteWriter(capacity: 128)
        var texts: [String] = []
        for pass in [RenderPass.display, .spoken, .ssml] {
            writer.removeAll()
            run(programs.program(for: pass), &ctx, bank, pass, &writer)
            texts.append(writer.string())
        }
        return SlotValue(display: texts[0], spoken: texts[1], ssml: texts[2])
    }

    /// Runs one program with the slots of `bank`.
    private func run(_ program: ProgramView, _ ctx: inout Slots, _ bank: Bank, _ pass: RenderPass, _ writer: inout ByteWriter) {
        let ops = program.ops
        var i = 0
        while i < ops.count {
            switch ops[i] {
            case .literal(let text, let ssml):
                let range = pass == .ssml ? ssml : text
                writer.append(UnsafeBufferPointer(rebasing: program.pool[Int(range.lowerBound)..<Int(range.upperBound)]))
            case .stop(let range):
                // Output that already ends in "." ("Main St.") has its stop: do not say it twice.
                if writer.count == 0 || writer[writer.count - 1] != UInt8(ascii: ".") {
                    writer.append(UnsafeBufferPointer(rebasing: program.pool[Int(range.lowerBound)..<Int(range.upperBound)]))
                }
            case .slot(let id, let filters, let cap):
                let start = writer.count
                if filters < 0 {
                    appendSlot(id, &ctx, bank, pass, &writer)
                } else if let value = evaluate(id, program.filters[Int(filters)], &ctx, bank) {
                    writer.append(value.view.bytes(for: pass))
                }
                if cap { Self.capitalizeFirst(&writer, from: start, skippingTag: pass == .ssml) }
            case .variant(let id, let isCase, let index, let filters, let cap):
                let start = writer.count
                if !appendVariant(id, isCase: isCase, Int(index), &ctx, bank, pass, &writer),
                   let value = evaluate(id, program.filters[Int(filters)], &ctx, bank) {
                    writer.append(value.view.bytes(for: pass))
                }
                if cap { Self.capitalizeFirst(&writer, from: start, skippingTag: pass == .ssml) }
            case .group(let required, let end):
                if ctx.nonEmpty(bank) & required != required { i = Int(end); continue }
            }
            i += 1
        }
    }

    /// Appends a slot's content: a value's bytes, or its template rendered in place.
    private func appendSlot(_ id: SlotID, _ ctx: inout Slots, _ bank: Bank, _ pass: RenderPass, _ writer: inout ByteWriter) {
        switch ctx.view(id, bank) {
        case .none: return
        case .value(let value): value._withUnsafeGuaranteedRef { writer.append($0.view.bytes(for: pass)) }
        case .template(let programs, let own): run(programs.pointee.program(for: pass), &ctx, own, pass, &writer)
        }
    }

    /// Appends a value's precomputed form or unit-case variant; false when there is none (the general path decides).
    private func appendVariant(_ id: SlotID, isCase: Bool, _ index: Int, _ ctx: inout Slots, _ bank: Bank, _ pass: RenderPass,
                               _ writer: inout ByteWriter) -> Bool {
        guard case .value(let value) = ctx.view(id, bank), !isCase || ctx.distanceMeters(bank) != nil else { return false }
        return value._withUnsafeGuaranteedRef { v in
            let table = isCase ? v.variantViews : v.formViews
            guard index < table.count else { return false }
            writer.append(table[index].bytes(for: pass))
            return true
        }
    }

    /// A slot's value after a filter chain (the general path).
    private func evaluate(_ id: SlotID, _ filters: [TemplateFilter], _ ctx: inout Slots, _ bank: Bank) -> PreparedValue? {
        var value: PreparedValue
        switch ctx.view(id, bank) {
        case .none: return nil
        case .value: guard let v = ctx.value(id, bank) else { return nil }; value = v
        case .template(let programs, let own): value = PreparedValue(renderValue(programs.pointee, &ctx, own))
        }
        for filter in filters {
            switch filter {
            case .cap: value = PreparedValue(value.value.capitalized())
            case .ordinal(let table, let prepared):
                if let n = value.number { value = n >= 1 && n <= prepared.count ? prepared[n - 1] : PreparedValue(SlotValue(table.word(n))) }
            case .distanceCase(_, let index):
                if let meters = ctx.distanceMeters(bank) {
                    let variants = distance(meters).variants
                    if variants.indices.contains(index) { value = variants[index] }
                }
            case .form(let form, let index): value = value.applying(form, index: index)
            }
        }
        return value
    }

    /// Upper-cases the first letter of the bytes from `start` on (after a leading tag in SSML), as
    /// `SlotValue.capitalized()` does for a whole value. ASCII in place; anything else through `Character`.
    static func capitalizeFirst(_ writer: inout ByteWriter, from start: Int, skippingTag: Bool) {
        var s = start
        guard s < writer.count else { return }
        if skippingTag && writer[s] == UInt8(ascii: "<") {
            guard let close = writer.firstIndex(of: UInt8(ascii: ">"), from: s) else { return }
            s = close + 1
            guard s < writer.count else { return }
        }
        let first = writer[s]
        if first < 0x80 && (s + 1 == writer.count || writer[s + 1] < 0x80) {
            if first >= UInt8(ascii: "a") && first <= UInt8(ascii: "z") { writer[s] = first - 32 }
            return
        }
        let tail = writer.string(from: s)
        let capitalized = SlotValue.capitalizeFirst(tail)
        if !capitalized.utf8.elementsEqual(tail.utf8) { writer.replaceTail(from: s, with: capitalized) }
    }
}
