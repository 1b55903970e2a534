import Foundation
import RouteModel
import Guidance
import Phrasing

/// A route's planned announcements with their phrases, in the two machine formats that `transcript`, the batch
/// mode and `serve` all return: the transcript JSON of DESIGN.md §5 and the input response with Mapbox-style
/// `voiceInstructions` on every step.
public struct VoiceTranscript {
    /// The imported route (with its JSON retained for `mapbox()`).
    public var document: RouteDocument
    /// The derived route index.
    public var index: RouteIndex
    /// The locale tag the phrases are in.
    public var localeTag: String
    /// The phrase builder (locale and units).
    public var builder: PhraseBuilder
    /// The offline guidance run.
    public var run: GuidanceRun
    /// The phrase of each announcement, in the order of `run.announcements`.
    public var phrases: [Phrase]

    /// Wraps an existing plan.
    public init(document: RouteDocument, index: RouteIndex, localeTag: String, builder: PhraseBuilder,
                run: GuidanceRun, phrases: [Phrase]) {
        self.document = document
        self.index = index
        self.localeTag = localeTag
        self.builder = builder
        self.run = run
        self.phrases = phrases
    }

    /// Plans `document` offline in `locale` with `builder`: the same run `voiceguide transcript` makes.
    public init(planning document: RouteDocument, localeTag: String, builder: PhraseBuilder,
                estimator: (any DurationEstimator)? = nil, options: SimulatorOptions = SimulatorOptions()) {
        let index = RouteIndex(route: document.route)
        let run = OfflineGuidance.run(index, estimator: estimator ?? PhraseDurationEstimator(builder: builder), options: options)
        self.init(document: document, index: index, localeTag: localeTag, builder: builder, run: run,
                  phrases: run.announcements.map(builder.phrase))
    }

    private var items: [(announcement: Announcement, phrase: Phrase)] {
        Array(zip(run.announcements, phrases))
    }

    /// The transcript JSON of DESIGN.md §5 (extra fields: `spoken`, `thenStep`, `thenMoreSteps` for the further
    /// turns of a run named in the same announcement, `lanes`).
    public func json() -> JSONValue {
        let route = document.route
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
            .init(key: "locale", value: .string(localeTag)),
            .init(key: "units", value: .string(builder.units.rawValue)),
            .init(key: "route", value: .object([
                .init(key: "distanceMeters", value: .number(Self.round(route.distance, 1))),
                .init(key: "durationSeconds", value: .number(Self.round(route.duration, 1))),
                .init(key: "legs", value: .number(Double(route.legs.count))),
                .init(key: "steps", value: .number(Double(route.stepCount))),
            ])),
            .init(key: "announcements", value: .array(list)),
        ])
    }

    /// The input response with every step's `voiceInstructions` replaced by ours, Mapbox style: an instruction sits
    /// on the step before its maneuver (the depart on step 0), and `distanceAlongGeometry` is the distance from the
    /// trigger to the end of that step, clamped to the step's length (a trigger before the step starts is spoken as
    /// the step starts, as Mapbox navigation SDKs do).
    public func mapbox() -> JSONValue {
        let perStep = voiceInstructionsByStep()
        var json = document.json
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
        if document.isBareRoute {
            rewrite(route: &json)
        } else if case .array(var routes)? = json["routes"], routes.indices.contains(document.routeIndex) {
            rewrite(route: &routes[document.routeIndex])
            json.setMember("routes", to: .array(routes))
        }
        return json
    }

    /// The same response as `mapbox()`, written by splicing the voice instructions into `original`, the bytes the
    /// document was parsed from: every other byte stays as the router wrote it (a leading byte-order mark is
    /// dropped), and the rest of the response is not printed again. Nil when the route's steps cannot be found.
    public func mapboxBytes(original: [UInt8]) -> [UInt8]? {
        let perStep = voiceInstructionsByStep()
        let spans = original.withUnsafeBufferPointer {
            RouteStepSpans(bytes: $0, routeIndex: document.isBareRoute ? nil : document.routeIndex, member: "voiceInstructions")
        }
        guard let spans else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(original.count + perStep.reduce(0) { $0 + 96 + 256 * $1.count })
        let hasBOM = original.starts(with: [0xEF, 0xBB, 0xBF])
        var copied = hasBOM ? 3 : 0
        for (flat, step) in spans.steps.enumerated() where flat < perStep.count {
            guard let step else { continue }
            let value = JSONValue.array(perStep[flat]).serializedBytes(capacity: 64 + 256 * perStep[flat].count)
            if let existing = step.value {
                out += original[copied..<existing.lowerBound]
                out += value
                copied = existing.upperBound
            } else {
                out += original[copied..<step.close]
                out += Array((step.hasMembers ? ",\"voiceInstructions\":" : "\"voiceInstructions\":").utf8)
                out += value
                copied = step.close
            }
        }
        out += original[copied...]
        return out
    }

    /// Our voice instructions for each step (by flat index), Mapbox-style: each announcement goes on the step
    /// that leads to its maneuver (the depart on the first step), with its distance before that step's end.
    private func voiceInstructionsByStep() -> [[JSONValue]] {
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
        return perStep
    }

    private static func round(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }
}
