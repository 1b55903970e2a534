import Foundation
import RouteModel
import Guidance

extension RouteMap {
    /// The map as a GeoJSON FeatureCollection (RFC 7946; coordinates are `[longitude, latitude]`): one LineString per
    /// leg, one Point per maneuver (with its arrow's bearing and its lanes), one Point per announcement's trigger
    /// (per locale, with kind and texts) and one per stop. Opens in QGIS, geojson.io or any map.
    public func geoJSON() -> JSONValue {
        var features: [JSONValue] = []
        for leg in index.route.legs.indices {
            features.append(Self.feature(.lineString(legCoordinates(leg)), [
                ("feature", .string("route")), ("leg", .number(Double(leg))),
                ("distanceMeters", .number(Self.rounded(index.route.legs[leg].distance))),
                ("summary", .string(index.route.legs[leg].summary)),
            ]))
        }
        for step in index.steps {
            let m = step.step.maneuver
            var properties: [(String, JSONValue)] = [
                ("feature", .string("maneuver")), ("leg", .number(Double(step.id.leg))), ("step", .number(Double(step.id.step))),
                ("type", .string(m.rawType)), ("bearingAfter", .number(m.bearingAfter)),
                ("name", .string(step.step.name)), ("distanceAlongMeters", .number(Self.rounded(step.startMeters))),
            ]
            if let modifier = m.modifier { properties.append(("modifier", .string(modifier.rawValue))) }
            if let ref = step.step.ref { properties.append(("ref", .string(ref))) }
            if let exit = m.exit { properties.append(("exit", .number(Double(exit)))) }
            if let lanes = step.step.maneuverLanes, !lanes.isEmpty {
                properties.append(("lanes", .array(lanes.map { lane in
                    .object([JSONMember(key: "indications", value: .array(lane.indications.map(JSONValue.string))),
                             JSONMember(key: "valid", value: .bool(lane.valid))])
                })))
            }
            features.append(Self.feature(.point(m.location), properties))
        }
        for layer in layers {
            for (n, a) in layer.announcements.enumerated() {
                var properties: [(String, JSONValue)] = [
                    ("feature", .string("announcement")), ("locale", .string(layer.localeTag)), ("order", .number(Double(n + 1))),
                    ("kind", .string(a.kind.rawValue)), ("then", .bool(a.chained)),
                    ("triggerMeters", .number(Self.rounded(a.triggerMeters))), ("triggerSeconds", .number(Self.rounded(a.triggerSeconds))),
                    ("distanceToManeuverMeters", .number(Self.rounded(a.distanceToManeuverMeters))),
                    ("durationSeconds", .number(Self.rounded(a.durationSeconds))),
                    ("text", .string(a.phrase.display)), ("spoken", .string(a.phrase.spoken)), ("ssml", .string(a.phrase.ssml)),
                ]
                if let step = a.step {
                    properties.append(("leg", .number(Double(step.leg))))
                    properties.append(("step", .number(Double(step.step))))
                }
                if let lanes = Self.laneText(a.lanes) { properties.append(("lanes", .string(lanes))) }
                features.append(Self.feature(.point(triggerPoint(a)), properties))
            }
        }
        for stop in stops {
            features.append(Self.feature(.point(stop.location), [
                ("feature", .string("stop")), ("role", .string(stop.role.rawValue)), ("number", .number(Double(stop.number))),
                ("name", .string(stop.name)),
            ]))
        }
        return .object([
            JSONMember(key: "type", value: .string("FeatureCollection")),
            JSONMember(key: "name", value: .string(title)),
            JSONMember(key: "features", value: .array(features)),
        ])
    }

    private enum Geometry {
        case point(Coordinate)
        case lineString([Coordinate])
    }

    private static func position(_ c: Coordinate) -> JSONValue {
        .array([.number(rounded(c.longitude, places: 7)), .number(rounded(c.latitude, places: 7))])
    }

    private static func feature(_ geometry: Geometry, _ properties: [(String, JSONValue)]) -> JSONValue {
        let g: JSONValue
        switch geometry {
        case .point(let c):
            g = .object([JSONMember(key: "type", value: .string("Point")), JSONMember(key: "coordinates", value: position(c))])
        case .lineString(let cs):
            g = .object([JSONMember(key: "type", value: .string("LineString")),
                         JSONMember(key: "coordinates", value: .array(cs.map(position)))])
        }
        return .object([
            JSONMember(key: "type", value: .string("Feature")),
            JSONMember(key: "geometry", value: g),
            JSONMember(key: "properties", value: .object(properties.map { JSONMember(key: $0.0, value: $0.1) })),
        ])
    }

    /// `value` rounded to `places` decimals (GeoJSON needs no more than centimetres).
    static func rounded(_ value: Double, places: Int = 2) -> Double {
        guard value.isFinite else { return 0 }
        let scale = pow(10, Double(places))
        return (value * scale).rounded() / scale
    }
}
