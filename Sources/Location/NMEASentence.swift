/// One NMEA 0183 sentence that VoiceGuide uses, parsed and checksum-verified.
enum NMEASentence: Sendable, Equatable {
    /// Recommended minimum data: time, validity, position, speed, course, date.
    struct RMC: Sendable, Equatable {
        var timeOfDay: Double?
        var valid: Bool
        var coordinate: NMEACoordinate?
        var speedKnots: Double?
        var course: Double?
        /// Days since 1970-01-01, from the ddmmyy field.
        var day: Int?
    }

    /// Fix data: time, position, quality, HDOP.
    struct GGA: Sendable, Equatable {
        var timeOfDay: Double?
        var coordinate: NMEACoordinate?
        var quality: Int
        var hdop: Double?
    }

    /// Course and speed over ground.
    struct VTG: Sendable, Equatable {
        var course: Double?
        var speedMetersPerSecond: Double?
        var valid: Bool
    }

    case rmc(RMC)
    case gga(GGA)
    case vtg(VTG)
    /// A well-formed sentence of another type (GSA, GSV, proprietary…), ignored.
    case other

    /// Why a line is not a usable sentence.
    enum Problem: Error, Sendable, Equatable {
        /// No `$` start, no `*hh` checksum, or cut short.
        case malformed
        /// The checksum does not match.
        case checksum
        /// A field of a known sentence does not parse.
        case badField(String)
    }

    /// Parses one line (without its terminator).
    static func parse(_ line: [UInt8]) throws(Problem) -> NMEASentence {
        var bytes = line[...]
        while let last = bytes.last, last == 0x20 || last == 0x09 || last == 0x0D { bytes.removeLast() }
        guard let dollar = bytes.firstIndex(of: UInt8(ascii: "$")) else { throw .malformed }
        bytes = bytes[(dollar + 1)...]
        guard bytes.count >= 4, let star = bytes.lastIndex(of: UInt8(ascii: "*")),
              bytes.endIndex - star == 3 else { throw .malformed }
        let body = bytes[..<star]
        guard let expected = hexByte(bytes[star + 1], bytes[star + 2]) else { throw .malformed }
        var sum: UInt8 = 0
        for byte in body {
            guard byte >= 0x20, byte < 0x7F else { throw .malformed }
            sum ^= byte
        }
        guard sum == expected else { throw .checksum }
        let fields = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        guard let address = fields.first, address.utf8.count == 5, !address.hasPrefix("P") else { return .other }
        let type = address.suffix(3)
        switch type {
        case "RMC": return .rmc(try rmc(fields))
        case "GGA": return .gga(try gga(fields))
        case "VTG": return .vtg(try vtg(fields))
        default: return .other
        }
    }

    private static func rmc(_ f: [String]) throws(Problem) -> RMC {
        guard f.count >= 10 else { throw .malformed }
        let status = f[2]
        guard status == "A" || status == "V" else { throw .badField("RMC status '\(status)'") }
        let mode = f.count > 12 ? f[12] : ""
        let valid = status == "A" && mode != "N" && mode != "E" && mode != "M" && mode != "S"
        return RMC(timeOfDay: try NMEAField.time(f[1]), valid: valid,
                   coordinate: valid ? try NMEAField.coordinate(f[3], f[4], f[5], f[6]) : nil,
                   speedKnots: try NMEAField.number(f[7], "speed", range: 0...2000),
                   course: try NMEAField.number(f[8], "course", range: 0...360),
                   day: try NMEAField.date(f[9]))
    }

    private static func gga(_ f: [String]) throws(Problem) -> GGA {
        guard f.count >= 9 else { throw .malformed }
        guard let quality = Int(f[6]), (0...9).contains(quality) else { throw .badField("GGA quality '\(f[6])'") }
        let usable = quality != 0 && quality != 6 && quality != 7 && quality != 8
        return GGA(timeOfDay: try NMEAField.time(f[1]),
                   coordinate: usable ? try NMEAField.coordinate(f[2], f[3], f[4], f[5]) : nil,
                   quality: usable ? quality : 0,
                   hdop: try NMEAField.number(f[8], "HDOP", range: 0...100))
    }

    private static func vtg(_ f: [String]) throws(Problem) -> VTG {
        guard f.count >= 9 else { throw .malformed }
        let mode = f.count > 9 ? f[9] : ""
        let kmh = try NMEAField.number(f[7], "speed", range: 0...4000)
        let knots = try NMEAField.number(f[5], "speed", range: 0...2000)
        return VTG(course: try NMEAField.number(f[1], "course", range: 0...360),
                   speedMetersPerSecond: kmh.map { $0 / 3.6 } ?? knots.map { $0 * NMEAField.metersPerSecondPerKnot },
                   valid: mode != "N" && mode != "E")
    }

    private static func hexByte(_ high: UInt8, _ low: UInt8) -> UInt8? {
        func value(_ c: UInt8) -> UInt8? {
            switch c {
            case 0x30...0x39: c - 0x30
            case 0x41...0x46: c - 0x41 + 10
            case 0x61...0x66: c - 0x61 + 10
            default: nil
            }
        }
        guard let h = value(high), let l = value(low) else { return nil }
        return h << 4 | l
    }
}

/// A position from NMEA fields, degrees.
struct NMEACoordinate: Sendable, Equatable {
    var latitude: Double
    var longitude: Double
}
