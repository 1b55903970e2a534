import Foundation
import RouteModel
import Guidance
import Phrasing

/// Both RouteModel and Phrasing declare a JSON value type; transcripts use the route model's (ordered, serializable).
typealias JSONValue = RouteModel.JSONValue
typealias JSONMember = RouteModel.JSONMember

/// A planned drive rendered in the transcript formats of DESIGN.md §4–§5.
struct Transcript {
    /// Route, locale and builder.
    let settings: GuidanceSettings
    /// The announcements with their phrases.
    let plan: PlannedGuidance

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

    /// The transcript JSON of DESIGN.md §5 (extra fields: `spoken`, `thenStep`, `thenMoreSteps` for the further
    /// turns of a run named in the same announcement, `lanes`).
    func json() -> JSONValue {
        let route = settings.document.route
        var list = [JSONValue]()
        for (a, p) in items {
            var m: [JSONMember] = []
            m.append(.init(key: "leg", value: a.maneuver.map { .number(Double($0.id.leg)) } ?? .null))
            m.append(.init(key: "step", value: a.maneuver.map { .number(Double($0.id.step)) } ?? .null))
            m.append(.init(key: "kind", value: .string(a.kind.rawValue)))
            m.append(.init(key: "then", value: .bool(a.then != nil)))
            m.append(.init(key: "triggerMeters", value: .number(Self.round(a.triggerMeters, 1))))
            m.append(.init(key: "triggerSeconds", value: .number(Self.round(a.triggerSeconds, 2))))
            m.append(.init(key: "distanceToManeuverMeters", value: .number(Self.round(a.distanceToManeuverMeters, 1))))
            m.append(.init(key: "text", value: .string(p.display)))
            m.append(.init(key: "spoken", value: .string(p.spoken)))
            m.append(.init(key: "ssml", value: .string(p.ssml)))
            m.append(.init(key: "durationSeconds", value: .number(Self.round(a.durationSeconds, 2))))
            if let then = a.then {
                m.append(.init(key: "thenStep", value: .number(Double(then.maneuver.id.step))))
            }
            if !a.thenMore.isEmpty {
                m.append(.init(key: "thenMoreSteps", value: .array(a.thenMore.map { .number(Double($0.maneuver.id.step)) })))
            }
            if let lanes = a.maneuver?.lanes {
                m.append(.init(key: "lanes", value: .object([
                    .init(key: "position", value: .string(lanes.position.rawValue)),
                    .init(key: "usable", value: .number(Double(lanes.usableCount))),
                    .init(key: "total", value: .number(Double(lanes.totalCount))),
                ])))
            }
            list.append(.object(m))
        }
        return .object([
            .init(key: "locale", value: .string(settings.locale.profile.tag)),
            .init(key: "units", value: .string(settings.builder.units.rawValue)),
            .init(key: "route", value: .object([
                .init(key: "distanceMeters", value: .number(Self.round(route.distance, 1))),
                .init(key: "durationSeconds", value: .number(Self.round(route.duration, 1))),
                .init(key: "legs", value: .number(Double(route.legs.count))),
                .init(key: "steps", value: .number(Double(route.stepCount))),
            ])),
            .init(key: "announcements", value: .array(list)),
        ])
    }

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

    /// The input response with every step's `voiceInstructions` replaced by ours, Mapbox style: an instruction sits
    /// on the step before its maneuver (the depart on step 0), and `distanceAlongGeometry` is the distance from the
    /// trigger to the end of that step, clamped to the step's length (a trigger before the step starts is spoken as
    /// the step starts, as Mapbox navigation SDKs do).
    func mapbox() -> JSONValue {
        let index = settings.index
        var perStep = [[JSONValue]](repeating: [], count: index.steps.count)
        var flatOf = [StepID: Int]()
        for s in index.steps { flatOf[s.id] = s.flatIndex }
        for (a, p) in items {
            guard let id = a.maneuver?.id, let flat = flatOf[id] else { continue }
            let holder = id.step == 0 ? flat : flat - 1
            let step = index.steps[holder]
            let length = step.endMeters - step.startMeters
            let along = min(length, max(0, step.endMeters - a.triggerMeters))
            perStep[holder].append(.object([
                .init(key: "distanceAlongGeometry", value: .number(Self.round(along, 1))),
                .init(key: "announcement", value: .string(p.spoken)),
                .init(key: "ssmlAnnouncement", value: .string(p.ssml)),
            ]))
        }
        var json = settings.document.json
        func rewrite(route: inout JSONValue) {
            guard case .array(var legs)? = route["legs"] else { return }
            var flat = 0
            for l in legs.indices {
                guard case .array(var steps)? = legs[l]["steps"] else { continue }
                for s in steps.indices where flat < perStep.count {
                    steps[s].setMember("voiceInstructions", to: .array(perStep[flat]))
                    flat += 1
                }
                legs[l].setMember("steps", to: .array(steps))
            }
            route.setMember("legs", to: .array(legs))
        }
        if settings.document.isBareRoute {
            rewrite(route: &json)
        } else if case .array(var routes)? = json["routes"], routes.indices.contains(settings.document.routeIndex) {
            rewrite(route: &routes[settings.document.routeIndex])
            json.setMember("routes", to: .array(routes))
        }
        return json
    }

    /// The `--stats` guidance-quality report.
    func statsText() -> String {
        let r = plan.run.report
        var lines = ["Guidance quality — \(settings.routeName) (\(settings.locale.profile.tag))",
                     "  maneuvers:          \(r.maneuvers)",
                     "  announced:          \(r.announced)",
                     "  chained (then):     \(r.chained)",
                     "  shortest lead time: " + (r.shortestLeadSeconds.map { String(format: "%.1f s", $0) } ?? "-"),
                     "  overlaps:           \(r.overlaps)",
                     "  duplicates:         \(r.duplicates)",
                     "  late:               \(r.late)",
                     "  missed:             " + (r.missed.isEmpty ? "0" : r.missed.map(\.description).joined(separator: ", "))]
        let facts = FactsCarried(announcements: plan.run.announcements, announceable: r.announceable,
                                 index: settings.index, builder: settings.builder)
        lines.append("  facts carried:      " + facts.summary)
        lines += facts.missing.map { "    - not said: step \($0)" }
        let warnings = settings.document.route.warnings.map(\.description) + r.warnings
        lines.append("  warnings:           \(warnings.isEmpty ? "none" : String(warnings.count))")
        lines += warnings.map { "    - \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func round(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }
}
