import Foundation
import RouteModel

/// `voiceguide inspect ROUTE`: what was understood of a route.
public enum InspectCommand: VoiceGuideCommand {
    public static let name = "inspect"
    public static let summary = "Show what was understood of a route: legs, steps, maneuvers, lanes, warnings."
    public static let usage = "ROUTE [--format text|json] [--route-index N] [--polyline 5|6]"
    public static let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", help: "text (default) or json."),
        OptionSpec("route-index", value: "N", help: "Which of routes[] to use (default 0)."),
        OptionSpec("polyline", value: "5|6", help: "Force the polyline precision instead of detecting it."),
    ]

    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        // Filled in by the route-model work (issue 2).
        throw CLIError(.software, "inspect is not implemented yet")
    }
}
