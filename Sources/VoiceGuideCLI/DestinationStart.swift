import Foundation
import RouteModel
import Guidance
import Phrasing
import Speech
import Location
import Routing

/// `drive --to …`: plans the route before guidance starts, from `--from`, or from the first fix of a recorded
/// source (`nmea:FILE`, `gpx:FILE`), or from the first fix of a live receiver (`gpsd`, an NMEA device) while the
/// keys, signals and the status line work (planning runs on its own thread, bounded by the router's timeout).
/// The source opened for its first fix is handed to the drive with that fix put back in front.
enum DestinationStart {
    /// `q` pressed while waiting for the first fix: the drive ends before it started.
    private struct QuitBeforeStart: Error {}

    /// The drive's settings on the planned route; nil when the user quit while waiting for the first fix.
    /// Without `--router` or, for `--location simulate`, without `--from`: usage errors (64).
    static func settings(_ destination: DestinationOptions, location: inout DriveLocation, extras: DriveExtras,
                         arguments: ParsedArguments, io: CommandIO, command: String) throws -> GuidanceSettings? {
        guard let router = try location.routing.router(command: command) else {
            throw CLIError.usage("--to needs --router URL (an OSRM or Valhalla server) to plan the route", command: command)
        }
        if destination.origin == nil, location.spec == .simulate {
            throw CLIError.usage("--location simulate needs --from LAT,LON|NAME: a simulated drive has no position to plan from",
                                 command: command)
        }
        let routerName = location.routing.url ?? router.label
        let speed = try arguments.number("speed", in: 1...300, command: command)
        let spec = location.spec
        var opened: (source: any LocationSource, since: SystemClock)?
        do {
            let settings = try GuidanceSettings.load(arguments: arguments, command: command, io: io) { locale, builder in
                let plan: @Sendable (Coordinate, Double?) throws -> RouterResponse = { origin, heading in
                    try destination.plan(from: origin, heading: heading, router: router, routerName: routerName,
                                         language: builder.locale.tag, units: builder.units.rawValue)
                }
                let response: RouterResponse
                if let origin = destination.origin {
                    response = try plan(origin, nil)
                } else {
                    let since = SystemClock()
                    let source: any LocationSource
                    do {
                        guard let receiver = try spec.openReceiver(gpxSpeed: speed.map { $0 / 3.6 }) else {
                            throw CLIError(.software, "no receiver to plan from")
                        }
                        source = receiver
                    } catch let error as CLIError { throw error } catch { throw DriveLocation.cliError(error) }
                    let started: (source: FirstFixSource, response: RouterResponse)
                    if source.timing == .recorded {
                        let first: FirstFixSource?
                        do { first = try FirstFixSource.reading(source) } catch { throw DriveLocation.cliError(error) }
                        guard let first else {
                            throw CLIError(.dataError, "\(source.label): no position in it to plan the route from")
                        }
                        started = (first, try plan(first.firstFix.coordinate, first.firstFix.heading))
                    } else {
                        let words = DriveWords(locale: locale)
                        started = try waitForFirstFix(source, words: words, extras: extras, io: io, plan: plan)
                    }
                    opened = (started.source, since)
                    response = started.response
                }
                return (response.document, "route to \(destination.label)")
            }
            location.opened = opened
            return settings
        } catch is QuitBeforeStart {
            return nil
        }
    }

    /// Waits for a live receiver's first fix, the status line saying so, then plans from it on a thread of its
    /// own while keys and signals still work (Ctrl-C and the other ending signals exit 128 + N, `q` ends the
    /// drive before it starts). Fixes that come while the router works replace the one guidance starts from.
    private static func waitForFirstFix(_ source: any LocationSource, words: DriveWords, extras: DriveExtras, io: CommandIO,
                                        plan: @escaping @Sendable (Coordinate, Double?) throws -> RouterResponse) throws
        -> (source: FirstFixSource, response: RouterResponse) {
        let console = DriveConsole(io: io, simTime: { $0 }, words: words, verbosity: extras.verbosity,
                                   logToStderr: extras.eventsToStdout)
        // Keys act on a drive that has not started: nothing speaks yet, and the clock is the receiver's.
        let idle = VirtualClock()
        let controller = SpeechController(player: TextBackend(clock: idle, duration: { _ in 0 }), clock: idle)
        let wall = SystemClock()
        let interaction = LiveInteraction(io: io, console: console, controller: controller,
                                          timeline: SimulationTimeline(speedup: 1, wall: 0), clock: wall)
        interaction.start { signal in
            let (reason, code) = LiveInteraction.ending(signal)
            interaction.stop()
            console.info(reason, at: wall.now())
            source.close()
            exit(code)
        }
        defer { interaction.stop() }
        console.info("gpsNoFix", at: 0)
        let outcome = Locked<Result<RouterResponse, any Error>?>(nil)
        var latest: Position?
        var planning = false
        while true {
            interaction.handleKeys(at: wall.now(), sim: wall.now())
            if interaction.quitRequested {
                console.info("stopQuit", at: wall.now())
                source.close()
                throw QuitBeforeStart()
            }
            do {
                while let event = try source.nextEvent() {
                    guard case .fix(let position) = event else { continue }
                    latest = position
                }
            } catch {
                source.close()
                throw DriveLocation.cliError(error)
            }
            if let fix = latest, !planning {
                planning = true
                let thread = Thread {
                    let result = Result { try plan(fix.coordinate, fix.heading) }
                    outcome.withLock { $0 = result }
                }
                thread.name = "voiceguide.plan"
                thread.start()
            }
            if let result = outcome.snapshot, let fix = latest {
                switch result {
                case .success(let response): return (FirstFixSource(source, firstFix: fix), response)
                case .failure(let error):
                    source.close()
                    throw error
                }
            }
            if console.showsStatus {
                console.setStatus(words.text(planning ? "starting" : "status.noFix") + " · " + source.label)
            }
            source.waitForEvent(timeout: 0.05)
        }
    }
}
