import Foundation
import Testing
import RouteModel

/// A places file: named points of a GeoJSON FeatureCollection, others passed over, errors naming the JSON path.
@Suite struct PlacesTests {
    private func places(_ features: String) throws(PlacesError) -> Places {
        try Places(data: Data(#"{"type": "FeatureCollection", "features": [\#(features)]}"#.utf8), fileName: "p.geojson")
    }
    private func point(_ name: String, _ lon: Double, _ lat: Double) -> String {
        #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [\#(lon), \#(lat)]}, "properties": {"name": "\#(name)"}}"#
    }

    @Test func namedPointsAreKeptAndLookedUpIgnoringCaseAndAccents() throws {
        let list = try places([point("Töölö", 24.92, 60.18), point("Kamppi", 24.93, 60.17), point("Kamppi", 1, 1),
                               #"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [24.9, 60.1]}, "properties": {}}"#,
                               #"{"type": "Feature", "geometry": null, "properties": {"name": "Nowhere"}}"#].joined(separator: ","))
        #expect(list.places.count == 3)
        #expect(list.names == ["Töölö", "Kamppi"])
        #expect(list.place(named: "toolo")?.coordinate == Coordinate(latitude: 60.18, longitude: 24.92))
        #expect(list.place(named: "Kamppi")?.coordinate.latitude == 60.17, "the first of a repeated name")
        #expect(list.place(named: "Kallio") == nil)
    }

    @Test func badDocumentsNameTheJSONPath() {
        func failure(_ text: String) -> String {
            do { _ = try Places(data: Data(text.utf8), fileName: "p.geojson"); return "" } catch { return error.description }
        }
        #expect(failure("[]") == "p.geojson: expected a GeoJSON FeatureCollection object, got array")
        #expect(failure(#"{"type": "Feature"}"#) == #"p.geojson: type: expected "FeatureCollection", got "Feature""#)
        #expect(failure(#"{"type": "FeatureCollection", "features": {}}"#) == "p.geojson: features: expected an array of features, got object")
        #expect(failure(#"{"type": "FeatureCollection", "features": [1]}"#) == "p.geojson: features[0]: expected a feature object, got number")
        #expect(failure(#"{"type": "FeatureCollection", "features": []}"#) == #"p.geojson: features: no Point feature with a "name" property"#)
        #expect(failure(#"{"type": "FeatureCollection", "features": [{"geometry": {"type": "Point", "coordinates": [200, 60]}, "properties": {"name": "X"}}]}"#)
                == "p.geojson: features[0].geometry.coordinates: expected [longitude, latitude] in degrees, got [200.0, 60.0]")
        #expect(failure("{").hasPrefix("p.geojson: not JSON: line 1"))
    }

    @Test func aMissingFileIsMissing() {
        #expect(throws: PlacesError.self) { try Places(path: "/nonexistent/places.geojson") }
        do { _ = try Places(path: "/nonexistent/places.geojson") } catch { #expect(error.kind == .missing("no such file")) }
    }
}
