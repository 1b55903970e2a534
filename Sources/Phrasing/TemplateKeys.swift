import Guidance
import RouteModel

/// Instruction types as written in template keys: the OSRM types plus the `ferry`, `waypoint` and `disembark`
/// pseudo types (`disembark`: the first maneuver after a ferry crossing, "leave the ferry and drive northeast").
enum InstructionType: Int, CaseIterable, Sendable {
    case depart, turn, `continue`, newName, merge, onRamp, offRamp, fork, endOfRoad, roundabout, rotary
    case roundaboutTurn, exitRoundabout, exitRotary, useLane, notification, arrive, ferry, waypoint, disembark

    var key: String { String(describing: self) }

    init(_ type: ManeuverType) {
        switch type {
        case .depart: self = .depart
        case .turn: self = .turn
        case .continue: self = .continue
        case .newName: self = .newName
        case .merge: self = .merge
        case .onRamp: self = .onRamp
        case .offRamp: self = .offRamp
        case .fork: self = .fork
        case .endOfRoad: self = .endOfRoad
        case .roundabout: self = .roundabout
        case .rotary: self = .rotary
        case .roundaboutTurn: self = .roundaboutTurn
        case .exitRoundabout: self = .exitRoundabout
        case .exitRotary: self = .exitRotary
        case .useLane: self = .useLane
        case .notification: self = .notification
        case .arrive: self = .arrive
        }
    }
}

/// Modifiers as written in template keys (`none` = no modifier segment).
enum ModifierKey: Int, CaseIterable, Sendable {
    case none, uturn, sharpRight, right, slightRight, straight, slightLeft, left, sharpLeft

    var key: String { String(describing: self) }

    init(_ modifier: ManeuverModifier?) {
        switch modifier {
        case nil: self = .none
        case .uturn: self = .uturn
        case .sharpRight: self = .sharpRight
        case .right: self = .right
        case .slightRight: self = .slightRight
        case .straight: self = .straight
        case .slightLeft: self = .slightLeft
        case .left: self = .left
        case .sharpLeft: self = .sharpLeft
        }
    }

    init(_ side: ArrivalSide?) {
        switch side {
        case nil: self = .none
        case .left: self = .left
        case .right: self = .right
        case .straight: self = .straight
        }
    }

    /// The fallback side of slight/sharp modifiers.
    var side: ModifierKey? {
        switch self {
        case .slightLeft, .sharpLeft: return .left
        case .slightRight, .sharpRight: return .right
        default: return nil
        }
    }

    /// The modifier word key in `words.modifiers`.
    static let wordKeys: [ModifierKey] = [.uturn, .sharpRight, .right, .slightRight, .straight, .slightLeft, .left, .sharpLeft]
}

/// Announcement kinds as written in key prefixes, plus `then`.
enum KindKey: Int, CaseIterable, Sendable {
    case depart, `continue`, early, prepare, now, arrive, waypoint, offRoute, reroute, backOnRoute, then

    var key: String { String(describing: self) }

    /// The key of `kind`; nil for the alert kinds, which have a template each (`alert.*`), not a frame.
    init?(_ kind: AnnouncementKind) {
        switch kind {
        case .speedLimit, .overspeed, .camera: return nil
        case .depart: self = .depart
        case .continue: self = .continue
        case .early: self = .early
        case .prepare: self = .prepare
        case .now: self = .now
        case .arrive: self = .arrive
        case .waypoint: self = .waypoint
        case .offRoute: self = .offRoute
        case .reroute: self = .reroute
        case .backOnRoute: self = .backOnRoute
        }
    }

    /// Key prefixes tried in order (`nil` = no prefix).
    var prefixChain: [KindKey?] { self == .early ? [.early, .prepare, nil] : [self, nil] }
}

/// Data features of a maneuver, in canonical order (bit 0 first).
enum Feature: Int, CaseIterable, Sendable {
    case exitNumber, rotary, ordinal, waypoint, dest, road
    /// The turn is not the first usable road on its side (`{nth}`: "take the second right").
    case nth
    /// The maneuver is at a named junction (`{junction}`), not a roundabout: "at the {junction} fork".
    case junction

    var key: String { String(describing: self) }
    var bit: UInt8 { 1 << UInt8(rawValue) }
}

/// A parsed instruction key: `[kind/]type[.modifier][+feature…]`.
struct InstructionKey: Hashable, Sendable {
    var kind: KindKey?
    var type: InstructionType
    var modifier: ModifierKey
    var features: UInt8

    /// Parses a key; nil when it is not an instruction key; throws a message when it is malformed.
    static func parse(_ key: String) -> Result<InstructionKey, TemplateCompileError>? {
        if key.hasPrefix("announce.") || key.hasPrefix("clause.") || key.hasPrefix("road.") || key.hasPrefix("lanes.")
            || key.hasPrefix("alert.") { return nil }
        var rest = Substring(key)
        var kind: KindKey?
        if let slash = rest.firstIndex(of: "/") {
            let name = rest[..<slash]
            guard let k = KindKey.allCases.first(where: { $0.key == name }) else { return .failure(TemplateCompileError("unknown announcement kind '\(name)' in key")) }
            kind = k
            rest = rest[rest.index(after: slash)...]
        }
        let plusParts = rest.split(separator: "+", omittingEmptySubsequences: false)
        let dotParts = plusParts[0].split(separator: ".", omittingEmptySubsequences: false)
        guard dotParts.count <= 2, let type = InstructionType.allCases.first(where: { $0.key == dotParts[0] }) else {
            return .failure(TemplateCompileError("unknown template key (not a maneuver type, announce.*, clause.*, road.*, lanes.* or alert.*)"))
        }
        var modifier = ModifierKey.none
        if dotParts.count == 2 {
            guard let m = ModifierKey.allCases.first(where: { $0 != .none && $0.key == dotParts[1] }) else {
                return .failure(TemplateCompileError("unknown modifier '\(dotParts[1])' in key"))
            }
            modifier = m
        }
        var features: UInt8 = 0
        for name in plusParts.dropFirst() {
            guard let f = Feature.allCases.first(where: { $0.key == name }) else { return .failure(TemplateCompileError("unknown feature '+\(name)' in key")) }
            features |= f.bit
        }
        return .success(InstructionKey(kind: kind, type: type, modifier: modifier, features: features))
    }
}

/// One candidate in a resolved fallback list: used when its features are all available.
struct Candidate: Sendable {
    var features: UInt8
    var entry: TemplateEntry
}

/// The fallback chain of Phrasebooks/FORMAT.md §2.1, resolved once per book into candidate lists.
struct InstructionTable: Sendable {
    private var lists: [[Candidate]]

    private static func index(_ kind: KindKey, _ type: InstructionType, _ modifier: ModifierKey) -> Int {
        (kind.rawValue * InstructionType.allCases.count + type.rawValue) * ModifierKey.allCases.count + modifier.rawValue
    }

    init(entries: [InstructionKey: (key: String, entry: TemplateEntry)]) {
        // Group by (kind prefix, type, modifier), each group sorted by preference of its feature set.
        struct GroupKey: Hashable { var kind: KindKey?; var type: InstructionType; var modifier: ModifierKey }
        var groups: [GroupKey: [(UInt8, String, TemplateEntry)]] = [:]
        for (k, v) in entries { groups[GroupKey(kind: k.kind, type: k.type, modifier: k.modifier), default: []].append((k.features, v.key, v.entry)) }
        for key in groups.keys { groups[key]?.sort { Self.prefers($0.0, $1.0) } }

        var lists = [[Candidate]](repeating: [], count: KindKey.allCases.count * InstructionType.allCases.count * ModifierKey.allCases.count)
        for kind in KindKey.allCases {
            for type in InstructionType.allCases {
                for modifier in ModifierKey.allCases {
                    var list: [Candidate] = []
                    let types: [InstructionType] = [.turn, .ferry, .waypoint, .disembark].contains(type) ? [type] : [type, .turn]
                    var modifiers = [modifier]
                    if let side = modifier.side { modifiers.append(side) }
                    if modifier != .none { modifiers.append(.none) }
                    for t in types {
                        for m in modifiers {
                            // Merge the prefixed groups by feature preference, prefix order breaking ties.
                            var merged: [(UInt8, Int, String, TemplateEntry)] = []
                            for (rank, prefix) in kind.prefixChain.enumerated() {
                                for (f, k, e) in groups[GroupKey(kind: prefix, type: t, modifier: m)] ?? [] { merged.append((f, rank, k, e)) }
                            }
                            merged.sort { $0.0 != $1.0 ? Self.prefers($0.0, $1.0) : $0.1 < $1.1 }
                            list += merged.map { Candidate(features: $0.0, entry: $0.3) }
                        }
                    }
                    lists[Self.index(kind, type, modifier)] = list
                }
            }
        }
        self.lists = lists
    }

    /// True when feature set `a` is tried before `b`: larger first, then canonical order.
    static func prefers(_ a: UInt8, _ b: UInt8) -> Bool {
        if a.nonzeroBitCount != b.nonzeroBitCount { return a.nonzeroBitCount > b.nonzeroBitCount }
        let differing = a ^ b
        guard differing != 0 else { return false }
        let lowest = differing & (~differing &+ 1)
        return a & lowest != 0
    }

    /// The template of the first candidate whose features are available.
    func lookup(kind: KindKey, type: InstructionType, modifier: ModifierKey, available: UInt8) -> TemplateEntry? {
        for c in lists[Self.index(kind, type, modifier)] where c.features & ~available == 0 { return c.entry }
        return nil
    }
}
