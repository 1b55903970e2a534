import Guidance
import Phrasing
import RouteModel

/// Which facts of each maneuver's step its announcements carry (`transcript --stats`).
///
/// A fact is carried when some announcement naming the maneuver (on its own or after "then") says something
/// different once the fact is taken away: the side mirrored, a U-turn made straight, the road name and ref,
/// the signposted destinations, the exit number, the junction name or the rotary name removed. So the check
/// holds in every language without knowing its words. A road named like the rotary it leaves counts as the
/// rotary's (it is deliberately not said twice).
struct FactsCarried {
    /// A fact a step can hold.
    enum Fact: String, CaseIterable {
        case side, uturn = "U-turn", road, destination, exitNumber = "exit number", junction, rotary
    }

    /// Per fact: how many maneuvers hold it, and how many of those carry it.
    private(set) var held: [Fact: Int] = [:]
    private(set) var carried: [Fact: Int] = [:]
    /// "0/3 junction" for each fact held but not carried.
    private(set) var missing: [String] = []

    /// Checks `announcements` (as phrased by `builder`) against the steps of `index`.
    init(announcements: [Announcement], announceable: [StepID], index: RouteIndex, builder: PhraseBuilder) {
        let steps = Dictionary(index.steps.map { ($0.id, $0.step) }, uniquingKeysWith: { first, _ in first })
        for id in announceable {
            guard let step = steps[id] else { continue }
            let naming = announcements.filter { a in
                ![.offRoute, .reroute, .backOnRoute].contains(a.kind)
                    && (a.maneuver?.id == id || a.then?.maneuver.id == id || a.thenMore.contains { $0.maneuver.id == id })
            }
            let described = naming.lazy.compactMap { a in
                ([a.maneuver, a.then?.maneuver].compactMap { $0 } + a.thenMore.map(\.maneuver)).first { $0.id == id }
            }
            let side = described.compactMap(\.arrivalSide).first
            let returnsOnSameRoad = described.first?.returnsOnSameRoad ?? false
            for fact in Self.facts(of: step, arrivalSide: side, returnsOnSameRoad: returnsOnSameRoad) {
                held[fact, default: 0] += 1
                let says = naming.contains { a in builder.phrase(a).display != builder.phrase(Self.without(fact, id, in: a)).display }
                if says { carried[fact, default: 0] += 1 } else { missing.append("\(id) \(fact.rawValue)") }
            }
        }
    }

    /// Facts held / carried, over all facts.
    var totals: (held: Int, carried: Int) { (held.values.reduce(0, +), carried.values.reduce(0, +)) }

    /// The facts `step` holds. A U-turn that comes back on the road it leaves holds no road: the driver is on it.
    static func facts(of step: Step, arrivalSide: ArrivalSide?, returnsOnSameRoad: Bool = false) -> [Fact] {
        let m = step.maneuver
        if m.type == .arrive { return arrivalSide == .left || arrivalSide == .right ? [.side] : [] }
        var facts: [Fact] = []
        // At a roundabout with an exit number the number tells the way; without one the side must be said.
        if Self.mirrored(m.modifier) != nil && !(m.type.isRoundaboutEntry && m.exit != nil) { facts.append(.side) }
        if m.modifier == .uturn { facts.append(.uturn) }
        let rotary = step.rotaryName.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        let sameAsRotary = !rotary.isEmpty && rotary.lowercased() == step.name.trimmingCharacters(in: .whitespaces).lowercased()
        if !sameAsRotary && !returnsOnSameRoad && (!step.name.trimmingCharacters(in: .whitespaces).isEmpty || !(step.ref ?? "").isEmpty) { facts.append(.road) }
        if !(step.destinations ?? "").trimmingCharacters(in: .whitespaces).isEmpty { facts.append(.destination) }
        if !(step.exits ?? "").trimmingCharacters(in: .whitespaces).isEmpty { facts.append(.exitNumber) }
        if !(step.junctionName ?? "").trimmingCharacters(in: .whitespaces).isEmpty && step.rotaryName == nil { facts.append(.junction) }
        if !rotary.isEmpty { facts.append(.rotary) }
        return facts
    }

    /// `a` with `fact` taken from the maneuver `id` wherever the announcement names it.
    static func without(_ fact: Fact, _ id: StepID, in a: Announcement) -> Announcement {
        var copy = a
        if copy.maneuver?.id == id, let m = copy.maneuver { copy.maneuver = without(fact, m) }
        if copy.then?.maneuver.id == id, let m = copy.then?.maneuver { copy.then?.maneuver = without(fact, m) }
        copy.thenMore = copy.thenMore.map { c in
            var c = c
            if c.maneuver.id == id { c.maneuver = without(fact, c.maneuver) }
            return c
        }
        return copy
    }

    private static func without(_ fact: Fact, _ m: ManeuverDescription) -> ManeuverDescription {
        var m = m
        switch fact {
        case .side:
            if m.step.maneuver.type == .arrive { m.arrivalSide = m.arrivalSide == .left ? .right : .left }
            else { m.step.maneuver.modifier = mirrored(m.step.maneuver.modifier) }
        case .uturn: m.step.maneuver.modifier = .straight
        case .road: m.step.name = ""; m.step.ref = nil; m.step.pronunciation = nil
        case .destination: m.step.destinations = nil
        case .exitNumber: m.step.exits = nil
        case .junction: m.step.junctionName = nil
        case .rotary: m.step.rotaryName = nil; m.step.rotaryPronunciation = nil
        }
        return m
    }

    /// The modifier turning the other way, or nil when it has no side.
    private static func mirrored(_ modifier: ManeuverModifier?) -> ManeuverModifier? {
        switch modifier {
        case .left: return .right
        case .right: return .left
        case .slightLeft: return .slightRight
        case .slightRight: return .slightLeft
        case .sharpLeft: return .sharpRight
        case .sharpRight: return .sharpLeft
        default: return nil
        }
    }

    /// "100.0 % (23 of 23: side 8/8, road 9/9)".
    /// `{"held": 16, "carried": 16, "facts": {"side": {"held": 8, "carried": 8}, …}, "missing": ["0/3 junction"]}`.
    var json: JSONValue {
        let (h, c) = totals
        let facts = Fact.allCases.compactMap { f in
            held[f].map { JSONMember(key: f.rawValue, value: .object([JSONMember(key: "held", value: .number(Double($0))),
                                                                      JSONMember(key: "carried", value: .number(Double(carried[f] ?? 0)))])) }
        }
        return .object([JSONMember(key: "held", value: .number(Double(h))), JSONMember(key: "carried", value: .number(Double(c))),
                        JSONMember(key: "facts", value: .object(facts)),
                        JSONMember(key: "missing", value: .array(missing.map { .string($0) }))])
    }

    var summary: String {
        let (h, c) = totals
        let percent = h == 0 ? 100 : Double(c) * 100 / Double(h)
        let parts = Fact.allCases.compactMap { f in held[f].map { "\(f.rawValue) \(carried[f] ?? 0)/\($0)" } }
        return String(format: "%.1f %%", percent) + " (\(c) of \(h)" + (parts.isEmpty ? ")" : ": " + parts.joined(separator: ", ") + ")")
    }
}
