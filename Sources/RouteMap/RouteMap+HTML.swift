import Foundation
import RouteModel
import Guidance
import Phrasing
import SafeIO

extension RouteMap {
    /// One self-contained web page (nothing from the network: no tiles, no fonts, no scripts from elsewhere): the
    /// drawing, the announcements in order, and beside them the display, spoken and SSML text of the one chosen.
    /// Clicking an announcement (in the list or its dot on the map) shows it and plays its embedded audio. With
    /// several layers a switcher chooses the locale.
    public func html() -> String {
        let projection = MapProjection(fitting: index.path.coordinates + stops.map(\.location))
        let first = layers.first
        var out = "<!DOCTYPE html>\n<html lang=\"\(SSML.escape(first?.localeTag ?? "en"))\">\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        out += "<title>\(SSML.escape(title)) — VoiceGuide</title>\n<style>\n\(Self.style)</style>\n</head>\n<body>\n"
        out += "<header><h1>\(SSML.escape(title))</h1><p class=\"summary\">" + summary() + "</p>"
        if layers.count > 1 {
            out += "<label>Locale <select id=\"locale\">"
            for layer in layers { out += "<option value=\"\(SSML.escape(layer.localeTag))\">\(SSML.escape(layer.localeName)) (\(SSML.escape(layer.localeTag)))</option>" }
            out += "</select></label>"
        }
        out += "</header>\n<main>\n<section class=\"map\">\n" + drawing(projection, layers: layers, interactive: true) + legend() + "</section>\n"
        out += "<section class=\"panel\">\n"
        for (n, layer) in layers.enumerated() {
            out += "<ol class=\"announcements\" data-locale=\"\(SSML.escape(layer.localeTag))\" lang=\"\(SSML.escape(layer.localeTag))\""
            out += n > 0 ? " hidden>\n" : ">\n"
            for (i, a) in layer.announcements.enumerated() {
                let kind = a.kind.rawValue + (a.chained ? "+then" : "")
                out += "<li class=\"announcement\" tabindex=\"0\" data-index=\"\(i)\" data-kind=\"\(a.kind.rawValue)\""
                if let wav = a.audioWAV { out += " data-audio=\"\(wav.base64EncodedString())\"" }
                out += " data-spoken=\"\(SSML.escape(a.phrase.spoken))\" data-ssml=\"\(SSML.escape(a.phrase.ssml))\""
                out += " data-lanes=\"\(SSML.escape(Self.laneText(a.lanes) ?? ""))\">"
                out += "<span class=\"kind\" style=\"background:\(Self.color(a.kind))\">\(SSML.escape(kind))</span> "
                out += "<span class=\"where\">\(Self.distanceText(a.triggerMeters)) · \(Self.timeText(a.triggerSeconds))</span> "
                out += "<span class=\"display\">\(SSML.escape(a.phrase.display))</span></li>\n"
            }
            out += "</ol>\n"
        }
        out += "</section>\n</main>\n"
        out += "<section class=\"details\" id=\"details\"><div><h2>Display</h2><p id=\"text-display\"></p></div>"
        out += "<div><h2>Spoken</h2><p id=\"text-spoken\"></p></div><div><h2>SSML</h2><pre id=\"text-ssml\"></pre></div>"
        out += "<div><h2>Where</h2><p id=\"text-where\"></p></div></section>\n"
        out += "<script>\n\(Self.script)</script>\n</body>\n</html>\n"
        return out
    }

    private func summary() -> String {
        let route = index.route
        let count = layers.first?.announcements.count ?? 0
        let stopsText = route.legs.count > 1 ? ", \(route.legs.count - 1) stop\(route.legs.count == 2 ? "" : "s")" : ""
        return "\(Self.distanceText(route.distance)), \(Self.timeText(route.duration)), \(route.stepCount) steps\(stopsText), \(count) announcements"
    }

    private func legend() -> String {
        let kinds = Set(layers.flatMap { $0.announcements.map(\.kind) })
        var out = "<ul class=\"legend\">"
        for kind in AnnouncementKind.allCases where kinds.contains(kind) {
            out += "<li><span class=\"dot\" style=\"background:\(Self.color(kind))\"></span>\(kind.rawValue)</li>"
        }
        return out + "</ul>\n"
    }

    static func distanceText(_ meters: Double) -> String {
        meters >= 1000 ? String(format: "%.1f km", meters / 1000) : String(format: "%.0f m", meters)
    }

    static func timeText(_ seconds: Double) -> String {
        let s = Int(saturating: seconds)
        return s >= 3600 ? String(format: "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60) : String(format: "%d:%02d", s / 60, s % 60)
    }

    static let style = """
        body { margin: 0; font: 14px/1.4 "DejaVu Sans", Arial, sans-serif; color: #263238; background: #fff; }
        header { padding: 8px 16px; border-bottom: 1px solid #ddd; display: flex; gap: 24px; align-items: baseline; flex-wrap: wrap; }
        h1 { font-size: 18px; margin: 0; } h2 { font-size: 12px; text-transform: uppercase; color: #78909c; margin: 0 0 4px; }
        main { display: flex; gap: 0; align-items: flex-start; }
        .map { flex: 1 1 auto; min-width: 0; padding: 8px; } .map svg { width: 100%; height: auto; max-height: 80vh; }
        .panel { flex: 0 0 420px; max-height: 82vh; overflow-y: auto; border-left: 1px solid #ddd; }
        ol.announcements { margin: 0; padding: 0 0 0 36px; } li.announcement { padding: 6px 8px; cursor: pointer; border-bottom: 1px solid #eee; }
        li.announcement:hover, li.announcement:focus { background: #f1f5fb; outline: none; } li.selected { background: #e3ecfb; }
        .kind { color: #fff; border-radius: 3px; padding: 0 5px; font-size: 11px; } .where { color: #78909c; font-size: 12px; }
        .details { display: grid; grid-template-columns: 1fr 1fr 1.4fr 0.6fr; gap: 16px; padding: 12px 16px; border-top: 1px solid #ddd; }
        .details pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-size: 12px; }
        .legend { list-style: none; display: flex; gap: 14px; padding: 0; margin: 4px 0; font-size: 12px; }
        .dot { display: inline-block; width: 10px; height: 10px; border-radius: 5px; margin-right: 4px; }
        g.trigger { cursor: pointer; } g.trigger.selected circle { stroke: #000; stroke-width: 3; }

        """

    static let script = """
        (function () {
          var audio = null;
          function layerOf(locale) { return document.querySelector('ol.announcements[data-locale="' + locale + '"]'); }
          function current() { var s = document.getElementById('locale'); return s ? s.value : document.querySelector('ol.announcements').dataset.locale; }
          function select(index, play) {
            var list = layerOf(current()); if (!list) return;
            var item = list.querySelector('li[data-index="' + index + '"]'); if (!item) return;
            document.querySelectorAll('.selected').forEach(function (e) { e.classList.remove('selected'); });
            item.classList.add('selected');
            var dot = document.querySelector('g.layer[data-locale="' + current() + '"] g.trigger[data-index="' + index + '"]');
            if (dot) dot.classList.add('selected');
            document.getElementById('text-display').textContent = item.querySelector('.display').textContent;
            document.getElementById('text-spoken').textContent = item.dataset.spoken;
            document.getElementById('text-ssml').textContent = item.dataset.ssml;
            document.getElementById('text-where').textContent = item.querySelector('.where').textContent + (item.dataset.lanes ? ' · ' + item.dataset.lanes : '');
            item.scrollIntoView({ block: 'nearest' });
            if (play && item.dataset.audio) {
              if (audio) audio.pause();
              audio = new Audio('data:audio/wav;base64,' + item.dataset.audio);
              audio.play().catch(function () {});
            }
          }
          document.querySelectorAll('li.announcement').forEach(function (li) {
            li.addEventListener('click', function () { select(li.dataset.index, true); });
            li.addEventListener('keydown', function (e) { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); select(li.dataset.index, true); } });
          });
          document.querySelectorAll('g.trigger').forEach(function (g) {
            g.addEventListener('click', function () { select(g.dataset.index, true); });
          });
          var chooser = document.getElementById('locale');
          if (chooser) chooser.addEventListener('change', function () {
            document.querySelectorAll('ol.announcements').forEach(function (ol) { ol.hidden = ol.dataset.locale !== chooser.value; });
            document.querySelectorAll('g.layer').forEach(function (g) { g.style.display = g.dataset.locale === chooser.value ? '' : 'none'; });
            document.documentElement.lang = chooser.value;
            select(0, false);
          });
          select(0, false);
        })();

        """
}
