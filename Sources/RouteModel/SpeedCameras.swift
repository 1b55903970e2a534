import Foundation
import SafeIO

/// A speed limit as a cameras file gives it.
public enum CameraSpeedLimit: Sendable, Hashable {
    /// A limit in kilometres per hour (a bare number, OSM's default unit).
    case kilometersPerHour(Double)
    /// A limit in miles per hour (OSM `"30 mph"`).
    case milesPerHour(Double)
    /// OSM `maxspeed=none`: no limit on that road (a German Autobahn), though the camera is there.
    case unlimited

    /// The limit in m/s; nil for `.unlimited`.
    public var metersPerSecond: Double? {
        switch self {
        case .kilometersPerHour(let v): v / 3.6
        case .milesPerHour(let v): v * 0.447_04
        case .unlimited: nil
        }
    }

    /// Reads an OSM `maxspeed` value: `"50"`, `"30 mph"`, `"50 km/h"`, `"none"`. Nil for what is not a usable
    /// limit (`"signals"`, `"variable"`, `"walk"`, zone codes such as `"DE:urban"`): the limit is then unknown,
    /// as when the tag is absent, because real OpenStreetMap data holds all of these and none is an error.
    public init?(osm text: String) {
        let value = text.trimmingCharacters(in: .whitespaces).lowercased()
        if value == "none" { self = .unlimited; return }
        var number = Substring(value)
        var miles = false
        for (suffix, isMiles) in [("mph", true), ("km/h", false), ("kmh", false), ("kph", false)] where number.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            miles = isMiles
            break
        }
        guard let speed = Double(number.trimmingCharacters(in: .whitespaces)), speed.isFinite, speed > 0 else { return nil }
        self = miles ? .milesPerHour(speed) : .kilometersPerHour(speed)
    }
}

/// A fixed speed camera: where it stands, the limit it enforces, and which way the traffic it checks travels.
public struct SpeedCamera: Sendable, Hashable {
    /// Where it is.
    public var coordinate: Coordinate
    /// The limit it enforces; nil when the file does not say.
    public var limit: CameraSpeedLimit?
    /// The headings (degrees clockwise from north, 0..<360) of the traffic it checks; empty when unknown, and then
    /// it is taken to check both ways. OSM `direction=forward`/`backward` is relative to the way the node lies on,
    /// which a cameras file does not carry, so it reads as unknown.
    public var directions: [Double]
    /// Where it came from, for messages: `features[3]` or `node 2665331741` (`line 12` when the node has no id).
    public var origin: String

    /// Creates a camera.
    public init(coordinate: Coordinate, limit: CameraSpeedLimit? = nil, directions: [Double] = [], origin: String = "") {
        self.coordinate = coordinate
        self.limit = limit
        self.directions = directions
        self.origin = origin
    }

    /// The 16 compass points OSM `direction` may use, as degrees.
    private static let compass: [String: Double] = {
        let names = ["N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW"]
        return Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, Double($0) * 22.5) })
    }()

    /// Reads an OSM `direction` value: degrees (`"90"`), a compass point (`"NE"`, `"SSW"`), or several of them
    /// separated by `;` (a camera checking both ways). Empty when unknown: `forward`/`backward` (relative to a way
    /// the file does not carry), ranges, anything else.
    public static func directions(osm text: String) -> [Double] {
        var headings: [Double] = []
        for part in text.split(separator: ";") {
            let value = part.trimmingCharacters(in: .whitespaces)
            if let degrees = compass[value.uppercased()] {
                headings.append(degrees)
            } else if let degrees = Double(value), degrees.isFinite {
                headings.append(normalized(degrees))
            } else {
                return []
            }
        }
        return headings
    }

    /// `degrees` in 0..<360.
    static func normalized(_ degrees: Double) -> Double {
        let r = degrees.truncatingRemainder(dividingBy: 360)
        return r < 0 ? r + 360 : r
    }
}

/// Why a cameras file cannot be used; `description` is one line naming the file and where in it (the JSON path of
/// a GeoJSON file, the line of an OpenStreetMap XML file).
public struct SpeedCamerasError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Equatable {
        /// The file is not there or cannot be read (the reason in words).
        case missing(String)
        /// The file is read but is not a usable cameras file.
        case badData
    }
    /// What went wrong.
    public var kind: Kind
    /// The file as named by the caller.
    public var file: String
    /// Where: a JSON path (`features[3].geometry.coordinates`) or `line 12`; empty for the whole file.
    public var location: String
    /// What is wrong there.
    public var reason: String

    /// Creates an error.
    public init(kind: Kind, file: String, location: String, reason: String) {
        self.kind = kind
        self.file = file
        self.location = location
        self.reason = reason
    }

    /// "FILE: LOCATION: REASON" (without the location when it is the whole file).
    public var description: String {
        let name = ControlCharacters.escaped(file)
        return location.isEmpty ? "\(name): \(reason)" : "\(name): \(location): \(reason)"
    }
}

/// The speed cameras of a file, in file order. The format is told from the content, not the name:
/// - a GeoJSON FeatureCollection of Point features (read as the places file is), properties `maxspeed` (a number
///   in km/h, or an OSM string) and `direction` (degrees as a number, or an OSM string); a point whose `highway`
///   property is present and not `speed_camera` is passed over, so `osmium export` of a whole extract works;
/// - OpenStreetMap XML (`osmium cat -f osm`, an `.osm` extract): the `<node>`s tagged `highway=speed_camera`,
///   every other element passed over.
/// An empty file, or one without cameras, is zero cameras, not an error. Memory is bounded: a GeoJSON file is
/// at most `maxGeoJSONBytes` (its tree is held whole), an XML file at most `maxXMLBytes` (parsed by libxml2's SAX
/// reader keeping only the cameras), and at most `maxCameras` cameras.
public struct SpeedCameras: Sendable {
    /// The cameras in file order.
    public var cameras: [SpeedCamera]

    /// The largest GeoJSON cameras file: 64 MiB, as for places.
    public static let maxGeoJSONBytes = Places.maxBytes
    /// The largest OpenStreetMap XML cameras file: 256 MiB.
    public static let maxXMLBytes = 256 << 20
    /// The most cameras one file may hold (a whole continent has well under a hundred thousand).
    public static let maxCameras = 1_000_000

    /// Creates a list from cameras.
    public init(_ cameras: [SpeedCamera]) { self.cameras = cameras }

    /// Reads the cameras file at `path` (bounded in size). Throws `SpeedCamerasError`.
    public init(path: String) throws(SpeedCamerasError) {
        let data: Data
        do {
            data = try BoundedReader.read(path: path, limit: Self.maxXMLBytes)
        } catch {
            if case .tooBig = error { throw SpeedCamerasError(kind: .badData, file: path, location: "", reason: error.reason) }
            throw SpeedCamerasError(kind: .missing(error.reason), file: path, location: "", reason: error.reason)
        }
        try self.init(data: data, fileName: path)
    }

    /// Parses a cameras document, GeoJSON or OpenStreetMap XML by its first character; `fileName` names it in
    /// errors. Throws `SpeedCamerasError` (`.badData`).
    public init(data: Data, fileName: String) throws(SpeedCamerasError) {
        func bad(_ location: String, _ reason: String) -> SpeedCamerasError {
            SpeedCamerasError(kind: .badData, file: fileName, location: location, reason: reason)
        }
        // Skip a UTF-8 byte-order mark and white space to the first character that tells the format.
        var start = data.startIndex
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { start = data.index(start, offsetBy: 3) }
        guard let first = data[start...].first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            self.cameras = []
            return
        }
        switch first {
        case UInt8(ascii: "{"):
            guard data.count <= Self.maxGeoJSONBytes else { throw bad("", "more than \(Self.maxGeoJSONBytes) bytes of GeoJSON") }
            self.cameras = try Self.geoJSON(data, bad)
        case UInt8(ascii: "<"):
            do { self.cameras = try OSMCameraReader.read(data, maxCameras: Self.maxCameras) } catch {
                throw bad(error.line > 0 ? "line \(error.line)" : "", error.reason)
            }
        default:
            throw bad("", "neither GeoJSON (starts with '{') nor OpenStreetMap XML (starts with '<')")
        }
    }

    /// The cameras of a GeoJSON document.
    private static func geoJSON(_ data: Data, _ bad: (String, String) -> SpeedCamerasError) throws(SpeedCamerasError) -> [SpeedCamera] {
        let points: [GeoJSONPoints.Point]
        do {
            points = try GeoJSONPoints.read(data, maxBytes: maxGeoJSONBytes) { properties in
                guard let highway = properties?["highway"] else { return true }
                return highway.stringValue == "speed_camera"
            }
        } catch {
            throw bad(error.path, error.reason)
        }
        guard points.count <= maxCameras else { throw bad("features", "more than \(maxCameras) cameras") }
        var cameras: [SpeedCamera] = []
        cameras.reserveCapacity(points.count)
        for point in points {
            var limit: CameraSpeedLimit?
            switch point.properties?["maxspeed"] {
            case nil, .null?: break
            case .number(let v)?:
                guard v.isFinite, v > 0 else { throw bad(point.path + ".properties.maxspeed", "expected a speed above 0 in km/h, got \(v)") }
                limit = .kilometersPerHour(v)
            case .string(let s)?: limit = CameraSpeedLimit(osm: s)
            case let other?:
                throw bad(point.path + ".properties.maxspeed", "expected a number or a string, got \(other.typeName)")
            }
            var directions: [Double] = []
            switch point.properties?["direction"] {
            case nil, .null?: break
            case .number(let v)?:
                guard v.isFinite else { throw bad(point.path + ".properties.direction", "expected degrees, got \(v)") }
                directions = [SpeedCamera.normalized(v)]
            case .string(let s)?: directions = SpeedCamera.directions(osm: s)
            case let other?:
                throw bad(point.path + ".properties.direction", "expected degrees or a compass point, got \(other.typeName)")
            }
            cameras.append(SpeedCamera(coordinate: point.coordinate, limit: limit, directions: directions, origin: point.path))
        }
        return cameras
    }
}
