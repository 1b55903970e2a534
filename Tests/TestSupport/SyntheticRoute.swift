import Foundation
import RouteModel

/// A long OSRM v5 response for benchmarks and tests (the bench's large-route fixture): `steps` steps of `pointsPerStep` polyline6 points each (plus the full
/// route geometry), zig-zagging north-east in 10 m segments, with intersections and some lanes on every step.
public func syntheticRouteJSON(steps: Int, pointsPerStep: Int) -> Data {
    var stepTexts = [String]()
    stepTexts.reserveCapacity(steps + 1)
    var all = [Coordinate]()
    all.reserveCapacity(steps * pointsPerStep + 1)
    var here = Coordinate(latitude: 30, longitude: 11)
    var totalDistance = 0.0, totalDuration = 0.0
    var heading = 0.0
    func position(_ c: Coordinate) -> String { "[\(c.longitude),\(c.latitude)]" }
    // Polyline text may contain backslashes, which JSON strings must escape.
    func polyline(_ coords: [Coordinate]) -> String {
        Polyline.encode(coords, precision: 6).replacingOccurrences(of: "\\", with: "\\\\")
    }
    for s in 0...steps {
        let arrive = s == steps
        var geometry = [here]
        if !arrive {
            for _ in 0..<(pointsPerStep - 1) {
                here = Geo.destination(from: here, bearing: heading, meters: 10)
                geometry.append(here)
            }
        } else {
            geometry.append(here)
        }
        let distance = arrive ? 0 : (10.0 * Double(pointsPerStep - 1))
        let duration = distance / 25
        totalDistance += distance
        totalDuration += duration
        let type = s == 0 ? "depart" : arrive ? "arrive" : "turn"
        let modifier = s == 0 ? "" : s % 2 == 0 ? #","modifier":"right""# : #","modifier":"left""#
        let lanes = s % 10 == 5 ? #","lanes":[{"indications":["left"],"valid":true},{"indications":["straight"],"valid":false}]"# : ""
        stepTexts.append("""
        {"geometry":"\(polyline(geometry))","maneuver":{"bearing_after":\(Int(heading)),"bearing_before":0,\
        "location":\(position(geometry[0])),"type":"\(type)"\(modifier)},"mode":"driving","driving_side":"right",\
        "name":"Road \(s)","ref":"B \(s % 500)","intersections":[{"out":0,"entry":[true,false],"bearings":[\(Int(heading)),180],\
        "location":\(position(geometry[0]))\(lanes),"classes":["primary"]}],"weight":\(duration),"duration":\(duration),"distance":\(distance)}
        """)
        all.append(contentsOf: all.isEmpty ? geometry[...] : geometry.dropFirst())
        heading = heading == 0 ? 90 : 0
    }
    let route = """
    {"code":"Ok","routes":[{"geometry":"\(polyline(all))","legs":[{"steps":[\(stepTexts.joined(separator: ","))],\
    "summary":"synthetic","weight":\(totalDuration),"duration":\(totalDuration),"distance":\(totalDistance)}],\
    "weight_name":"routability","weight":\(totalDuration),"duration":\(totalDuration),"distance":\(totalDistance)}],\
    "waypoints":[{"name":"start","location":[11,30]},{"name":"end","location":\(position(here))}]}
    """
    return Data(route.utf8)
}
