import Foundation

/// Time stamps for logs and subtitles.
public enum TimeFormatting {
    /// `HH:MM:SS,mmm` (SubRip) or `HH:MM:SS.mmm` (WebVTT).
    public static func subtitle(_ seconds: Double, separator: Character) -> String {
        let totalMillis = Int((max(0, seconds) * 1000).rounded())
        let ms = totalMillis % 1000
        let s = totalMillis / 1000
        return String(format: "%02d:%02d:%02d%@%03d", s / 3600, (s / 60) % 60, s % 60, String(separator), ms)
    }

    /// `M:SS` or `H:MM:SS` for logs and the status line.
    public static func clock(_ seconds: Double) -> String {
        let s = Int(max(0, seconds).rounded(.down))
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, (s / 60) % 60, s % 60)
                         : String(format: "%d:%02d", s / 60, s % 60)
    }
}
