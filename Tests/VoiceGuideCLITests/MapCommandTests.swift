import Foundation
import Testing
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// `voiceguide map`: the route and where each instruction is said, as GeoJSON, SVG and a self-contained page,
/// checked with the real consumers: a JSON parser for the GeoJSON, rsvg-convert for the SVG, and headless
/// Chromium for the page (its DOM after the script ran, and a screenshot that must not be blank).
@Suite(.serialized) struct MapCommandTests {
    private static let chromium = "/usr/bin/chromium"
    private static let rsvg = "/usr/bin/rsvg-convert"

    private func outputFile(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vg-map-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name)
    }

    /// The display texts of `voiceguide transcript --format json`, in order: what the map must show.
    private func transcriptTexts(_ route: String, locale: String) throws -> [String] {
        let run = ToolRun(["transcript", route, "--locale", locale, "--format", "json"])
        #expect(run.code == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let announcements = try #require(json["announcements"] as? [[String: Any]])
        return announcements.compactMap { $0["text"] as? String }
    }

    @Test func geoJSONHasTheRouteItsManeuversAndEveryTriggerOnTheLine() throws {
        let out = try outputFile("route.geojson")
        let run = ToolRun(["map", "multi-stop-manhattan", "--output", out.path])
        #expect(run.code == 0, "\(run.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        func kind(_ name: String) -> [[String: Any]] { features.filter { ($0["properties"] as? [String: Any])?["feature"] as? String == name } }
        let lines = kind("route"), maneuvers = kind("maneuver"), triggers = kind("announcement"), stops = kind("stop")
        #expect(lines.count >= 2)  // one per leg: the route has stops
        #expect(stops.count == lines.count + 1)
        #expect(maneuvers.count > 5)
        let texts = try transcriptTexts(CLIFixtures.example("multi-stop-manhattan.json"), locale: "en-US")
        #expect(triggers.compactMap { ($0["properties"] as? [String: Any])?["text"] as? String } == texts)
        // Every trigger point lies on the route's line (within a metre of one of its segments).
        let line = lines.flatMap { (($0["geometry"] as? [String: Any])?["coordinates"] as? [[Double]]) ?? [] }
        for trigger in triggers {
            let point = try #require((trigger["geometry"] as? [String: Any])?["coordinates"] as? [Double])
            let nearest = zip(line, line.dropFirst()).map { segmentDistance(point, $0, $1) }.min() ?? .infinity
            #expect(nearest < 1.5, "trigger \(point) is \(nearest) m from the route")
        }
    }

    @Test func svgRendersWithRsvgConvert() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.rsvg) else {
            Issue.record("rsvg-convert is not installed: run scripts/setup.sh (Debian librsvg2-bin)"); return
        }
        let svg = try outputFile("route.svg")
        let run = ToolRun(["map", "city-berlin", "--locale", "de-DE", "--output", svg.path])
        #expect(run.code == 0, "\(run.err)")
        let text = try String(contentsOf: svg, encoding: .utf8)
        #expect(text.contains("Unter den Linden") || text.contains("Straße"))  // street names from the route
        let png = svg.deletingPathExtension().appendingPathExtension("png")
        let finished = try ExternalProcess.run(Self.rsvg, ["-o", png.path, svg.path], timeout: 60)
        let (status, output) = (finished.code, finished.output)
        #expect(status == 0, "\(output)")
        let picture = try PNGSummary(path: png.path)
        #expect(picture.width >= 900)
        #expect(picture.colors >= 8, "a drawing has the route, arrows, dots and labels in several colours")
        #expect(picture.inkFraction > 0.01, "the rendered SVG is blank")
    }

    @Test func htmlPageInChromiumShowsEveryAnnouncementInOrderWithAudioAndSwitchesLocale() throws {
        guard FileManager.default.isExecutableFile(atPath: Self.chromium) else {
            Issue.record("Chromium is not installed: run scripts/setup.sh (Debian chromium)"); return
        }
        let page = try outputFile("route.html")
        let run = ToolRun(["map", "uk-oxford", "--locale", "en-GB", "--locale", "fr-FR", "--output", page.path])
        #expect(run.code == 0, "\(run.err)")
        let html = try String(contentsOf: page, encoding: .utf8)
        for network in ["src=\"http", "href=\"http", "url(http", "<link", "@import", "fetch("] {
            #expect(!html.contains(network), "the page loads nothing from the network: found '\(network)'")
        }
        let profile = page.deletingLastPathComponent().appendingPathComponent("chromium-profile").path
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(profile)",
                      "--window-size=1400,1000", "--virtual-time-budget=5000"]
        let dom = try ExternalProcess.run(Self.chromium, common + ["--dump-dom", page.absoluteString], timeout: 120)
        #expect(dom.code == 0, "\(dom.output.suffix(2000))")
        let english = try transcriptTexts(CLIFixtures.example("uk-oxford.json"), locale: "en-GB")
        let french = try transcriptTexts(CLIFixtures.example("uk-oxford.json"), locale: "fr-FR")
        let lists = Self.lists(in: dom.output)
        #expect(lists.count == 2)
        #expect(lists.first?.locale == "en-GB" && lists.last?.locale == "fr-FR")
        #expect(lists.first?.texts == english.map(Self.escaped))
        #expect(lists.last?.texts == french.map(Self.escaped))
        #expect(lists.allSatisfy { $0.withAudio == $0.texts.count }, "every announcement carries its audio")
        // The script ran: the first announcement is selected and its three texts are shown side by side.
        #expect(dom.output.contains("class=\"announcement selected\""))
        #expect(dom.output.contains("id=\"text-ssml\">&lt;speak"))
        #expect(dom.output.contains("<option value=\"fr-FR\">"))
        let shot = page.deletingLastPathComponent().appendingPathComponent("shot.png")
        let screenshot = try ExternalProcess.run(Self.chromium, common + ["--screenshot=\(shot.path)", page.absoluteString], timeout: 120)
        #expect(screenshot.code == 0, "\(screenshot.output.suffix(2000))")
        let picture = try PNGSummary(path: shot.path)
        #expect(picture.width == 1400)
        #expect(picture.colors >= 16)
        #expect(picture.inkFraction > 0.05, "the screenshot is blank")
    }

    @Test func badOutputIsAUsageOrFileError() throws {
        #expect(ToolRun(["map", "city-dc"]).code == 64)
        let wrong = ToolRun(["map", "city-dc", "--output", "/tmp/route.png"])
        #expect(wrong.code == 64)
        #expect(wrong.err.contains(".html, .svg or .geojson"))
        let missingDir = ToolRun(["map", "city-dc", "--output", "/nonexistent-voiceguide/route.svg"])
        #expect(missingDir.code == 73)
        #expect(missingDir.err.contains("/nonexistent-voiceguide/route.svg"))
        #expect(ToolRun(["map", "city-dc", "--locale", "xx-XX", "--output", "/tmp/vg-map-bad.svg"]).code == 64)
    }

    /// Each list in the page's DOM: its locale, the display texts of its items in order, how many carry audio.
    private static func lists(in dom: String) -> [(locale: String, texts: [String], withAudio: Int)] {
        dom.components(separatedBy: "<ol class=\"announcements\"").dropFirst().map { chunk in
            let body = chunk.components(separatedBy: "</ol>").first ?? ""
            let locale = body.components(separatedBy: "data-locale=\"").dropFirst().first?.components(separatedBy: "\"").first ?? ""
            let texts = body.components(separatedBy: "<span class=\"display\">").dropFirst().map { $0.components(separatedBy: "</span>").first ?? "" }
            let audio = body.components(separatedBy: "data-audio=\"UklGR").count - 1  // base64 of "RIFF"
            return (locale, texts, audio)
        }
    }

    /// Text as Chromium serializes it in the DOM (only &, < and > are escaped in text nodes).
    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}

/// Metres from `p` to the segment a–b ([lon, lat] pairs), on a local flat projection.
private func segmentDistance(_ p: [Double], _ a: [Double], _ b: [Double]) -> Double {
    let k = cos(p[1] * .pi / 180) * 111_320.0, m = 110_540.0
    let ax = (a[0] - p[0]) * k, ay = (a[1] - p[1]) * m, bx = (b[0] - p[0]) * k, by = (b[1] - p[1]) * m
    let dx = bx - ax, dy = by - ay
    let t = max(0, min(1, (dx * dx + dy * dy) > 0 ? -(ax * dx + ay * dy) / (dx * dx + dy * dy) : 0))
    return hypot(ax + t * dx, ay + t * dy)
}
