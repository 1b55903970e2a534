import Guidance
import RouteModel

/// An example announcement from a phrasebook's `examples` (Phrasebooks/FORMAT.md §8).
public struct PhraseExample: Sendable {
    /// Locale to render in (nil: the first locale using the book).
    public var locale: String?
    /// The announcement.
    public var announcement: Announcement
    /// Expected display text, when given.
    public var expectDisplay: String?
    /// Expected spoken text, when given.
    public var expectSpoken: String?

    /// Reads an example; throws a message naming the member on bad input.
    public static func parse(_ json: JSONValue, file: String, index: Int) throws(PhrasingError) -> PhraseExample {
        let path = "examples[\(index)]"
        guard let kindText = json["kind"]?.stringValue, let kind = AnnouncementKind(rawValue: kindText) else {
            throw .invalidData(file: file, key: path + ".kind", message: "missing or unknown announcement kind")
        }
        var maneuver: ManeuverDescription?
        if json["type"] != nil || !([.offRoute, .reroute, .backOnRoute].contains(kind) || kind.isAlert) {
            maneuver = try description(json, file: file, path: path, kind: kind)
        }
        var then: ChainedManeuver?
        if let t = json["then"] {
            then = ChainedManeuver(maneuver: try description(t, file: file, path: path + ".then", kind: .now),
                                   distanceMeters: try number(t, "distance", file: file, path: path + ".then", in: 0...maxDistance) ?? 0, sayDistance: t["sayDistance"]?.boolValue ?? false)
        }
        let distance = try number(json, "distance", file: file, path: path, in: 0...maxDistance)
        var announcement = Announcement(kind: kind, maneuver: maneuver, spokenDistanceMeters: distance, then: then)
        announcement.speedLimitKmh = try number(json, "speed", file: file, path: path, in: 1...400)
        return PhraseExample(locale: json["locale"]?.stringValue, announcement: announcement,
                             expectDisplay: json["expect"]?["display"]?.stringValue, expectSpoken: json["expect"]?["spoken"]?.stringValue)
    }

    static func description(_ json: JSONValue, file: String, path: String, kind: AnnouncementKind) throws(PhrasingError) -> ManeuverDescription {
        let typeText = json["type"]?.stringValue ?? (kind == .arrive || kind == .waypoint ? "arrive" : "turn")
        let type = ManeuverType(rawValue: typeText) ?? ManeuverType.allCases.first(where: { InstructionType($0).key == typeText }) ?? .turn
        var modifier: ManeuverModifier?
        if let m = json["modifier"]?.stringValue {
            guard let parsed = ManeuverModifier(rawValue: m) ?? ManeuverModifier.allCases.first(where: { ModifierKey($0).key == m }) else {
                throw .invalidData(file: file, key: path + ".modifier", message: "unknown modifier '\(m)'")
            }
            modifier = parsed
        }
        let exit = try whole(json, "exit", file: file, path: path, in: 1...99)
        let bearing = json["bearing"]?.numberValue
        let m = Maneuver(type: type, rawType: typeText, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0),
                         bearingAfter: bearing ?? 0, exit: exit)
        let step = Step(maneuver: m, distance: 0, duration: 0, name: json["name"]?.stringValue ?? "", ref: json["ref"]?.stringValue,
                        pronunciation: json["pronunciation"]?.stringValue, destinations: json["destinations"]?.stringValue,
                        exits: json["exits"]?.stringValue, rotaryName: json["rotaryName"]?.stringValue,
                        junctionName: json["junctionName"]?.stringValue, mode: json["mode"]?.stringValue ?? "driving")
        var lanes: LaneHint?
        if let l = json["lanes"] {
            guard let p = l["position"]?.stringValue.flatMap(LaneHint.Position.init(rawValue:)),
                  let u = try whole(l, "usable", file: file, path: path + ".lanes", in: 1...20) else {
                throw .invalidData(file: file, key: path + ".lanes", message: "needs position (left|right|middle) and usable")
            }
            lanes = LaneHint(position: p, usableCount: u, totalCount: try whole(l, "total", file: file, path: path + ".lanes", in: 1...20) ?? u)
        }
        var side: ArrivalSide?
        if let s = json["side"]?.stringValue {
            guard let parsed = ArrivalSide(rawValue: s) else { throw .invalidData(file: file, key: path + ".side", message: "must be left, right or straight") }
            side = parsed
        }
        var description = ManeuverDescription(id: StepID(leg: 0, step: 0), step: step, lanes: lanes, arrivalSide: side,
                                              waypointName: json["waypointName"]?.stringValue,
                                              waypointOrdinal: try whole(json, "waypointOrdinal", file: file, path: path, in: 1...99),
                                              departBearing: bearing)
        description.previousMode = json["previousMode"]?.stringValue
        description.sideRoadOrdinal = try whole(json, "sideRoad", file: file, path: path, in: 1...99)
        return description
    }

    /// Largest example distance, meters (10,000 km): anything beyond is a typo, not an example.
    static let maxDistance = 1e7

    /// An optional number member within `range`; throws naming the key otherwise (e.g. `1e308`).
    private static func number(_ json: JSONValue, _ key: String, file: String, path: String,
                               in range: ClosedRange<Double>) throws(PhrasingError) -> Double? {
        guard let value = json[key] else { return nil }
        guard let n = value.numberValue, n.isFinite, range.contains(n) else {
            throw .invalidData(file: file, key: path + "." + key,
                               message: "must be a number from \(DecimalText.plain(range.lowerBound)) to \(DecimalText.plain(range.upperBound))")
        }
        return n
    }

    /// An optional whole-number member within `range`; throws naming the key otherwise (`"exit": 1e19`).
    private static func whole(_ json: JSONValue, _ key: String, file: String, path: String,
                              in range: ClosedRange<Int>) throws(PhrasingError) -> Int? {
        guard let value = json[key] else { return nil }
        guard let n = value.numberValue, let i = Int(exactly: n), range.contains(i) else {
            throw .invalidData(file: file, key: path + "." + key,
                               message: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return i
    }
}
