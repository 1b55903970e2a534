import Foundation
import SafeIO

/// A named point a drive can go to or through.
public struct Place: Sendable, Hashable {
    /// The name as written in the file.
    public var name: String
    /// Where it is.
    public var coordinate: Coordinate

    /// Creates a place.
    public init(name: String, coordinate: Coordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}

/// Why a places file cannot be used; `description` is one line naming the file and, for bad data, the JSON path.
public struct PlacesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file is not there or cannot be read (the reason in words).
        case missing(String)
        /// The file is read but is not a usable GeoJSON FeatureCollection of named points.
        case badData
    }
    /// What went wrong.
    public var kind: Kind
    /// The file as named by the caller.
    public var file: String
    /// The JSON path of the offending value (`features[3].geometry.coordinates`); empty for the whole file.
    public var path: String
    /// What is wrong there.
    public var reason: String

    /// "FILE: PATH: REASON" (without the path when it is the whole file).
    public var description: String {
        let name = ControlCharacters.escaped(file)
        return path.isEmpty ? "\(name): \(reason)" : "\(name): \(path): \(reason)"
    }
}

/// Named destinations from a GeoJSON FeatureCollection of Points with a `name` property, as `osmium export`
/// writes them from an OpenStreetMap extract or as one writes by hand. Features that are not points, or have no
/// name, are skipped (an OSM export holds many); a point with a broken position is an error.
public struct Places: Sendable {
    /// The named points in file order (a name may repeat; `place(named:)` takes the first).
    public var places: [Place]

    /// The largest places file read: 64 MiB.
    public static let maxBytes = 64 << 20

    /// Creates a list from places.
    public init(_ places: [Place]) { self.places = places }

    /// Reads the places file at `path` (bounded in size). Throws `PlacesError`.
    public init(path: String) throws(PlacesError) {
        let data: Data
        do {
            data = try BoundedReader.read(path: path, limit: Self.maxBytes)
        } catch {
            if case .tooBig = error { throw PlacesError(kind: .badData, file: path, path: "", reason: error.reason) }
            throw PlacesError(kind: .missing(error.reason), file: path, path: "", reason: error.reason)
        }
        try self.init(data: data, fileName: path)
    }

    /// Parses a places document; `fileName` names it in errors. Throws `PlacesError` (`.badData`).
    public init(data: Data, fileName: String) throws(PlacesError) {
        func bad(_ path: String, _ reason: String) -> PlacesError {
            PlacesError(kind: .badData, file: fileName, path: path, reason: reason)
        }
        let points: [GeoJSONPoints.Point]
        do {
            points = try GeoJSONPoints.read(data, maxBytes: Self.maxBytes) { Self.name(in: $0) != nil }
        } catch {
            throw bad(error.path, error.reason)
        }
        // A name is printed (suggestions, the drive's log) and spoken: a control character in it is refused, as
        // in route data and phrasebooks, never passed on to a terminal.
        for point in points {
            if let name = Self.name(in: point.properties), let scalar = name.unicodeScalars.first(where: ControlCharacters.isControl) {
                throw bad(point.path + ".properties.name", "control character U+\(String(format: "%04X", scalar.value)) is not allowed")
            }
        }
        let places = points.compactMap { point in Self.name(in: point.properties).map { Place(name: $0, coordinate: point.coordinate) } }
        guard !places.isEmpty else { throw bad("features", "no Point feature with a \"name\" property") }
        self.places = places
    }

    /// The place called `name`: the first with exactly that name, else the first equal ignoring case and accents.
    public func place(named name: String) -> Place? {
        if let exact = places.first(where: { $0.name == name }) { return exact }
        let key = Self.folded(name)
        return places.first { Self.folded($0.name) == key }
    }

    /// The distinct names, in file order.
    public var names: [String] {
        var seen = Set<String>()
        return places.map(\.name).filter { seen.insert($0).inserted }
    }

    /// `name` compared loosely: lowercased, without accents and surrounding space.
    static func folded(_ name: String) -> String {
        name.trimmingCharacters(in: .whitespaces).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    /// The feature's `name` property without surrounding space, or nil when absent or blank.
    private static func name(in properties: JSONValue?) -> String? {
        guard let name = properties?["name"]?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines), !name.isEmpty else { return nil }
        return name
    }
}
