import Foundation
import RouteModel
import Guidance
import Phrasing
import VoiceService

/// Both RouteModel and Phrasing declare a JSON value type; transcripts use the route model's (ordered, serializable).
typealias JSONValue = RouteModel.JSONValue
typealias JSONMember = RouteModel.JSONMember

/// A planned drive as `transcript` prints it: the library's `VoiceTranscript` (which renders every
/// `TranscriptFormat`) with the command's settings, for the `--stats` report.
struct Transcript {
    /// Route, locale and builder.
    let settings: GuidanceSettings
    /// The announcements with their phrases, and the formats they are written in.
    var voice: VoiceTranscript
    /// With `--stats`: our final distances against the router's own, as exported.
    var leadRatio: RouterLeadRatio?

    /// The `--stats` guidance-quality report.
    func statsText() -> String {
        let r = voice.run.report
        var lines = ["Guidance quality — \(settings.routeName) (\(settings.locale.profile.tag))",
                     "  maneuvers:          \(r.maneuvers)",
                     "  announced:          \(r.announced)",
                     "  unannounced:        \(r.missed.count)",
                     "  chained (then):     \(r.chained)",
                     "  shortest lead time: " + (r.shortestLeadSeconds.map { String(format: "%.1f s", $0) } ?? "-"),
                     "  overlaps:           \(r.overlaps)",
                     "  duplicates:         \(r.duplicates)",
                     "  late:               \(r.late)",
                     "  missed:             " + (r.missed.isEmpty ? "0" : r.missed.map(\.description).joined(separator: ", "))]
        if !settings.cameras.isEmpty {
            lines.append("  cameras skipped:    \(voice.run.skippedCameras) (passed before there was room to say them)")
        }
        let facts = FactsCarried(announcements: voice.run.announcements, announceable: r.announceable,
                                 index: settings.index, builder: settings.builder)
        lines.append("  facts carried:      " + facts.summary)
        lines += facts.missing.map { "    - not said: step \($0)" }
        lines.append("  final vs router:    " + (leadRatio?.median.map { String(format: "median %.2f over %d steps (target 0.8–1.5)", $0, leadRatio?.ratios.count ?? 0) }
                                                  ?? "- (the response has no router instructions)"))
        let warnings = settings.document.route.warnings.map(\.description) + r.warnings
        lines.append("  warnings:           \(warnings.isEmpty ? "none" : String(warnings.count))")
        lines += warnings.map { "    - \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
