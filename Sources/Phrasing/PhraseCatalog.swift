import Guidance
import RouteModel

/// Every template of a book rendered with sample data, for reviewers (`voiceguide phrases`) and lint.
public struct PhraseCatalog: Sendable {
    /// One rendered entry.
    public struct Entry: Sendable {
        /// The template key (with a variant note such as "count=2").
        public var key: String
        /// The rendered phrase.
        public var phrase: Phrase
    }

    /// Renders every template key of `book` (and the book's examples) with `builder`.
    public static func entries(builder: PhraseBuilder, keys: [String], examples: [JSONValue], file: String) -> [Entry] {
        let sample = Sample(examples: examples)
        var out: [Entry] = []
        for key in keys.sorted() {
            for (label, announcement) in sample.announcements(forKey: key) {
                out.append(Entry(key: key + label, phrase: builder.phrase(announcement)))
            }
        }
        for (label, announcement) in sample.numberedNames() {
            out.append(Entry(key: "names" + label, phrase: builder.phrase(announcement)))
        }
        for (index, raw) in examples.enumerated() {
            if let example = try? PhraseExample.parse(raw, file: file, index: index) {
                out.append(Entry(key: "examples[\(index)]", phrase: builder.phrase(example.announcement)))
            }
        }
        return out
    }

    /// Sample data, taken from the book's own examples where possible so names fit the language.
    struct Sample {
        var name = "Main St"
        var ref = "I-95"
        var dest = "Springfield"

        init(examples: [JSONValue]) {
            if let n = examples.lazy.compactMap({ $0["name"]?.stringValue }).first { name = n }
            if let r = examples.lazy.compactMap({ $0["ref"]?.stringValue }).first { ref = r }
            if let d = examples.lazy.compactMap({ $0["destinations"]?.stringValue }).first { dest = d }
        }

        func maneuver(_ type: ManeuverType, _ modifier: ManeuverModifier?, features: UInt8, mode: String = "driving",
                      side: ArrivalSide? = nil, lanes: LaneHint? = nil, nameOn: Bool = true, refOn: Bool = false,
                      stop: Int? = nil, previousMode: String? = nil, junction: String? = nil) -> ManeuverDescription {
            func has(_ f: Feature) -> Bool { features & f.bit != 0 }
            let m = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0), bearingAfter: 90,
                             exit: has(.ordinal) ? 3 : nil)
            let step = Step(maneuver: m, distance: 400, duration: 30, name: has(.road) && nameOn ? name : "",
                            ref: has(.road) && refOn ? ref : nil, destinations: has(.dest) ? dest : nil,
                            exits: has(.exitNumber) ? "23B" : nil, rotaryName: has(.rotary) ? "Victoria" : nil,
                            junctionName: junction ?? (has(.junction) ? "Market Cross" : nil), mode: mode)
            var description = ManeuverDescription(id: StepID(leg: 0, step: 1), step: step, lanes: lanes, arrivalSide: side,
                                                  waypointName: has(.waypoint) ? "Central Station" : nil, waypointOrdinal: stop,
                                                  departBearing: 90)
            description.previousMode = previousMode
            description.sideRoadOrdinal = has(.nth) ? 2 : nil
            return description
        }

        /// Names with numbers and slashes as roads, refs and signposts write them, each in a "now":
        /// a German date, regnal numerals after a personal name (in a hyphenated compound too), a state-road ref, a
        /// slash in a name and a signpost, a 13th roundabout exit.
        func numberedNames() -> [(String, Announcement)] {
            func now(_ label: String, _ m: ManeuverDescription) -> (String, Announcement) {
                (" " + label, Announcement(kind: .now, maneuver: m))
            }
            var out: [(String, Announcement)] = []
            for name in ["Straße des 17. Juni", "Ludwig-II.-Straße", "King George III Street", "Via Giovanni XXIII",
                         "Площадь Петра I", "Hardenbergstraße/Messe"] {
                var m = maneuver(.turn, .left, features: Feature.road.bit)
                m.step.name = name
                out.append(now(name, m))
            }
            var stateRoad = maneuver(.turn, .right, features: Feature.road.bit, nameOn: false, refOn: true)
            stateRoad.step.ref = "St 2080"
            out.append(now("ref St 2080", stateRoad))
            var signpost = maneuver(.turn, .right, features: Feature.road.bit | Feature.dest.bit)
            signpost.step.destinations = "Messe/ICM, Riem"
            out.append(now("signpost Messe/ICM", signpost))
            let rotary = Maneuver(type: .rotary, modifier: .right, location: Coordinate(latitude: 0, longitude: 0), bearingAfter: 90, exit: 13)
            var thirteenth = maneuver(.rotary, .right, features: Feature.rotary.bit)
            thirteenth.step.maneuver = rotary
            out.append(now("rotary exit=13", thirteenth))
            return out
        }

        func announcements(forKey key: String) -> [(String, Announcement)] {
            let all: UInt8 = Feature.road.bit
            let turn = maneuver(.turn, .left, features: all)
            if key.hasPrefix("announce.") {
                let kind = AnnouncementKind(rawValue: String(key.dropFirst("announce.".count))) ?? .now
                let m = kind == .arrive || kind == .waypoint
                    ? maneuver(.arrive, nil, features: 0, side: .right, stop: kind == .waypoint ? 2 : nil) : turn
                let distance: Double? = [.early, .prepare, .continue].contains(kind) ? 400 : nil
                let plain = ("", Announcement(kind: kind, maneuver: m, spokenDistanceMeters: distance))
                guard kind == .continue else { return [plain] }
                // A road said by its ref beside the distance ("Jatka 400 m tiellä I-95", never "tiellä I-95 400 m").
                let byRef = maneuver(.turn, .left, features: all, nameOn: false, refOn: true)
                return [plain, (" ref", Announcement(kind: kind, maneuver: byRef, spokenDistanceMeters: distance))]
            }
            if key.hasPrefix("alert."), let kind = AnnouncementKind(rawValue: String(key.dropFirst("alert.".count))), kind.isAlert {
                var limited = Announcement(kind: kind, maneuver: nil, spokenDistanceMeters: kind == .camera ? 400 : nil)
                limited.speedLimitKmh = 80
                guard kind == .camera else { return [("", limited)] }
                // A camera whose limit is unknown.
                return [("", limited), (" no limit", Announcement(kind: kind, maneuver: nil, spokenDistanceMeters: 400))]
            }
            if key == "clause.rotary" {
                return [("", Announcement(kind: .now, maneuver: maneuver(.rotary, .right, features: Feature.rotary.bit)))]
            }
            if key == "clause.junction" {
                return [("", Announcement(kind: .now, maneuver: maneuver(.turn, .left, features: all, junction: "Market Cross")))]
            }
            if key.hasPrefix("clause.") {
                let chained = ChainedManeuver(maneuver: maneuver(.turn, .right, features: all), distanceMeters: 150, sayDistance: key == "clause.thenDistance")
                return [("", Announcement(kind: .now, maneuver: turn, then: chained))]
            }
            if key.hasPrefix("road.") {
                let refOn = key != "road.name", nameOn = key != "road.ref"
                return [("", Announcement(kind: .now, maneuver: maneuver(.turn, .left, features: all, nameOn: nameOn, refOn: refOn)))]
            }
            if key.hasPrefix("lanes.") {
                let position = LaneHint.Position(rawValue: String(key.dropFirst("lanes.".count))) ?? .left
                return [1, 2, 5].map { count in
                    (" count=\(count)", Announcement(kind: .prepare, maneuver: maneuver(.turn, .left, features: all,
                        lanes: LaneHint(position: position, usableCount: count, totalCount: count + 1)), spokenDistanceMeters: 400))
                }
            }
            guard case .success(let k)? = InstructionKey.parse(key) else { return [] }
            let type: ManeuverType = k.type == .disembark ? .turn
                : ManeuverType.allCases.first(where: { InstructionType($0) == k.type }) ?? .arrive
            let modifier = ManeuverModifier.allCases.first(where: { ModifierKey($0) == k.modifier })
            let isArrival = k.type == .arrive || k.type == .waypoint
            let side: ArrivalSide? = isArrival ? ArrivalSide(rawValue: k.modifier.key) : nil
            let m = maneuver(type, isArrival ? nil : modifier, features: k.features | (isArrival ? 0 : all),
                             mode: k.type == .ferry ? "ferry" : "driving", side: side, stop: k.type == .waypoint ? 2 : nil,
                             previousMode: k.type == .disembark ? "ferry" : nil)
            var kind: AnnouncementKind = k.type == .waypoint ? .waypoint : (k.type == .arrive ? .arrive : (k.type == .depart ? .depart : .now))
            if let prefix = k.kind, let parsed = AnnouncementKind(rawValue: prefix.key) { kind = parsed }
            let distance: Double? = [.early, .prepare, .continue].contains(kind) ? 400 : nil
            if k.kind == .then {
                return [("", Announcement(kind: .now, maneuver: turn, then: ChainedManeuver(maneuver: m, distanceMeters: 100, sayDistance: false)))]
            }
            let plain = ("", Announcement(kind: kind, maneuver: m, spokenDistanceMeters: distance))
            if key == "turn.right" {
                // A signpost that names the road just said is not read again; a long one is read to its third place.
                var signed = m
                signed.step.destinations = "\(name), \(dest), Haar, Vaterstetten, Grafing"
                return [plain, (" signpost", Announcement(kind: kind, maneuver: signed, spokenDistanceMeters: distance))]
            }
            guard k.type == .fork, k.features & Feature.junction.bit == 0 else { return [plain] }
            // A fork at a named junction: the name in the fork's own place phrase ("at the Market Cross fork").
            var named = m
            named.step.junctionName = "Market Cross"
            return [plain, (" junction", Announcement(kind: kind, maneuver: named, spokenDistanceMeters: distance))]
        }
    }
}
