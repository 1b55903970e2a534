import Foundation

/// The Point features of a GeoJSON FeatureCollection: the one reader behind every points file (named places,
/// speed cameras). It checks the collection's shape, passes over features that are not points or that the
/// caller does not want, and rejects a wanted point with a broken position, naming the JSON path.
struct GeoJSONPoints {
    /// A wanted point: where it is in the file, its properties and its position.
    struct Point {
        /// Index in `features`.
        var index: Int
        /// The feature's `properties` (nil when absent or not an object).
        var properties: JSONValue?
        /// The position, valid WGS84.
        var coordinate: Coordinate
        /// The JSON path of the feature (`features[3]`).
        var path: String { "features[\(index)]" }
    }

    /// What is wrong and where: the JSON path (empty for the whole document) and the reason.
    struct Failure: Error {
        var path: String
        var reason: String
    }

    /// Parses `data` (at most `maxBytes`) and returns the Point features that `wanted` accepts from their
    /// properties, in file order. `wanted` is asked before the position is checked, so a point the caller
    /// would skip anyway cannot fail the file.
    static func read(_ data: Data, maxBytes: Int, wanted: (JSONValue?) -> Bool) throws(Failure) -> [Point] {
        let root: JSONValue
        do { root = try JSONParser(maxBytes: maxBytes, rejectsDuplicateKeys: false, recordsKeyPath: true).parse(data) } catch {
            throw Failure(path: error.keyPath, reason: "not JSON: line \(error.line), column \(error.column): \(error.reason)")
        }
        guard root.objectMembers != nil else {
            throw Failure(path: "", reason: "expected a GeoJSON FeatureCollection object, got \(root.typeName)")
        }
        guard root["type"]?.stringValue == "FeatureCollection" else {
            throw Failure(path: "type", reason: "expected \"FeatureCollection\", got \(root["type"].map(shown) ?? "nothing")")
        }
        guard let features = root["features"]?.arrayValue else {
            throw Failure(path: "features", reason: "expected an array of features, got \(root["features"]?.typeName ?? "nothing")")
        }
        var points: [Point] = []
        for (index, feature) in features.enumerated() {
            let at = "features[\(index)]"
            guard feature.objectMembers != nil else { throw Failure(path: at, reason: "expected a feature object, got \(feature.typeName)") }
            guard let geometry = feature["geometry"], geometry["type"]?.stringValue == "Point" else { continue }
            let properties = feature["properties"].flatMap { $0.objectMembers != nil ? $0 : nil }
            guard wanted(properties) else { continue }
            let numbers = geometry["coordinates"]?.arrayValue?.compactMap(\.numberValue) ?? []
            let point = numbers.count >= 2 ? Coordinate(latitude: numbers[1], longitude: numbers[0]) : nil
            guard let point, point.isValid else {
                throw Failure(path: at + ".geometry.coordinates",
                              reason: "expected [longitude, latitude] in degrees, got \(geometry["coordinates"].map(shown) ?? "nothing")")
            }
            points.append(Point(index: index, properties: properties, coordinate: point))
        }
        return points
    }

    /// A short rendering of a bad value for messages.
    static func shown(_ value: JSONValue) -> String {
        if let s = value.stringValue { return "\"\(s.prefix(40))\"" }
        if let n = value.numberValue { return "\(n)" }
        if let a = value.arrayValue {
            let items = a.prefix(3).map { $0.numberValue.map { "\($0)" } ?? $0.typeName }
            return "[" + items.joined(separator: ", ") + (a.count > 3 ? ", …" : "") + "]"
        }
        return value.typeName
    }
}
