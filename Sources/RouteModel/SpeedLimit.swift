/// The posted speed limit of one geometry segment (OSRM/Mapbox `annotation.maxspeed[i]`).
public enum SpeedLimit: Sendable, Hashable, Codable {
    /// A known limit, km/h (a limit given in mph is converted).
    case limit(kmh: Double)
    /// The router does not know the limit (`{"unknown": true}`).
    case unknown
    /// The road has no limit (`{"none": true}`, an unrestricted Autobahn).
    case none

    /// The limit in km/h, nil when unknown or unlimited.
    public var kmh: Double? { if case .limit(let kmh) = self { kmh } else { nil } }

    /// Kilometres per hour in one mile per hour.
    public static let kmhPerMph = 1.609344

    /// Parses one `annotation.maxspeed` entry: `{speed, unit}` with unit "km/h" or "mph" (km/h when absent),
    /// `{unknown: true}` or `{none: true}`. `path` names the entry in errors.
    static func parse(_ value: JSONValue, path: String, file: String) throws(RouteImportError) -> SpeedLimit {
        let entry = try JSONObjectReader(value, path: path, file: file)
        if try entry.bool("none") == true { return .none }
        if try entry.bool("unknown") == true { return .unknown }
        guard let speed = try entry.number("speed") else { throw entry.error("speed", .missing) }
        guard speed > 0, speed < 400 else {
            throw entry.error("speed", .invalidValue(reason: "\(JSONValue.numberText(speed)) is not a speed limit"))
        }
        switch try entry.string("unit") ?? "km/h" {
        case "km/h": return .limit(kmh: speed)
        case "mph": return .limit(kmh: speed * kmhPerMph)
        case let unit: throw entry.error("unit", .invalidValue(reason: "unknown unit \"\(unit)\" (expected \"km/h\" or \"mph\")"))
        }
    }

    /// Parses a leg's `annotation.maxspeed` array (empty when the leg has no annotation or no maxspeed).
    static func parseLeg(_ leg: JSONObjectReader, file: String) throws(RouteImportError) -> [SpeedLimit] {
        guard let annotation = try leg.object("annotation"), let items = try annotation.array("maxspeed") else { return [] }
        let base = annotation.childPath("maxspeed")
        var out = [SpeedLimit]()
        out.reserveCapacity(items.count)
        for (i, item) in items.enumerated() { out.append(try parse(item, path: "\(base)[\(i)]", file: file)) }
        return out
    }
}
