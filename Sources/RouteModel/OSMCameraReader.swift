import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SafeIO

/// The `highway=speed_camera` nodes of an OpenStreetMap XML document (`<osm>` with `<node id lat lon>` holding
/// `<tag k v>`), read with Foundation's XMLParser (libxml2's SAX reader: only the cameras are kept). Ways,
/// relations and every other node are passed over; a camera node without a usable position is an error.
enum OSMCameraReader {
    /// What is wrong and on which line (0 when no line applies).
    struct Failure: Error {
        var line: Int
        var reason: String
    }

    /// The cameras of `data` in document order; more than `maxCameras` is an error.
    static func read(_ data: Data, maxCameras: Int) throws(Failure) -> [SpeedCamera] {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let reader = Reader(maxCameras: maxCameras)
        parser.delegate = reader
        let ok = parser.parse()
        if let failure = reader.failure { throw failure }
        guard ok, parser.parserError == nil else {
            let reason = parser.parserError.map { XMLErrorReason.words(($0 as NSError).code) } ?? "parsing stopped"
            throw Failure(line: parser.lineNumber, reason: "not well-formed XML (\(reason))")
        }
        guard reader.sawRoot else { throw Failure(line: 0, reason: "not an OpenStreetMap XML document (no <osm> element)") }
        return reader.cameras
    }

    /// The XMLParser delegate that keeps the camera nodes.
    private final class Reader: NSObject, XMLParserDelegate {
        /// A `<node>` being read: its attributes, start line and the tags that matter.
        private struct Node {
            var attributes: [String: String]
            var line: Int
            var tags: [String: String] = [:]
        }

        let maxCameras: Int
        var cameras: [SpeedCamera] = []
        var failure: Failure?
        var sawRoot = false
        private var node: Node?

        /// The tags a camera is read from; others are not kept.
        private static let kept: Set<String> = ["highway", "maxspeed", "direction", "camera:direction"]

        init(maxCameras: Int) { self.maxCameras = maxCameras }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            if !sawRoot {
                guard element == "osm" || element == "osmChange" else {
                    return fail(parser, parser.lineNumber, "the root element is <\(element.prefix(40))>, not <osm>")
                }
                sawRoot = true
                return
            }
            switch element {
            case "node": node = Node(attributes: attributes, line: parser.lineNumber)
            case "tag":
                guard node != nil, let key = attributes["k"], Self.kept.contains(key), let value = attributes["v"] else { return }
                node?.tags[key] = value
            default: break
            }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard element == "node", let done = node else { return }
            node = nil
            guard done.tags["highway"] == "speed_camera" else { return }
            let id = done.attributes["id"].map { "node \($0.prefix(20))" }
            guard let lat = done.attributes["lat"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
                  let lon = done.attributes["lon"].flatMap({ Double($0.trimmingCharacters(in: .whitespaces)) }),
                  Coordinate(latitude: lat, longitude: lon).isValid else {
                let shown = { (name: String) in done.attributes[name].map { "\"\($0.prefix(40))\"" } ?? "nothing" }
                let node = id.map { $0 + ": " } ?? ""
                return fail(parser, done.line, "\(node)expected lat (−90…90) and lon (−180…180), got lat=\(shown("lat")) lon=\(shown("lon"))")
            }
            guard cameras.count < maxCameras else { return fail(parser, done.line, "more than \(maxCameras) cameras") }
            let direction = done.tags["direction"] ?? done.tags["camera:direction"]
            cameras.append(SpeedCamera(coordinate: Coordinate(latitude: lat, longitude: lon),
                                       limit: done.tags["maxspeed"].flatMap { CameraSpeedLimit(osm: $0) },
                                       directions: direction.map { SpeedCamera.directions(osm: $0) } ?? [],
                                       origin: id ?? "line \(done.line)"))
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            fail(parser, parser.lineNumber, "not well-formed XML (\(XMLErrorReason.words((parseError as NSError).code)))")
        }

        private func fail(_ parser: XMLParser, _ line: Int, _ reason: String) {
            if failure == nil { failure = Failure(line: line, reason: reason) }
            parser.abortParsing()
        }
    }
}
