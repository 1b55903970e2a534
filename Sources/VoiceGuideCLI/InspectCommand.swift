import Foundation
import RouteModel

/// `voiceguide inspect ROUTE`: what was understood of a route.
public enum InspectCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "inspect"
    /// One line for the command list.
    public static let summary = "Show what was understood of a route: legs, steps, maneuvers, lanes, warnings."
    /// Usage after the command name.
    public static let usage = "ROUTE|- [--format text|json] [--route-index N] [--polyline 5|6]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default) or json (an OSRM v5 response that re-imports)."),
    ] + RouteLoading.optionSpecs

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        let format = try arguments.choice("format", of: ["text", "json"], command: name) ?? "text"
        guard let path = arguments.positionals.first else {
            throw CLIError.usage("missing ROUTE (a route file, an example route NAME, or - for standard input)", command: name)
        }
        guard arguments.positionals.count == 1 else {
            throw CLIError.usage("unexpected argument '\(arguments.positionals[1])'", command: name)
        }
        var options = try RouteLoading.options(from: arguments, command: name)
        options.retainsJSON = false  // the report is built from the route, not the input tree
        let document = try RouteLoading.load(path: ExampleRoutes.resolve(path, arguments: arguments, io: io), io: io, options: options)
        let file = path == "-" ? "<stdin>" : path
        if format == "json" {
            InspectReport.writeJSON(document, file: file) { io.write($0) }
        } else {
            io.write(InspectReport.text(document, file: file))
        }
        return .ok
    }
}
