import Foundation
import RouteModel
import Guidance
import Phrasing
import SpeechBackends
import VoiceService

/// What `transcript` and `drive` share: the route, the locale and units, the speed, and the data directory.
struct GuidanceSettings {
    /// The imported route.
    var document: RouteDocument
    /// The route's file name for messages (`<stdin>` for `-`).
    var routeName: String
    /// The derived route index.
    var index: RouteIndex
    /// The data directory the locale came from.
    var data: VoiceGuideData
    /// The loaded locale.
    var locale: LoadedLocale
    /// The phrase builder for the chosen locale and units.
    var builder: PhraseBuilder
    /// A fixed simulated speed in km/h, or nil for the route's own step speeds.
    var speedKmh: Double?
    /// Say speed limit changes (`--speed-limits`).
    var speedLimits = false
    /// Overspeed warnings (`drive`; nil: none), with the tolerance over the limit in km/h (nil inside: the
    /// default, 5 km/h or 5 %).
    var overspeed: Double?? = nil
    /// The speed cameras to announce (`--cameras FILE`; empty: none).
    var cameras: [SpeedCamera] = []

    /// `--speed-limits`, for the commands that say limits (`transcript`, `drive`).
    static let speedLimitsOption = OptionSpec("speed-limits", help: "Say the new speed limit where it changes on a fast road (60 km/h or more), from the route's annotation.maxspeed, between maneuver announcements.")

    /// `--cameras FILE`, for the commands that say alerts (`transcript`, `drive`; also a setting of the settings file).
    static let camerasOption = OptionSpec("cameras", value: "FILE", help: "Say \"Speed camera in 400 m\" once before each fixed speed camera of FILE on the route in the driving direction: GeoJSON points (properties maxspeed, direction) or OpenStreetMap XML nodes tagged highway=speed_camera.")

    /// The cameras of `--cameras FILE`, if given: a missing file is exit 66, a bad one 65 (the file and the JSON path
    /// or XML line).
    static func cameras(_ arguments: ParsedArguments) throws -> [SpeedCamera] {
        guard let path = arguments.values["cameras"] else { return [] }
        do { return try SpeedCameras(path: path).cameras } catch {
            switch error.kind {
            case .missing: throw CLIError(.noInput, error.description)
            case .badData: throw CLIError(.dataError, error.description)
            }
        }
    }

    /// Options both commands accept (plus the route options of `RouteLoading`).
    static let optionSpecs: [OptionSpec] = [
        OptionSpec("locale", value: "TAG", help: "Locale of the guidance (de-DE, de_DE or de; default: from LANG, else en-US)."),
        OptionSpec("units", value: "SYSTEM", help: "metric, imperial or uk (default: the locale's)."),
        OptionSpec("speed", value: "KMH", help: "Drive at a fixed speed instead of the route's own step speeds."),
        PhrasingSupport.dataDirOption,
    ] + RouteLoading.optionSpecs

    /// Reads the options, loads the route (`routePath`) and the locale. Errors are `CLIError`s with exit codes.
    static func load(routePath: String, arguments: ParsedArguments, command: String, io: CommandIO) throws -> GuidanceSettings {
        var options = try RouteLoading.options(from: arguments, command: command)
        // Only the Mapbox rewrite writes the input back; --stats compares with the router's own instructions.
        options.retainsJSON = arguments.values["format"].flatMap(TranscriptFormat.init(rawValue:))?.needsInputJSON == true
            || arguments.flags.contains("stats")
        return try load(arguments: arguments, command: command, io: io) { _, _ in
            let name = routePath == "-" ? "<stdin>" : routePath
            return (try RouteLoading.load(path: routePath, io: io, options: options), name)
        }
    }

    /// Reads the options and the locale, then gets the route from `route` (given the locale and the phrase
    /// builder, whose language and units a router plans in) with the name messages give it.
    static func load(arguments: ParsedArguments, command: String, io: CommandIO,
                     route: (LoadedLocale, PhraseBuilder) throws -> (document: RouteDocument, name: String)) throws -> GuidanceSettings {
        let units = try arguments.choice("units", of: UnitsSystem.allCases.map(\.rawValue), command: command)
            .flatMap(UnitsSystem.init(rawValue:))
        let speed = try arguments.number("speed", in: 1...300, command: command)
        let data = try PhrasingSupport.data(arguments, io: io)
        let tag = PhrasingSupport.localeTag(arguments, data: data, io: io)
        let locale = try PhrasingSupport.locale(tag, data: data, io: io)
        let builder = locale.builder(units: units)
        // Before the route: a bad cameras file is reported without asking a router first.
        let cameras = try Self.cameras(arguments)
        let (document, name) = try route(locale, builder)
        RouteLoading.reportWarnings(document, file: name, io: io)
        var settings = GuidanceSettings(document: document, routeName: name, index: RouteIndex(route: document.route),
                                        data: data, locale: locale, builder: builder, speedKmh: speed)
        settings.speedLimits = arguments.flags.contains("speed-limits")
        settings.cameras = cameras
        return settings
    }

    /// The voice for `choice` (nil: the locale's own eSpeak NG voice), through the factory. A locale voice
    /// that does not exist is bad locale data: exit 65 naming the locale file and its `voice` key.
    func voice(_ choice: VoiceChoice? = nil, rate: Int = VoiceTuning.defaultRate, pitch: Int = VoiceTuning.defaultPitch, io: CommandIO) throws -> SpeechBackend.Voice {
        try VoiceSelection.voice(choice, locale: locale, data: data, rate: rate, pitch: pitch, io: io)
    }

    /// How the simulator drives the route: at the fixed speed, if any.
    var simulatorOptions: SimulatorOptions {
        var options = SimulatorOptions()
        options.speedKmh = speedKmh
        return options
    }

    /// The guidance thresholds for these settings: the fixed speed (if any) as the planning speed, the alerts asked for.
    var configuration: GuidanceConfiguration {
        var configuration = GuidanceConfiguration.standard
        if let kmh = speedKmh { configuration.speedOverride = kmh / 3.6 }
        configuration.speedLimitAlerts = speedLimits
        configuration.cameras = cameras
        if let tolerance = overspeed {
            configuration.overspeedWarnings = true
            configuration.overspeedToleranceKmh = tolerance
        }
        return configuration
    }

    /// Runs the simulated drive offline with `estimator` and phrases every announcement: the library's
    /// `VoiceTranscript`, which renders every transcript format.
    func plan(estimator: any DurationEstimator) -> VoiceTranscript {
        let run = OfflineGuidance.run(index, configuration: configuration, estimator: estimator, options: simulatorOptions)
        return VoiceTranscript(document: document, index: index, localeTag: locale.profile.tag, builder: builder,
                               run: run, phrases: run.announcements.map(builder.phrase))
    }
}
