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
        if json["type"] != nil || ![.offRoute, .reroute, .backOnRoute].contains(kind) {
            maneuver = try description(json, file: file, path: path, kind: kind)
        }
        var then: ChainedManeuver?
        if let t = json["then"] {
            then = ChainedManeuver(maneuver: try description(t, file: file, path: path + ".then", kind: .now),
                                   distanceMeters: t["distance"]?.numberValue ?? 0, sayDistance: t["sayDistance"]?.boolValue ?? false)
        }
        let announcement = Announcement(kind: kind, maneuver: maneuver, spokenDistanceMeters: json["distance"]?.numberValue, then: then)
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
        let exit = json["exit"]?.numberValue.map { Int($0) }
        let bearing = json["bearing"]?.numberValue
        let m = Maneuver(type: type, rawType: typeText, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0),
                         bearingAfter: bearing ?? 0, exit: exit)
        let step = Step(maneuver: m, distance: 0, duration: 0, name: json["name"]?.stringValue ?? "", ref: json["ref"]?.stringValue,
                        pronunciation: json["pronunciation"]?.stringValue, destinations: json["destinations"]?.stringValue,
                        exits: json["exits"]?.stringValue, rotaryName: json["rotaryName"]?.stringValue,
                        junctionName: json["junctionName"]?.stringValue, mode: json["mode"]?.stringValue ?? "driving")
        var lanes: LaneHint?
        if let l = json["lanes"] {
            guard let p = l["position"]?.stringValue.flatMap(LaneHint.Position.init(rawValue:)), let u = l["usable"]?.numberValue else {
                throw .invalidData(file: file, key: path + ".lanes", message: "needs position (left|right|middle) and usable")
            }
            lanes = LaneHint(position: p, usableCount: Int(u), totalCount: Int(l["total"]?.numberValue ?? u))
        }
        var side: ArrivalSide?
        if let s = json["side"]?.stringValue {
            guard let parsed = ArrivalSide(rawValue: s) else { throw .invalidData(file: file, key: path + ".side", message: "must be left, right or straight") }
            side = parsed
        }
        var description = ManeuverDescription(id: StepID(leg: 0, step: 0), step: step, lanes: lanes, arrivalSide: side,
                                              waypointName: json["waypointName"]?.stringValue,
                                              waypointOrdinal: json["waypointOrdinal"]?.numberValue.map { Int($0) }, departBearing: bearing)
        description.previousMode = json["previousMode"]?.stringValue
        description.sideRoadOrdinal = json["sideRoad"]?.numberValue.flatMap { Int(exactly: $0) }
        return description
    }
}
