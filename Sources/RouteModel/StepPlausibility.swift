import Foundation
import SafeIO

/// Limits that keep route data within what guidance and speech can use. The importer
/// applies them; anything outside becomes a warning with the JSON path and a safe value, or exit 65 when the route
/// cannot be used at all.
public enum StepPlausibility {
    /// Distances shorter than this (meters) say nothing reliable about speed.
    public static let meaningfulDistance = 50.0
    /// Slowest believable speed over a meaningful distance, m/s (0.5 km/h).
    public static let minimumSpeed = 0.5 / 3.6
    /// Fastest believable speed, m/s (500 km/h).
    public static let maximumSpeed = 500 / 3.6
    /// The speed an implausible step is planned at instead, m/s (50 km/h).
    public static let plannedSpeed = 50 / 3.6
    /// Longest time a short step (below `meaningfulDistance`) may take, seconds: 50 m at 0.5 km/h.
    public static let maximumShortStepSeconds = meaningfulDistance / minimumSpeed
    /// A step that starts farther than this (meters) from where the previous one ended does not join it.
    public static let joinTolerance = 100.0
    /// Longest `pronunciation` passed on to speech, in characters. eSpeak NG reads overlong SSML tags aloud
    /// (about 470 characters); a longer pronunciation is dropped and the name spoken as written.
    public static let maxPronunciationLength = 200

    /// The duration to plan `distance` meters with when `duration` seconds is implausible, or nil when it is fine.
    public static func replacementDuration(distance: Double, duration: Double) -> Double? {
        if distance >= meaningfulDistance {
            let speed = duration > 0 ? distance / duration : .infinity
            return speed < minimumSpeed || speed > maximumSpeed ? distance / plannedSpeed : nil
        }
        return duration > maximumShortStepSeconds ? distance / plannedSpeed : nil
    }

    /// Speed in km/h as a short text ("1.1e-06 km/h", "0.5 km/h", "1234 km/h").
    static func speedText(distance: Double, duration: Double) -> String {
        guard duration > 0 else { return "an infinite speed" }
        let kmh = distance / duration * 3.6
        return kmh >= 10 ? "\(Int(saturatingRounded: kmh)) km/h" : String(format: "%.2g km/h", kmh)
    }
}
