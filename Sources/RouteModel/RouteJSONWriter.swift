/// Writes a `Route` back as an OSRM v5 response with GeoJSON geometry (`{code, routes: [route], waypoints}`), in a
/// stable member order. `RouteImporter` reads it back into an equal `Route`.
public enum RouteJSONWriter {
    /// The response object for `route`. `stepExtras` may add members to each step (e.g. derived data); the
    /// importer ignores them.
    public static func response(_ route: Route, stepExtras: (StepID, Step) -> [JSONMember] = { _, _ in [] }) -> JSONValue {
        var legs = [JSONValue]()
        for (l, leg) in route.legs.enumerated() {
            var steps = [JSONValue]()
            for (s, step) in leg.steps.enumerated() {
                steps.append(.object(stepMembers(step) + stepExtras(StepID(leg: l, step: s), step)))
            }
            legs.append(object([("distance", .number(leg.distance)), ("duration", .number(leg.duration)),
                                ("summary", .string(leg.summary)), ("steps", .array(steps))]))
        }
        let routeObject = object([("distance", .number(route.distance)), ("duration", .number(route.duration)),
                                  ("geometry", lineString(route.geometry)), ("legs", .array(legs))])
        var members: [(String, JSONValue)] = [("code", .string("Ok")), ("routes", .array([routeObject]))]
        if !route.waypoints.isEmpty {
            members.append(("waypoints", .array(route.waypoints.map {
                object([("name", .string($0.name)), ("location", position($0.location))])
            })))
        }
        return object(members)
    }

    /// The response that `response(route, stepExtras:)` serializes to, with `leading` members first, written into
    /// `writer` as it is made: only one step's members are values at a time, and geometry is written from the
    /// route's coordinates (no tree of 2 million positions for a large route).
    public static func write(_ route: Route, leading: [JSONMember] = [], to writer: inout JSONStreamWriter,
                             stepExtras: (StepID, Step) -> [JSONMember] = { _, _ in [] }) {
        func member(_ key: String, _ value: JSONValue) {
            writer.key(key)
            writer.value(value)
        }
        func lineString(_ coords: [Coordinate]) {
            writer.beginObject()
            member("type", .string("LineString"))
            writer.key("coordinates")
            writer.positions(coords)
            writer.endObject()
        }
        writer.beginObject()
        for m in leading { member(m.key, m.value) }
        member("code", .string("Ok"))
        writer.key("routes")
        writer.beginArray()
        writer.beginObject()
        member("distance", .number(route.distance))
        member("duration", .number(route.duration))
        writer.key("geometry")
        lineString(route.geometry)
        writer.key("legs")
        writer.beginArray()
        for (l, leg) in route.legs.enumerated() {
            writer.beginObject()
            member("distance", .number(leg.distance))
            member("duration", .number(leg.duration))
            member("summary", .string(leg.summary))
            writer.key("steps")
            writer.beginArray()
            for (s, step) in leg.steps.enumerated() {
                writer.beginObject()
                for m in stepMembers(step, geometry: false) { member(m.key, m.value) }
                writer.key("geometry")
                lineString(step.geometry)
                for m in stepExtras(StepID(leg: l, step: s), step) { member(m.key, m.value) }
                writer.endObject()
            }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        writer.endArray()
        if !route.waypoints.isEmpty {
            member("waypoints", .array(route.waypoints.map {
                object([("name", .string($0.name)), ("location", position($0.location))])
            }))
        }
        writer.endObject()
    }

    /// A step's members in order; `geometry` last unless left out (for a writer that streams it).
    static func stepMembers(_ step: Step, geometry: Bool = true) -> [JSONMember] {
        let m = step.maneuver
        var maneuver: [(String, JSONValue)] = [("type", .string(m.rawType))]
        maneuver += optional("modifier", m.modifier?.rawValue)
        maneuver += [("location", position(m.location)), ("bearing_before", .number(m.bearingBefore)),
                     ("bearing_after", .number(m.bearingAfter))]
        if let exit = m.exit { maneuver.append(("exit", .number(Double(exit)))) }
        maneuver += optional("instruction", m.instruction)
        var members: [(String, JSONValue)] = [("maneuver", object(maneuver)), ("distance", .number(step.distance)),
                                              ("duration", .number(step.duration)), ("name", .string(step.name))]
        members += optional("ref", step.ref) + optional("pronunciation", step.pronunciation)
            + optional("destinations", step.destinations) + optional("exits", step.exits)
            + optional("rotary_name", step.rotaryName) + optional("rotary_pronunciation", step.rotaryPronunciation)
            + optional("junction_name", step.junctionName)
        members += [("mode", .string(step.mode)), ("driving_side", .string(step.drivingSide.rawValue)),
                    ("intersections", .array(step.intersections.map(intersection)))]
        if geometry { members.append(("geometry", lineString(step.geometry))) }
        return members.map { JSONMember(key: $0.0, value: $0.1) }
    }

    static func intersection(_ i: Intersection) -> JSONValue {
        var members: [(String, JSONValue)] = [("location", position(i.location)),
                                              ("bearings", .array(i.bearings.map { .number($0) })),
                                              ("entry", .array(i.entry.map { .bool($0) }))]
        if let v = i.inIndex { members.append(("in", .number(Double(v)))) }
        if let v = i.outIndex { members.append(("out", .number(Double(v)))) }
        if let lanes = i.lanes {
            members.append(("lanes", .array(lanes.map { lane in
                var l: [(String, JSONValue)] = [("indications", .array(lane.indications.map { .string($0) })),
                                                ("valid", .bool(lane.valid))]
                if let active = lane.active { l.append(("active", .bool(active))) }
                l += optional("valid_indication", lane.validIndication)
                return object(l)
            })))
        }
        if !i.classes.isEmpty { members.append(("classes", .array(i.classes.map { .string($0) }))) }
        return object(members)
    }

    /// `[longitude, latitude]`.
    public static func position(_ c: Coordinate) -> JSONValue { .array([.number(c.longitude), .number(c.latitude)]) }

    /// A GeoJSON LineString.
    public static func lineString(_ coords: [Coordinate]) -> JSONValue {
        object([("type", .string("LineString")), ("coordinates", .array(coords.map(position)))])
    }

    static func optional(_ key: String, _ value: String?) -> [(String, JSONValue)] {
        value.map { [(key, .string($0))] } ?? []
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.map { JSONMember(key: $0.0, value: $0.1) })
    }
}
