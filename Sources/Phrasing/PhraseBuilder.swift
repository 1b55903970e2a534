import Foundation
import Guidance
import RouteModel

/// The three renderings of one announcement.
public struct Phrase: Sendable, Hashable {
    /// Text for the screen: "In 400 m, turn left onto Main St."
    public var display: String
    /// Text for speech: "In 400 meters, turn left onto Main Street."
    public var spoken: String
    /// Well-formed SSML: `<speak xml:lang="en-US">…</speak>`.
    public var ssml: String

    /// Creates a phrase.
    public init(display: String, spoken: String, ssml: String) {
        self.display = display
        self.spoken = spoken
        self.ssml = ssml
    }
}

/// Turns semantic announcements into display text, spoken text and SSML for one locale.
public struct PhraseBuilder: Sendable {
    /// The locale profile.
    public let locale: LocaleProfile
    /// The compiled phrasebook.
    public let book: Phrasebook
    /// The units system in use.
    public let units: UnitsSystem
    /// The distance phraser in use.
    public let distances: DistancePhraser
    private let ssmlOpen: String
    private let cache = RenderCache()

    /// Creates a builder; `units` overrides the locale's default system.
    public init(locale: LocaleProfile, book: Phrasebook, units: UnitsSystem? = nil) {
        self.locale = locale
        self.book = book
        let system = units ?? locale.units
        self.units = system
        distances = DistancePhraser(bands: locale.bands(for: system), decimalSeparator: locale.decimalSeparator,
                                    pluralRules: locale.pluralRules, words: book.words)
        ssmlOpen = "<speak xml:lang=\"\(SSML.escape(locale.tag))\">"
    }

    /// Phrases an announcement. Never fails: missing templates render as little as is known.
    public func phrase(_ announcement: Announcement) -> Phrase {
        let kind = KindKey(announcement.kind)
        var ctx = announcement.maneuver.map { slots(for: $0) } ?? Slots()
        if let m = announcement.maneuver {
            ctx[.instruction] = instruction(m, slots: ctx, kind: kind, announcementKind: announcement.kind)
        }
        if let meters = announcement.spokenDistanceMeters {
            ctx.distanceMeters = meters
            ctx[.distance] = cache.distance(meters, caseName: nil, distances)
        }
        if let chained = announcement.then {
            var thenCtx = slots(for: chained.maneuver)
            thenCtx[.instruction] = instruction(chained.maneuver, slots: thenCtx, kind: .then, announcementKind: .now)
            thenCtx.distanceMeters = chained.distanceMeters
            thenCtx[.distance] = cache.distance(chained.distanceMeters, caseName: nil, distances)
            let clause = chained.sayDistance ? (book.thenDistanceClause ?? book.thenClause) : book.thenClause
            if let clause { ctx[.then] = render(clause, thenCtx) }
        }
        if let hint = announcement.maneuver?.lanes, let entry = book.lanes[hint.position] {
            var laneCtx = Slots()
            laneCtx[.count] = SlotValue(String(hint.usableCount))
            laneCtx[.total] = SlotValue(String(hint.totalCount))
            laneCtx.count = hint.usableCount
            ctx[.lanes] = render(entry, laneCtx)
        }
        guard let frame = book.frames[kind] else {
            let text = ctx[.instruction] ?? SlotValue("")
            return Phrase(display: text.display, spoken: text.spoken, ssml: ssmlOpen + text.ssml + "</speak>")
        }
        let out = render(frame, ctx)
        return Phrase(display: out.display, spoken: out.spoken, ssml: ssmlOpen + out.ssml + "</speak>")
    }

    // MARK: slots

    private func slots(for m: ManeuverDescription) -> Slots {
        var ctx = Slots()
        let step = m.step
        let speech = book.speech
        var nameValue: SlotValue?
        if !step.name.isEmpty {
            let v = cache.name(step.name, pronunciation: step.pronunciation) { name in
                let spoken = speech.expand(name)
                var v = SlotValue(display: name, spoken: spoken)
                if let p = step.pronunciation, !p.isEmpty {
                    v.ssml = "<phoneme alphabet=\"ipa\" ph=\"\(SSML.escape(p))\">\(SSML.escape(spoken))</phoneme>"
                }
                return v
            }
            nameValue = v
            ctx[.name] = v
        }
        var refValue: SlotValue?
        if let refs = step.ref, !refs.isEmpty {
            let v = cache.name("ref:" + refs, pronunciation: nil) { _ -> SlotValue in
                let first = refs.split(separator: ";").first.map { $0.trimmingSpaces() } ?? ""
                return SlotValue(display: first, spoken: speech.spokenRef(first), isRef: true)
            }
            if !v.isEmpty { refValue = v; ctx[.ref] = v }
        }
        var roadCtx = Slots()
        roadCtx[.name] = nameValue
        roadCtx[.ref] = refValue
        switch (nameValue, refValue) {
        case (let n?, _?):
            if let t = book.roadNameRef { var v = render(t, roadCtx); v.head = n.spoken; ctx[.road] = v } else { ctx[.road] = n }
        case (let n?, nil):
            if let t = book.roadName { var v = render(t, roadCtx); v.head = n.spoken; ctx[.road] = v } else { ctx[.road] = n }
        case (nil, let r?):
            if let t = book.roadRef { var v = render(t, roadCtx); v.head = r.spoken; v.isRef = true; ctx[.road] = v } else { ctx[.road] = r }
        case (nil, nil):
            break
        }
        if let d = step.destinations, !d.isEmpty {
            ctx[.dest] = cache.name("dest:" + d, pronunciation: nil) { _ in SlotValue(display: d, spoken: spokenDestinations(d)) }
        }
        if let exits = step.exits, !exits.isEmpty {
            let v = cache.name("exit:" + exits, pronunciation: nil) { _ -> SlotValue in
                let e = exits.split(separator: ";").first.map { $0.trimmingSpaces() } ?? ""
                return SlotValue(display: e, spoken: SpeechRules.spokenExitNumber(e))
            }
            if !v.isEmpty { ctx[.exitNumber] = v }
        }
        if let n = step.maneuver.exit { ctx[.exit] = SlotValue(String(n)) }
        if let rotary = step.rotaryName ?? step.junctionName, !rotary.isEmpty {
            let spoken = speech.expand(rotary)
            var v = SlotValue(display: rotary, spoken: spoken)
            if let p = step.rotaryPronunciation, !p.isEmpty, step.rotaryName != nil {
                v.ssml = "<phoneme alphabet=\"ipa\" ph=\"\(SSML.escape(p))\">\(SSML.escape(spoken))</phoneme>"
            }
            ctx[.rotary] = v
        }
        if let modifier = step.maneuver.modifier, let word = book.words.modifiers[ModifierKey(modifier)] { ctx[.modifier] = SlotValue(word) }
        let bearing = m.departBearing ?? step.maneuver.bearingAfter
        if !book.words.directions.isEmpty {
            let normalized = ((bearing.isFinite ? bearing : 0).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            let sector = Int(((normalized + 22.5) / 45).rounded(.down)) % 8
            ctx[.direction] = SlotValue(book.words.directions[sector])
        }
        if let w = m.waypointName, !w.isEmpty { ctx[.waypoint] = SlotValue(display: w, spoken: speech.expand(w)) }
        if let o = m.waypointOrdinal { ctx[.stop] = SlotValue(String(o)) }
        return ctx
    }

    private func spokenDestinations(_ text: String) -> String {
        let items = text.split(whereSeparator: { $0 == "," || $0 == ":" }).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }
        guard items.count > 1 else { return items.first ?? text }
        return items.dropLast().joined(separator: ", ") + " " + book.words.and + " " + (items.last ?? "")
    }

    private func instruction(_ m: ManeuverDescription, slots ctx: Slots, kind: KindKey, announcementKind: AnnouncementKind) -> SlotValue {
        let step = m.step
        let type = InstructionType(step.maneuver.type)
        let isArrival = type == .arrive || announcementKind == .waypoint
        let modifier = isArrival ? ModifierKey(m.arrivalSide) : ModifierKey(step.maneuver.modifier)
        var features: UInt8 = 0
        if ctx[.exitNumber] != nil { features |= Feature.exitNumber.bit }
        if ctx[.rotary] != nil { features |= Feature.rotary.bit }
        if ctx[.exit] != nil { features |= Feature.ordinal.bit }
        if ctx[.waypoint] != nil { features |= Feature.waypoint.bit }
        if ctx[.dest] != nil { features |= Feature.dest.bit }
        if ctx[.road] != nil { features |= Feature.road.bit }
        var candidate: Candidate?
        if announcementKind == .waypoint {
            candidate = book.instructions.lookup(kind: kind, type: .waypoint, modifier: modifier, available: features)
        } else if step.mode == "ferry" {
            candidate = book.instructions.lookup(kind: kind, type: .ferry, modifier: modifier, available: features)
        }
        if candidate == nil { candidate = book.instructions.lookup(kind: kind, type: type, modifier: modifier, available: features) }
        guard let found = candidate else { return SlotValue("") }
        return render(found.entry, ctx)
    }

    // MARK: rendering

    private func render(_ entry: TemplateEntry, _ ctx: Slots) -> SlotValue {
        let template: CompiledTemplate
        switch entry {
        case .plain(let t): template = t
        case .plural(let forms):
            let category = locale.pluralRules.category(PluralOperands(integer: ctx.count))
            guard let t = forms[category] ?? forms[.other] else { return SlotValue("") }
            template = t
        }
        var out = Output()
        if template.shared {
            render(template.display, ctx, into: &out, mode: .all)
        } else {
            render(template.display, ctx, into: &out, mode: .display)
            render(template.spoken, ctx, into: &out, mode: .spoken)
        }
        return SlotValue(display: out.display, spoken: out.spoken, ssml: out.ssml)
    }

    private enum Mode { case all, display, spoken }

    private struct Output {
        var display = ""
        var spoken = ""
        var ssml = ""
    }

    private func render(_ nodes: [TemplateNode], _ ctx: Slots, into out: inout Output, mode: Mode) {
        for node in nodes {
            switch node {
            case .literal(let text, let escaped):
                if mode != .spoken { out.display += text }
                if mode != .display { out.spoken += text; out.ssml += escaped }
            case .slot(let id, let filters):
                guard let value = evaluate(id, filters, ctx) else { continue }
                if mode != .spoken { out.display += value.display }
                if mode != .display { out.spoken += value.spoken; out.ssml += value.ssml }
            case .group(let inner, let required):
                var complete = true
                for id in required where ctx[id]?.isEmpty ?? true { complete = false; break }
                if complete { render(inner, ctx, into: &out, mode: mode) }
            }
        }
    }

    private func evaluate(_ id: SlotID, _ filters: [TemplateFilter], _ ctx: Slots) -> SlotValue? {
        guard var value = ctx[id] else { return nil }
        for filter in filters {
            switch filter {
            case .cap: value = value.capitalized()
            case .ordinal(let table):
                if let n = Int(value.display) { value = SlotValue(table.word(n)) }
            case .distanceCase(let name):
                if let meters = ctx.distanceMeters { value = cache.distance(meters, caseName: name, distances) }
            case .form(let form): value = cache.form(form, value)
            }
        }
        return value
    }
}

/// Slot values for one render, indexed by slot.
struct Slots: Sendable {
    private var values = [SlotValue?](repeating: nil, count: SlotID.allCases.count)
    /// Raw meters behind `{distance}`, for case filters.
    var distanceMeters: Double?
    /// The count selecting plural templates.
    var count = 0

    subscript(id: SlotID) -> SlotValue? {
        get { values[id.rawValue] }
        set { values[id.rawValue] = newValue }
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

/// Memoizes name expansion and distance phrases across renders (names and rounded distances repeat on a route).
/// Thread-safe; bounded so a long session cannot grow it without limit.
final class RenderCache: @unchecked Sendable {
    private struct NameKey: Hashable { var text: String; var pronunciation: String? }
    private struct DistanceKey: Hashable { var unit: DistanceUnit; var value: Double; var caseName: String? }
    private let lock = NSLock()
    private var names: [NameKey: SlotValue] = [:]
    private var distances: [DistanceKey: SlotValue] = [:]
    private let limit = 4096

    func name(_ text: String, pronunciation: String?, make: (String) -> SlotValue) -> SlotValue {
        let key = NameKey(text: text, pronunciation: pronunciation)
        if let hit = lock.withLock({ names[key] }) { return hit }
        let value = make(text)
        lock.withLock {
            if names.count >= limit { names.removeAll(keepingCapacity: true) }
            names[key] = value
        }
        return value
    }

    private struct FormKey: Hashable { var form: String; var display: String; var spoken: String; var head: String; var isRef: Bool }
    private var forms: [FormKey: SlotValue] = [:]

    func form(_ form: GrammarForm, _ value: SlotValue) -> SlotValue {
        let key = FormKey(form: form.name, display: value.display, spoken: value.spoken, head: value.head, isRef: value.isRef)
        if let hit = lock.withLock({ forms[key] }) { return hit }
        let result = form.apply(value)
        lock.withLock {
            if forms.count >= limit { forms.removeAll(keepingCapacity: true) }
            forms[key] = result
        }
        return result
    }

    func distance(_ meters: Double, caseName: String?, _ phraser: DistancePhraser) -> SlotValue {
        let rounded = phraser.round(meters)
        let key = DistanceKey(unit: rounded.unit, value: rounded.value, caseName: caseName)
        if let hit = lock.withLock({ distances[key] }) { return hit }
        let value = phraser.phrase(meters, caseName: caseName)
        lock.withLock {
            if distances.count >= limit { distances.removeAll(keepingCapacity: true) }
            distances[key] = value
        }
        return value
    }
}
