import RouteModel

/// Writes positions as NMEA 0183 RMC + GGA sentences with valid checksums, precise enough that reading them back
/// gives the same positions (1e-7 ′ of arc, 0.01 s, 0.001 kn, 0.01° course, 0.01 HDOP).
public enum NMEAWriter {
    /// The two sentences (CR LF terminated) for `position`, whose time is `epoch + position.timestamp`
    /// seconds since 1970; nil when the time or the coordinate is out of range.
    public static func sentences(for position: Position, epoch: Double, talker: String = "GP") -> String? {
        guard position.coordinate.isValid, let (time, date) = UTCTime.nmea(epoch + position.timestamp) else { return nil }
        let lat = position.coordinate.latitude, lon = position.coordinate.longitude
        let latText = NMEAField.angleText(abs(lat), degreeDigits: 2) + (lat < 0 ? ",S" : ",N")
        let lonText = NMEAField.angleText(abs(lon), degreeDigits: 3) + (lon < 0 ? ",W" : ",E")
        let knots = position.speed.flatMap { $0.isFinite && $0 >= 0 && $0 < 1000 ? $0 / NMEAField.metersPerSecondPerKnot : nil }
        let course = position.heading.flatMap { $0.isFinite ? (($0.truncatingRemainder(dividingBy: 360)) + 360).truncatingRemainder(dividingBy: 360) : nil }
        let hdop = position.accuracy.flatMap { $0.isFinite && $0 >= 0 ? min(99.99, $0 / NMEAAssembler.metersPerHDOP) : nil }
        let rmc = "\(talker)RMC,\(time),A,\(latText),\(lonText),\(knots.map { NMEAField.fixed($0, decimals: 3) } ?? ""),"
            + "\(course.map { NMEAField.fixed($0, decimals: 2) } ?? ""),\(date),,,A"
        let gga = "\(talker)GGA,\(time),\(latText),\(lonText),1,08,\(hdop.map { NMEAField.fixed($0, decimals: 2) } ?? ""),0.0,M,0.0,M,,"
        return framed(rmc) + framed(gga)
    }

    /// `$BODY*hh\r\n` with the XOR checksum of BODY.
    public static func framed(_ body: String) -> String {
        let sum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        let hex = Array("0123456789ABCDEF")
        return "$\(body)*\(hex[Int(sum >> 4)])\(hex[Int(sum & 0x0F)])\r\n"
    }
}
