import SafeIO
/// Encoded polyline geometry (the Google algorithm) at precision 5 (OSRM default) or 6 (Valhalla, Mapbox `polyline6`).
public enum Polyline {
    /// Why a polyline string did not decode.
    /// Frozen: the cases are API that callers switch over exhaustively; a new case is a breaking change,
    /// made only with a new major version (docs/ARCHITECTURE.md §3 rule 12).
    public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
        /// A character outside the alphabet ('?'…'~') at this character offset.
        case invalidCharacter(offset: Int)
        /// The string ends inside a value, or has a latitude without a longitude.
        case truncated
        /// A decoded coordinate outside WGS84 ranges (point index).
        case outOfRange(point: Int, Coordinate)

        /// A short explanation.
        public var description: String {
            switch self {
            case .invalidCharacter(let offset): "invalid character at offset \(offset)"
            case .truncated: "truncated polyline"
            case .outOfRange(let point, let c): "point \(point) (\(c.latitude), \(c.longitude)) is out of range"
            }
        }
    }

    /// Decodes `string` at `precision` decimal digits. Every point is checked against WGS84 ranges.
    public static func decode(_ string: String, precision: Int) throws(DecodeError) -> [Coordinate] {
        var copy = string
        let result: Result<[Coordinate], DecodeError> = copy.withUTF8 { bytes in
            do throws(DecodeError) { return .success(try decode(bytes, precision: precision, limit: Int.max)) } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The first point only (cheap; used for precision detection). Nil when it does not decode.
    public static func firstPoint(_ string: String, precision: Int) -> Coordinate? {
        var copy = string
        return copy.withUTF8 { bytes in (try? decode(bytes, precision: precision, limit: 1, checkRange: false))?.first }
    }

    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, precision: Int, limit: Int,
                       checkRange: Bool = true) throws(DecodeError) -> [Coordinate] {
        let factor = precision == 6 ? 1e6 : precision == 5 ? 1e5 : Double(pow10(precision))
        var coords = [Coordinate]()
        coords.reserveCapacity(min(limit, bytes.count / 4 + 1))
        var i = 0
        var lat = 0, lon = 0
        while i < bytes.count && coords.count < limit {
            let dLat = try next(bytes, &i)
            guard i < bytes.count else { throw .truncated }
            let dLon = try next(bytes, &i)
            lat &+= dLat
            lon &+= dLon
            let c = Coordinate(latitude: Double(lat) / factor, longitude: Double(lon) / factor)
            if checkRange && !c.isValid { throw .outOfRange(point: coords.count, c) }
            coords.append(c)
        }
        return coords
    }

    @inline(__always)
    private static func next(_ bytes: UnsafeBufferPointer<UInt8>, _ i: inout Int) throws(DecodeError) -> Int {
        var result = 0
        var shift = 0
        while true {
            guard i < bytes.count else { throw .truncated }
            let b = Int(bytes[i]) - 63
            guard b >= 0 && b < 64 else { throw .invalidCharacter(offset: i) }
            i += 1
            guard shift < 60 else { throw .invalidCharacter(offset: i - 1) }
            result |= (b & 0x1F) << shift
            shift += 5
            if b < 0x20 { break }
        }
        return (result & 1) != 0 ? ~(result >> 1) : (result >> 1)
    }

    private static func pow10(_ n: Int) -> Int { (0..<max(0, n)).reduce(1) { a, _ in a * 10 } }

    /// Encodes coordinates at `precision` decimal digits.
    public static func encode(_ coordinates: [Coordinate], precision: Int) -> String {
        let factor = Double(pow10(precision))
        var out = [UInt8]()
        out.reserveCapacity(coordinates.count * 8)
        var pLat = 0, pLon = 0
        for c in coordinates {
            let lat = Int(saturatingRounded: c.latitude * factor), lon = Int(saturatingRounded: c.longitude * factor)
            for delta in [lat - pLat, lon - pLon] {
                var v = delta < 0 ? ~(delta << 1) : delta << 1
                while v >= 0x20 {
                    out.append(UInt8((0x20 | (v & 0x1F)) + 63))
                    v >>= 5
                }
                out.append(UInt8(v + 63))
            }
            pLat = lat
            pLon = lon
        }
        return String(decoding: out, as: UTF8.self)
    }
}
