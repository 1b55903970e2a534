import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import SpeechESpeakNG
import AudioALSA
import Navigation

/// `voiceguide drive [ROUTE]`: a simulated drive with spoken guidance — live through ALSA (or silently as text)
/// in real time at `--speedup` times, or rendered to a WAV timeline as fast as the machine allows.
public enum DriveCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "drive"
    /// One line for the command list.
    public static let summary = "Hear guidance during a simulated drive (ALSA, WAV file, or text)."
    /// Usage after the command name: every option.
    public static let usage = "[ROUTE|NAME|-] [--to LAT,LON|NAME] [--via LAT,LON|NAME…] [--from LAT,LON|NAME] [--places FILE] [--locale TAG] [--units metric|imperial|uk] [--speed KMH] [--speed-limits] [--cameras FILE] [--overspeed KMH] [--speedup N] "
        + "[--output auto|alsa[:DEVICE]|wav:FILE|text] [--compress N] [--mute-from S --mute-until S] [--volume PERCENT] "
        + "[--voice NAME] [--rate WPM] [--pitch P] [--quiet | --verbose] [--events FILE|-] [--route-index N] "
        + "[--polyline 5|6] [--data-dir DIR] [--location SOURCE] "
        + "[--gps-noise M] [--seed N] [--gps-rate HZ] [--gps-dropout FROM:TO] [--detour AT:ROUTE] [--record FILE] "
        + "[--router URL [--router-kind osrm|valhalla]] [--router-ca FILE] | --list-voices [--locale TAG] [--format text|json] | --list-routes [--format text|json]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("speedup", value: "N", help: "Simulated seconds per real second, 0.25 to 1000 (default 1). Text mode still shows every announcement; only live audio may drop ones whose moment passed while another was being said. A WAV render ignores it (see --compress)."),
        OptionSpec("compress", value: "N", help: "WAV only: compress the rendered timeline N times (1 to 1000; default 1 renders every announcement at its simulated time). Speech keeps its natural speed, so what no longer fits is dropped and listed."),
        OptionSpec("output", value: "OUT", help: "auto (default: ALSA 'default', else text), alsa, alsa:DEVICE, wav:FILE, or text."),
        OptionSpec("mute-from", value: "S", help: "Mute from this simulated second (with --mute-until)."),
        OptionSpec("mute-until", value: "S", help: "Unmute at this simulated second."),
        OptionSpec("volume", value: "PERCENT", help: "Output volume, 0 to 100 (default 100)."),
        OptionSpec("format", value: "FORMAT", help: "With --list-routes or --list-voices: text (default) or json (docs/routes.schema.json, docs/voices.schema.json)."),
        GuidanceSettings.speedLimitsOption,
        GuidanceSettings.camerasOption,
        OptionSpec("overspeed", value: "KMH", help: "Warn once when the speed stays over the route's limit by more than KMH (0 to 100; default 5 km/h or 5 %, whichever is more) for 3 s; again after 10 s under the limit or at a new limit."),
    ] + GuidanceSettings.optionSpecs + DriveExtras.optionSpecs + DriveLocation.optionSpecs + DestinationOptions.optionSpecs

    /// Keys and examples.
    public static let notes = """
        ROUTE is a file, - for stdin, or an example route's NAME (see --list-routes).
        With --to instead of ROUTE, the route is planned through --router from
        --from, else from the first fix of --location (a live receiver: guidance
        waits for it); --location simulate needs --from. No route is exit 65, a
        router that is down or slow 69.
        Keys on a terminal: m mute/unmute, + faster, - slower, space pause, ? keys,
        q quit, Ctrl-Z suspend; Ctrl-C stops at once (exit 130).
        Examples:
          voiceguide drive                                 bundled route, through ALSA
          voiceguide drive city-berlin --locale de-DE      German, an example route
          voiceguide drive --speedup 4                     four times faster
          voiceguide drive r.json --output wav:drive.wav   render the drive to WAV
          voiceguide drive --events - --quiet | jq .event  follow it from a program
          voiceguide drive --to 60.17,24.95 --router URL   plan, then guide
        """

    /// Runs the command; failures are `CLIError`s with their exit codes.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        if arguments.flags.contains("list-voices") { return try VoiceListing.run(arguments, io: io) }
        if arguments.flags.contains("list-routes") { return try ExampleRoutes.list(arguments, io: io) }
        if arguments.values["format"] != nil { throw CLIError.usage("--format applies only to --list-routes and --list-voices", command: name) }
        guard arguments.positionals.count <= 1 else {
            throw CLIError.usage("drive takes at most one ROUTE, got \(arguments.positionals.count) ('\(arguments.positionals.joined(separator: "' '"))')", command: name)
        }
        let speedup = try arguments.number("speedup", in: 0.25...1000, command: name) ?? 1
        let output = try AudioOutput.parse(arguments.values["output"], command: name)
        let compress = try arguments.number("compress", in: 1...1000, command: name) ?? 1
        // A WAV render ignores --speedup: it is written as fast as the machine allows, every announcement at its
        // simulated time (the --speedup help says so); --compress N shortens its timeline on request.
        var rendersWAV = false
        if case .wav = output { rendersWAV = true }
        if arguments.values["compress"] != nil, !rendersWAV {
            throw CLIError.usage("--compress applies only to --output wav:FILE", command: name)
        }
        let mute = try muteWindow(arguments)
        let extras = try DriveExtras.parse(arguments, io: io, command: name)
        // Before the route is read: a route on stdin must not swallow the positions meant for it too.
        var location = try DriveLocation.parse(arguments, command: name)
        try location.checkStandardInput(route: arguments.positionals.first, command: name)
        if location.spec.isLive, case .wav = output {
            throw CLIError.usage("a WAV render needs recorded positions (--location simulate, nmea:FILE or gpx:FILE), not a live receiver", command: name)
        }
        let tolerance = try arguments.number("overspeed", in: 0...100, command: name)
        var settings: GuidanceSettings
        if let destination = try DestinationOptions.parse(arguments, command: name) {
            if let route = arguments.positionals.first {
                throw CLIError.usage("--to plans the route: give no ROUTE (got '\(route)')", command: name)
            }
            guard let planned = try DestinationStart.settings(destination, location: &location, extras: extras,
                                                              arguments: arguments, io: io, command: name) else { return .ok }
            settings = planned
        } else {
            let routePath = try arguments.positionals.first.map { ExampleRoutes.resolve($0, arguments: arguments, io: io) }
                ?? defaultRoute(arguments, io: io)
            settings = try GuidanceSettings.load(routePath: routePath, arguments: arguments, command: name, io: io)
        }
        settings.overspeed = .some(tolerance)
        let volume = try arguments.number("volume", in: 0...100, command: name).map { $0 / 100 } ?? 1
        var drive = DriveSetup(settings: settings, speedup: speedup, compress: compress, mute: mute, volume: volume, io: io)
        drive.extras = extras
        drive.location = location
        switch output {
        case .wav(let path): return try drive.renderWAV(to: path)
        case .text: return try drive.live(device: nil, fallbackToText: false)
        case .alsa(let device): return try drive.live(device: device, fallbackToText: false)
        case .auto: return try drive.live(device: "default", fallbackToText: true)
        }
    }

    /// The bundled default route in the data directory's `Examples/Routes/`.
    static func defaultRoute(_ arguments: ParsedArguments, io: CommandIO) throws -> String {
        let data = try PhrasingSupport.data(arguments, io: io)
        let path = data.directory.appendingPathComponent("Examples/Routes/" + RouteLoading.defaultRouteName).path
        guard FileManager.default.isReadableFile(atPath: path) else {
            throw CLIError(.noInput, "\(path): the bundled default route is missing", hint: "Give a ROUTE file.")
        }
        return path
    }

    /// `--mute-from`/`--mute-until`: both or neither, from before until.
    static func muteWindow(_ arguments: ParsedArguments) throws -> MuteWindow? {
        let from = try arguments.number("mute-from", in: 0...1e7, command: name)
        let until = try arguments.number("mute-until", in: 0...1e7, command: name)
        switch (from, until) {
        case (nil, nil): return nil
        case let (from?, until?):
            guard from < until else {
                throw CLIError.usage("--mute-from (\(from)) must be before --mute-until (\(until))", command: name)
            }
            return MuteWindow(from: from, until: until)
        default:
            throw CLIError.usage("--mute-from and --mute-until go together", command: name)
        }
    }
}
