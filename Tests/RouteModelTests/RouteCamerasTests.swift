import Foundation
import Testing
import VoiceGuideTestSupport
import RouteModel

/// Cameras matched to a route in its driving direction: beside the line, facing the way the route goes, once per
/// pass; on the example routes and on paths drawn in the test.
@Suite struct RouteCamerasTests {
    /// The Berlin example route's path.
    private func berlin() throws -> RoutePath {
        RouteIndex(route: try Fixtures.load("city-berlin.json").route).path
    }
    /// A camera `side` meters to the right of the path at `along` (left when negative), checking `directions`.
    private func camera(on path: RoutePath, at along: Double, side: Double, directions: [Double] = [],
                        limit: CameraSpeedLimit? = nil) -> SpeedCamera {
        let bearing = path.bearing(atDistance: along)
        let point = Geo.destination(from: path.coordinate(atDistance: along), bearing: bearing + (side < 0 ? -90 : 90), meters: abs(side))
        return SpeedCamera(coordinate: point, limit: limit, directions: directions)
    }
    /// A place on `route` where it runs straight for 120 m (so a camera there has one bearing to face) and no
    /// other part of the route comes within 35 m of either side 40 m out (so a parallel street there is clear).
    private func straightStretch(_ route: RoutePath) throws -> Double {
        let found = stride(from: 0.2, to: 0.8, by: 0.01).map { route.length * $0 }.first { along in
            let b = route.bearing(atDistance: along)
            return [-60.0, 60].allSatisfy { abs(route.bearing(atDistance: along + $0) - b) < 3 }
                && [-40.0, 40].allSatisfy { offset(camera(on: route, at: along, side: $0).coordinate, route) > 35 }
        }
        return try #require(found, "no straight, clear stretch on the route")
    }
    /// How far `point` is from the whole path.
    private func offset(_ point: Coordinate, _ path: RoutePath) -> Double {
        path.project(point, segments: 0..<path.segmentCount)?.offset ?? .infinity
    }
    /// A path from Helsinki's Senate Square following `legs` of (bearing, meters), a vertex every 10 m.
    private func path(_ legs: [(Double, Double)]) -> RoutePath {
        var points = [Coordinate(latitude: 60.1693, longitude: 24.9522)]
        for (bearing, meters) in legs {
            for _ in 0..<Int(meters / 10) {
                points.append(Geo.destination(from: points[points.count - 1], bearing: bearing, meters: 10))
            }
        }
        return RoutePath(coordinates: points)
    }

    @Test func aCameraBesideTheRouteIsPlacedWithOrWithoutDirection() throws {
        let route = try berlin()
        let along = try straightStretch(route)
        let cameras = [camera(on: route, at: along, side: 6, limit: .kilometersPerHour(50)),
                       camera(on: route, at: along + 50, side: -8, directions: [route.bearing(atDistance: along + 50) + 30])]
        let placed = RouteCameras(path: route, cameras: cameras).cameras
        try #require(placed.count == 2)
        #expect(abs(placed[0].distanceAlong - along) < 1)
        #expect(abs(placed[0].offset - 6) < 0.5)
        #expect(placed[0].camera.limit == .kilometersPerHour(50))
        #expect(abs(placed[1].distanceAlong - (along + 50)) < 1)
        #expect(RouteCameras(path: route, cameras: cameras).ahead(of: along + 25).map(\.distanceAlong) == [placed[1].distanceAlong])
        #expect(RouteCameras(path: route, cameras: cameras).ahead(of: along - 10, within: 30).count == 1)
    }

    @Test func aCameraFacingTheOtherWayOrOnAParallelStreetIsNotOnTheRoute() throws {
        let route = try berlin()
        let along = try straightStretch(route)
        let bearing = route.bearing(atDistance: along)
        let opposite = camera(on: route, at: along, side: -7, directions: [bearing + 180])
        let crossing = camera(on: route, at: along, side: 7, directions: [bearing + 90])
        let parallel = camera(on: route, at: along, side: 40)
        #expect(RouteCameras(path: route, cameras: [opposite, crossing, parallel]).cameras.isEmpty)
        let close = camera(on: route, at: along, side: 15)
        #expect(RouteCameras(path: route, cameras: [close]).cameras.count == 1, "15 m is still the road's own camera")
    }

    @Test func aLoopPassesACameraOncePerPassWhoseDirectionFits() {
        // Round a block (east, north, west, south) and east again: the first side is driven twice, both eastward.
        let loop = path([(90, 300), (0, 300), (270, 300), (180, 300), (90, 300)])
        let eastbound = camera(on: loop, at: 150, side: 5, directions: [90])
        #expect(RouteCameras(path: loop, cameras: [eastbound]).cameras.map { $0.distanceAlong.rounded() } == [150, 1350])
        // There and back on one street: a camera checking one way is passed once, one of unknown direction twice.
        let back = path([(90, 500), (270, 500)])
        let westbound = camera(on: back, at: 200, side: 5, directions: [270])
        let unknown = camera(on: back, at: 300, side: 5)
        let placed = RouteCameras(path: back, cameras: [westbound, unknown]).cameras
        #expect(placed.map { $0.distanceAlong.rounded() } == [300, 700, 800])
        #expect(placed.map(\.camera) == [unknown, unknown, westbound])
    }

    @Test func aCameraAtACornerMatchesTheSideItFaces() {
        // East then north: a camera just off the corner is placed on the side it faces, or not at all.
        let corner = path([(90, 200), (0, 200)])
        let at = Geo.destination(from: corner.coordinate(atDistance: 200), bearing: 135, meters: 4)
        func bearings(_ direction: Double) -> [Int] {
            RouteCameras(path: corner, cameras: [SpeedCamera(coordinate: at, directions: [direction])]).cameras.map { Int($0.routeBearing.rounded()) % 360 }
        }
        #expect(bearings(10) == [0])
        #expect(bearings(80) == [90])
        #expect(bearings(200) == [])
    }

    /// A route of the Helsinki fixtures planned by a real Valhalla, as the importer reads it.
    private func helsinki(_ fixture: String) throws -> RoutePath {
        let url = Repository.root.appendingPathComponent("Tests/Fixtures/\(fixture)")
        return RouteIndex(route: try RouteImporter().read(Data(contentsOf: url), fileName: fixture).route).path
    }

    /// The Helsinki extract's two cameras (osmium finds them, see `SpeedCamerasTests`) on real routes: node
    /// 6138118896 stands 3 m beside the westbound way that city-turns drives, and 18 m from the eastbound way
    /// that depart-bearing drives (the other carriageway); node 2665331741 is 50 m from city-turns.
    @Test func theHelsinkiCamerasOnRealRoutes() throws {
        let node6138118896 = Coordinate(latitude: 60.1704925, longitude: 24.9423714)
        let other = SpeedCamera(coordinate: Coordinate(latitude: 60.1704581, longitude: 24.9374683))
        let westbound = try helsinki("valhalla/city-turns.en-US.json"), eastbound = try helsinki("planner/depart-bearing.json")

        let unknown = RouteCameras(path: westbound, cameras: [SpeedCamera(coordinate: node6138118896), other]).cameras
        #expect(unknown.count == 1)
        #expect(unknown.first?.camera.coordinate == node6138118896)
        #expect(unknown.first.map { $0.offset < 4 && abs($0.routeBearing - 267) < 3 } == true)
        // Without a direction the other carriageway cannot be told apart; with one it is.
        #expect(RouteCameras(path: eastbound, cameras: [SpeedCamera(coordinate: node6138118896)]).cameras.map { $0.offset.rounded() } == [18])
        let facingWest = SpeedCamera(coordinate: node6138118896, directions: SpeedCamera.directions(osm: "W"))
        #expect(RouteCameras(path: westbound, cameras: [facingWest]).cameras.count == 1)
        #expect(RouteCameras(path: eastbound, cameras: [facingWest]).cameras.isEmpty)
    }

    /// 10,000 cameras and a 100 km route: the 100 on it are found where they are, the 9,900 beside it are not,
    /// in well under the seconds a camera-by-segment scan takes.
    @Test func tenThousandCamerasOnAHundredKilometres() {
        var points = [Coordinate(latitude: 60.0, longitude: 22.0)]
        for i in 1...2000 {
            points.append(Geo.destination(from: points[i - 1], bearing: 90 + 30 * sin(Double(i) / 20), meters: 50))
        }
        let route = RoutePath(coordinates: points)
        var cameras: [SpeedCamera] = []
        for i in 0..<100 {
            let along = 500 + Double(i) * 990
            cameras.append(camera(on: route, at: along, side: 3, directions: [route.bearing(atDistance: along)]))
        }
        for i in 0..<9900 {
            cameras.append(camera(on: route, at: Double(i) * 10, side: (i.isMultiple(of: 2) ? 1 : -1) * (60 + Double(i % 400))))
        }
        let clock = ContinuousClock()
        var placed: [CameraOnRoute] = []
        let elapsed = clock.measure { placed = RouteCameras(path: route, cameras: cameras).cameras }
        #expect(route.length > 99_000)
        #expect(placed.count == 100)
        #expect(zip(placed, 0..<100).allSatisfy { abs($0.distanceAlong - (500 + Double($1) * 990)) < 1 })
        #expect(elapsed < .seconds(3), "took \(elapsed)")
    }
}
