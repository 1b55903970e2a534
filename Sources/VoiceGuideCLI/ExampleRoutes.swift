import Foundation
import Phrasing

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
    static func list(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let data = try PhrasingSupport.data(arguments, io: io)
        let names = names(data)
        let dir = data.directory.appendingPathComponent("Examples/Routes")
        guard !names.isEmpty else { throw CLIError(.noInput, "\(dir.path): no example routes") }
        let width = names.map(\.count).max() ?? 0
        // Lengths in the units the drive would speak: --units, else the locale's.
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: "drive").flatMap(UnitsSystem.init(rawValue:))
            ?? (try? data.loadLocale(tag: PhrasingSupport.localeTag(arguments, data: data, io: io)).profile.units) ?? .metric
        io.print("# example routes in \(dir.path); * is drive's default; give the NAME as ROUTE")
        for name in names {
            let path = dir.appendingPathComponent(name).path
            // A route that does not import is listed with its error rather than hidden.
            let summary: String
            if let route = try? RouteLoading.load(path: path, io: io).route {
                let steps = route.legs.reduce(0) { $0 + $1.steps.count }
                summary = DistanceFormatting.long(route.distance, units: units, width: 8) + String(format: "  %3d steps", steps)
            } else {
                summary = "   (does not import)"
            }
            io.print((name == RouteLoading.defaultRouteName ? "* " : "  ")
                     + String(name.dropLast(5)).padding(toLength: width - 5, withPad: " ", startingAt: 0) + "  "
                     + summary + "  " + path)
        }
        return .ok
    }
}
