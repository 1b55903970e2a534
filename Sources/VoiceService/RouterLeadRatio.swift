import Foundation
import RouteModel
import Guidance

/// How far before each maneuver our last instruction comes, against the router's own: per
/// step where the input carries the router's `voiceInstructions`, our last announcement of the maneuver at the
/// step's end (its distance to the maneuver) over the router's last instruction on that step (its
/// `distanceAlongGeometry`). `--stats` reports the median; 0.8–1.5 is the target.
public struct RouterLeadRatio: Sendable, Equatable {
    /// The ratio per compared step, in route order.
    public var ratios: [Double]

    /// The median ratio, nil when no step could be compared.
    public var median: Double? { Self.median(ratios) }

    /// The median of `values`, nil when empty.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        let mid = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
    }

    /// Compares `transcript`'s plan with the router's instructions kept in its document's JSON.
    public init(_ transcript: VoiceTranscript) {
        var ours: [Int: Double] = [:]
        var flatOf = [StepID: Int]()
        for s in transcript.index.steps { flatOf[s.id] = s.flatIndex }
        for a in transcript.run.announcements where [.early, .prepare, .now, .arrive, .waypoint].contains(a.kind) {
            guard let id = a.maneuver?.id, let flat = flatOf[id] else { continue }
            ours[flat] = min(ours[flat] ?? .infinity, a.distanceToManeuverMeters)
        }
        var ratios: [Double] = []
        var flat = 0
        if case .array(let legs)? = transcript.routeJSON?["legs"] {
            for leg in legs {
                guard case .array(let steps)? = leg["steps"] else { continue }
                for step in steps {
                    defer { flat += 1 }
                    guard case .array(let list)? = step["voiceInstructions"] else { continue }
                    let theirs = list.compactMap { item -> Double? in
                        if case .number(let d)? = item["distanceAlongGeometry"], d.isFinite, d > 0 { return d }
                        return nil
                    }.min()
                    guard let theirs, let mine = ours[flat + 1], mine.isFinite, mine > 0,
                          flat + 1 < transcript.index.steps.count,
                          transcript.index.steps[flat + 1].id.leg == transcript.index.steps[min(flat, transcript.index.steps.count - 1)].id.leg
                    else { continue }
                    ratios.append(mine / theirs)
                }
            }
        }
        self.ratios = ratios
    }

    /// As JSON: `{"median": 1.12, "steps": 14}` (median null when no step compared).
    public var json: JSONValue {
        .object([.init(key: "median", value: median.map { .number(($0 * 100).rounded() / 100) } ?? .null),
                 .init(key: "steps", value: .number(Double(ratios.count)))])
    }
}
