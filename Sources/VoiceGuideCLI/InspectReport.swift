import Foundation
import RouteModel
import SafeIO

/// The two forms of `voiceguide inspect`: readable text, and JSON (an OSRM v5 response plus an `inspect` member).
enum InspectReport {
    /// JSON: `{inspect: {…}, code, routes: [route], waypoints}`, steps carrying `startMeters`/`startSeconds`, written
    /// into `emit` as it is made (`RouteJSONWriter.write`): a 2-million-point route is never a tree of values.
    static func writeJSON(_ document: RouteDocument, file: String, emit: @escaping (String) -> Void) {
        // Where each step starts, by leg and step; the index (the whole path) is freed before the report is built.
        let starts: [[(meters: Double, seconds: Double)]] = {
            let index = RouteIndex(route: document.route)
            var starts = document.route.legs.map { [(meters: Double, seconds: Double)](repeating: (0, 0), count: $0.steps.count) }
            for s in index.steps where starts.indices.contains(s.id.leg) && starts[s.id.leg].indices.contains(s.id.step) {
                starts[s.id.leg][s.id.step] = (s.startMeters, s.startSeconds)
            }
            return starts
        }()
        var summary: [JSONMember] = [
            JSONMember(key: "file", value: .string(file)),
            JSONMember(key: "routeIndex", value: .number(Double(document.routeIndex))),
            JSONMember(key: "routeCount", value: .number(Double(document.routeCount))),
            JSONMember(key: "geometryFormat", value: .string(document.geometryFormat.rawValue)),
        ]
        if let p = document.polylinePrecision { summary.append(JSONMember(key: "polylinePrecision", value: .number(Double(p)))) }
        summary += [
            JSONMember(key: "legs", value: .number(Double(document.route.legs.count))),
            JSONMember(key: "steps", value: .number(Double(document.route.stepCount))),
            JSONMember(key: "warnings", value: .array(document.route.warnings.map {
                .object([JSONMember(key: "path", value: .string($0.path)), JSONMember(key: "message", value: .string($0.message))])
            })),
        ]
        var writer = JSONStreamWriter(pretty: true, emit: emit)
        RouteJSONWriter.write(document.route, leading: [JSONMember(key: "inspect", value: .object(summary))], to: &writer) { id, _ in
            guard starts.indices.contains(id.leg), starts[id.leg].indices.contains(id.step) else { return [] }
            let s = starts[id.leg][id.step]
            return [JSONMember(key: "startMeters", value: .number(tenths(s.meters))),
                    JSONMember(key: "startSeconds", value: .number(tenths(s.seconds)))]
        }
        writer.finish()
    }

    /// Readable text: a header, waypoints, then each leg's steps with their maneuver, road details and lanes.
    static func text(_ document: RouteDocument, file: String) -> String {
        let route = document.route
        let index = RouteIndex(route: route)
        var starts = [StepID: IndexedStep]()  // one lookup per step: the report stays linear in steps
        starts.reserveCapacity(index.steps.count)
        for s in index.steps { starts[s.id] = s }
        var lines = [String]()
        let geometry = document.polylinePrecision.map { "polyline\($0)" } ?? document.geometryFormat.rawValue
        let side = route.legs.first?.steps.first?.drivingSide ?? .right
        lines.append("\(ControlCharacters.escaped(file)): route \(document.routeIndex + 1) of \(document.routeCount), \(geometry) geometry, \(side.rawValue)-hand traffic")
        lines.append("\(distance(route.distance)), \(duration(route.duration)); \(count(route.legs.count, "leg")), "
                     + "\(count(route.stepCount, "step")), \(count(route.geometry.count, "geometry point"))")
        if !route.waypoints.isEmpty {
            lines.append("Waypoints:")
            for (i, w) in route.waypoints.enumerated() {
                lines.append("  \(i). \(w.name.isEmpty ? "(unnamed)" : w.name) at \(position(w.location))")
            }
        }
        for (l, leg) in route.legs.enumerated() {
            lines.append("")
            lines.append("Leg \(l + 1): \(leg.summary.isEmpty ? "(no summary)" : leg.summary) — \(distance(leg.distance)), \(duration(leg.duration))")
            for (s, step) in leg.steps.enumerated() {
                let at = starts[StepID(leg: l, step: s)]
                lines.append(stepLine(s, step, at))
                lines += detailLines(step, usualSide: side).map { "        " + $0 }
            }
        }
        lines.append("")
        if route.warnings.isEmpty {
            lines.append("Warnings: none")
        } else {
            lines.append("Warnings (\(route.warnings.count)):")
            lines += route.warnings.map { "  \($0)" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func stepLine(_ s: Int, _ step: Step, _ at: IndexedStep?) -> String {
        let m = step.maneuver
        var what = m.rawType
        if m.type.rawValue != m.rawType { what += " (as turn)" }
        if let modifier = m.modifier { what += " \(modifier.rawValue)" }
        if let exit = m.exit { what += ", exit \(exit)" }
        let road = step.name.isEmpty ? (step.ref ?? "(unnamed road)") : step.name + (step.ref.map { " (\($0))" } ?? "")
        let position = at.map { "@ \(distance($0.startMeters)), \(duration($0.startSeconds))" } ?? ""
        return "  \(String(s).leftPad(3)). \(what) → \(road); \(distance(step.distance)), \(duration(step.duration)) \(position)"
    }

    static func detailLines(_ step: Step, usualSide: DrivingSide) -> [String] {
        var out = [String]()
        if let v = step.destinations { out.append("destinations: \(v)") }
        if let v = step.exits { out.append("exits: \(v)") }
        if let v = step.rotaryName { out.append("rotary: \(v)" + (step.rotaryPronunciation.map { " [\($0)]" } ?? "")) }
        if let v = step.junctionName { out.append("junction: \(v)") }
        if let v = step.pronunciation { out.append("pronunciation: \(v)") }
        if let lanes = step.maneuverLanes { out.append("lanes: [\(lanes.map(laneText).joined(separator: " "))]") }
        let classes = Set(step.intersections.flatMap(\.classes)).sorted()
        if !classes.isEmpty { out.append("classes: \(classes.joined(separator: ", "))") }
        if step.mode != "driving" { out.append("mode: \(step.mode)") }
        if step.drivingSide != usualSide { out.append("\(step.drivingSide.rawValue)-hand traffic") }
        return out
    }

    /// A lane as arrows plus ✓ (valid) or ✗, and * when it is the preferred (active) lane: `↑↗✓*`.
    static func laneText(_ lane: Lane) -> String {
        let arrows = lane.indications.map { arrowsByIndication[$0] ?? "(\($0))" }.joined()
        return arrows + (lane.valid ? "✓" : "✗") + (lane.active == true ? "*" : "")
    }

    static let arrowsByIndication = [
        "left": "←", "slight left": "↖", "sharp left": "↙", "straight": "↑", "slight right": "↗",
        "right": "→", "sharp right": "↘", "uturn": "↶", "none": "·", "merge to left": "⇠", "merge to right": "⇢",
    ]

    static func distance(_ meters: Double) -> String {
        meters >= 1000 ? String(format: "%.2f km", meters / 1000) : String(format: "%.0f m", meters)
    }

    static func duration(_ seconds: Double) -> String {
        let total = Int(saturatingRounded: seconds)
        if total < 60 { return "\(total) s" }
        if total < 3600 { return "\(total / 60) min \(total % 60) s" }
        return "\(total / 3600) h \(total % 3600 / 60) min"
    }

    static func position(_ c: Coordinate) -> String { String(format: "%.6f, %.6f", c.latitude, c.longitude) }

    static func count(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    static func tenths(_ v: Double) -> Double { (v * 10).rounded() / 10 }
}

extension String {
    /// Right-aligned in `width` columns.
    func leftPad(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
