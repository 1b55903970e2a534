import Foundation
import RouteModel
import Guidance

/// `transcript --format json --stats`: the guidance-quality report as a `"stats"` member of the JSON, with the
/// same figures as the text report.
enum TranscriptStats {
    /// The report as a JSON object: `maneuvers`, `announced`, `unannounced` (never named; must be 0), `chained`,
    /// `shortestLeadSeconds` (null when no maneuver was announced), `overlaps`, `duplicates`, `late`, `missed`
    /// (`{leg, step}` each), `factsCarried` (held/carried per fact, as `--stats` prints), `finalDistanceRatio`
    /// (`RouterLeadRatio`), `warnings`; with `--cameras`, `skippedCameras`.
    static func json(_ transcript: Transcript) -> JSONValue {
        let r = transcript.voice.run.report
        let warnings = transcript.settings.document.route.warnings.map(\.description) + r.warnings
        // Only with --cameras: the number of cameras passed before there was room to say them.
        let cameras = transcript.settings.cameras.isEmpty ? []
            : [JSONMember(key: "skippedCameras", value: .number(Double(transcript.voice.run.skippedCameras)))]
        return .object([
            JSONMember(key: "maneuvers", value: .number(Double(r.maneuvers))),
            JSONMember(key: "announced", value: .number(Double(r.announced))),
            JSONMember(key: "unannounced", value: .number(Double(r.missed.count))),
            JSONMember(key: "chained", value: .number(Double(r.chained))),
            JSONMember(key: "shortestLeadSeconds", value: r.shortestLeadSeconds.map { .number(($0 * 100).rounded() / 100) } ?? .null),
            JSONMember(key: "overlaps", value: .number(Double(r.overlaps))),
            JSONMember(key: "duplicates", value: .number(Double(r.duplicates))),
            JSONMember(key: "late", value: .number(Double(r.late))),
            JSONMember(key: "missed", value: .array(r.missed.map { id in
                .object([JSONMember(key: "leg", value: .number(Double(id.leg))), JSONMember(key: "step", value: .number(Double(id.step)))])
            })),
            JSONMember(key: "factsCarried", value: FactsCarried(announcements: transcript.voice.run.announcements,
                                                                announceable: r.announceable, index: transcript.settings.index,
                                                                builder: transcript.settings.builder).json),
            JSONMember(key: "finalDistanceRatio", value: transcript.leadRatio?.json
                       ?? .object([JSONMember(key: "median", value: .null), JSONMember(key: "steps", value: .number(0))])),
            JSONMember(key: "warnings", value: .array(warnings.map { .string($0) })),
        ] + cameras)
    }
}
