import Foundation
import RouteModel
import Guidance
import Phrasing

extension RouteMap {
    /// The colour of each announcement kind on the map (and in the page's list).
    static func color(_ kind: AnnouncementKind) -> String {
        switch kind {
        case .depart: "#2e7d32"
        case .continue: "#546e7a"
        case .early: "#8e24aa"
        case .prepare: "#f9a825"
        case .now: "#d32f2f"
        case .arrive: "#111111"
        case .waypoint: "#ef6c00"
        case .offRoute, .backOnRoute: "#6d4c41"
        case .reroute: "#1565c0"
        case .speedLimit, .overspeed, .camera: "#00838f"
        }
    }

    /// A standalone SVG drawing: the route north-up to scale, street names from the route, an arrow per
    /// maneuver, the stops, and a numbered dot where each announcement of the first layer is said.
    public func svg() -> String {
        let projection = MapProjection(fitting: index.path.coordinates + stops.map(\.location))
        return drawing(projection, layers: Array(layers.prefix(1)), interactive: false)
    }

    /// The drawing; `interactive` adds the classes and data attributes the HTML page's script uses, and one
    /// group of dots per layer.
    func drawing(_ p: MapProjection, layers: [RouteMapLayer], interactive: Bool) -> String {
        let w = svgNumber(p.width), h = svgNumber(p.height)
        var out = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\""
        out += " font-family=\"DejaVu Sans, Arial, sans-serif\" role=\"img\" id=\"route-map\">\n"
        out += "<title>\(SSML.escape(title))</title>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#f7f5ef\"/>\n"
        // The route, one line per leg, with a casing so it reads on any background.
        for leg in index.route.legs.indices {
            let points = p.polyline(legCoordinates(leg)).map { "\(svgNumber($0.x)),\(svgNumber($0.y))" }.joined(separator: " ")
            out += "<polyline class=\"route\" data-leg=\"\(leg)\" points=\"\(points)\" fill=\"none\" stroke=\"#ffffff\" stroke-width=\"9\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
            out += "<polyline class=\"route\" data-leg=\"\(leg)\" points=\"\(points)\" fill=\"none\" stroke=\"\(leg % 2 == 0 ? "#3b6fd8" : "#5a8ef0")\" stroke-width=\"5\" stroke-linejoin=\"round\" stroke-linecap=\"round\"/>\n"
        }
        out += streetNames(p)
        out += maneuverArrows(p)
        for stop in stops { out += stopMark(stop, p) }
        for (n, layer) in layers.enumerated() {
            out += "<g class=\"layer\" data-locale=\"\(SSML.escape(layer.localeTag))\"" + (interactive && n > 0 ? " style=\"display:none\"" : "") + ">\n"
            for (i, a) in layer.announcements.enumerated() {
                let point = p.point(triggerPoint(a))
                let x = svgNumber(point.x), y = svgNumber(point.y)
                let kind = a.kind.rawValue + (a.chained ? "+then" : "")
                out += "<g class=\"trigger\" data-index=\"\(i)\" data-kind=\"\(a.kind.rawValue)\">"
                out += "<title>\(i + 1). \(SSML.escape(kind)): \(SSML.escape(a.phrase.display))</title>"
                out += "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"8\" fill=\"\(Self.color(a.kind))\" stroke=\"#ffffff\" stroke-width=\"2\"/>"
                out += "<text x=\"\(x)\" y=\"\(svgNumber(point.y + 3.5))\" font-size=\"9\" font-weight=\"bold\" fill=\"#ffffff\" text-anchor=\"middle\">\(i + 1)</text></g>\n"
            }
            out += "</g>\n"
        }
        out += scaleBar(p)
        out += northArrow(p)
        out += "</svg>\n"
        return out
    }

    /// Street names along their steps, turned to the road's direction, never upside down, without overlaps.
    private func streetNames(_ p: MapProjection) -> String {
        var out = ""
        var taken: [(x: Double, y: Double, r: Double)] = []
        var previous = ""
        for step in index.steps {
            let name = step.step.name.isEmpty ? (step.step.ref ?? "") : step.step.name
            guard !name.isEmpty, name != previous else { continue }
            let line = p.polyline(step.step.geometry, tolerance: 2)
            guard line.count >= 2 else { continue }
            var lengths: [Double] = [0]
            for k in 1..<line.count { lengths.append(lengths[k - 1] + hypot(line[k].x - line[k - 1].x, line[k].y - line[k - 1].y)) }
            let total = lengths.last ?? 0
            let labelWidth = Double(name.count) * 6.2
            guard total >= max(60, labelWidth * 0.6) else { continue }
            let k = max(1, lengths.firstIndex { $0 >= total / 2 } ?? 1)
            let a = line[k - 1], b = line[k]
            let x = (a.x + b.x) / 2, y = (a.y + b.y) / 2
            let radius = labelWidth / 2
            guard !taken.contains(where: { hypot($0.x - x, $0.y - y) < $0.r + radius }) else { continue }
            taken.append((x, y, radius))
            previous = name
            var angle = atan2(b.y - a.y, b.x - a.x) * 180 / .pi
            if angle > 90 { angle -= 180 } else if angle < -90 { angle += 180 }
            out += "<text class=\"street\" x=\"\(svgNumber(x))\" y=\"\(svgNumber(y - 7))\" font-size=\"11\" fill=\"#37474f\" text-anchor=\"middle\""
            out += " transform=\"rotate(\(svgNumber(angle)) \(svgNumber(x)) \(svgNumber(y)))\" stroke=\"#f7f5ef\" stroke-width=\"3\" paint-order=\"stroke\">"
            out += SSML.escape(name) + "</text>\n"
        }
        return out
    }

    /// An arrow at each maneuver (not the departure or the arrival), pointing where the driver goes on.
    private func maneuverArrows(_ p: MapProjection) -> String {
        var out = ""
        for step in index.steps where step.step.maneuver.type != .depart && step.step.maneuver.type != .arrive {
            let m = step.step.maneuver
            let c = p.point(m.location)
            let what = [m.rawType, m.modifier?.rawValue, step.step.name.isEmpty ? nil : step.step.name].compactMap { $0 }.joined(separator: " ")
            out += "<g class=\"maneuver\" data-step=\"\(step.id.leg)/\(step.id.step)\" transform=\"translate(\(svgNumber(c.x)) \(svgNumber(c.y))) rotate(\(svgNumber(m.bearingAfter)))\">"
            out += "<title>\(SSML.escape(what))</title>"
            out += "<path d=\"M0,-13 L7,1 L2,-1 L2,8 L-2,8 L-2,-1 L-7,1 Z\" fill=\"#263238\" stroke=\"#ffffff\" stroke-width=\"1.2\"/></g>\n"
        }
        return out
    }

    private func stopMark(_ stop: Stop, _ p: MapProjection) -> String {
        let c = p.point(stop.location)
        let label: String, color: String
        switch stop.role {
        case .start: label = "A"; color = "#2e7d32"
        case .waypoint: label = String(stop.number); color = "#ef6c00"
        case .destination: label = "B"; color = "#b71c1c"
        }
        var out = "<g class=\"stop\" data-role=\"\(stop.role.rawValue)\"><title>\(SSML.escape(stop.name.isEmpty ? stop.role.rawValue : stop.name))</title>"
        out += "<rect x=\"\(svgNumber(c.x - 11))\" y=\"\(svgNumber(c.y - 30))\" width=\"22\" height=\"20\" rx=\"4\" fill=\"\(color)\"/>"
        out += "<path d=\"M\(svgNumber(c.x - 5)),\(svgNumber(c.y - 10.5)) L\(svgNumber(c.x)),\(svgNumber(c.y)) L\(svgNumber(c.x + 5)),\(svgNumber(c.y - 10.5)) Z\" fill=\"\(color)\"/>"
        out += "<text x=\"\(svgNumber(c.x))\" y=\"\(svgNumber(c.y - 15.5))\" font-size=\"12\" font-weight=\"bold\" fill=\"#ffffff\" text-anchor=\"middle\">\(label)</text></g>\n"
        return out
    }

    /// A scale bar of a round length, about a fifth of the drawing wide.
    private func scaleBar(_ p: MapProjection) -> String {
        let target = p.width / 5 / p.scale
        let steps: [Double] = [1, 2, 5].flatMap { b in (0...7).map { b * pow(10, Double($0)) } }.sorted()
        let meters = steps.last { $0 <= target } ?? 1
        let length = meters * p.scale
        let label = meters >= 1000 ? "\(svgNumber(meters / 1000)) km" : "\(svgNumber(meters)) m"
        let x = 20.0, y = p.height - 20
        var out = "<g class=\"scale\"><path d=\"M\(svgNumber(x)),\(svgNumber(y - 6)) V\(svgNumber(y)) H\(svgNumber(x + length)) V\(svgNumber(y - 6))\" fill=\"none\" stroke=\"#263238\" stroke-width=\"2\"/>"
        out += "<text x=\"\(svgNumber(x + length / 2))\" y=\"\(svgNumber(y - 9))\" font-size=\"11\" fill=\"#263238\" text-anchor=\"middle\">\(label)</text></g>\n"
        return out
    }

    /// "N" with an arrow, beside the scale bar (the drawing is north-up).
    private func northArrow(_ p: MapProjection) -> String {
        let x = 14.0, y = p.height - 44
        return "<g class=\"north\"><path d=\"M\(svgNumber(x)),\(svgNumber(y - 22)) L\(svgNumber(x + 7)),\(svgNumber(y)) L\(svgNumber(x)),\(svgNumber(y - 5)) L\(svgNumber(x - 7)),\(svgNumber(y)) Z\" fill=\"#263238\" transform=\"translate(8 0)\"/>"
            + "<text x=\"\(svgNumber(x + 8))\" y=\"\(svgNumber(y - 26))\" font-size=\"12\" font-weight=\"bold\" fill=\"#263238\" text-anchor=\"middle\">N</text></g>\n"
    }
}
