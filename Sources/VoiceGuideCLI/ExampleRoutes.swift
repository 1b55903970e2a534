import Foundation
import Phrasing
import RouteModel

/// The example routes shipped in the data's `Examples/Routes/`: listed by `drive --list-routes`, and a ROUTE that
/// is not a file but names one of them (`city-berlin` or `city-berlin.json`) is that route.
enum ExampleRoutes {
    /// The example routes' file names, sorted.
    static func names(_ data: VoiceGuideData) -> [String] {
        let dir = data.directory.appendingPathComponent("Examples/Routes")
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// `path` itself when it exists (or is `-`); else the example route it names; else `path` (whose load then
    /// reports it missing).
    static func resolve(_ path: String, arguments: ParsedArguments, io: CommandIO) -> String {
        guard path != "-", !path.contains("/"), !FileManager.default.fileExists(atPath: path),
              let data = try? PhrasingSupport.data(arguments, io: io) else { return path }
        let file = path.hasSuffix(".json") ? path : path + ".json"
        guard names(data).contains(file) else { return path }
        return data.directory.appendingPathComponent("Examples/Routes/\(file)").path
    }

    /// Prints the example routes, one per line: name, length, steps and path; the default route marked with `*`.
    /// `--format json` writes the same as one document (docs/routes.schema.json).
    static func list(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let format = try arguments.choice("format", of: ["text", "json"], command: "drive") ?? "text"
        let data = try PhrasingSupport.data(arguments, io: io)
        let names = names(data)
        let dir = data.directory.appendingPathComponent("Examples/Routes")
        guard !names.isEmpty else { throw CLIError(.noInput, "\(dir.path): no example routes") }
        // Lengths in the units the drive would speak: --units, else the locale's.
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: "drive").flatMap(UnitsSystem.init(rawValue:))
            ?? (try? data.loadLocale(tag: PhrasingSupport.localeTag(arguments, data: data, io: io)).profile.units) ?? .metric
        // A route that does not import is listed with its error rather than hidden.
        let entries = names.map { name -> Entry in
            let path = dir.appendingPathComponent(name).path
            do {
                let route = try RouteLoading.load(path: path, io: io).route
                return Entry(name: String(name.dropLast(5)), path: path, isDefault: name == RouteLoading.defaultRouteName,
                             meters: route.distance, legs: route.legs.count, steps: route.legs.reduce(0) { $0 + $1.steps.count }, error: nil)
            } catch {
                return Entry(name: String(name.dropLast(5)), path: path, isDefault: name == RouteLoading.defaultRouteName,
                             meters: nil, legs: nil, steps: nil, error: (error as? CLIError)?.message ?? "\(error)")
            }
        }
        if format == "json" {
            io.print(JSONValue.ordered([
                "directory": .string(dir.path), "units": .string(units.rawValue),
                "routes": .array(entries.map(\.json)),
            ]).serialized(pretty: true))
            return .ok
        }
        let width = entries.map(\.name.count).max() ?? 0
        io.print("# example routes in \(dir.path); * is drive's default; give the NAME as ROUTE")
        for entry in entries {
            let summary = entry.meters.map { DistanceFormatting.long($0, units: units, width: 8) + String(format: "  %3d steps", entry.steps ?? 0) }
                ?? "   (does not import)"
            io.print((entry.isDefault ? "* " : "  ") + entry.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                     + summary + "  " + entry.path)
        }
        return .ok
    }

    /// One example route as listed.
    struct Entry {
        /// The NAME that ROUTE may give (file name without `.json`).
        var name: String
        /// The file.
        var path: String
        /// True for drive's default route.
        var isDefault: Bool
        /// Length in meters; nil when the route does not import (so are `legs` and `steps`).
        var meters: Double?
        /// How many legs.
        var legs: Int?
        /// How many steps over all legs.
        var steps: Int?
        /// Why the route does not import.
        var error: String?

        /// The entry as a JSON object; a route that does not import has `error` instead of its figures.
        var json: JSONValue {
            var members: [JSONMember] = [
                JSONMember(key: "name", value: .string(name)), JSONMember(key: "path", value: .string(path)),
                JSONMember(key: "default", value: .bool(isDefault)),
            ]
            if let meters, let legs, let steps {
                members += [JSONMember(key: "distanceMeters", value: .number((meters * 10).rounded() / 10)),
                            JSONMember(key: "legs", value: .number(Double(legs))), JSONMember(key: "steps", value: .number(Double(steps)))]
            }
            if let error { members.append(JSONMember(key: "error", value: .string(error))) }
            return .object(members)
        }
    }
}
