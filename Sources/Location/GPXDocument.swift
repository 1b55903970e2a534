import Foundation
import SafeIO
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The track points of a GPX 1.0/1.1 document, read with Foundation's XMLParser.
struct GPXDocument: Sendable {
    /// One `trkpt`.
    struct Point: Sendable, Equatable {
        /// Line of the `trkpt` start tag.
        var line: Int
        var latitude: Double
        var longitude: Double
        /// Seconds since 1970, from `<time>`.
        var time: Double?
        /// m/s, from `<speed>` (GPX 1.0 or an extension such as Garmin's TrackPointExtension).
        var speed: Double?
        /// Degrees, from `<course>`.
        var course: Double?
        var hdop: Double?
    }

    /// Track points in document order.
    var points: [Point] = []
    /// `rtept` elements seen.
    var routePoints = 0
    /// `wpt` elements seen.
    var waypoints = 0

    /// Parses `data`; errors name `name` and the line.
    static func parse(_ data: Data, name: String) throws -> GPXDocument {
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let reader = Reader(name: name)
        parser.delegate = reader
        let ok = parser.parse()
        if let error = reader.failure { throw error }
        guard ok, parser.parserError == nil else {
            let reason = parser.parserError.map { XMLErrorReason.words(($0 as NSError).code) } ?? "parsing stopped"
            throw LocationError(.badData, "gpx:\(name): line \(parser.lineNumber): not well-formed XML (\(reason))")
        }
        guard reader.sawRoot else { throw LocationError(.badData, "gpx:\(name): not a GPX document (no <gpx> element)") }
        return reader.document
    }

    /// The XMLParser delegate that collects points.
    private final class Reader: NSObject, XMLParserDelegate {
        let name: String
        var document = GPXDocument()
        var failure: LocationError?
        var sawRoot = false
        private var current: Point?
        private var text = ""
        private var capturing = false

        init(name: String) { self.name = name }

        func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            let local = Self.localName(element)
            if !sawRoot {
                guard local == "gpx" else { return fail(parser, "the root element is <\(element.quotedForMessage())>, not <gpx>") }
                sawRoot = true
                return
            }
            switch local {
            case "trkpt":
                guard let latText = attributes["lat"], let lonText = attributes["lon"],
                      let lat = Double(latText.trimmingSpaces), let lon = Double(lonText.trimmingSpaces),
                      lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
                    return fail(parser, "<trkpt> needs lat (−90…90) and lon (−180…180), found lat=\((attributes["lat"] ?? "none").quotedForMessage()) lon=\((attributes["lon"] ?? "none").quotedForMessage())")
                }
                current = Point(line: parser.lineNumber, latitude: lat, longitude: lon)
            case "rtept": document.routePoints += 1
            case "wpt": document.waypoints += 1
            case "time", "speed", "course", "hdop":
                if current != nil { capturing = true; text = "" }
            default: break
            }
        }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            fail(parser, "not well-formed XML (\(XMLErrorReason.words((parseError as NSError).code)))")
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if capturing, text.utf8.count < 256 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            let local = Self.localName(element)
            if local == "trkpt", let point = current {
                document.points.append(point)
                current = nil
                return
            }
            guard capturing, current != nil else { return }
            capturing = false
            let value = text.trimmingSpaces
            switch local {
            case "time":
                guard let t = UTCTime.parseISO8601(value) else { return fail(parser, "<time> '\(value.quotedForMessage())' is not an ISO 8601 UTC time") }
                current?.time = t
            case "speed": current?.speed = number(parser, value, "speed", 0...1000)
            case "course": current?.course = number(parser, value, "course", 0...360)
            case "hdop": current?.hdop = number(parser, value, "hdop", 0...1000)
            default: break
            }
        }

        private func number(_ parser: XMLParser, _ text: String, _ what: String, _ range: ClosedRange<Double>) -> Double? {
            guard let v = Double(text), range.contains(v) else {
                fail(parser, "<\(what)> '\(text.quotedForMessage())' is not a number in \(range.lowerBound)…\(range.upperBound)")
                return nil
            }
            return v
        }

        private func fail(_ parser: XMLParser, _ message: String) {
            if failure == nil { failure = LocationError(.badData, "gpx:\(name): line \(parser.lineNumber): \(message)") }
            parser.abortParsing()
        }

        private static func localName(_ element: String) -> Substring {
            element.split(separator: ":").last ?? Substring(element)
        }
    }
}
