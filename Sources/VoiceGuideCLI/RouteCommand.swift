import Foundation
import Guidance
import Location
import Phrasing
import RouteModel
import Routing

/// `voiceguide route --from LAT,LON --to LAT,LON [--via LAT,LON…] --router URL`: plans a route through a real
/// router (OSRM or Valhalla) and writes it, as the router's OSRM v5 response (one leg per stop) or as a GPX track
/// with times that `drive --location gpx:FILE` replays, so it can be transcribed, driven later or shared.
public enum RouteCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "route"
    /// One line for the command list.
    public static let summary = "Plan a route through an OSRM or Valhalla router and write it (OSRM v5 JSON, or a GPX track to replay)."
    /// Usage after the command name.
    public static let usage = "--from LAT,LON|NAME --to LAT,LON|NAME [--via LAT,LON|NAME…] [--places FILE] --router URL [--router-kind osrm|valhalla] [--router-ca FILE] "
        + "[--format osrm|gpx] [--output FILE] [--locale TAG] [--units metric|imperial|uk] [--timeout S] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = DestinationOptions.optionSpecs + [
        OptionSpec("router", value: "URL", help: "The routing server, e.g. http://127.0.0.1:8002 (required)."),
        OptionSpec("router-kind", value: "KIND", help: "osrm or valhalla (default: asked of the server)."),
        RouterOptions.caOptionSpec,
        OptionSpec("format", value: "FORMAT", help: "osrm (default: the router's OSRM v5 response) or gpx (a track with times, for --location gpx:FILE)."),
        OptionSpec("output", value: "FILE", help: "Write to FILE instead of standard output."),
        OptionSpec("locale", value: "TAG", help: "Language of the router's own texts (default: as for the other commands)."),
        OptionSpec("units", value: "SYSTEM", help: "metric, imperial or uk (default: the locale's)."),
        OptionSpec("timeout", value: "S", help: "Seconds to wait for the router, 1 to 300 (default 30)."),
        PhrasingSupport.dataDirOption,
    ]
    /// Examples.
    public static let notes = """
        Exit codes: 65 when the router finds no route between the points, 69 when
        it cannot be reached, times out or answers something unusable.
        Examples:
          voiceguide route --from 60.1699,24.9384 --to 60.1756,24.9473 \\
              --router http://127.0.0.1:8002 > r.json && voiceguide drive r.json
          voiceguide route --from … --to … --router URL --format gpx -o r.gpx
          voiceguide route --places helsinki.geojson --from Kamppi --to Kauppatori \\
              --router http://127.0.0.1:8002 -o r.json
        """

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("\(name) takes no arguments, got '\(arguments.positionals.joined(separator: " "))'", command: name)
        }
        guard arguments.values["from"] != nil, arguments.values["to"] != nil else {
            throw CLIError.usage("route needs --from LAT,LON and --to LAT,LON", command: name)
        }
        guard let destination = try DestinationOptions.parse(arguments, command: name), let origin = destination.origin else {
            throw CLIError.usage("route needs --from LAT,LON and --to LAT,LON", command: name)
        }
        let format = try arguments.choice("format", of: ["osrm", "gpx"], command: name) ?? "osrm"
        let timeout = try arguments.number("timeout", in: 1...300, command: name) ?? 30
        let routerOptions = try RouterOptions.parse(arguments, command: name)
        guard let router = try routerOptions.router(command: name, timeout: timeout) else {
            throw CLIError.usage("route needs --router URL (an OSRM or Valhalla server)", command: name)
        }
        let data = try PhrasingSupport.data(arguments, io: io)
        let tag = PhrasingSupport.localeTag(arguments, data: data, io: io)
        let locale = try PhrasingSupport.locale(tag, data: data, io: io)
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: name) ?? locale.profile.units.rawValue
        let response = try destination.plan(from: origin, router: router, routerName: routerOptions.url ?? router.label,
                                            language: locale.profile.tag, units: units)
        let bytes = format == "gpx" ? try track(response.document.route) : response.body
        if let path = arguments.values["output"] {
            try OutputFiles.write(bytes, to: path)
        } else {
            io.write(String(decoding: bytes, as: UTF8.self))
        }
        let route = response.document.route
        io.error("voiceguide route: \(route.legs.count) leg(s), \(route.legs.reduce(0) { $0 + $1.steps.count }) steps, "
                 + DistanceFormatting.long(route.distance, units: UnitsSystem(rawValue: units) ?? .metric, width: 0)
                     .trimmingCharacters(in: .whitespaces)
                 + " via \(router.label)")
        return .ok
    }

    /// The route driven at its own speeds, one fix a second, as a GPX track whose times start now.
    static func track(_ route: Route) throws -> Data {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-route-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("route.gpx").path
        do {
            let recorder = try LocationRecorder(path: path)
            for fix in Simulator(index: RouteIndex(route: route), options: SimulatorOptions()) { try recorder.record(fix.position) }
            try recorder.finish()
        } catch {
            throw DriveLocation.cliError(error)
        }
        return try Data(contentsOf: URL(fileURLWithPath: path))
    }
}
