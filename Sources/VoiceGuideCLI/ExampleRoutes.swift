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

    /// Prints the example routes, one per line: name and path; the default route marked with `*`.
    static func list(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let data = try PhrasingSupport.data(arguments, io: io)
        let names = names(data)
        guard !names.isEmpty else {
            throw CLIError(.noInput, "\(data.directory.appendingPathComponent("Examples/Routes").path): no example routes")
        }
        let width = names.map(\.count).max() ?? 0
        io.print("# example routes in \(data.directory.appendingPathComponent("Examples/Routes").path); * is drive's default")
        for name in names {
            let base = String(name.dropLast(5))
            io.print((name == RouteLoading.defaultRouteName ? "* " : "  ")
                     + base.padding(toLength: width - 5, withPad: " ", startingAt: 0) + "  "
                     + data.directory.appendingPathComponent("Examples/Routes/\(name)").path)
        }
        return .ok
    }
}
