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
    /// Reads names, numbers and letters the voice cannot read as written (ja); nil for most languages.
    public let reader: (any NameReader)?
    let ssmlOpen: [UInt8]
    let cache = RenderCache()
    /// "0"…"99" ready to render (exit and stop numbers).
    private let numbers: [PreparedValue]
    /// The book's unit case names, sorted (`case:` filters hold an index into it).
    private let caseNames: [String]

    /// Creates a builder; `units` overrides the locale's default system; `reader` gives names their readings.
    public init(locale: LocaleProfile, book: Phrasebook, units: UnitsSystem? = nil, reader: (any NameReader)? = nil) {
        self.reader = reader
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
        guard let reader else { return render(announcement, quiet: false).phrase }
        var (phrase, unspeakable) = render(announcement, quiet: false)
        if unspeakable {
            // A name without a reading is left out of speech (the screen keeps it): speak the phrase without it.
            let quiet = render(announcement, quiet: true).phrase
            phrase.spoken = quiet.spoken
            phrase.ssml = quiet.ssml
        }
        return phrase
    }

    /// The spoken text of an announcement alone (what `phrase(_:).spoken` gives), without rendering the display
    /// text and SSML: what speaking-time estimates read. With a `reader`, the text as the reader reads it out
    /// (ja: kana, whose length is what takes time to say).
    public func spokenText(_ announcement: Announcement) -> String {
        guard let reader else { return render(announcement, quiet: false, spokenOnly: true).phrase.spoken }
        var (phrase, unspeakable) = render(announcement, quiet: false, spokenOnly: true)
        if unspeakable { phrase = render(announcement, quiet: true, spokenOnly: true).phrase }
        return reader.voiceText(phrase.spoken)
    }

    /// Renders an announcement; `quiet` leaves out the names that have no reading. Also says whether any did.
    /// With `spokenOnly` the display text and SSML are left empty.
    private func render(_ announcement: Announcement, quiet: Bool, spokenOnly: Bool = false) -> (phrase: Phrase, unspeakable: Bool) {
        guard let kind = KindKey(announcement.kind) else { return (renderAlert(announcement, spokenOnly: spokenOnly), false) }
        var ctx = Slots()
        // Optional-chained calls read the maneuvers in place (binding them with `if let` would copy every field).
        announcement.maneuver?.fill(&ctx, .main, kind: kind, announcementKind: announcement.kind, builder: self, quiet: quiet)
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
            announcement.then?.maneuver.fill(&ctx, .chained, kind: .then, announcementKind: .now, builder: self, quiet: quiet)
            ctx.setDistanceMeters(meters, .chained)
            ctx.set(.distance, distance(meters), .chained)
            let clause = sayDistance ? (book.thenDistanceClause ?? book.thenClause) : book.thenClause
            if let clause { setTemplate(&ctx, .then, clause, .main, runIn: .chained) }
            if !announcement.thenMore.isEmpty, let clause, let more = book.thenClause { setRun(&ctx, clause, more, announcement.thenMore, quiet: quiet) }
        }
        var writer = ByteWriter(capacity: 512)
        let unspeakable = reader != nil && ctx.hasUnspeakable
        guard let frame = book.frames[kind.rawValue]?.template(count: ctx.count, rules: locale.pluralRules) else {
            // No frame: the instruction alone.
            let spoken = output(.instruction, &ctx, .spoken, &writer)
            if spokenOnly { return (Phrase(display: "", spoken: spoken, ssml: ""), unspeakable) }
            return (Phrase(display: output(.instruction, &ctx, .display, &writer), spoken: spoken,
                           ssml: output(.instruction, &ctx, .ssml, &writer)), unspeakable)
        }
        let spoken = output(frame, &ctx, .spoken, &writer)
        if spokenOnly { return (Phrase(display: "", spoken: spoken, ssml: ""), unspeakable) }
        return (Phrase(display: output(frame, &ctx, .display, &writer), spoken: spoken,
                       ssml: output(frame, &ctx, .ssml, &writer)), unspeakable)
    }

    /// An alert (`alert.<kind>`): its speed and distance slots; empty when the book has no such template.
    private func renderAlert(_ announcement: Announcement, spokenOnly: Bool) -> Phrase {
        var ctx = Slots()
        if let kmh = announcement.speedLimitKmh { ctx.set(.speed, PreparedValue(SlotValue(speedText(kmh: kmh)))) }
        if let meters = announcement.spokenDistanceMeters {
            ctx.setDistanceMeters(meters, .main)
            ctx.set(.distance, distance(meters))
        }
        guard let template = book.alerts[announcement.kind]?.template(count: ctx.count, rules: locale.pluralRules) else {
            return Phrase(display: "", spoken: "", ssml: "")
        }
        var writer = ByteWriter(capacity: 128)
        let spoken = output(template, &ctx, .spoken, &writer)
        if spokenOnly { return Phrase(display: "", spoken: spoken, ssml: "") }
        return Phrase(display: output(template, &ctx, .display, &writer), spoken: spoken, ssml: output(template, &ctx, .ssml, &writer))
    }

    /// A limit as the driver's signs show it: whole km/h where distances are metric, whole mph elsewhere.
    public func speedText(kmh: Double) -> String {
        String(Int(saturatingRounded: units == .metric ? kmh : kmh / SpeedLimit.kmhPerMph))
    }

    /// The speed unit of `speedText` ("km/h" or "mph").
    public var speedUnit: String { units == .metric ? "km/h" : "mph" }

    // MARK: slots

    /// Fills the maneuver's slots from the cache (names, refs, destinations, exits, rotary) and prepared words.
    /// `quiet` leaves out names that have no reading (see `NameReader`).
    fileprivate func fill(_ ctx: inout Slots, _ m: ManeuverDescription, _ bank: Bank, quiet: Bool = false) {
        let speech = book.speech
        func set(_ id: SlotID, _ value: PreparedValue?) {
            if quiet, value?.value.isUnspeakable == true { return }
            ctx.set(id, value, bank)
        }
        let atRoundabout = Self.isAtRoundabout(m.step.maneuver.type)
        // A road named like the rotary it leaves is not said twice ("enter Logan Circle", not "… and exit onto Logan Circle").
        let repeatsRotary = atRoundabout && m.step.rotaryName.map { Self.sameName($0, m.step.name) } == true
        // Nor the road a U-turn comes back on ("make a U-turn", not "… and continue on" the road the driver is on).
        if !repeatsRotary && !m.returnsOnSameRoad && (!m.step.name.isEmpty || !(m.step.ref ?? "").isEmpty) {
            // Cached per raw name/pronunciation/ref; `roadValues` cleans them (blank names, repeated refs).
            var road = cache.road(.init(kind: .road, a: m.step.name, b: m.step.pronunciation, c: m.step.ref)) { roadValues(m.step) }
            if quiet, road.road?.value.isUnspeakable == true, road.ref != nil {
                // The name has no reading: the road is said by its ref alone.
                var refOnly = m.step
                refOnly.name = ""
                road = cache.road(.init(kind: .road, a: "", b: nil, c: m.step.ref)) { roadValues(refOnly) }
            }
            set(.name, road.name)
            ctx.set(.ref, road.ref, bank)
            set(.road, road.road)
        }
        if let d = m.step.destinations, !d.isBlank {
            let v = cache.text(.init(kind: .destinations, a: d)) { signpostValue(Destinations(d)) }
            if !v.isEmpty { set(.dest, v) }
        }
        if let exits = m.step.exits, !exits.isBlank {
            let v = cache.text(.init(kind: .exits, a: exits)) {
                let list = ExitNumbers(exits)
                return PreparedValue(SlotValue(display: list.display, spoken: list.spoken(speech, book.words)), forms: book.forms)
            }
            if !v.isEmpty { ctx.set(.exitNumber, v, bank) }
        }
        if let n = m.step.maneuver.exit { ctx.set(.exit, number(n), bank) }
        if let n = m.sideRoadOrdinal { ctx.set(.nth, number(n), bank) }
        if !atRoundabout, let junction = m.step.junctionName, !junction.isBlank {
            set(.junction, cache.text(.init(kind: .rotary, a: junction)) {
                PreparedValue(nameValue(junction, pronunciation: nil), forms: book.forms)
            })
        }
        if let rotary = m.step.rotaryName ?? (atRoundabout ? m.step.junctionName : nil), !rotary.isBlank {
            let p = m.step.rotaryName != nil ? m.step.rotaryPronunciation.flatMap { $0.isEmpty ? nil : $0 } : nil
            set(.rotary, cache.text(.init(kind: .rotary, a: rotary, b: p)) {
                PreparedValue(nameValue(rotary, pronunciation: p), forms: book.forms)
            })
        }
        if let modifier = m.step.maneuver.modifier, let word = book.modifierValues[ModifierKey(modifier).rawValue] { ctx.set(.modifier, word, bank) }
        if !book.directionValues.isEmpty {
            let bearing = m.departBearing ?? m.step.maneuver.bearingAfter
            let normalized = ((bearing.isFinite ? bearing : 0).truncatingRemainder(dividingBy: 360) + 360).truncatingRemainder(dividingBy: 360)
            let sector = Int(saturating: ((normalized + 22.5) / 45).rounded(.down)) % 8
            ctx.set(.direction, book.directionValues[sector], bank)
        }
        if let w = m.waypointName, !w.isBlank {
            set(.waypoint, cache.text(.init(kind: .waypoint, a: w)) {
                PreparedValue(SlotValue(display: w, spoken: writtenName(w) ?? ""), forms: book.forms)
            })
        }
        if let o = m.waypointOrdinal { ctx.set(.stop, number(o), bank) }
    }

    /// A signpost as a slot value: display, spoken text (read by the `reader` when there is one) and SSML.
    private func signpostValue(_ signpost: Destinations) -> PreparedValue {
        let list = book.words.listMarks
        let spoken = signpost.spoken(book.speech, book.words, item: book.destinationItemForm, separator: list?.spoken,
                                     read: reader == nil ? nil : { writtenName($0) })
        var value = SlotValue(display: signpost.display(separator: list?.display), spoken: spoken, isRef: signpost.isRefOnly)
        value.startsWithRef = !signpost.refs.isEmpty
        return PreparedValue(value, forms: book.forms)
    }

    /// The step's signpost without the road the instruction says (`Destinations.besideRoad`); may be empty.
    private func signpostBesideRoad(_ step: Step) -> PreparedValue {
        cache.text(.init(kind: .destinations, a: step.destinations ?? "", b: step.name, c: step.ref ?? "")) {
            signpostValue(Destinations(step.destinations ?? "").besideRoad(RoadName(name: step.name, ref: step.ref)))
        }
    }

    /// True when two names are the same but for case and surrounding spaces.
    static func sameName(_ a: String, _ b: String) -> Bool {
        a.trimmingCharacters(in: .whitespaces).lowercased() == b.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// True for maneuver types at a roundabout or rotary: their junction name is the roundabout's (`{rotary}`).
    static func isAtRoundabout(_ type: ManeuverType) -> Bool {
        switch type {
        case .roundabout, .rotary, .roundaboutTurn, .exitRoundabout, .exitRotary: return true
        default: return false
        }
    }

    /// Name, ref and road values of a step (computed once per name/pronunciation/ref, then cached).
    private func roadValues(_ step: Step) -> RenderCache.Road {
        let speech = book.speech
        let cleaned = RoadName(name: step.name, ref: step.ref)
        var nameValue: SlotValue?
        if !cleaned.name.isEmpty { nameValue = self.nameValue(cleaned.name, pronunciation: step.pronunciation) }
        var refValue: SlotValue?
        if !cleaned.refs.isEmpty {
            var value = SlotValue(display: cleaned.refs.display, spoken: cleaned.refs.spoken(speech, book.words), isRef: true)
            // A direction said in the book's words but shown as signed: the screen's ending goes by what it shows.
            if let last = cleaned.refs.items.last, speech.refDirection(last) != nil { value.displayHead = value.display.lowercased() }
            refValue = value
        }
        let name = nameValue.map { PreparedValue($0, forms: book.forms) }
        let ref = refValue.map { PreparedValue($0, forms: book.forms) }
        var roadCtx = Slots()
        roadCtx.set(.name, name)
        roadCtx.set(.ref, ref)
        var road: SlotValue?
        switch (nameValue, refValue) {
        case (let n?, _?):
            let template = (cleaned.nameHoldsRefNumber ? book.roadNameHoldsRef : nil) ?? book.roadNameRef
            if let t = template { var v = renderValue(t, &roadCtx); v.head = n.head; road = v } else { road = n }
        case (let n?, nil):
            if let t = book.roadName { var v = renderValue(t, &roadCtx); v.head = n.head; road = v } else { road = n }
        case (nil, let r?):
            if let t = book.roadRef {
                var v = renderValue(t, &roadCtx); v.head = r.head; v.displayHead = r.displayHead; v.isRef = true; road = v
            } else { road = r }
        case (nil, nil):
            break
        }
        return RenderCache.Road(name: name, ref: ref, road: road.map { PreparedValue($0, forms: book.forms) })
    }

    /// A name as a slot value: abbreviations expanded for speech and its pronunciation as an SSML phoneme; or, when
    /// the book's voice cannot read the name's Han characters (`pronunciationReplacesHan`) and the pronunciation
    /// has none, the pronunciation itself is spoken (SSML `<sub alias>`, which eSpeak NG speaks as the alias).
    /// With a `reader`, a name with no reading (neither of a kana pronunciation nor of the name) has no spoken text
    /// (`isUnspeakable`); a name with one is spoken as written, its reading in SSML `<sub alias>`. The voice gets
    /// readings through its pronunciation layer, never through the exported text.
    private func nameValue(_ name: String, pronunciation: String?) -> SlotValue {
        let speech = book.speech
        let spoken = speech.expand(name)
        // An overlong pronunciation would be read aloud by eSpeak NG as tag text: speak the name instead.
        let p = pronunciation.flatMap { $0.isEmpty || $0.count > StepPlausibility.maxPronunciationLength ? nil : $0 }
        if reader != nil {
            // A kana pronunciation is the reading (`pronunciationReplacesHan`); another one stays an IPA phoneme.
            let said = speech.pronunciationReplacesHan ? p.flatMap(spokenName) : nil
            guard let reading = said ?? spokenName(name) else { return SlotValue(display: name, spoken: "", ssml: "") }
            if let p, said == nil { return SlotValue(display: name, spoken: spoken, ssml: Self.phoneme(p, spoken)) }
            return SlotValue(display: name, spoken: spoken,
                             ssml: reading == spoken ? nil : "<sub alias=\"\(SSML.escape(reading))\">\(SSML.escape(spoken))</sub>")
        }
        guard let p else { return SlotValue(display: name, spoken: spoken) }
        if speech.pronunciationReplacesHan && SpeechRules.containsHan(name) && !SpeechRules.containsHan(p) {
            let reading = speech.expand(p)
            return SlotValue(display: name, spoken: reading,
                             ssml: "<sub alias=\"\(SSML.escape(reading))\">\(SSML.escape(name))</sub>")
        }
        return SlotValue(display: name, spoken: spoken, ssml: Self.phoneme(p, spoken))
    }

    /// A name as the exported spoken text writes it: abbreviations expanded; nil when the `reader` has no
    /// reading of it (it is left out of speech).
    private func writtenName(_ name: String) -> String? {
        spokenName(name) == nil ? nil : book.speech.expand(name)
    }

    /// A name as said: abbreviations expanded, then read by the `reader` when there is one (nil: no reading).
    private func spokenName(_ name: String) -> String? {
        let expanded = book.speech.expand(name)
        guard let reader else { return expanded }
        return reader.reading(of: expanded)
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
    /// `quiet` leaves out a signpost with no reading.
    fileprivate func setInstruction(_ ctx: inout Slots, _ m: ManeuverDescription, _ bank: Bank, kind: KindKey, announcementKind: AnnouncementKind,
                                    quiet: Bool) {
        var type = InstructionType(m.step.maneuver.type)
        // A notification that turns is phrased as that turn ("turn left onto …").
        if type == .notification, let side = m.step.maneuver.modifier, side != .straight { type = .turn }
        // A roundabout or rotary without an exit number is phrased by its direction: "at the roundabout, turn right",
        // or with its name through `clause.rotary` ("At Logan Circle, turn right").
        let byDirection = (type == .roundabout || type == .rotary) && m.step.maneuver.exit == nil && m.step.maneuver.modifier != nil
        let rotaryClause = byDirection && ctx.has(.rotary, bank) ? book.rotaryClause?.template(count: 0, rules: locale.pluralRules) : nil
        if byDirection { type = rotaryClause != nil ? .turn : .roundaboutTurn }
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
        if ctx.has(.nth, bank) { features |= Feature.nth.bit }
        if ctx.has(.junction, bank) { features |= Feature.junction.bit }
        func choose(_ features: UInt8) -> TemplateEntry? {
            var entry: TemplateEntry?
            if isStop {
                entry = book.instructions.lookup(kind: kind, type: .waypoint, modifier: modifier, available: features)
            } else if m.step.mode == "ferry" {
                entry = book.instructions.lookup(kind: kind, type: .ferry, modifier: modifier, available: features)
            } else if m.previousMode == "ferry" {
                entry = book.instructions.lookup(kind: kind, type: .disembark, modifier: .none, available: features)
            }
            return entry ?? book.instructions.lookup(kind: kind, type: type, modifier: modifier, available: features)
        }
        guard var entry = choose(features) else { ctx.set(.instruction, Self.empty, bank); return }
        func saysRoad(_ entry: TemplateEntry) -> Bool {
            guard let t = entry.template(count: bank == .main ? ctx.count : 0, rules: locale.pluralRules) else { return false }
            return t.mentions(.road) || t.mentions(.name) || t.mentions(.ref)
        }
        if ctx.has(.dest, bank), ctx.has(.road, bank), saysRoad(entry) {
            // The signpost does not repeat the road just said ("onto Mannerheimintie toward Mannerheimintie").
            let beside = signpostBesideRoad(m.step)
            if beside.isEmpty || (quiet && beside.value.isUnspeakable) {
                if let other = choose(features & ~Feature.dest.bit), saysRoad(other) {
                    entry = other
                    ctx.set(.dest, nil, bank)
                }
            } else {
                ctx.set(.dest, beside, bank)
            }
        }
        setTemplate(&ctx, .instruction, entry, bank, runIn: bank)
        if let rotaryClause {
            ctx.set(.instruction, PreparedValue(renderValue(rotaryClause.views.pointee, &ctx, bank)), bank)
        } else if ctx.has(.junction, bank), entry.template(count: bank == .main ? ctx.count : 0, rules: locale.pluralRules)?.mentions(.junction) != true,
                  let clause = book.junctionClause?.template(count: 0, rules: locale.pluralRules) {
            // "At Shibuya Crossing, turn left": the junction clause wraps the instruction, unless the instruction
            // already places the name in its own place phrase ("at the MacArthur Maze fork", never "at MacArthur
            // Maze, at the fork").
            let wrapped = renderValue(clause.views.pointee, &ctx, bank)
            ctx.set(.instruction, PreparedValue(wrapped), bank)
        }
    }

    /// Replaces the `{then}` slot by the "then" clause (`first`, as chosen for the "then") followed, for each
    /// maneuver of `run`, by the book's joiner and `clause.then` (`more`) with the maneuver in terse form:
    /// "then turn left, then turn right". Off the hot path (only runs of close turns have one): renders to text.
    private func setRun(_ ctx: inout Slots, _ first: TemplateEntry, _ more: TemplateEntry, _ run: [ChainedManeuver], quiet: Bool) {
        guard let first = first.template(count: 0, rules: locale.pluralRules),
              let more = more.template(count: 0, rules: locale.pluralRules) else { return }
        var joined = renderValue(first.views.pointee, &ctx, .chained)
        let joiner = SlotValue(book.thenJoiner)
        for chained in run {
            var runCtx = Slots()
            chained.maneuver.terse.fill(&runCtx, .chained, kind: .then, announcementKind: .now, builder: self, quiet: quiet)
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
    fileprivate func fill(_ ctx: inout Slots, _ bank: Bank, kind: KindKey, announcementKind: AnnouncementKind, builder: PhraseBuilder,
                          quiet: Bool = false) {
        builder.fill(&ctx, self, bank, quiet: quiet)
        builder.setInstruction(&ctx, self, bank, kind: kind, announcementKind: announcementKind, quiet: quiet)
    }
}

extension String {
    /// True when the text is empty or only white space: a blank name, signpost or exit is no name.
    var isBlank: Bool { allSatisfy(\.isWhitespace) }
}

extension Substring {
    func trimmingSpaces() -> String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

