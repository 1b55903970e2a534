import SafeIO
/// UTC times as seconds since 1970: ISO 8601 text for GPX, NMEA fields for RMC/GGA.
enum UTCTime {
    /// Splits seconds since 1970 (rounded to `decimals`) into days and seconds of the day; nil outside 1970…9999.
    static func split(_ seconds: Double, decimals: Int) -> (days: Int, secondOfDay: Double)? {
        let scale = decimals == 3 ? 1000.0 : 100.0
        let scaled = (seconds * scale).rounded()
        guard scaled.isFinite, scaled >= 0, scaled < 253_402_300_800 * scale else { return nil }
        let ticks = Int64(scaled)
        let perDay: Int64 = decimals == 3 ? 86_400_000 : 8_640_000
        return (Int(truncatingIfNeeded: ticks / perDay), Double(ticks % perDay) / scale)
    }

    /// `2026-12-01T01:59:03.120Z` (milliseconds).
    static func iso8601(_ seconds: Double) -> String? {
        guard let (days, tod) = split(seconds, decimals: 3) else { return nil }
        let date = CivilDate.date(days: days)
        let (h, m, s) = clockParts(tod)
        return "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))T\(pad(h, 2)):\(pad(m, 2)):"
            + (s < 10 ? "0" : "") + NMEAField.fixed(s, decimals: 3) + "Z"
    }

    /// NMEA `hhmmss.ss` and `ddmmyy` for seconds since 1970.
    static func nmea(_ seconds: Double) -> (time: String, date: String)? {
        guard let (days, tod) = split(seconds, decimals: 2) else { return nil }
        let date = CivilDate.date(days: days)
        let (h, m, s) = clockParts(tod)
        return ("\(pad(h, 2))\(pad(m, 2))" + (s < 10 ? "0" : "") + NMEAField.fixed(s, decimals: 2),
                "\(pad(date.day, 2))\(pad(date.month, 2))\(pad(date.year % 100, 2))")
    }

    /// Parses `YYYY-MM-DDThh:mm:ss[.fff][Z|±hh:mm]` (no zone means UTC) into seconds since 1970.
    static func parseISO8601(_ text: String) -> Double? {
        let t = Array(text.trimmingSpaces.utf8)
        func int(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= t.count, t[range].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
            return t[range].reduce(0) { $0 * 10 + Int($1 - 0x30) }
        }
        guard t.count >= 19, t[4] == 0x2D, t[7] == 0x2D, t[10] == 0x54 || t[10] == 0x20 || t[10] == 0x74,
              t[13] == 0x3A, t[16] == 0x3A,
              let year = int(0..<4), let month = int(5..<7), let day = int(8..<10),
              let hour = int(11..<13), let minute = int(14..<16), let second = int(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var i = 19
        var fraction = 0.0
        if i < t.count, t[i] == 0x2E {
            i += 1
            var scale = 0.1
            let start = i
            while i < t.count, t[i] >= 0x30, t[i] <= 0x39 {
                fraction += Double(t[i] - 0x30) * scale
                scale /= 10
                i += 1
            }
            guard i > start else { return nil }
        }
        var offset = 0
        if i < t.count {
            if t[i] == 0x5A || t[i] == 0x7A {
                i += 1
            } else if t[i] == 0x2B || t[i] == 0x2D, let oh = int((i + 1)..<(i + 3)) {
                var om = 0
                var end = i + 3
                if end < t.count, t[end] == 0x3A { end += 1 }
                if end < t.count { guard let m = int(end..<(end + 2)) else { return nil }; om = m; end += 2 }
                guard oh < 24, om < 60 else { return nil }
                offset = (oh * 3600 + om * 60) * (t[i] == 0x2D ? -1 : 1)
                i = end
            } else {
                return nil
            }
        }
        guard i == t.count else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3600 + minute * 60 + second - offset) + fraction
    }

    private static func clockParts(_ secondOfDay: Double) -> (Int, Int, Double) {
        let whole = Int(saturating: secondOfDay.rounded(.down))
        return (whole / 3600, whole % 3600 / 60, secondOfDay - Double(whole - whole % 60))
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
