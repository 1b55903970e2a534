import Foundation

/// The named slots a template may use (Phrasebooks/FORMAT.md §3–4).
public enum SlotID: Int, Sendable, Hashable, CaseIterable {
    case road, name, ref, dest, exitNumber, exit, rotary, modifier, direction, waypoint, stop
    case distance, instruction, then, lanes, count, total

    /// The name written in templates.
    public var name: String { String(describing: self) }

    /// Slots usable by instruction templates.
    static let instructionSlots: Set<SlotID> = [.road, .name, .ref, .dest, .exitNumber, .exit, .rotary, .modifier, .direction, .waypoint, .stop]

    /// The slots allowed for a template key family.
    static func allowed(forKey key: String) -> Set<SlotID> {
        if key.hasPrefix("announce.") { return instructionSlots.union([.instruction, .then, .distance, .lanes]) }
        if key.hasPrefix("clause.") { return instructionSlots.union([.instruction, .distance]) }
        if key.hasPrefix("road.") { return [.name, .ref] }
        if key.hasPrefix("lanes.") { return [.count, .total] }
        return instructionSlots
    }
}

/// A filter applied to a slot value, resolved against the book's words and grammar at compile time.
enum TemplateFilter: Sendable {
    /// Upper-case the first letter.
    case cap
    /// Number → ordinal word.
    case ordinal(OrdinalTable)
    /// Distance in a unit case.
    case distanceCase(String)
    /// A grammar form.
    case form(GrammarForm)
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

/// A compiled display/spoken template pair (the same nodes when the source was one string).
struct CompiledTemplate: Sendable {
    /// Nodes for display text.
    var display: [TemplateNode]
    /// Nodes for spoken text and SSML.
    var spoken: [TemplateNode]
    /// True when display and spoken come from one source string.
    var shared: Bool
}

/// A template entry: plain, or chosen by the plural category of a count.
enum TemplateEntry: Sendable {
    case plain(CompiledTemplate)
    case plural([PluralCategory: CompiledTemplate])
}

/// Resolves filter names while compiling; throws a message on unknown names.
struct FilterResolver {
    var ordinals: [String: OrdinalTable]
    var forms: [String: GrammarForm]
    var unitCases: Set<String>

    func resolve(_ text: String, slot: SlotID) -> Result<TemplateFilter, TemplateCompileError> {
        if text == "cap" { return .success(.cap) }
        if text == "ordinal" || text.hasPrefix("ordinal:") {
            let gender = text == "ordinal" ? "default" : String(text.dropFirst("ordinal:".count))
            guard let table = ordinals[gender] else { return .failure(TemplateCompileError("unknown ordinal table '\(gender)' in filter '\(text)' (words.ordinals)")) }
            return .success(.ordinal(table))
        }
        if text.hasPrefix("case:") {
            let name = String(text.dropFirst("case:".count))
            guard slot == .distance else { return .failure(TemplateCompileError("filter '\(text)' applies only to {distance}")) }
            guard unitCases.contains(name) else { return .failure(TemplateCompileError("unknown unit case '\(name)' (words.units.*.cases)")) }
            return .success(.distanceCase(name))
        }
        guard let form = forms[text] else { return .failure(TemplateCompileError("unknown filter or grammar form '\(text)'")) }
        return .success(.form(form))
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
