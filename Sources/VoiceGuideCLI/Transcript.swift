import Foundation
import RouteModel
import Guidance
import Phrasing
import VoiceService

/// Both RouteModel and Phrasing declare a JSON value type; transcripts use the route model's (ordered, serializable).
typealias JSONValue = RouteModel.JSONValue
typealias JSONMember = RouteModel.JSONMember

/// A planned drive rendered in the transcript formats of docs/transcript-format.md.
struct Transcript {
    /// Route, locale and builder.
    let settings: GuidanceSettings
    /// The announcements with their phrases.
    let plan: PlannedGuidance
    /// With mapbox: leave the router's banners (`--keep-banners`).
    var keepsBanners = false
    /// With `--stats`: our final distances against the router's own, as exported.
    var leadRatio: RouterLeadRatio?

    private var items: [(announcement: Announcement, phrase: Phrase)] {
        Array(zip(plan.run.announcements, plan.phrases))
    }

    /// One line per announcement: simulated time, distance along the route, kind, step, display text.
    func text() -> String {
        let route = settings.document.route
        var out = "# \(settings.routeName) — \(settings.locale.profile.tag), \(settings.builder.units.rawValue); "
        out += "\(DistanceFormatting.long(route.distance, units: settings.builder.units)), "
        out += "\(TimeFormatting.clock(route.duration)), \(items.count) announcements\n"
        for (a, p) in items {
            let step = a.maneuver.map { "\($0.id.leg)/\($0.id.step)" } ?? "-"
            let kind = a.kind.rawValue + (a.then != nil ? "+then" : "")
            out += TimeFormatting.clock(a.triggerSeconds).leftPadded(7) + "  " + DistanceFormatting.long(a.triggerMeters, units: settings.builder.units, width: 10) + "  "
            out += kind.padding(toLength: 13, withPad: " ", startingAt: 0) + " " + step
            out += String(repeating: " ", count: max(1, 7 - step.count))
            out += p.display + "\n"
        }
        return out
    }

    /// The shared library form of this plan (transcript JSON and the Mapbox rewrite).
    var voice: VoiceTranscript {
        var voice = VoiceTranscript(document: settings.document, index: settings.index, localeTag: settings.locale.profile.tag,
                                    builder: settings.builder, run: plan.run, phrases: plan.phrases)
        voice.keepsBanners = keepsBanners
        return voice
    }

    /// The transcript JSON (docs/transcript.schema.json).
    func json() -> JSONValue { voice.json() }

    /// SubRip or WebVTT subtitles: each announcement from its trigger time for its speaking time.
    func subtitles(vtt: Bool) -> String {
        var out = vtt ? "WEBVTT\n\n" : ""
        let separator: Character = vtt ? "." : ","
        for (n, (a, p)) in items.enumerated() {
            let end = a.triggerSeconds + max(a.durationSeconds, 0.5)
            if !vtt { out += "\(n + 1)\n" }
            out += "\(TimeFormatting.subtitle(a.triggerSeconds, separator: separator)) --> \(TimeFormatting.subtitle(end, separator: separator))\n"
            out += p.display + "\n\n"
        }
        return out
    }

    /// The input response with our Mapbox-style `voiceInstructions` on every step.
    func mapbox() -> JSONValue { voice.mapbox() }

    /// The `--stats` guidance-quality report.
    func statsText() -> String {
        let r = plan.run.report
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
            lines.append("  cameras skipped:    \(plan.run.skippedCameras) (passed before there was room to say them)")
        }
        let facts = FactsCarried(announcements: plan.run.announcements, announceable: r.announceable,
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
