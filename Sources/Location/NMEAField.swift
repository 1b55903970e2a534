/// Field parsers shared by the NMEA sentences; each rejects values outside the format's ranges.
enum NMEAField {
    /// One knot in m/s.
    static let metersPerSecondPerKnot = 1852.0 / 3600

    /// A plain decimal number, or nil when the field is empty.
    static func number(_ text: String, _ name: String, range: ClosedRange<Double>) throws(NMEASentence.Problem) -> Double? {
        guard !text.isEmpty else { return nil }
        guard text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D }),
              let value = Double(text), range.contains(value) else { throw .badField("\(name) '\(text)'") }
        return value
    }

    /// `hhmmss[.sss]` as seconds of the day, or nil when empty.
    static func time(_ text: String) throws(NMEASentence.Problem) -> Double? {
        guard !text.isEmpty else { return nil }
        let chars = Array(text.utf8)
        guard chars.count >= 6, chars[0..<6].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let hours = Int(text.prefix(2)), let minutes = Int(text.dropFirst(2).prefix(2)),
              let seconds = Double(text.dropFirst(4)), hours < 24, minutes < 60, seconds >= 0, seconds < 61
        else { throw .badField("time '\(text)'") }
        return Double(hours * 3600 + minutes * 60) + seconds
    }

    /// `ddmmyy` as days since 1970-01-01 (years 80–99 are 19xx), or nil when empty.
    static func date(_ text: String) throws(NMEASentence.Problem) -> Int? {
        guard !text.isEmpty else { return nil }
        guard text.utf8.count == 6, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let day = Int(text.prefix(2)), let month = Int(text.dropFirst(2).prefix(2)),
              let year = Int(text.suffix(2)), (1...31).contains(day), (1...12).contains(month)
        else { throw .badField("date '\(text)'") }
        return CivilDate.days(year: year < 80 ? 2000 + year : 1900 + year, month: month, day: day)
    }

    /// `ddmm.mmmm,N,dddmm.mmmm,E` as degrees, or nil when the position fields are empty.
    static func coordinate(_ lat: String, _ ns: String, _ lon: String, _ ew: String) throws(NMEASentence.Problem) -> NMEACoordinate? {
        if lat.isEmpty && lon.isEmpty { return nil }
        guard let latitude = try angle(lat, degreeDigits: 2, limit: 90),
              let longitude = try angle(lon, degreeDigits: 3, limit: 180) else { throw .badField("position '\(lat),\(lon)'") }
        guard ns == "N" || ns == "S" else { throw .badField("hemisphere '\(ns)'") }
        guard ew == "E" || ew == "W" else { throw .badField("hemisphere '\(ew)'") }
        return NMEACoordinate(latitude: ns == "S" ? -latitude : latitude, longitude: ew == "W" ? -longitude : longitude)
    }

    /// Degrees and decimal minutes (`dddmm.mmmm`) as degrees.
    private static func angle(_ text: String, degreeDigits: Int, limit: Double) throws(NMEASentence.Problem) -> Double? {
        let chars = Array(text.utf8)
        guard chars.count >= degreeDigits + 2, chars[0..<(degreeDigits + 2)].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
              let degrees = Double(text.prefix(degreeDigits)),
              let minutes = try number(String(text.dropFirst(degreeDigits)), "minutes", range: 0...60 - 1e-12)
        else { throw .badField("angle '\(text)'") }
        let value = degrees + minutes / 60
        guard value <= limit else { throw .badField("angle '\(text)'") }
        return value
    }

    /// Writes degrees as `dddmm.mmmmmmm` with the given degree digits (the minutes keep 1e-7 ′ ≈ 2e-9 °).
    static func angleText(_ degrees: Double, degreeDigits: Int) -> String {
        var whole = degrees.rounded(.down)
        var minutes = ((degrees - whole) * 60 * 1e7).rounded() / 1e7
        if minutes >= 60 { whole += 1; minutes -= 60 }
        let d = whole >= 0 && whole <= 360 ? String(Int(whole)) : "0"
        let m = fixed(minutes, decimals: 7)
        return String(repeating: "0", count: max(0, degreeDigits - d.count)) + d
            + (minutes < 10 ? "0" : "") + m
    }

    /// A non-negative number with exactly `decimals` decimals, without Foundation formatting.
    static func fixed(_ value: Double, decimals: Int) -> String {
        let scale = (0..<decimals).reduce(1.0) { r, _ in r * 10 }
        let scaled = (value * scale).rounded()
        guard scaled.isFinite, scaled >= 0, scaled < 9e15 else { return "0" }
        let digits = String(Int64(scaled))
        guard decimals > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, decimals + 1 - digits.count)) + digits
        return padded.dropLast(decimals) + "." + padded.suffix(decimals)
    }
}

/// Days since 1970-01-01 from a proleptic Gregorian date, and back (H. Hinnant's algorithms).
enum CivilDate {
    /// Days since 1970-01-01.
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The date of a day count since 1970-01-01.
    static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
