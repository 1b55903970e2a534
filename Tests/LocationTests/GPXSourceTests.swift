import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// The GPX reader: timed tracks, tracks without times, route-only files, malformed XML.
@Suite struct GPXSourceTests {
    static func gpx(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        \(body)
        </gpx>
        """
    }

    @Test func timedTrackWithSegments() throws {
        let path = try TestFiles.write(Self.gpx("""
        <trk><name>Morning</name><trkseg>
          <trkpt lat="60.1699" lon="24.9384"><ele>12</ele><time>2026-11-30T07:00:00Z</time></trkpt>
          <trkpt lat="60.1700" lon="24.9384"><time>2026-11-30T07:00:01.5Z</time><hdop>2</hdop></trkpt>
        </trkseg><trkseg>
          <trkpt lat="60.1701" lon="24.9384"><time>2026-11-30T09:00:03+02:00</time>
            <extensions><gpxtpx:TrackPointExtension xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2">
              <gpxtpx:speed>7.5</gpxtpx:speed><gpxtpx:course>2.5</gpxtpx:course></gpxtpx:TrackPointExtension></extensions>
          </trkpt>
          <trkpt lat="60.1701" lon="24.9384"><time>2026-11-30T07:00:02Z</time></trkpt>
        </trkseg></trk>
        """), suffix: ".gpx")
        let source = try GPXSource(path: path)
        let events = try TestFiles.drain(source)
        let fixes = TestFiles.fixes(events)
        #expect(events.last == .end)
        #expect(fixes.map(\.timestamp) == [0, 1.5, 3])
        #expect(source.outOfOrder == 1)
        #expect(fixes[1].accuracy == 10)
        #expect(abs((fixes[1].speed ?? 0) - Geo.distance(fixes[0].coordinate, fixes[1].coordinate) / 1.5) < 1e-9)
        #expect(abs(fixes[1].heading ?? 99) < 0.01)
        #expect(fixes[2].speed == 7.5 && fixes[2].heading == 2.5)
        #expect(source.label == "gpx \(path)")
    }

    @Test func trackWithoutTimesNeedsASpeed() throws {
        let path = try TestFiles.write(Self.gpx("""
        <trk><trkseg>
          <trkpt lat="48.0" lon="11.0"/>
          <trkpt lat="48.001" lon="11.0"/>
          <trkpt lat="48.002" lon="11.0"/>
        </trkseg></trk>
        """), suffix: ".gpx")
        do {
            _ = try GPXSource(path: path)
            Issue.record("accepted a track without times")
        } catch let error as LocationError {
            #expect(error.kind == .badData)
            #expect(error.message == "gpx:\(path): line 4: <trkpt> has no <time>; give a speed to drive the track at a fixed pace")
        }
        let fixes = TestFiles.fixes(try TestFiles.drain(try GPXSource(path: path, speed: 10)))
        let step = Geo.distance(Coordinate(latitude: 48, longitude: 11), Coordinate(latitude: 48.001, longitude: 11))
        #expect(fixes.count == 3)
        #expect(abs(fixes[1].timestamp - step / 10) < 1e-9 && abs(fixes[2].timestamp - 2 * step / 10) < 1e-9)
        #expect(fixes.allSatisfy { $0.speed == 10 })
    }

    @Test func routePointsAndWaypointsAreRefused() throws {
        let path = try TestFiles.write(Self.gpx("""
        <wpt lat="48.0" lon="11.0"><name>Home</name></wpt>
        <rte><rtept lat="48.0" lon="11.0"/><rtept lat="48.1" lon="11.0"/></rte>
        """), suffix: ".gpx")
        do {
            _ = try GPXSource(path: path)
            Issue.record("accepted a route")
        } catch let error as LocationError {
            #expect(error.kind == .badData)
            #expect(error.message == "gpx:\(path): has 2 route points (rtept) and 1 waypoints (wpt) but no track points (trkpt); a drive needs a recorded track")
        }
    }

    @Test(arguments: [
        ("<trk><trkseg>\n<trkpt lat=\"48\" lon=\"11\"><time>2026-11-30T07:00:00Z</time></trkpt>\n</trkseg>\n<trk>", "line 7: not well-formed XML (mismatched end tag)"),
        ("<trk><trkseg>\n\n<trkpt lat=\"148\" lon=\"11\"/></trkseg></trk>", "line 5: <trkpt> needs lat"),
        ("<trk><trkseg>\n<trkpt lat=\"48\" lon=\"11\"><time>yesterday</time></trkpt></trkseg></trk>", "line 4: <time> 'yesterday' is not an ISO 8601 UTC time"),
    ])
    func malformedNamesTheLine(_ body: String, _ expected: String) throws {
        let path = try TestFiles.write(Self.gpx(body), suffix: ".gpx")
        do {
            _ = try GPXSource(path: path)
            Issue.record("accepted \(body)")
        } catch let error as LocationError {
            #expect(error.kind == .badData)
            #expect(error.message.hasPrefix("gpx:\(path): \(expected)"), "\(error.message)")
        }
    }

    @Test func notGPXAtAll() throws {
        let path = try TestFiles.write("<kml><Placemark/></kml>", suffix: ".gpx")
        #expect(throws: LocationError(.badData, "gpx:\(path): line 1: the root element is <kml>, not <gpx>")) {
            _ = try GPXSource(path: path)
        }
    }
}
