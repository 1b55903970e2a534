import Foundation
import RouteModel
import Navigation
import Phrasing
import Routing

/// `--to LAT,LON|NAME [--via LAT,LON|NAME…] [--from LAT,LON|NAME] [--places FILE]`: where a planned route goes
/// (`route`, `drive`), with names looked up in a places file; parsed in one place.
struct DestinationOptions {
    /// The destination and the stops on the way.
    var destination: Destination
    /// `--from`, when given.
    var origin: Coordinate?
    /// How messages name the destination: its place name, or the coordinates as given.
    var label: String

    /// The options, as `route` and `drive` take them.
    static let optionSpecs: [OptionSpec] = [
        OptionSpec("to", value: "LAT,LON|NAME", help: "The destination: coordinates in degrees, or a name from --places."),
        OptionSpec("via", value: "LAT,LON|NAME", help: "A stop on the way; repeat for several, in order (each ends a leg)."),
        OptionSpec("from", value: "LAT,LON|NAME", help: "Where the route starts."),
        OptionSpec("places", value: "FILE", help: "Named places for --to, --via and --from: a GeoJSON FeatureCollection of Points with a \"name\" property (as osmium export writes)."),
    ]

    /// Reads the options; nil without `--to` (then `--via` and `--from` are usage errors; `--places` may be the
    /// settings file's default). A name
    /// without `--places`, or one the file does not have, is a usage error (64) suggesting the nearest names; a
    /// missing places file is 66, a bad one 65 naming the file and the JSON path.
    static func parse(_ arguments: ParsedArguments, command: String) throws -> DestinationOptions? {
        guard let to = arguments.values["to"] else {
            if let stray = ["via", "from"].first(where: { arguments.values[$0] != nil }) {
                throw CLIError.usage("--\(stray) goes with --to LAT,LON|NAME", command: command)
            }
            return nil
        }
        var loaded: Places?
        let placesPath = arguments.values["places"]
        func point(_ text: String, _ option: String) throws -> Coordinate {
            if Self.looksLikeCoordinates(text) { return try RouterOptions.coordinate(text, option: option, command: command) }
            guard let placesPath else {
                throw CLIError.usage("--\(option) '\(text)' is a place name: give --places FILE, or LAT,LON in degrees", command: command)
            }
            if loaded == nil { loaded = try load(placesPath) }
            guard let places = loaded else { return try RouterOptions.coordinate(text, option: option, command: command) }
            guard let place = places.place(named: text) else { throw unknown(text, option: option, in: places, file: placesPath, command: command) }
            return place.coordinate
        }
        let destination = try point(to, "to")
        let via = try (arguments.allValues["via"] ?? []).map { try point($0, "via") }
        let origin = try arguments.values["from"].map { try point($0, "from") }
        return DestinationOptions(destination: Destination(destination, via: via), origin: origin, label: to)
    }

    /// True when `text` is written like `LAT,LON` (digits, signs, points, a comma, spaces), so a typo in the
    /// numbers is reported as such rather than as an unknown place.
    static func looksLikeCoordinates(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { "0123456789.,-+ ".contains($0) }
    }

    /// The places file at `path`: missing → 66, bad → 65.
    static func load(_ path: String) throws -> Places {
        do { return try Places(path: path) } catch {
            switch error.kind {
            case .missing: throw CLIError(.noInput, error.description)
            case .badData: throw CLIError(.dataError, error.description)
            }
        }
    }

    /// An unknown place name, with the nearest names of the file by edit distance.
    static func unknown(_ name: String, option: String, in places: Places, file: String, command: String) -> CLIError {
        let key = name.lowercased()
        let nearest = places.names.map { ($0, VoiceGuideData.editDistance(key, $0.lowercased())) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map { "'\($0.0)'" }
        let hint = nearest.isEmpty ? "" : "Did you mean \(nearest.joined(separator: ", "))? "
        return CLIError(.usage, "--\(option) '\(name)': no place of that name in \(file)",
                        hint: hint + "Try 'voiceguide \(command) --help'.")
    }

    /// The route from `origin` (leaving along `heading`) through the stops, planned by `router` in `builder`'s
    /// language and units. No route is exit 65, a router that is down, slow or broken 69 (one line each).
    func plan(from origin: Coordinate, heading: Double? = nil, router: any BlockingRouter, routerName: String,
              language: String, units: String?) throws -> RouterResponse {
        do {
            return try destination.plan(from: origin, heading: heading, router: router, language: language, units: units)
        } catch {
            throw RouterOptions.cliError(error, router: routerName)
        }
    }
}
