import SafeIO

/// State of one import: the polyline precision, the formats seen and the warnings recorded.
struct ImportContext {
    let file: String
    var precision: Int
    var sawPolyline = false
    var sawGeoJSON = false
    var warnings: [ImportWarning] = []
    /// Warnings past `maxWarnings`, counted rather than kept (a 50,000-step route must not make 50,000 lines).
    var suppressedWarnings = 0
    /// Seconds taken off leg durations by implausible step durations, per leg being read.
    var plannedSecondsSaved = 0.0
    /// Where the previous step ended (its last geometry point), across legs, with its path.
    var previousEnd: (point: Coordinate, path: String)?
    /// Sum of the gaps between steps that do not join, and the distance of all steps, meters.
    var gapMeters = 0.0
    var stepMeters = 0.0
    var gapCount = 0

    /// Most warnings kept per import.
    static let maxWarnings = 200

    init(file: String, precision: Int) {
        self.file = file
        self.precision = precision
    }

    mutating func warn(_ path: String, _ message: String) {
        guard warnings.count < Self.maxWarnings else { suppressedWarnings += 1; return }
        warnings.append(ImportWarning(path: path, message: message))
    }

    // MARK: Route and legs

    mutating func route(_ r: JSONObjectReader, waypointsFrom source: JSONObjectReader) throws(RouteImportError) -> Route {
        let legObjects = try r.requiredObjects("legs")
        guard !legObjects.isEmpty else { throw r.error("legs", .noLegs) }
        var legs = [Leg]()
        legs.reserveCapacity(legObjects.count)
        var side = DrivingSide.right
        var saved = 0.0
        for leg in legObjects {
            legs.append(try self.leg(leg, drivingSide: &side))
            saved += plannedSecondsSaved
        }
        try checkJoins(r)
        let distance = try r.nonNegative("distance")
        let duration = Self.adjusted(try r.nonNegative("duration"), by: saved)
        var geometry = try self.geometry(r.value("geometry"), path: r.childPath("geometry")) ?? []
        if geometry.isEmpty { geometry = Self.concatenated(legs.lazy.flatMap(\.steps).map(\.geometry)) }
        let waypoints = try self.waypoints(source, legCount: legs.count)
        if suppressedWarnings > 0 {
            warnings.append(ImportWarning(path: r.path, message: "\(suppressedWarnings) more warning(s) not shown"))
        }
        return Route(legs: legs, distance: distance, duration: duration, geometry: geometry,
                     waypoints: waypoints, warnings: warnings)
    }

    mutating func leg(_ l: JSONObjectReader, drivingSide side: inout DrivingSide) throws(RouteImportError) -> Leg {
        let stepObjects = try l.requiredObjects("steps")
        guard !stepObjects.isEmpty else { throw l.error("steps", .emptyRoute) }
        var steps = [Step]()
        steps.reserveCapacity(stepObjects.count)
        plannedSecondsSaved = 0
        for s in stepObjects { steps.append(try step(s, drivingSide: &side)) }
        if steps.last?.maneuver.type != .arrive {
            warn(l.childPath("steps"), "the leg does not end with an arrive step")
        }
        return Leg(steps: steps, distance: try l.nonNegative("distance"),
                   duration: Self.adjusted(try l.nonNegative("duration"), by: plannedSecondsSaved),
                   summary: try l.string("summary") ?? "", maxspeeds: try SpeedLimit.parseLeg(l, file: file))
    }

    /// Waypoints from `waypoints[]` (response level, or route level in Mapbox responses).
    mutating func waypoints(_ source: JSONObjectReader, legCount: Int) throws(RouteImportError) -> [Waypoint] {
        guard let items = try source.objects("waypoints") else { return [] }
        var out = [Waypoint]()
        for w in items {
            out.append(Waypoint(name: try w.string("name") ?? "", location: try w.coordinate("location")))
        }
        if out.count != legCount + 1 {
            warn(source.childPath("waypoints"), "\(out.count) waypoints for \(legCount) leg\(legCount == 1 ? "" : "s") (expected \(legCount + 1))")
        }
        return out
    }

    // MARK: Steps

    mutating func step(_ s: JSONObjectReader, drivingSide side: inout DrivingSide) throws(RouteImportError) -> Step {
        let maneuver = try self.maneuver(s.requiredObject("maneuver"))
        if let raw = try s.string("driving_side") {
            if let parsed = DrivingSide(rawValue: raw) { side = parsed } else {
                warn(s.childPath("driving_side"), "unknown driving side '\(raw)', kept '\(side.rawValue)'")
            }
        }
        var intersections = [Intersection]()
        for i in try s.objects("intersections") ?? [] { intersections.append(try intersection(i)) }
        let geometry = try self.geometry(s.value("geometry"), path: s.childPath("geometry")) ?? []
        let distance = try s.nonNegative("distance")
        let duration = plausibleDuration(distance: distance, duration: try s.nonNegative("duration"), path: s.path)
        let step = Step(maneuver: maneuver, distance: distance, duration: duration,
                        name: try s.string("name") ?? "", ref: try s.text("ref"),
                        pronunciation: try pronunciation(s, "pronunciation"), destinations: try s.text("destinations"),
                        exits: try s.text("exits"), rotaryName: try s.text("rotary_name"),
                        rotaryPronunciation: try pronunciation(s, "rotary_pronunciation"),
                        junctionName: try s.text("junction_name"), mode: try s.string("mode") ?? "driving",
                        drivingSide: side, intersections: intersections, geometry: geometry)
        try checkGeometry(step, path: s.path)
        checkJoin(step, path: s.path)
        return step
    }

    /// The step's duration, or one at `StepPlausibility.plannedSpeed` with a warning when the implied speed is
    /// absurd (a 292 m step with `duration: 1e9` must not make a transcript simulate 31 years).
    mutating func plausibleDuration(distance: Double, duration: Double, path: String) -> Double {
        guard let planned = StepPlausibility.replacementDuration(distance: distance, duration: duration) else { return duration }
        warn(path + ".duration", "\(JSONValue.numberText(duration)) s for \(JSONValue.numberText(distance)) m is "
             + "\(StepPlausibility.speedText(distance: distance, duration: duration)); planned at 50 km/h instead")
        plannedSecondsSaved += duration - planned
        return planned
    }

    /// A leg or route total without the seconds its implausible steps no longer take, when the total included them.
    static func adjusted(_ total: Double, by saved: Double) -> Double { total >= saved ? total - saved : total }

    /// A pronunciation, dropped with a warning when it is too long to hand to speech.
    mutating func pronunciation(_ s: JSONObjectReader, _ key: String) throws(RouteImportError) -> String? {
        guard let text = try s.text(key) else { return nil }
        guard text.count <= StepPlausibility.maxPronunciationLength else {
            warn(s.childPath(key), "\(text.count) characters, more than \(StepPlausibility.maxPronunciationLength); the name is spoken as written")
            return nil
        }
        return text
    }

    /// Records whether `step` starts where the previous step (of this or the previous leg) ended.
    mutating func checkJoin(_ step: Step, path: String) {
        stepMeters += step.distance
        let start = step.maneuver.location
        if let previous = previousEnd {
            let gap = Geo.distance(previous.point, start)
            if gap > StepPlausibility.joinTolerance {
                gapMeters += gap
                gapCount += 1
                warn(path + ".maneuver.location", "starts \(Self.kilometers(gap)) from where \(previous.path) ended")
            }
        }
        // Without geometry the path runs straight between maneuver locations: nothing to compare.
        previousEnd = step.geometry.last.map { ($0, path) }
    }

    /// Throws when the steps jump about more than they drive: shuffled steps, repeated legs.
    func checkJoins(_ r: JSONObjectReader) throws(RouteImportError) {
        guard gapMeters > 1000, gapMeters > 0.2 * stepMeters else { return }
        throw r.error("legs", .invalidValue(reason: "steps do not follow each other: \(gapCount) step(s) start away from where "
            + "the previous one ended, jumping \(Self.kilometers(gapMeters)) in all against \(Self.kilometers(stepMeters)) of "
            + "driving (shuffled steps or repeated legs?)"))
    }

    /// Checks a step's geometry against its maneuver and distance. Small disagreements (engines round and snap
    /// differently) are warnings; contradictions that would make guidance nonsense are errors: geometry that
    /// starts more than `maxManeuverOffset` from its maneuver (typically a wrong polyline precision), and a
    /// distance more than ten times off its geometry's length by more than a kilometer.
    mutating func checkGeometry(_ step: Step, path: String) throws(RouteImportError) {
        guard let first = step.geometry.first else { return }
        let offset = Geo.distance(first, step.maneuver.location)
        if offset > Self.maxManeuverOffset {
            throw RouteImportError(file: file, path: path + ".geometry", kind: .invalidValue(
                reason: "starts \(Self.kilometers(offset)) from the maneuver location (wrong polyline precision?)"))
        }
        if offset > 100 {
            warn(path + ".geometry", "starts \(Int(saturatingRounded: offset)) m from the maneuver location")
        }
        var length = 0.0
        for i in step.geometry.indices.dropFirst() { length += Geo.distance(step.geometry[i - 1], step.geometry[i]) }
        let gap = abs(length - step.distance)
        if gap > 1000 && (step.distance > 10 * length || length > 10 * step.distance) {
            throw RouteImportError(file: file, path: path + ".distance", kind: .invalidValue(
                reason: "\(JSONValue.numberText(step.distance)) m contradicts the step geometry, which is \(Int(saturatingRounded: length)) m long"))
        }
        if gap > 25 + 0.1 * step.distance {
            warn(path + ".distance", "\(JSONValue.numberText(step.distance)) m, but the geometry is \(Int(saturatingRounded: length)) m long")
        }
    }

    /// Geometry farther than this from its maneuver is rejected, meters.
    static let maxManeuverOffset = 1000.0

    static func kilometers(_ meters: Double) -> String {
        meters >= 10_000 ? "\(Int(saturatingRounded: meters / 1000)) km" : String(format: "%.1f km", meters / 1000)
    }

    mutating func maneuver(_ m: JSONObjectReader) throws(RouteImportError) -> Maneuver {
        let rawType = try m.requiredString("type")
        let type: ManeuverType
        if let known = ManeuverType(rawValue: rawType) { type = known } else {
            type = .turn
            warn(m.childPath("type"), "unknown maneuver type '\(rawType)', treated as a turn")
        }
        var modifier: ManeuverModifier?
        if let raw = try m.string("modifier") {
            modifier = ManeuverModifier(rawValue: raw)
            if modifier == nil { warn(m.childPath("modifier"), "unknown modifier '\(raw)', ignored") }
        }
        var exit = try m.int("exit")
        if let e = exit, e < 1 {
            warn(m.childPath("exit"), "exit number \(e) is not positive, ignored")
            exit = nil
        }
        if type.isRoundaboutEntry && exit == nil { warn(m.path, "\(rawType) without an exit number") }
        return Maneuver(type: type, rawType: rawType, modifier: modifier, location: try m.coordinate("location"),
                        bearingBefore: try m.number("bearing_before") ?? 0, bearingAfter: try m.number("bearing_after") ?? 0,
                        exit: exit, instruction: try m.string("instruction"))
    }

    mutating func intersection(_ i: JSONObjectReader) throws(RouteImportError) -> Intersection {
        var lanes: [Lane]?
        if let laneObjects = try i.objects("lanes") {
            var list = [Lane]()
            for l in laneObjects {
                guard let indications = try l.elements("indications", "string", { $0.stringValue }) else {
                    throw l.error("indications", .missing)
                }
                guard let valid = try l.bool("valid") else { throw l.error("valid", .missing) }
                list.append(Lane(indications: indications, valid: valid, active: try l.bool("active"),
                                 validIndication: try l.string("valid_indication")))
            }
            lanes = list
        }
        return Intersection(location: try i.coordinate("location"),
                            bearings: try i.elements("bearings", "number", { $0.numberValue }) ?? [],
                            entry: try i.elements("entry", "boolean", { $0.boolValue }) ?? [],
                            inIndex: try i.int("in"), outIndex: try i.int("out"), lanes: lanes,
                            classes: try i.elements("classes", "string", { $0.stringValue }) ?? [])
    }

    // MARK: Geometry

    /// Decodes a polyline string or GeoJSON LineString; nil when absent.
    mutating func geometry(_ value: JSONValue?, path: String) throws(RouteImportError) -> [Coordinate]? {
        switch value {
        case nil: return nil
        case .string(let encoded)?:
            sawPolyline = true
            do { return try Polyline.decode(encoded, precision: precision) } catch {
                throw RouteImportError(file: file, path: path, kind: .undecodableGeometry(reason: "polyline\(precision): \(error)"))
            }
        case .object?:
            sawGeoJSON = true
            let g = try JSONObjectReader(value ?? .null, path: path, file: file)
            let type = try g.requiredString("type")
            guard type == "LineString" else {
                throw g.error("type", .undecodableGeometry(reason: "expected a GeoJSON LineString, found '\(type)'"))
            }
            let points = try g.requiredArray("coordinates")
            var coords = [Coordinate]()
            coords.reserveCapacity(points.count)
            let base = g.childPath("coordinates")
            for (k, p) in points.enumerated() {
                coords.append(try JSONObjectReader.coordinate(p, path: "\(base)[\(k)]", file: file))
            }
            return coords
        case let other?:
            throw RouteImportError(file: file, path: path,
                                   kind: .wrongType(expected: "polyline string or GeoJSON LineString", found: other.typeName))
        }
    }

    /// Step geometries joined, without repeated consecutive points (steps share their end and start points,
    /// and an arrive step is one point twice).
    static func concatenated<S: Sequence>(_ parts: S) -> [Coordinate] where S.Element == [Coordinate] {
        var out = [Coordinate]()
        for part in parts {
            for c in part where out.last != c { out.append(c) }
        }
        return out
    }

    /// Picks precision 5 or 6 by decoding the first point of step geometries both ways and comparing it with the
    /// maneuver location (then the route geometry against the first maneuver). Defaults to 5 (OSRM's) with a warning.
    mutating func detectPrecision(route r: JSONObjectReader) throws(RouteImportError) -> Int {
        var votes5 = 0, votes6 = 0, sawString = false
        func vote(_ encoded: String, _ reference: Coordinate) {
            let d5 = Polyline.firstPoint(encoded, precision: 5).map { Geo.distance($0, reference) } ?? .infinity
            let d6 = Polyline.firstPoint(encoded, precision: 6).map { Geo.distance($0, reference) } ?? .infinity
            if d5 < d6 { votes5 += 1 } else if d6 < d5 { votes6 += 1 }
        }
        var firstLocation: Coordinate?
        legs: for leg in r.value("legs")?.arrayValue ?? [] {
            for step in leg["steps"]?.arrayValue ?? [] {
                guard let loc = step["maneuver"]?["location"], let pair = loc.arrayValue, pair.count >= 2,
                      let lon = pair[0].numberValue, let lat = pair[1].numberValue else { continue }
                let location = Coordinate(latitude: lat, longitude: lon)
                if firstLocation == nil { firstLocation = location }
                guard let encoded = step["geometry"]?.stringValue, !encoded.isEmpty else { continue }
                sawString = true
                vote(encoded, location)
                if votes5 + votes6 >= 5 { break legs }
            }
        }
        if votes5 + votes6 == 0, let encoded = r.value("geometry")?.stringValue, !encoded.isEmpty {
            sawString = true
            if let firstLocation { vote(encoded, firstLocation) }
        }
        if votes5 == 0 && votes6 == 0 {
            if sawString { warn(r.childPath("geometry"), "polyline precision could not be detected; assumed 5 (use --polyline 6 to force)") }
            return 5
        }
        return votes6 > votes5 ? 6 : 5
    }
}
