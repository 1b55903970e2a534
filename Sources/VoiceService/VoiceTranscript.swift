import Foundation
import RouteModel
import Guidance
import Phrasing

/// A route's planned announcements with their phrases, in the two machine formats that `transcript`, the batch
/// mode and `serve` all return: docs/transcript-format.md's JSON and the input response with Mapbox-style
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
    /// True to leave the router's `bannerInstructions` as they are (`--keep-banners`).
    public var keepsBanners = false
    /// The word banners show before an exit number (`type: exit`), in the locale ("Ausfahrt").
    public var exitWord = "Exit"

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
    /// With `freeFlow` (what exported instructions are planned at), each step is driven at the higher of its own
    /// and its road's free-flow speed (`FreeFlowSpeeds`).
    public init(planning document: RouteDocument, localeTag: String, builder: PhraseBuilder,
                estimator: (any DurationEstimator)? = nil, options: SimulatorOptions = SimulatorOptions(), freeFlow: Bool = false) {
        let index = RouteIndex(route: freeFlow ? FreeFlowSpeeds.route(document) : document.route)
        let run = OfflineGuidance.run(index, estimator: estimator ?? PhraseDurationEstimator(builder: builder), options: options)
        self.init(document: document, index: index, localeTag: localeTag, builder: builder, run: run,
                  phrases: run.announcements.map(builder.phrase))
    }

    private var items: [(announcement: Announcement, phrase: Phrase)] {
        Array(zip(run.announcements, phrases))
    }

    /// docs/transcript-format.md's JSON (extra fields: `spoken`, `thenStep`, `thenMoreSteps` for the further
    /// turns of a run named in the same announcement, `lanes`). `writeJSON` streams the same text.
    public func json() -> JSONValue {
        .object(jsonHeader + [.init(key: "announcements", value: .array(items.map { Self.json($0.announcement, $0.phrase) }))])
    }

    /// The members of the transcript JSON before its `announcements`: locale, units and the route's totals.
    var jsonHeader: [JSONMember] {
        let route = document.route
        return [
            .init(key: "locale", value: .string(localeTag)),
            .init(key: "units", value: .string(builder.units.rawValue)),
            .init(key: "route", value: .object([
                .init(key: "distanceMeters", value: .number(Self.round(route.distance, 1))),
                .init(key: "durationSeconds", value: .number(Self.round(route.duration, 1))),
                .init(key: "legs", value: .number(Double(route.legs.count))),
                .init(key: "steps", value: .number(Double(route.stepCount))),
            ])),
        ]
    }

    /// One announcement of the transcript JSON.
    static func json(_ a: Announcement, _ p: Phrase) -> JSONValue {
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
        if let kmh = a.speedLimitKmh {
            m.append(.init(key: "speedLimitKmh", value: .number(Self.round(kmh, 1))))
        }
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
        return .object(m)
    }

    /// The input response as a Mapbox client plays it (`writeMapbox` streams the same text): the route's `voiceLocale` is the locale we spoke, every
    /// step's `voiceInstructions` are ours (each on the step where its trigger lies, `distanceAlongGeometry` from
    /// the trigger to that step's end, never more than the step's length: `InstructionPlacement`), and every
    /// step's `bannerInstructions` are ours in the locale (`BannerInstructions`) unless `keepsBanners`.
    public func mapbox() -> JSONValue {
        let voice = voiceInstructionsByStep()
        let banners = keepsBanners ? nil : bannerInstructionsByStep()
        var json = document.json
        func rewrite(route: inout JSONValue) {
            route.setMember("voiceLocale", to: .string(localeTag))
            guard case .array(var legs)? = route["legs"] else { return }
            var flat = 0
            for l in legs.indices {
                guard case .array(var steps)? = legs[l]["steps"] else { continue }
                for s in steps.indices where flat < voice.count {
                    steps[s].setMember("voiceInstructions", to: .array(voice[flat]))
                    if let banners { steps[s].setMember("bannerInstructions", to: .array(banners[flat])) }
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

    /// The same response as `mapbox()`, written by splicing `voiceLocale` and the voice and banner instructions
    /// into `original`, the bytes the document was parsed from: every other byte stays as the router wrote it (a
    /// leading byte-order mark is dropped), and the rest of the response is not printed again. Nil when the
    /// route's steps cannot be found.
    public func mapboxBytes(original: [UInt8]) -> [UInt8]? {
        let voice = voiceInstructionsByStep()
        let banners = keepsBanners ? nil : bannerInstructionsByStep()
        let routeIndex = document.isBareRoute ? nil : document.routeIndex
        let (voiceSpans, bannerSpans) = original.withUnsafeBufferPointer {
            (RouteStepSpans(bytes: $0, routeIndex: routeIndex, member: "voiceInstructions", routeMember: "voiceLocale"),
             banners == nil ? nil : RouteStepSpans(bytes: $0, routeIndex: routeIndex, member: "bannerInstructions"))
        }
        guard let voiceSpans, let route = voiceSpans.route else { return nil }
        // Edits by offset: a replaced value, or members added before an object's closing brace.
        var replacements: [(range: Range<Int>, bytes: [UInt8])] = []
        var additions: [Int: (hasMembers: Bool, members: [[UInt8]])] = [:]
        func set(_ object: RouteStepSpans.StepObject, _ name: String, _ value: [UInt8]) {
            if let existing = object.value {
                replacements.append((existing, value))
            } else {
                additions[object.close, default: (object.hasMembers, [])].members.append(Array("\"\(name)\":".utf8) + value)
            }
        }
        set(route, "voiceLocale", JSONValue.string(localeTag).serializedBytes())
        for (flat, step) in voiceSpans.steps.enumerated() where flat < voice.count {
            guard let step else { continue }
            set(step, "voiceInstructions", JSONValue.array(voice[flat]).serializedBytes(capacity: 64 + 256 * voice[flat].count))
        }
        if let banners, let bannerSpans {
            for (flat, step) in bannerSpans.steps.enumerated() where flat < banners.count {
                guard let step else { continue }
                set(step, "bannerInstructions", JSONValue.array(banners[flat]).serializedBytes(capacity: 64 + 512 * banners[flat].count))
            }
        }
        var edits = replacements
        for (close, added) in additions {
            var bytes = [UInt8]()
            for (n, member) in added.members.enumerated() {
                if n > 0 || added.hasMembers { bytes.append(UInt8(ascii: ",")) }
                bytes += member
            }
            edits.append((close..<close, bytes))
        }
        edits.sort { $0.range.lowerBound < $1.range.lowerBound }
        var out = [UInt8]()
        out.reserveCapacity(original.count + edits.reduce(0) { $0 + $1.bytes.count })
        var copied = original.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        for edit in edits {
            out += original[copied..<edit.range.lowerBound]
            out += edit.bytes
            copied = edit.range.upperBound
        }
        out += original[copied...]
        return out
    }

    /// Our voice instructions for each step (by flat index), placed by `InstructionPlacement`, in trigger order.
    func voiceInstructionsByStep() -> [[JSONValue]] {
        var perStep = [[JSONValue]](repeating: [], count: index.steps.count)
        var flatOf = [StepID: Int]()
        for s in index.steps { flatOf[s.id] = s.flatIndex }
        let placement = InstructionPlacement(index: index)
        for (a, p) in items {
            // Alerts are no instructions: a Mapbox client has no place for them.
            guard !a.kind.isAlert, let id = a.maneuver?.id, let flat = flatOf[id] else { continue }
            let (holder, along) = placement.place(trigger: a.triggerMeters, maneuver: flat)
            let step = index.steps[holder]
            let length = min(step.endMeters - step.startMeters, step.step.distance > 0 ? step.step.distance : .infinity)
            perStep[holder].append(.object([
                .init(key: "distanceAlongGeometry", value: .number(min(Self.round(along, 1), Self.roundDown(length, 1)))),
                .init(key: "announcement", value: .string(p.spoken)),
                .init(key: "ssmlAnnouncement", value: .string(p.ssml)),
            ]))
        }
        return perStep
    }

    /// Our banner instructions for each step (by flat index).
    func bannerInstructionsByStep() -> [[JSONValue]] { bannerInstructions().byStep() }

    /// Our banner instructions, made step by step when asked for.
    func bannerInstructions() -> BannerInstructions {
        var descriptions: [Int: ManeuverDescription] = [:]
        var flatOf = [StepID: Int]()
        for s in index.steps { flatOf[s.id] = s.flatIndex }
        for a in run.announcements {
            guard let m = a.maneuver, let flat = flatOf[m.id], descriptions[flat] == nil else { continue }
            descriptions[flat] = m
        }
        var router: [Int: JSONValue] = [:]
        if let legs = routeJSON?["legs"], case .array(let list) = legs {
            var flat = 0
            for leg in list {
                guard case .array(let steps)? = leg["steps"] else { continue }
                for step in steps {
                    if let banners = step["bannerInstructions"] { router[flat] = banners }
                    flat += 1
                }
            }
        }
        return BannerInstructions(index: index, builder: builder, descriptions: descriptions, routerBanners: router,
                                  exitWord: exitWord)
    }

    /// The picked route object of the input (nil when the JSON was not kept).
    public var routeJSON: JSONValue? { Self.routeJSON(of: document) }

    /// The picked route object of `document`'s input (nil when the JSON was not kept).
    public static func routeJSON(of document: RouteDocument) -> JSONValue? {
        document.isBareRoute ? document.json : document.json["routes"]?[document.routeIndex]
    }

    /// The `voiceLocale` the router labelled `document`'s route with, if any.
    public static func routerVoiceLocale(of document: RouteDocument) -> String? {
        guard case .string(let tag)? = routeJSON(of: document)?["voiceLocale"], !tag.isEmpty else { return nil }
        return tag
    }

    /// `value` rounded down to `digits` decimals (a clamp that rounding must not push past).
    static func roundDown(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded(.down) / scale
    }

    private static func round(_ value: Double, _ digits: Int) -> Double {
        let scale = pow(10, Double(digits))
        return (value * scale).rounded() / scale
    }
}
