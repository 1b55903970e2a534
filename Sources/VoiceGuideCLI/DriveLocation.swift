import Foundation
import RouteModel
import Guidance
import Location
import Routing
import Speech

/// Where a drive's positions come from and where it asks for new routes: `--location` with the simulation
/// options (`--gps-noise`, `--seed`, `--gps-rate`, `--gps-dropout`, `--detour`), `--record`, and
/// `--router URL --router-kind osrm|valhalla`.
struct DriveLocation {
    /// The `--location` value.
    var spec: LocationSpec = .simulate
    /// The simulation's realism options.
    var simulation = SimulationSpec()
    /// `--record FILE.gpx|FILE.nmea`.
    var recordPath: String?
    /// `--router URL [--router-kind]`: where new routes come from when off route.
    var routing = RouterOptions()
    /// The source already opened to plan the route from its first fix (`drive --to`), with the clock started
    /// when it was opened (a live source's drive time counts from then).
    var opened: (source: any LocationSource, since: SystemClock)?

    /// The options this adds to `drive`.
    static let optionSpecs: [OptionSpec] = [
        OptionSpec("location", value: "SOURCE", help: "Where positions come from: simulate (default), nmea:FILE, nmea:-, gpx:FILE, gpsd, or gpsd://HOST:PORT."),
        OptionSpec("gps-noise", value: "METERS", help: "simulate: Gaussian position noise, σ in meters (seeded by --seed)."),
        OptionSpec("seed", value: "N", help: "simulate: seed of the noise (default 1)."),
        OptionSpec("gps-rate", value: "HZ", help: "simulate: fixes per second, 0.1 to 50 (default 1)."),
        OptionSpec("gps-dropout", value: "FROM:TO", help: "simulate: no fixes between these simulated seconds (a tunnel)."),
        OptionSpec("detour", value: "AT:ROUTE", help: "simulate: leave the route AT meters along it and drive the route file ROUTE instead (a wrong turn)."),
        OptionSpec("record", value: "FILE", help: "Write the positions the drive used to FILE.gpx or FILE.nmea, to replay it with --location."),
        OptionSpec("router", value: "URL", help: "Routing server that plans the route for --to and a new one when off route (e.g. http://127.0.0.1:5000 or https://router.example)."),
        OptionSpec("router-kind", value: "KIND", help: "osrm or valhalla: the router's HTTP API (default: asked of the server when the first new route is needed)."),
        RouterOptions.caOptionSpec,
    ]

    /// Reads the options; bad values are usage errors (64) naming the option.
    static func parse(_ arguments: ParsedArguments, command: String) throws -> DriveLocation {
        var location = DriveLocation()
        do {
            if let raw = arguments.values["location"] { location.spec = try LocationSpec.parse(raw) }
            if let raw = arguments.values["gps-noise"] { location.simulation.noiseMeters = try SimulationSpec.parseNoise(raw) }
            if let raw = arguments.values["seed"] { location.simulation.seed = try SimulationSpec.parseSeed(raw) }
            if let raw = arguments.values["gps-rate"] { location.simulation.rateHz = try SimulationSpec.parseRate(raw) }
            if let raw = arguments.values["gps-dropout"] { location.simulation.dropout = try SimulationSpec.parseDropout(raw) }
            if let raw = arguments.values["detour"] { location.simulation.detour = try SimulationSpec.parseDetour(raw) }
        } catch {
            throw cliError(error)
        }
        let simulationOnly = ["gps-noise", "seed", "gps-rate", "gps-dropout", "detour"].filter { arguments.values[$0] != nil }
        if location.spec != .simulate, let first = simulationOnly.first {
            throw CLIError.usage("--\(first) applies only to --location simulate", command: command)
        }
        location.recordPath = arguments.values["record"]
        location.routing = try RouterOptions.parse(arguments, command: command)
        return location
    }

    /// Standard input carries one thing: the route (`-`) or the positions (`nmea:-`, `gpx:-`), not both (the
    /// route would be read to the end, leaving no positions: a silent drive of no distance). A usage error.
    func checkStandardInput(route: String?, command: String) throws {
        guard route == "-" else { return }
        switch spec {
        case .nmea(path: "-"), .gpx(path: "-"):
            throw CLIError.usage("the route (-) and --location \(spec) cannot both come from standard input; give one of them as a file",
                                 command: command)
        default:
            return
        }
    }

    /// Opens the source with the library's one opener (`LocationSpec.open`) for `settings`' route. A missing file
    /// is 66, bad data 65, a receiver that is not there (gpsd not running, no device) 69.
    func open(_ settings: GuidanceSettings) throws -> any LocationSource {
        if let opened { return opened.source }
        do {
            return try spec.open(route: settings.index, simulation: simulation, base: settings.simulatorOptions,
                                 gpxSpeed: settings.speedKmh.map { $0 / 3.6 })
        } catch {
            throw Self.cliError(error)
        }
    }

    /// The recorder for `--record`, if given (an uncreatable file is 73).
    func openRecorder() throws -> LocationRecorder? {
        guard let recordPath else { return nil }
        do { return try LocationRecorder(path: recordPath) } catch { throw Self.cliError(error) }
    }

    /// The router for `--router`, if given (a bad URL is a usage error); the kind, when not given, is detected by
    /// the router itself in the background, on its I/O thread: nothing here waits for the network.
    func router(command: String) throws -> (any Router)? { try routing.router(command: command) }

    /// A location error as a CLI error with its exit code.
    static func cliError(_ error: any Error) -> CLIError {
        guard let location = error as? LocationError else { return CLIError(.software, "\(error)") }
        let code: ExitCode
        switch location.kind {
        case .usage: code = .usage
        case .badData: code = .dataError
        case .missingInput: code = .noInput
        case .unavailable: code = .unavailable
        case .cannotCreate: code = .cannotCreate
        case .io: code = .ioError
        }
        return CLIError(code, location.message(naming: flag))
    }

    /// The command-line flag of a library field: the one place location values are worded as flags.
    static func flag(_ field: LocationError.Field) -> String {
        switch field {
        case .location: "--location"
        case .record: "--record"
        case .noise: "--gps-noise"
        case .seed: "--seed"
        case .rate: "--gps-rate"
        case .dropout: "--gps-dropout"
        case .detour: "--detour"
        }
    }
}
