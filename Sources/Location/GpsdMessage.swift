import Foundation
import RouteModel

/// One line of the gpsd JSON protocol, as far as guidance cares.
enum GpsdMessage: Sendable, Equatable {
    /// A time-position-velocity report.
    struct TPV: Sendable, Equatable {
        /// 0 unknown, 1 no fix, 2 2D, 3 3D.
        var mode: Int
        var latitude: Double?
        var longitude: Double?
        /// m/s.
        var speed: Double?
        /// Degrees true.
        var track: Double?
        /// Horizontal error estimate, meters (gpsd's 95 % figure).
        var eph: Double?
        /// Seconds since 1970 of the fix.
        var time: Double?
        /// The device that reported it.
        var device: String?
    }

    case tpv(TPV)
    /// A device appeared (`activated` set) or went away.
    case device(path: String, active: Bool)
    /// The device list (`DEVICES`): the active devices' paths.
    case devices([String])
    /// Another class (VERSION, DEVICES, WATCH, SKY, …).
    case other(String)

    /// Why a line is not a usable message.
    enum Problem: Error, Sendable, Equatable {
        /// Not JSON, or not an object with a string `class`.
        case malformed(String)
    }

    private static let parser = JSONParser(maxDepth: 32, maxBytes: GpsdSource.lineLimit)

    /// Parses one line.
    static func parse(_ line: [UInt8]) throws(Problem) -> GpsdMessage {
        let value: JSONValue
        do { value = try parser.parse(Data(line)) } catch { throw .malformed(error.description) }
        guard case .object = value, let cls = value["class"]?.stringValue else { throw .malformed("no \"class\"") }
        switch cls {
        case "TPV":
            let mode = value["mode"]?.numberValue.flatMap { $0.isFinite && $0 >= 0 && $0 <= 3 ? Int($0) : nil } ?? 0
            func number(_ key: String, _ range: ClosedRange<Double>) -> Double? {
                value[key]?.numberValue.flatMap { range.contains($0) ? $0 : nil }
            }
            let epx = number("epx", 0...1e6), epy = number("epy", 0...1e6)
            let eph = number("eph", 0...1e6) ?? epx.flatMap { x in epy.map { max(x, $0) } }
            return .tpv(TPV(mode: mode, latitude: number("lat", -90...90), longitude: number("lon", -180...180),
                            speed: number("speed", 0...1000), track: number("track", 0...360), eph: eph,
                            time: value["time"]?.stringValue.flatMap(UTCTime.parseISO8601),
                            device: value["device"]?.stringValue))
        case "DEVICE":
            let path = value["path"]?.stringValue ?? "?"
            let activated = value["activated"]
            let active = activated?.stringValue.map { !$0.isEmpty } ?? activated?.numberValue.map { $0 != 0 } ?? true
            return .device(path: path, active: active)
        case "DEVICES":
            let list = value["devices"]?.arrayValue ?? []
            return .devices(list.compactMap { device in
                let activated = device["activated"]
                let active = activated?.stringValue.map { !$0.isEmpty } ?? activated?.numberValue.map { $0 != 0 } ?? true
                return active ? device["path"]?.stringValue : nil
            })
        default:
            return .other(cls)
        }
    }
}
