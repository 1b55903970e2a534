import Foundation
import Guidance
import RouteModel
import SafeIO

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
///
/// Rendering runs the book's precompiled template programs into one byte buffer per phrase, three passes
/// (display, spoken, SSML); the instruction and "then" clause render in place inside their frame. Everything
/// derived from names, refs, distances and lanes comes from a shared `RenderCache` (see there for thread safety).
public struct PhraseBuilder: Sendable {
    /// The locale profile.
    public let locale: LocaleProfile
    /// The compiled phrasebook.
    public let book: Phrasebook
    /// The units system in use.
    public let units: UnitsSystem
    /// The distance phraser in use.
    public let distances: DistancePhraser
    let ssmlOpen: [UInt8]
    let cache = RenderCache()
    /// "0"…"99" ready to render (exit and stop numbers).
    private let numbers: [PreparedValue]
    /// The book's unit case names, sorted (`case:` filters hold an index into it).
    private let caseNames: [String]

    /// Creates a builder; `units` overrides the locale's default system.
    public init(locale: LocaleProfile, book: Phrasebook, units: UnitsSystem? = nil) {
        self.locale = locale
        self.book = book
        let system = units ?? locale.units
        self.units = system
        distances = DistancePhraser(bands: locale.bands(for: system), decimalSeparator: locale.decimalSeparator,
                                    pluralRules: locale.pluralRules, words: book.words)
        ssmlOpen = Array("<speak xml:lang=\"\(SSML.escape(locale.tag))\">".utf8)
        numbers = (0..<100).map { PreparedValue(SlotValue(String($0))) }
        caseNames = book.words.unitCaseNames
    }

    /// Phrases an announcement. Never fails: missing templates render as little as is known.
    public func phrase(_ announcement: Announcement) -> Phrase {
        let kind = KindKey(announcement.kind)
        var ctx = Slots()
        // Optional-chained calls read the maneuvers in place (binding them with `if let` would copy every field).
        announcement.maneuver?.fill(&ctx, .main, kind: kind, announcementKind: announcement.kind, builder: self)
        if let hint = announcement.maneuver?.lanes, let entry = book.lanes[hint.position] {
                ctx.set(.lanes, cache.lanes(hint) {
                    var laneCtx = Slots()
                    laneCtx.set(.count, number(hint.usableCount))
                    laneCtx.set(.total, number(hint.totalCount))
                    laneCtx.count = hint.usableCount
                    return PreparedValue(renderValue(entry, &laneCtx))
                })
        }
        if let meters = announcement.spokenDistanceMeters {
            ctx.setDistanceMeters(meters, .main)
            ctx.set(.distance, distance(meters))
        }
        if let meters = announcement.then?.distanceMeters, let sayDistance = announcement.then?.sayDistance {
            announcement.then?.maneuver.fill(&ctx, .chained, kind: .then, announcementKind: .now, builder: self)
            ctx.setDistanceMeters(meters, .chained)
            ctx.set(.distance, distance(meters), .chained)
            let clause = sayDistance ? (book.thenDistanceClause ?? book.thenClause) : book.thenClause
            if let clause { setTemplate(&ctx, .then, clause, .main, runIn: .chained) }
            if !announcement.thenMore.isEmpty, let clause, let more = book.thenClause { setRun(&ctx, clause, more, announcement.thenMore) }
        }
        var writer = ByteWriter(capacity: 512)
        guard let frame = book.frames[kind.rawValue]?.template(count: ctx.count, rules: locale.pluralRules) else {
            // No frame: the instruction alone.
            return Phrase(display: output(.instruction, &ctx, .display, &writer), spoken: output(.instruction, &ctx, .spoken, &writer),
                          ssml: output(.instruction, &ctx, .ssml, &writer))
        }
        return Phrase(display: output(frame, &ctx, .display, &writer), spoken: output(frame, &ctx, .spoken, &writer),
                      ssml: output(frame, &ctx, .ssml, &writer))
    }

    // MARK: slots

    /// Fills the maneuver's slots from the cache (names, refs, destinations, exits, rotary) and prepared words.
    fileprivate func fill(_ ctx: inout Slots, _ m: ManeuverDescription, _ bank: Bank) {
        let speech = book.speech
        if !m.step.name.isEmpty || !(m.step.ref ?? "").isEmpty {
            let road = cache.road(.init(kind: .road, a: m.step.name, b: m.step.pronunciation, c: m.step.ref)) { roadValues(m.step) }
            ctx.set(.name, road.name, bank)
            ctx.set(.ref, road.ref, bank)
            ctx.set(.road, road.road, bank)
        }
        if let d = m.step.destinations, !d.isEmpty {
            ctx.set(.dest, cache.text(.init(kind: .destinations, a: d)) {
                let signpost = Destinations(d)
                return PreparedValue(SlotValue(display: signpost.display, spoken: signpost.spoken(speech, andJoiner: book.words.andJoiner)),
                                     forms: book.forms)
            }, bank)
        }
        if let exits = m.step.exits, !exits.isEmpty {
            let v = cache.text(.init(kind: .exits, a: exits)) {
                let e = exits.split(separator: ";").first.map { $0.trimmingSpaces() } ?? ""
                return PreparedValue(SlotValue(display: e, spoken: SpeechRules.spokenExitNumber(e)), forms: book.forms)
            }
            if !v.isEmpty { ctx.set(.exitNumber, v, bank) }
        }
        if let n = m.step.maneuver.exit { ctx.set(.exit, number(n), bank) }
        if let rotary = m.step.rotaryName ?? m.step.junctionName, !rotary.isEmpty {
            let p = m.step.rotaryName != nil ? m.step.rotaryPronunciation.flatMap { $0.isEmpty ? nil : $0 } : nil
            ctx.set(.rotary, cache.text(.init(kind: .rotary, a: rotary, b: p)) {
                PreparedValue(nameValue(rotary, pronunciation: p), forms: book.forms)
            }, bank)
        }
        if let modifier = m.step.maneuver.modifier, let word = book.modifierValues[ModifierKey(modifier).rawValue] { ctx.set(.modifier, word, bank) }
        if !book.directionValues.isEmpty {
            let bearing = m.departBearing ?? m.step.maneuver.bearingAfter
            let normalized = ((bearing.isFinite ? bearing : 0).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            let sector = Int(saturating: ((normalized + 22.5) / 45).rounded(.down)) % 8
            ctx.set(.direction, book.directionValues[sector], bank)
        }
        if let w = m.waypointName, !w.isEmpty {
            ctx.set(.waypoint, cache.text(.init(kind: .waypoint, a: w)) {
                PreparedValue(SlotValue(display: w, spoken: speech.expand(w)), forms: book.forms)
            }, bank)
        }
        if let o = m.waypointOrdinal { ctx.set(.stop, number(o), bank) }
    }

    /// Name, ref and road values of a step (computed once per name/pronunciation/ref, then cached).
    private func roadValues(_ step: Step) -> RenderCache.Road {
        let speech = book.speech
        var nameValue: SlotValue?
        if !step.name.isEmpty { nameValue = self.nameValue(step.name, pronunciation: step.pronunciation) }
        var refValue: SlotValue?
        if let refs = step.ref, !refs.isEmpty {
            let first = refs.split(separator: ";").first.map { $0.trimmingSpaces() } ?? ""
            let v = SlotValue(display: first, spoken: speech.spokenRef(first), isRef: true)
            if !v.isEmpty { refValue = v }
        }
        let name = nameValue.map { PreparedValue($0, forms: book.forms) }
        let ref = refValue.map { PreparedValue($0, forms: book.forms) }
        var roadCtx = Slots()
        roadCtx.set(.name, name)
        roadCtx.set(.ref, ref)
        var road: SlotValue?
        switch (nameValue, refValue) {
        case (let n?, _?):
            if let t = book.roadNameRef { var v = renderValue(t, &roadCtx); v.head = n.spoken; road = v } else { road = n }
        case (let n?, nil):
            if let t = book.roadName { var v = renderValue(t, &roadCtx); v.head = n.spoken; road = v } else { road = n }
        case (nil, let r?):
            if let t = book.roadRef { var v = renderValue(t, &roadCtx); v.head = r.spoken; v.isRef = true; road = v } else { road = r }
        case (nil, nil):
            break
        }
        return RenderCache.Road(name: name, ref: ref, road: road.map { PreparedValue($0, forms: book.forms) })
    }

    /// A name as a slot value: abbreviations expanded for speech and its pronunciation as an SSML phoneme; or, when
    /// the book's voice cannot read the name's Han characters (`pronunciationReplacesHan`) and the pronunciation
    /// has none, the pronunciation itself is spoken (SSML `<sub alias>`, which eSpeak NG speaks as the alias).
    private func nameValue(_ name: String, pronunciation: String?) -> SlotValue {
        let speech = book.speech
        let spoken = speech.expand(name)
        // An overlong pronunciation would be read aloud by eSpeak NG as tag text: speak the name instead.
        guard let p = pronunciation, !p.isEmpty, p.count <= StepPlausibility.maxPronunciationLength else {
            return SlotValue(display: name, spoken: spoken)
        }
        if speech.pronunciationReplacesHan && SpeechRules.containsHan(name) && !SpeechRules.containsHan(p) {
            let reading = speech.expand(p)
            return SlotValue(display: name, spoken: reading,
                             ssml: "<sub alias=\"\(SSML.escape(reading))\">\(SSML.escape(name))</sub>")
        }
        return SlotValue(display: name, spoken: spoken, ssml: Self.phoneme(p, spoken))
    }

    private static func phoneme(_ pronunciation: String, _ spoken: String) -> String {
        "<phoneme alphabet=\"ipa\" ph=\"\(SSML.escape(pronunciation))\">\(SSML.escape(spoken))</phoneme>"
    }

    /// The distance phrase of `meters` (with its unit-case variants), memoized per rounded value and unit.
    func distance(_ meters: Double) -> PreparedValue { cache.distance(meters, caseNames: caseNames, distances) }

    private func number(_ n: Int) -> PreparedValue {
        numbers.indices.contains(n) ? numbers[n] : PreparedValue(SlotValue(String(n)))
    }

    /// Chooses the instruction template by the fallback chain and the data features present.
    fileprivate func setInstruction(_ ctx: inout Slots, _ m: ManeuverDescription, _ bank: Bank, kind: KindKey, announcementKind: AnnouncementKind) {
        let type = InstructionType(m.step.maneuver.type)
        // An intermediate stop phrases as one in every kind and in a then-clause: the final destination has no ordinal.
        let isStop = announcementKind == .waypoint || (type == .arrive && m.waypointOrdinal != nil)
        let isArrival = type == .arrive || isStop
        let modifier = isArrival ? ModifierKey(m.arrivalSide) : ModifierKey(m.step.maneuver.modifier)
        var features: UInt8 = 0
        if ctx.has(.exitNumber, bank) { features |= Feature.exitNumber.bit }
        if ctx.has(.rotary, bank) { features |= Feature.rotary.bit }
        if ctx.has(.exit, bank) { features |= Feature.ordinal.bit }
        if ctx.has(.waypoint, bank) { features |= Feature.waypoint.bit }
        if ctx.has(.dest, bank) { features |= Feature.dest.bit }
        if ctx.has(.road, bank) { features |= Feature.road.bit }
        var entry: TemplateEntry?
        if isStop {
            entry = book.instructions.lookup(kind: kind, type: .waypoint, modifier: modifier, available: features)
        } else if m.step.mode == "ferry" {
            entry = book.instructions.lookup(kind: kind, type: .ferry, modifier: modifier, available: features)
        }
        if entry == nil { entry = book.instructions.lookup(kind: kind, type: type, modifier: modifier, available: features) }
        guard let entry else { ctx.set(.instruction, Self.empty, bank); return }
        setTemplate(&ctx, .instruction, entry, bank, runIn: bank)
    }

    /// Replaces the `{then}` slot by the "then" clause (`first`, as chosen for the "then") followed, for each
    /// maneuver of `run`, by the book's joiner and `clause.then` (`more`) with the maneuver in terse form:
    /// "then turn left, then turn right". Off the hot path (only runs of close turns have one): renders to text.
    private func setRun(_ ctx: inout Slots, _ first: TemplateEntry, _ more: TemplateEntry, _ run: [ChainedManeuver]) {
        guard let first = first.template(count: 0, rules: locale.pluralRules),
              let more = more.template(count: 0, rules: locale.pluralRules) else { return }
        var joined = renderValue(first.views.pointee, &ctx, .chained)
        let joiner = SlotValue(book.thenJoiner)
        for chained in run {
            var runCtx = Slots()
            chained.maneuver.terse.fill(&runCtx, .chained, kind: .then, announcementKind: .now, builder: self)
            let clause = renderValue(more.views.pointee, &runCtx, .chained)
            joined.display += joiner.display + clause.display
            joined.spoken += joiner.spoken + clause.spoken
            joined.ssml += joiner.ssml + clause.ssml
        }
        ctx.set(.then, PreparedValue(joined), .main)
    }

    /// Puts a template into a slot of `bank`, to run with the slots of `runIn`: rendered in place when it can never
    /// be empty, else rendered now (a group's emptiness test needs the text).
    private func setTemplate(_ ctx: inout Slots, _ id: SlotID, _ entry: TemplateEntry, _ bank: Bank, runIn: Bank) {
        let count = runIn == .main ? ctx.count : 0
        guard let template = entry.template(count: count, rules: locale.pluralRules) else { ctx.set(id, Self.empty, bank); return }
        if template.neverEmpty {
            ctx.set(id, template: template, bank, runIn: runIn)
        } else {
            ctx.set(id, PreparedValue(renderValue(template.views.pointee, &ctx, runIn)), bank)
        }
    }

    static let empty = PreparedValue(SlotValue(""))
}

extension ManeuverDescription {
    /// Fills this maneuver's slots in `bank` and chooses its instruction (called through optional chaining, so the
    /// description is read in place).
    fileprivate func fill(_ ctx: inout Slots, _ bank: Bank, kind: KindKey, announcementKind: AnnouncementKind, builder: PhraseBuilder) {
        builder.fill(&ctx, self, bank)
        builder.setInstruction(&ctx, self, bank, kind: kind, announcementKind: announcementKind)
    }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

