import Foundation
import SafeIO

/// Time stamps for logs, transcripts and subtitles.
public enum TimeFormatting {
    /// `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
    public static func subtitle(_ seconds: Double, separator: Character) -> String {
        let totalMillis = Int(saturatingRounded: max(0, seconds) * 1000)
        let ms = totalMillis % 1000
        let s = totalMillis / 1000
        return String(format: "%02d:%02d:%02d%@%03d", s / 3600, (s / 60) % 60, s % 60, String(separator), ms)
    }

    /// `M:SS` or `H:MM:SS` for logs and the status line.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(saturating: max(0, seconds).rounded(.down))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60)
                         : String(format: "%d:%02d", s / 60, s % 60)
    }
}

/// Route-scale distances for logs and headers, in the units system in use.
public enum DistanceFormatting {
    /// "4.88 km" (metric) or "3.03 mi" (imperial, uk), padded to `width` characters for columns.
    public static func long(_ meters: Double, units: UnitsSystem, width: Int = 0) -> String {
        let text = units == .metric ? String(format: "%.2f km", meters / 1000) : String(format: "%.2f mi", meters / 1609.344)
        return String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
