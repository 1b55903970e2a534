import Foundation
import RouteModel
import Guidance
import Phrasing

/// Localized `bannerInstructions` in the Mapbox Directions API's shape: one banner per step
/// with a length, shown from the step's start, about the maneuver at the step's end. `primary` names the road
/// turned onto (refs as `icon` components, the name as `text`, the exit number as `exit-number` after the
/// locale's word for an exit, `words.exit`, as `exit`), or, with no name, our own words for the maneuver in
/// the locale ("Biegen Sie rechts ab."); arrivals are our arrival sentence. `secondary` carries the signposted
/// destinations, `sub` the lanes; at a roundabout `degrees` is the exit's angle round it (`RoundaboutExitAngle`),
/// never the exit number. The router's `abbr`, `abbr_priority` and shield image members are kept on the
/// component with the same text.
struct BannerInstructions {
    /// The route index.
    let index: RouteIndex
    /// The phrase builder of the locale.
    let builder: PhraseBuilder
    /// Announcement facts per step (lanes, arrival side, waypoint names) from the planned run, by flat index.
    let descriptions: [Int: ManeuverDescription]
    /// The router's own banners, by flat index (for abbreviations and shields).
    let routerBanners: [Int: JSONValue]
    /// The locale's word before an exit number ("Exit", "Ausfahrt"), a component of type `exit`.
    let exitWord: String

    /// The banners of every step, by flat index.
    func byStep() -> [[JSONValue]] { index.steps.indices.map(forStep) }

    /// The banners of the step at flat index `flat`: one, about the next maneuver of its leg, shown from its start
    /// (none on a step without a length or on the last step of a leg).
    func forStep(_ flat: Int) -> [JSONValue] {
        let step = index.steps[flat]
        let next = step.flatIndex + 1
        guard next < index.steps.count, index.steps[next].id.leg == step.id.leg,
              step.endMeters > step.startMeters else { return [] }
        let length = min(step.endMeters - step.startMeters, step.step.distance > 0 ? step.step.distance : .infinity)
        return [banner(for: next, along: VoiceTranscript.roundDown(length, 1), on: step.flatIndex)]
    }

    /// The banner about the maneuver of flat step `flat`, shown `along` meters before the end of step `holder`.
    func banner(for flat: Int, along: Double, on holder: Int) -> JSONValue {
        let indexed = index.steps[flat]
        let step = indexed.step
        let known = routerComponents(holder)
        var primary: [JSONMember] = []
        var components: [JSONValue] = []
        let isArrival = step.maneuver.type == .arrive || indexed.id.step == index.route.legs[indexed.id.leg].steps.count - 1
        let name = step.name.trimmingCharacters(in: .whitespaces)
        let refs = (step.ref ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let text: String
        if !isArrival, let exits = step.exits?.split(separator: ";").first.map({ $0.trimmingCharacters(in: .whitespaces) }), !exits.isEmpty,
           [.offRamp, .roundabout, .rotary, .exitRoundabout, .exitRotary].contains(step.maneuver.type) {
            components.append(component(exitWord, type: "exit", known: [:]))
            components.append(component(exits, type: "exit-number", known: known))
        }
        if isArrival || (name.isEmpty && refs.isEmpty) {
            text = phrase(flat, arrival: isArrival).display
            components.append(component(text, type: "text", known: known))
        } else {
            for ref in refs { components.append(component(ref, type: "icon", known: known)) }
            if !refs.isEmpty, !name.isEmpty { components.append(component("/", type: "delimiter", known: [:])) }
            if !name.isEmpty { components.append(component(name, type: "text", known: known)) }
            text = name.isEmpty ? refs.joined(separator: " / ") : (refs.isEmpty ? name : refs.joined(separator: " / ") + " / " + name)
        }
        primary.append(.init(key: "text", value: .string(text)))
        primary.append(.init(key: "components", value: .array(components)))
        primary.append(.init(key: "type", value: .string(step.maneuver.rawType)))
        if let modifier = step.maneuver.modifier { primary.append(.init(key: "modifier", value: .string(modifier.rawValue))) }
        if let degrees = RoundaboutExitAngle.degrees(at: indexed.id.step, of: index.route.legs[indexed.id.leg].steps) {
            primary.append(.init(key: "degrees", value: .number(Double(degrees))))
        }
        primary.append(.init(key: "driving_side", value: .string(step.drivingSide.rawValue)))
        var banner: [JSONMember] = [.init(key: "distanceAlongGeometry", value: .number(along)),
                                    .init(key: "primary", value: .object(primary))]
        if let destinations = step.destinations.map(Self.destinationText), !destinations.isEmpty {
            banner.append(.init(key: "secondary", value: .object([
                .init(key: "text", value: .string(destinations)),
                .init(key: "components", value: .array([component(destinations, type: "text", known: known)])),
            ])))
        }
        if let lanes = step.maneuverLanes, !lanes.isEmpty {
            banner.append(.init(key: "sub", value: .object([
                .init(key: "text", value: .string("")),
                .init(key: "components", value: .array(lanes.map { lane in
                    var members: [JSONMember] = [.init(key: "text", value: .string("")), .init(key: "type", value: .string("lane")),
                                                 .init(key: "directions", value: .array(lane.indications.map { .string($0) })),
                                                 .init(key: "active", value: .bool(lane.valid))]
                    if let direction = lane.validIndication { members.append(.init(key: "active_direction", value: .string(direction))) }
                    return .object(members)
                })),
            ])))
        }
        return .object(banner)
    }

    /// Our phrase for the maneuver of flat step `flat` said at the maneuver (no distance, no "then").
    func phrase(_ flat: Int, arrival: Bool) -> Phrase {
        let indexed = index.steps[flat]
        let description = descriptions[flat]
            ?? ManeuverDescription(id: indexed.id, step: indexed.step, lanes: indexed.step.maneuverLanes.flatMap(LaneHint.init(lanes:)))
        let final = indexed.id.leg == index.route.legs.count - 1
        return builder.phrase(Announcement(kind: arrival ? (final ? .arrive : .waypoint) : .now, maneuver: description))
    }

    /// A component, with the router's `abbr`, `abbr_priority` and shield members for the same text.
    func component(_ text: String, type: String, known: [String: [JSONMember]]) -> JSONValue {
        var members: [JSONMember] = [.init(key: "text", value: .string(text)), .init(key: "type", value: .string(type))]
        let kept = ["abbr", "abbr_priority", "imageBaseURL", "mapbox_shield"]
        members += (known[text] ?? []).filter { kept.contains($0.key) }
        return .object(members)
    }

    /// The router's banner components on step `holder` by text (primary and secondary).
    func routerComponents(_ holder: Int) -> [String: [JSONMember]] {
        guard case .array(let banners)? = routerBanners[holder] else { return [:] }
        var out: [String: [JSONMember]] = [:]
        for banner in banners {
            for part in ["primary", "secondary"] {
                guard case .array(let list)? = banner[part]?["components"] else { continue }
                for case .object(let members) in list {
                    if case .string(let text)? = members.first(where: { $0.key == "text" })?.value, out[text] == nil {
                        out[text] = members
                    }
                }
            }
        }
        return out
    }

    /// Signpost text for the screen: the refs, an en dash, the places ("A 1, A 7 – Hamburg, Bremen"), with a
    /// space after every comma.
    static func destinationText(_ raw: String) -> String {
        func list(_ text: Substring) -> String {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
        if let colon = raw.firstIndex(of: ":") {
            let refs = list(raw[..<colon]), places = list(raw[raw.index(after: colon)...])
            return [refs, places].filter { !$0.isEmpty }.joined(separator: " – ")
        }
        return list(raw[...])
    }
}
