import Foundation
import RouteModel
import Guidance
import Phrasing

/// The formats a transcript is written in (docs/transcript-format.md), the one list of them: `transcript
/// --format`, its help and errors, shell completion and `--batch` all take their names from here, and
/// `VoiceTranscript.write` renders each one.
public enum TranscriptFormat: String, CaseIterable, Sendable {
    /// One line per announcement: time, distance, kind, step, display text (the default).
    case text
    /// docs/transcript.schema.json.
    case json
    /// SubRip subtitles: each announcement from its trigger time for its speaking time.
    case srt
    /// WebVTT subtitles, the same cues as `srt`.
    case vtt
    /// The input response with our `voiceInstructions` (and localized `bannerInstructions`) on every step.
    case mapbox

    /// True for the formats that are one JSON document (what `--batch` and `serve` return).
    public var isJSON: Bool { self == .json || self == .mapbox }

    /// True when the format writes the input response back (its JSON must be kept when the route is imported).
    public var needsInputJSON: Bool { self == .mapbox }

    /// The names of `formats` for help and errors: "text, json, srt, vtt, or mapbox".
    public static func names(_ formats: [TranscriptFormat] = allCases) -> String { names(formats.map(\.rawValue)) }

    /// `words` as a list for help: "a, b, or c".
    public static func names(_ words: [String], conjunction: String = "or") -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + (words.count > 2 ? "," : "") + " \(conjunction) \(last)"
    }
}

extension VoiceTranscript {
    /// Writes this transcript in `format` to `emit`, in pieces (the JSON formats are streamed, so a route of
    /// 2 million points is never held as text or as a second tree). `routeName` heads the text format;
    /// `extraMembers` are appended to the json format's top-level object (`"stats"`). Text, srt and vtt end with
    /// their last line; the JSON formats with an empty line, as `transcript` has always printed them.
    public func write(_ format: TranscriptFormat, routeName: String, extraMembers: [JSONMember] = [],
                      to emit: @escaping (String) -> Void) {
        switch format {
        case .text: emit(text(routeName: routeName))
        case .srt: emit(subtitles(vtt: false))
        case .vtt: emit(subtitles(vtt: true))
        case .json, .mapbox:
            var writer = JSONStreamWriter(pretty: true, emit: emit)
            if format == .json { writeJSON(to: &writer, extraMembers: extraMembers) } else { writeMapbox(to: &writer) }
            writer.finish()
            emit("\n")
        }
    }

    /// One line per announcement after a header: simulated time, distance along the route, kind, step, display text.
    public func text(routeName: String) -> String {
        let route = document.route
        let units = builder.units
        var out = "# \(routeName) — \(localeTag), \(units.rawValue); "
        out += "\(DistanceFormatting.long(route.distance, units: units)), "
        out += "\(TimeFormatting.clock(route.duration)), \(run.announcements.count) announcements\n"
        for (a, p) in zip(run.announcements, phrases) {
            let step = a.maneuver.map { "\($0.id.leg)/\($0.id.step)" } ?? "-"
            let kind = a.kind.rawValue + (a.then != nil ? "+then" : "")
            let clock = TimeFormatting.clock(a.triggerSeconds)
            out += String(repeating: " ", count: max(0, 7 - clock.count)) + clock + "  "
            out += DistanceFormatting.long(a.triggerMeters, units: units, width: 10) + "  "
            out += kind.padding(toLength: 13, withPad: " ", startingAt: 0) + " " + step
            out += String(repeating: " ", count: max(1, 7 - step.count))
            out += p.display + "\n"
        }
        return out
    }

    /// SubRip (`vtt` false) or WebVTT subtitles: each announcement from its trigger time for its speaking time
    /// (at least half a second).
    public func subtitles(vtt: Bool) -> String {
        var out = vtt ? "WEBVTT\n\n" : ""
        let separator: Character = vtt ? "." : ","
        for (n, (a, p)) in zip(run.announcements, phrases).enumerated() {
            let end = a.triggerSeconds + max(a.durationSeconds, 0.5)
            if !vtt { out += "\(n + 1)\n" }
            out += "\(TimeFormatting.subtitle(a.triggerSeconds, separator: separator)) --> \(TimeFormatting.subtitle(end, separator: separator))\n"
            out += p.display + "\n\n"
        }
        return out
    }

    /// `json()` written piece by piece into `writer` (the same bytes), one announcement built at a time, with
    /// `extraMembers` appended to the top-level object.
    public func writeJSON(to writer: inout JSONStreamWriter, extraMembers: [JSONMember] = []) {
        writer.beginObject()
        for member in jsonHeader {
            writer.key(member.key)
            writer.value(member.value)
        }
        writer.key("announcements")
        writer.beginArray()
        for (a, p) in zip(run.announcements, phrases) { writer.value(Self.json(a, p)) }
        writer.endArray()
        for member in extraMembers {
            writer.key(member.key)
            writer.value(member.value)
        }
        writer.endObject()
    }

    /// `mapbox()` written piece by piece into `writer` (the same bytes): the input tree is walked and written as
    /// it is, our members put in on the way, so the response is never copied into a second tree.
    public func writeMapbox(to writer: inout JSONStreamWriter) {
        let edits = MapboxEdits(voice: voiceInstructionsByStep(), banners: keepsBanners ? nil : bannerInstructions(),
                                localeTag: localeTag)
        let json = document.json
        if document.isBareRoute {
            edits.writeRoute(json, to: &writer)
        } else if case .array(let routes)? = json["routes"], routes.indices.contains(document.routeIndex),
                  case .object(let members) = json {
            let routeIndex = document.routeIndex
            MapboxEdits.writeObject(members, to: &writer, replacing: [("routes", { writer, value in
                guard case .array(let routes)? = value else { return }
                MapboxEdits.writeArray(routes, to: &writer) { n, route, writer in
                    if n == routeIndex { edits.writeRoute(route, to: &writer) } else { writer.value(route) }
                }
            })])
        } else {
            writer.value(json)
        }
    }
}

/// What `VoiceTranscript.mapbox()` changes in the input, applied while the input is written: `voiceLocale` on
/// the route, and on each step (by flat index, across the legs) its voice and banner instructions. Each member
/// replaces the last one of its name in place, or is added at the end of its object, as `JSONValue.setMember` does.
private struct MapboxEdits {
    let voice: [[JSONValue]]
    /// Made one step at a time as the step is written (a route's worth of banners is large as values).
    let banners: BannerInstructions?
    let localeTag: String

    /// A member written by a closure instead of its value (given the input's value, nil when the object lacks it).
    typealias Replacement = (key: String, write: (inout JSONStreamWriter, JSONValue?) -> Void)

    /// Writes `route` with our `voiceLocale` and its steps' instructions.
    func writeRoute(_ route: JSONValue, to writer: inout JSONStreamWriter) {
        guard case .object(let members) = route, case .array? = route["legs"] else {
            // Not a route object, or one without legs: only `voiceLocale` changes (on an object).
            guard case .object(let members) = route else { writer.value(route); return }
            Self.writeObject(members, to: &writer, replacing: [("voiceLocale", { writer, _ in writer.value(.string(localeTag)) })])
            return
        }
        var flat = 0
        Self.writeObject(members, to: &writer, replacing: [
            ("voiceLocale", { writer, _ in writer.value(.string(localeTag)) }),
            ("legs", { writer, value in
                guard case .array(let legs)? = value else { return }
                Self.writeArray(legs, to: &writer) { _, leg, writer in
                    guard case .object(let legMembers) = leg, case .array? = leg["steps"] else { writer.value(leg); return }
                    Self.writeObject(legMembers, to: &writer, replacing: [("steps", { writer, steps in
                        guard case .array(let steps)? = steps else { return }
                        Self.writeArray(steps, to: &writer) { _, step, writer in
                            defer { if flat < voice.count { flat += 1 } }
                            guard flat < voice.count, case .object(let stepMembers) = step else { writer.value(step); return }
                            let n = flat
                            var replacing: [Replacement] = [("voiceInstructions", { writer, _ in writer.value(.array(voice[n])) })]
                            if let banners {
                                replacing.append(("bannerInstructions", { writer, _ in writer.value(.array(banners.forStep(n))) }))
                            }
                            Self.writeObject(stepMembers, to: &writer, replacing: replacing)
                        }
                    })], addsMissing: false)
                }
            }),
        ], addsMissing: true, only: ["voiceLocale"])
    }

    /// Writes an object's members in order, the last member of each replaced name written by its closure; the
    /// replaced names the object lacks are added at its end, in order (those of `only`, when given).
    static func writeObject(_ members: [JSONMember], to writer: inout JSONStreamWriter, replacing: [Replacement],
                            addsMissing: Bool = true, only: Set<String>? = nil) {
        var last: [String: Int] = [:]
        for (i, member) in members.enumerated() where replacing.contains(where: { $0.key == member.key }) { last[member.key] = i }
        writer.beginObject()
        for (i, member) in members.enumerated() {
            writer.key(member.key)
            if last[member.key] == i, let replacement = replacing.first(where: { $0.key == member.key }) {
                replacement.write(&writer, member.value)
            } else {
                writer.value(member.value)
            }
        }
        if addsMissing {
            for replacement in replacing where last[replacement.key] == nil && (only?.contains(replacement.key) ?? true) {
                writer.key(replacement.key)
                replacement.write(&writer, nil)
            }
        }
        writer.endObject()
    }

    /// Writes an array item by item through `item` (given its position); a short array of numbers stays one value,
    /// as pretty serialization writes it on one line.
    static func writeArray(_ items: [JSONValue], to writer: inout JSONStreamWriter,
                           item: (Int, JSONValue, inout JSONStreamWriter) -> Void) {
        if items.count <= 8, items.allSatisfy({ if case .number = $0 { true } else { false } }) {
            writer.value(.array(items))
            return
        }
        writer.beginArray()
        for (n, value) in items.enumerated() { item(n, value, &writer) }
        writer.endArray()
    }
}
