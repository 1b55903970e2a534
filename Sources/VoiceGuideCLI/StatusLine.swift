import Foundation
import Guidance
import Location
import Phrasing
import SafeIO

/// Renders the live status line: state (mute, output mode, speed), what is wrong with the positions or the
/// route (no fix, GPS lost, stale, off route, rerouting), progress bar, next maneuver and its distance,
/// remaining distance and time, ETA (wall clock at the current speedup), the speed limit where the route gives
/// one, current street — in the locale's
/// words. Fields that do not fit the terminal's width are left out by priority (the position/route warning
/// first, then the next maneuver and its distance, the state, the remaining distance, progress, ETA, street),
/// never cut mid-word unless the first field alone is wider than the terminal.
struct StatusLine {
    /// The receiver's and the route's state, when something is not as it should be: shown right after the
    /// state, before everything else in priority (a driver must see that guidance is waiting).
    struct Alert: Sendable, Equatable {
        /// The position receiver's state (live or replayed).
        var location: LocationStatus = .ok
        /// Confirmed off the route.
        var offRoute = false
        /// A new route is being asked for.
        var rerouting = false

        /// The ui keys of the words shown, in order (none when all is well).
        var keys: [String] {
            var keys: [String] = []
            switch location {
            case .ok: break
            case .noFix: keys.append("status.noFix")
            case .stale: keys.append("status.stale")
            case .lost, .reconnecting: keys.append("status.gpsLost")
            }
            if rerouting {
                keys.append("status.rerouting")
            } else if offRoute {
                keys.append("status.offRoute")
            }
            return keys
        }
    }

    /// Where the drive's speech goes, as the status line says it.
    enum Mode: Sendable {
        /// Through a sound device.
        case sound
        /// Text only (`--output text`, or `auto` without a device).
        case text
    }

    let settings: GuidanceSettings
    private let nextInstructions: [String]
    private let clockFormatter: DateFormatter

    init(settings: GuidanceSettings) {
        self.settings = settings
        clockFormatter = DateFormatter()
        clockFormatter.locale = Locale(identifier: "en_US_POSIX")
        clockFormatter.dateFormat = "HH:mm:ss"
        // Phrased once per maneuver at start-up, not on every redraw.
        nextInstructions = settings.index.steps.map { s in
            settings.builder.phrase(Announcement(kind: .now, maneuver: ManeuverDescription(id: s.id, step: s.step))).display
        }
    }

    /// The line for `columns` (nil: no limit), fields in display order: state │ alert │ progress │ next │
    /// remaining │ ETA │ street.
    func render(progress: RouteProgress?, muted: Bool, speedup: Double, paused: Bool, wallRemaining: Double?,
                mode: Mode = .sound, alert: Alert = Alert(), columns: Int? = nil) -> String {
        let modeWord = word(mode == .sound ? "sound" : "textMode")
        let state = (muted ? word("muted") : modeWord) + " " + (paused ? word("paused") : "×" + Self.speed(speedup))
        // (priority, text): lower is more important.
        var fields: [(Int, String)] = [(1, state)]
        let warnings = alert.keys.map { word($0) }
        if !warnings.isEmpty { fields.append((-1, warnings.joined(separator: " · "))) }
        guard let p = progress else { return Self.fit(fields + [(2, word("starting"))], columns: columns) }
        let length = max(1, settings.index.path.length)
        let fraction = min(1, max(0, p.distanceAlong / length))
        let cells = 10
        let filled = Int(saturatingRounded: fraction * Double(cells))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: cells - filled)
        fields.append((3, "\(bar) \(Int(saturating: fraction * 100))%"))
        if let next = p.nextManeuverIndex, nextInstructions.indices.contains(next) {
            fields.append((0, "\(distance(p.distanceToNextManeuver)): \(nextInstructions[next])"))
        }
        fields.append((2, word("remaining", "\(distance(p.remainingDistance)) \(TimeFormatting.clock(p.remainingSeconds))")))
        if let wallRemaining {
            fields.append((4, word("eta", clockFormatter.string(from: Date(timeIntervalSinceNow: wallRemaining)))))
        }
        if let kmh = settings.index.speedLimit(atDistance: p.distanceAlong)?.kmh {
            let builder = settings.builder
            fields.append((4, word("status.limit", "\(builder.speedText(kmh: kmh)) \(builder.speedUnit)")))
        }
        let street = settings.index.steps.indices.contains(p.stepIndex) ? settings.index.steps[p.stepIndex].step.name : ""
        if !street.isEmpty { fields.append((5, word("on", street))) }
        return Self.fit(fields, columns: columns)
    }

    static let separator = " │ "

    /// Keeps the most important fields that fit in `columns - 1` display columns (the last column stays free so
    /// the cursor never wraps), in their display order. The two most important (usually the next maneuver, then
    /// the state; a position or route warning before both) are always kept: the first is shortened with "…" to make room for the second, and alone cut to
    /// the width on a very narrow terminal.
    static func fit(_ fields: [(Int, String)], columns: Int?) -> String {
        guard let columns else { return fields.map(\.1).joined(separator: separator) }
        let room = max(1, columns - 1)
        var texts = fields.map(\.1)
        let order = fields.indices.sorted { fields[$0].0 < fields[$1].0 }
        guard let first = order.first else { return "" }
        var kept: Set<Int> = [first]
        var used = displayWidth(texts[first])
        if order.count > 1 {
            let second = order[1]
            let need = displayWidth(texts[second]) + separator.count
            if used + need <= room {
                kept.insert(second)
                used += need
            } else if room - need >= 12 {
                texts[first] = truncate(texts[first], to: room - need)
                kept.insert(second)
                used = displayWidth(texts[first]) + need
            }
        }
        if used > room { return truncate(texts[first], to: room) }
        for i in order.dropFirst(2) {
            let w = displayWidth(texts[i]) + separator.count
            if used + w <= room {
                kept.insert(i)
                used += w
            }
        }
        return texts.indices.filter { kept.contains($0) }.map { texts[$0] }.joined(separator: separator)
    }

    /// Terminal columns of `s`: East Asian wide and fullwidth characters take two.
    static func displayWidth(_ s: String) -> Int {
        s.unicodeScalars.reduce(0) { $0 + (isWide($1) ? 2 : ($1.properties.generalCategory == .nonspacingMark ? 0 : 1)) }
    }

    private static func isWide(_ u: Unicode.Scalar) -> Bool {
        switch u.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
             0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `s` cut to at most `room` columns, "…" included.
    private static func truncate(_ s: String, to room: Int) -> String {
        guard displayWidth(s) > room else { return s }
        var out = ""
        var width = 0
        for c in s {
            let w = displayWidth(String(c))
            if width + w > room - 1 { break }
            out.append(c)
            width += w
        }
        return out + "…"
    }

    /// A status-line word from the phrasebook's `ui` section (English comes in through the fallback chain),
    /// with `value` in place of `{}`.
    private func word(_ key: String, _ value: String = "") -> String {
        (settings.builder.book.ui[key] ?? "{}").replacingOccurrences(of: "{}", with: value)
    }

    /// A speedup for people: "4", "0.5".
    static func speed(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e6 ? String(Int(saturating: v)) : String(format: "%.2g", v)
    }

    /// A distance rounded by the locale's bands, with the unit symbol.
    private func distance(_ meters: Double) -> String {
        let r = settings.builder.distances.round(meters)
        let symbol: String
        switch r.unit {
        case .meter: symbol = "m"
        case .kilometer: symbol = "km"
        case .foot: symbol = "ft"
        case .yard: symbol = "yd"
        case .mile: symbol = "mi"
        }
        let number = settings.locale.profile.decimalSeparator == "." ? r.plainText
            : r.plainText.replacingOccurrences(of: ".", with: settings.locale.profile.decimalSeparator)
        return "\(number) \(symbol)"
    }
}
