import Foundation

/// The named slots a template may use (Phrasebooks/FORMAT.md §3–4).
public enum SlotID: Int, Sendable, Hashable, CaseIterable {
    case road, name, ref, dest, exitNumber, exit, rotary, modifier, direction, waypoint, stop
    case distance, instruction, then, lanes, count, total
    /// The junction's name (`junction_name`), for `clause.junction` and instructions that place it themselves.
    case junction
    /// Which road on its side a turn is ("the second right"): use `{nth|ordinal}` in `+nth` keys.
    case nth
    /// A speed limit as digits in the driver's speed unit (`alert.*`): km/h with metric distances, else mph.
    case speed

    /// The name written in templates.
    public var name: String { String(describing: self) }

    /// The slot's bit in slot masks.
    var bit: UInt32 { 1 << UInt32(rawValue) }

    /// Slots usable by instruction templates. An instruction that says `{junction}` itself ("at the {junction}
    /// fork") is not wrapped by `clause.junction`.
    static let instructionSlots: Set<SlotID> = [.road, .name, .ref, .dest, .exitNumber, .exit, .rotary, .modifier, .direction, .waypoint, .stop, .nth, .junction]

    /// The slots allowed for a template key family.
    static func allowed(forKey key: String) -> Set<SlotID> {
        if key.hasPrefix("announce.") { return instructionSlots.union([.instruction, .then, .distance, .lanes]) }
        if key == "clause.junction" { return [.junction, .instruction] }
        if key == "clause.rotary" { return [.rotary, .instruction] }
        if key.hasPrefix("clause.") { return instructionSlots.union([.instruction, .distance]) }
        if key.hasPrefix("road.") { return [.name, .ref] }
        if key.hasPrefix("lanes.") { return [.count, .total] }
        if key.hasPrefix("alert.") { return [.speed, .distance] }
        return instructionSlots
    }
}

/// A filter applied to a slot value, resolved against the book's words and grammar at compile time.
enum TemplateFilter: Sendable {
    /// Upper-case the first letter.
    case cap
    /// Number → ordinal word (the table, and its words 1…12 ready to render).
    case ordinal(OrdinalTable, prepared: [PreparedValue])
    /// Distance in a unit case (the name, and its index in the book's sorted unit case names).
    case distanceCase(String, index: Int)
    /// A grammar form (and its index in `Phrasebook.forms`).
    case form(GrammarForm, index: Int)
}

/// A compiled template node.
indirect enum TemplateNode: Sendable {
    /// Literal text: as written, and escaped for SSML.
    case literal(String, ssml: String)
    /// A slot with filters.
    case slot(SlotID, [TemplateFilter])
    /// An optional group: rendered only when every listed slot is non-empty.
    case group([TemplateNode], required: [SlotID])
}

/// A compiled display/spoken template pair (the same program when the source was one string).
final class CompiledTemplate: @unchecked Sendable {  // @unchecked: immutable after init; the pointers are owned and only read
    /// Program for display text.
    let display: TemplateProgram
    /// Program for spoken text and SSML.
    let spoken: TemplateProgram
    /// True when it can never render empty (display or spoken has text outside every optional group).
    let neverEmpty: Bool
    /// Both programs' views at a stable address (slots point here; immutable; freed in `deinit`).
    let views: UnsafePointer<ProgramPair>
    /// The slots either program names (bit per `SlotID`), in groups or not.
    let slots: UInt32

    init(display: [TemplateNode], spoken: [TemplateNode], shared: Bool) {
        slots = Self.slots(display) | Self.slots(spoken)
        self.display = TemplateProgram(display)
        self.spoken = shared ? self.display : TemplateProgram(spoken)
        neverEmpty = self.display.neverEmpty || self.spoken.neverEmpty
        let pair = UnsafeMutablePointer<ProgramPair>.allocate(capacity: 1)
        pair.initialize(to: ProgramPair(display: self.display.view, spoken: self.spoken.view))
        views = UnsafePointer(pair)
    }

    deinit { UnsafeMutablePointer(mutating: views).deallocate() }

    /// True when the template says `slot` itself (somewhere in it, maybe in an optional group).
    func mentions(_ slot: SlotID) -> Bool { slots & slot.bit != 0 }

    private static func slots(_ nodes: [TemplateNode]) -> UInt32 {
        nodes.reduce(0) { mask, node in
            switch node {
            case .literal: return mask
            case .slot(let id, _): return mask | id.bit
            case .group(let inner, _): return mask | slots(inner)
            }
        }
    }
}

/// The display and spoken programs of a template, as views.
struct ProgramPair {
    let display: ProgramView
    let spoken: ProgramView

    /// The program a render pass runs.
    @inline(__always) func program(for pass: RenderPass) -> ProgramView { pass == .display ? display : spoken }
}

/// A template entry: plain, or chosen by the plural category of a count.
enum TemplateEntry: Sendable {
    case plain(CompiledTemplate)
    case plural([PluralCategory: CompiledTemplate])

    /// The template for `count` under `rules`.
    func template(count: Int, rules: PluralRules) -> CompiledTemplate? {
        switch self {
        case .plain(let t): return t
        case .plural(let forms): return forms[rules.category(PluralOperands(integer: count))] ?? forms[.other]
        }
    }
}

/// One step of a flattened template program. All payloads are plain integers, so running a program
/// copies and reference-counts nothing.
enum TemplateOp: Sendable {
    /// Literal text: byte ranges in the program's pool, as written and escaped for SSML.
    case literal(text: Range<Int32>, ssml: Range<Int32>)
    /// A sentence stop ("." or "。") that opened a literal: left out when the output already ends in "." (the same
    /// bytes in every pass).
    case stop(Range<Int32>)
    /// A slot; `filters` indexes `TemplateProgram.filters` (-1: none); `cap` upper-cases the first letter in place.
    case slot(SlotID, filters: Int32, cap: Bool)
    /// A slot with one grammar form (`isCase` false) or one distance unit case (`isCase` true), read from the
    /// value's precomputed table at `index`; `filters` is the same chain for the general path.
    case variant(SlotID, isCase: Bool, index: Int32, filters: Int32, cap: Bool)
    /// An optional group: skip to op `end` unless every slot in the `required` mask is non-empty.
    case group(required: UInt32, end: Int32)
}

/// A template flattened for rendering: ops, literal bytes (SSML escaping done here, once) and filter chains,
/// in storage owned by the instance (immutable after init, freed in `deinit`).
final class TemplateProgram: @unchecked Sendable {  // @unchecked: immutable after init; the buffers are owned and only read
    /// True when a non-empty literal stands outside every group.
    let neverEmpty: Bool
    /// Pointers into the storage, for the renderer.
    let view: ProgramView
    private let ops: UnsafeMutableBufferPointer<TemplateOp>
    private let pool: UnsafeMutableBufferPointer<UInt8>
    private let filters: UnsafeMutableBufferPointer<[TemplateFilter]>

    init(_ nodes: [TemplateNode]) {
        var builder = Builder()
        builder.emit(nodes, topLevel: true)
        neverEmpty = builder.neverEmpty
        ops = .allocate(capacity: builder.ops.count)
        _ = ops.initialize(fromContentsOf: builder.ops)
        pool = .allocate(capacity: builder.pool.count)
        _ = pool.initialize(fromContentsOf: builder.pool)
        filters = .allocate(capacity: builder.filters.count)
        _ = filters.initialize(fromContentsOf: builder.filters)
        view = ProgramView(ops: UnsafeBufferPointer(ops), pool: UnsafeBufferPointer(pool), filters: UnsafeBufferPointer(filters))
    }

    deinit {
        ops.deallocate()
        pool.deallocate()
        filters.deinitialize().deallocate()
    }

    /// Flattens nodes: groups become a jump, literals go into the byte pool with their SSML form.
    private struct Builder {
        var ops: [TemplateOp] = []
        var pool: [UInt8] = []
        var filters: [[TemplateFilter]] = []
        var neverEmpty = false

        private mutating func bytes(_ text: String) -> Range<Int32> {
            let start = Int32(pool.count)
            pool.append(contentsOf: text.utf8)
            return start..<Int32(pool.count)
        }

        mutating func emit(_ nodes: [TemplateNode], topLevel: Bool) {
            for node in nodes {
                switch node {
                case .literal(var text, var escaped):
                    if topLevel && !text.isEmpty { neverEmpty = true }
                    // A leading stop gets its own op, so only stops pay for the "already ends in '.'" test.
                    if let first = text.first, first == "." || first == "。" {
                        ops.append(.stop(bytes(String(first))))
                        text.removeFirst()
                        escaped.removeFirst()   // SSML escaping leaves "." and "。" as they are
                        if text.isEmpty { continue }
                    }
                    let range = bytes(text)
                    ops.append(.literal(text: range, ssml: escaped.utf8.elementsEqual(text.utf8) ? range : bytes(escaped)))
                case .slot(let id, var chain):
                    var cap = false
                    if case .cap? = chain.last { cap = true; chain.removeLast() }
                    var index: Int32 = -1
                    if !chain.isEmpty { index = Int32(filters.count); filters.append(chain) }
                    switch chain.first {
                    case .form(_, let form)? where chain.count == 1:
                        ops.append(.variant(id, isCase: false, index: Int32(form), filters: index, cap: cap))
                    case .distanceCase(_, let unitCase)? where chain.count == 1:
                        ops.append(.variant(id, isCase: true, index: Int32(unitCase), filters: index, cap: cap))
                    default:
                        ops.append(.slot(id, filters: index, cap: cap))
                    }
                case .group(let inner, let required):
                    let at = ops.count
                    ops.append(.group(required: 0, end: 0))
                    emit(inner, topLevel: false)
                    ops[at] = .group(required: required.reduce(0) { $0 | $1.bit }, end: Int32(ops.count))
                }
            }
        }
    }
}

/// A program's storage as plain pointers, so running it copies and reference-counts nothing.
/// Valid while the `TemplateProgram` is alive (phrasebooks keep theirs for their lifetime).
struct ProgramView {
    /// The ops in order; groups hold the index to jump to when skipped.
    let ops: UnsafeBufferPointer<TemplateOp>
    /// UTF-8 bytes of every literal, display form and SSML form.
    let pool: UnsafeBufferPointer<UInt8>
    /// Filter chains of slots that need more than a trailing `cap` (indexed by the slot op).
    let filters: UnsafeBufferPointer<[TemplateFilter]>
}

/// Resolves filter names while compiling; throws a message on unknown names.
struct FilterResolver {
    var ordinals: [String: OrdinalTable]
    /// Forms by name, with their index in `Phrasebook.forms`.
    var forms: [String: (form: GrammarForm, index: Int)]
    /// Unit case names, sorted (a case's index is its position).
    var unitCases: [String]

    func resolve(_ text: String, slot: SlotID) -> Result<TemplateFilter, TemplateCompileError> {
        if text == "cap" { return .success(.cap) }
        if text == "ordinal" || text.hasPrefix("ordinal:") {
            let gender = text == "ordinal" ? "default" : String(text.dropFirst("ordinal:".count))
            guard let table = ordinals[gender] else { return .failure(TemplateCompileError("unknown ordinal table '\(gender)' in filter '\(text)' (words.ordinals)")) }
            return .success(.ordinal(table, prepared: table.words.map { PreparedValue(SlotValue($0)) }))
        }
        if text.hasPrefix("case:") {
            let name = String(text.dropFirst("case:".count))
            guard slot == .distance else { return .failure(TemplateCompileError("filter '\(text)' applies only to {distance}")) }
            guard let index = unitCases.firstIndex(of: name) else { return .failure(TemplateCompileError("unknown unit case '\(name)' (words.units.*.cases)")) }
            return .success(.distanceCase(name, index: index))
        }
        guard let form = forms[text] else { return .failure(TemplateCompileError("unknown filter or grammar form '\(text)'")) }
        return .success(.form(form.form, index: form.index))
    }
}

/// Why a template did not compile.
struct TemplateCompileError: Error, Sendable {
    var message: String
    init(_ message: String) { self.message = message }
}

/// Parses template strings into nodes (load time only).
struct TemplateCompiler {
    let allowed: Set<SlotID>
    let resolver: FilterResolver

    func compile(_ source: String) -> Result<[TemplateNode], TemplateCompileError> {
        var chars = Array(source)[...]
        do {
            let (nodes, _) = try parseSequence(&chars, inGroup: false)
            return .success(nodes)
        } catch {
            return .failure(error)
        }
    }

    private func parseSequence(_ chars: inout ArraySlice<Character>, inGroup: Bool) throws(TemplateCompileError) -> ([TemplateNode], [SlotID]) {
        var nodes: [TemplateNode] = []
        var required: [SlotID] = []
        var literal = ""
        func flush() { if !literal.isEmpty { nodes.append(.literal(literal, ssml: SSML.escape(literal))); literal = "" } }
        while let c = chars.first {
            chars.removeFirst()
            let next = chars.first
            switch c {
            case "{" where next == "{", "}" where next == "}", "[" where next == "[", "]" where next == "]":
                chars.removeFirst()
                literal.append(c)
            case "{":
                flush()
                guard let close = chars.firstIndex(of: "}") else { throw TemplateCompileError("unclosed '{'") }
                let body = String(chars[chars.startIndex..<close])
                chars = chars[(close + 1)...]
                let parts = body.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
                guard let slot = SlotID.allCases.first(where: { $0.name == parts[0] }), allowed.contains(slot) else {
                    throw TemplateCompileError("unknown slot '{\(parts[0])}' (allowed here: \(allowed.map(\.name).sorted().joined(separator: ", ")))")
                }
                var filters: [TemplateFilter] = []
                for name in parts.dropFirst() {
                    switch resolver.resolve(name, slot: slot) {
                    case .success(let f): filters.append(f)
                    case .failure(let e): throw e
                    }
                }
                nodes.append(.slot(slot, filters))
                required.append(slot)
            case "}": throw TemplateCompileError("unmatched '}' (write '}}' for a literal brace)")
            case "[":
                flush()
                let (inner, innerRequired) = try parseSequence(&chars, inGroup: true)
                nodes.append(.group(inner, required: innerRequired))
            case "]":
                guard inGroup else { throw TemplateCompileError("unmatched ']' (write ']]' for a literal bracket)") }
                flush()
                return (nodes, required)
            default:
                literal.append(c)
            }
        }
        if inGroup { throw TemplateCompileError("unclosed '['") }
        flush()
        return (nodes, required)
    }
}

/// Text with a prefix and suffix around a value, from a template like "{n} meters" or "in die {}".
public struct Affix: Sendable, Hashable {
    /// Text before the value.
    public var prefix: String
    /// Text after the value.
    public var suffix: String
    /// True when the template contained the placeholder.
    public var hasPlaceholder: Bool

    /// Splits `template` at the first `placeholder`.
    public init(_ template: String, placeholder: String) {
        if let range = template.range(of: placeholder) {
            prefix = String(template[..<range.lowerBound])
            suffix = String(template[range.upperBound...])
            hasPlaceholder = true
        } else {
            prefix = template
            suffix = ""
            hasPlaceholder = false
        }
    }

    /// prefix + value + suffix.
    public func apply(_ value: String) -> String { hasPlaceholder ? prefix + value + suffix : prefix }
}
