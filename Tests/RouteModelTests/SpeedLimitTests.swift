import Foundation
import Testing
@testable import RouteModel

/// `annotation.maxspeed`: the three forms, mph, errors with their JSON path, and the limits along the route.
@Suite struct SpeedLimitTests {
    /// A two-step route along a meridian, 10 segments of ~111 m, with `maxspeed` as given.
    static func route(maxspeed: String) -> Data {
        let points = (0...10).map { "[13.0,\(52.0 + Double($0) * 0.001)]" }.joined(separator: ",")
        return Data("""
        {"code":"Ok","routes":[{"distance":1112,"duration":80,"legs":[{"distance":1112,"duration":80,
        "annotation":{"maxspeed":\(maxspeed)},"steps":[
        {"distance":1112,"duration":80,"name":"A","mode":"driving","maneuver":{"type":"depart","location":[13.0,52.0]},
         "geometry":{"type":"LineString","coordinates":[\(points)]}},
        {"distance":0,"duration":0,"name":"A","mode":"driving","maneuver":{"type":"arrive","location":[13.0,52.01]},
         "geometry":{"type":"LineString","coordinates":[[13.0,52.01],[13.0,52.01]]}}]}]}]}
        """.utf8)
    }

    static func limits(_ count: Int, _ entry: (Int) -> String) -> String { "[" + (0..<count).map(entry).joined(separator: ",") + "]" }

    @Test func theThreeFormsAndMilesPerHour() throws {
        let json = Self.limits(10) { i in
            switch i {
            case 0..<3: #"{"speed":50,"unit":"km/h"}"#
            case 3: #"{"unknown":true}"#
            case 4..<6: #"{"speed":50,"unit":"mph"}"#
            case 6: #"{"none":true}"#
            default: #"{"speed":100}"#
            }
        }
        let document = try RouteImporter().read(Self.route(maxspeed: json), fileName: "r.json")
        let limits = document.route.legs[0].maxspeeds
        #expect(limits.count == 10)
        #expect(limits[0] == .limit(kmh: 50))
        #expect(limits[3] == .unknown)
        #expect(limits[4] == .limit(kmh: 50 * 1.609344))
        #expect(limits[6] == .none)
        #expect(limits[9] == .limit(kmh: 100), "km/h when the unit is absent")
        #expect(limits[6].kmh == nil && limits[3].kmh == nil)
        // Along the route: equal neighbours make one stretch.
        let index = RouteIndex(route: document.route)
        #expect(index.speedLimits.map(\.limit) == [.limit(kmh: 50), .unknown, .limit(kmh: 50 * 1.609344), .none, .limit(kmh: 100)])
        #expect(index.speedLimit(atDistance: 10) == .limit(kmh: 50))
        #expect(index.speedLimit(atDistance: 111.2 * 4.5) == .limit(kmh: 50 * 1.609344))
        #expect(index.speedLimit(atDistance: 1100) == .limit(kmh: 100))
        #expect(abs((index.speedLimits.last?.startMeters ?? 0) - 111.19 * 7) < 1)
    }

    @Test func aRouteWithoutMaxspeedHasNoLimits() throws {
        let document = try RouteImporter().read(Self.route(maxspeed: "null"), fileName: "r.json")
        #expect(document.route.legs[0].maxspeeds.isEmpty)
        #expect(RouteIndex(route: document.route).speedLimit(atDistance: 100) == nil)
    }

    @Test(arguments: [
        (#"{"speed":50,"unit":"kph"}"#, #"r.json: routes[0].legs[0].annotation.maxspeed[2].unit: unknown unit "kph" (expected "km/h" or "mph")"#),
        (#"{"speed":"50","unit":"km/h"}"#, "r.json: routes[0].legs[0].annotation.maxspeed[2].speed: expected number, found string"),
        (#"{"unit":"km/h"}"#, "r.json: routes[0].legs[0].annotation.maxspeed[2].speed: missing"),
        (#"{"speed":-5}"#, "r.json: routes[0].legs[0].annotation.maxspeed[2].speed: -5 is not a speed limit"),
        ("50", "r.json: routes[0].legs[0].annotation.maxspeed[2]: expected object, found number"),
    ])
    func aBadEntryNamesItsPath(_ entry: String, _ message: String) {
        let json = Self.limits(10) { $0 == 2 ? entry : #"{"speed":50}"# }
        #expect(throws: RouteImportError.self) { try RouteImporter().read(Self.route(maxspeed: json), fileName: "r.json") }
        do {
            _ = try RouteImporter().read(Self.route(maxspeed: json), fileName: "r.json")
        } catch {
            #expect(error.description == message)
        }
    }
}
