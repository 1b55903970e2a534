import Foundation
import RouteModel
import Guidance
import Phrasing

/// One announcement as the map shows it: where it is said, what it says, and optionally how it sounds.
public struct MapAnnouncement: Sendable, Hashable {
    /// What it is for (depart, prepare, now, …).
    public var kind: AnnouncementKind
    /// Whether it also names the following maneuver ("…, then turn right").
    public var chained: Bool
    /// The announced maneuver's step, if any.
    public var step: StepID?
    /// Distance along the route where it starts, in meters.
    public var triggerMeters: Double
    /// When it starts on the simulated drive, in seconds.
    public var triggerSeconds: Double
    /// Distance from the trigger to the maneuver, in meters.
    public var distanceToManeuverMeters: Double
    /// Planned speaking time in seconds.
    public var durationSeconds: Double
    /// The lane hint said with it, if any.
    public var lanes: LaneHint?
    /// Display, spoken and SSML text.
    public var phrase: Phrase
    /// The synthesized speech as a WAV file, when the map embeds audio.
    public var audioWAV: Data?

    /// Creates a map announcement from a planned announcement and its phrase.
    public init(_ announcement: Announcement, phrase: Phrase, audioWAV: Data? = nil) {
        kind = announcement.kind
        chained = announcement.then != nil
        step = announcement.maneuver?.id
        triggerMeters = announcement.triggerMeters
        triggerSeconds = announcement.triggerSeconds
        distanceToManeuverMeters = announcement.distanceToManeuverMeters
        durationSeconds = announcement.durationSeconds
        lanes = announcement.maneuver?.lanes
        self.phrase = phrase
        self.audioWAV = audioWAV
    }
}

/// The announcements of one locale on the map.
public struct RouteMapLayer: Sendable, Hashable {
    /// The locale tag ("de-DE").
    public var localeTag: String
    /// The locale's own name ("Deutsch (Deutschland)"), for the switcher.
    public var localeName: String
    /// The announcements in trigger order.
    public var announcements: [MapAnnouncement]

    /// Creates a layer.
    public init(localeTag: String, localeName: String, announcements: [MapAnnouncement]) {
        self.localeTag = localeTag
        self.localeName = localeName
        self.announcements = announcements
    }
}

/// A route with where each instruction is said, ready to be drawn as GeoJSON, SVG or a self-contained HTML page
/// (`voiceguide map`).
public struct RouteMap: Sendable {
    /// The route.
    public let index: RouteIndex
    /// A title for the picture (the route's file name).
    public var title: String
    /// One layer per locale, the first shown first.
    public var layers: [RouteMapLayer]

    /// Creates a map of `index` with `layers`.
    public init(index: RouteIndex, title: String, layers: [RouteMapLayer]) {
        self.index = index
        self.title = title
        self.layers = layers
    }

    /// The formats `voiceguide map` writes, chosen by the output file's extension.
    public enum Format: String, Sendable, CaseIterable {
        /// A self-contained web page (no network): the drawing, the announcements, their audio.
        case html
        /// A standalone SVG drawing.
        case svg
        /// A GeoJSON FeatureCollection: route lines, maneuver points, trigger points, stops.
        case geojson

        /// The format for a file name's extension (`.json` is GeoJSON), or nil.
        public init?(fileName: String) {
            let ext = (fileName as NSString).pathExtension.lowercased()
            switch ext {
            case "html", "htm": self = .html
            case "svg": self = .svg
            case "geojson", "json": self = .geojson
            default: return nil
            }
        }
    }

    /// The map in `format`, as bytes to write.
    public func rendered(_ format: Format) -> Data {
        switch format {
        case .html: Data(html().utf8)
        case .svg: Data(svg().utf8)
        case .geojson: geoJSON().serializedData(pretty: true)
        }
    }

    /// A stop of the route: the start, each intermediate waypoint and the destination.
    struct Stop {
        enum Role: String { case start, waypoint, destination }
        var role: Role
        var number: Int
        var name: String
        var location: Coordinate
    }

    /// The start, the stops between legs and the destination, from the route's waypoints when they match its legs,
    /// else from the legs' ends.
    var stops: [Stop] {
        let legs = index.route.legs
        guard !legs.isEmpty else { return [] }
        let waypoints = index.route.waypoints
        var out: [Stop] = []
        for n in 0...legs.count {
            let role: Stop.Role = n == 0 ? .start : (n == legs.count ? .destination : .waypoint)
            let location: Coordinate?
            if n < legs.count { location = legs[n].steps.first?.maneuver.location } else { location = legs[n - 1].steps.last?.maneuver.location }
            let name = waypoints.count == legs.count + 1 ? waypoints[n].name : ""
            if let location = waypoints.count == legs.count + 1 ? waypoints[n].location : location {
                out.append(Stop(role: role, number: n, name: name, location: location))
            }
        }
        return out
    }

    /// Where an announcement is said: the point on the route at its trigger distance.
    func triggerPoint(_ a: MapAnnouncement) -> Coordinate { index.path.coordinate(atDistance: a.triggerMeters) }

    /// The route's coordinates of one leg.
    func legCoordinates(_ leg: Int) -> [Coordinate] {
        var coordinates: [Coordinate] = []
        for step in index.route.legs[leg].steps {
            for c in step.geometry where coordinates.last != c { coordinates.append(c) }
        }
        if coordinates.count < 2, index.route.legs.count == 1 { return index.path.coordinates }
        return coordinates
    }

    /// The lane hint in words for the side panel and the GeoJSON ("2 of 4 lanes, right").
    static func laneText(_ lanes: LaneHint?) -> String? {
        guard let lanes else { return nil }
        return "\(lanes.usableCount) of \(lanes.totalCount) lanes, \(lanes.position.rawValue)"
    }
}
