import Foundation
import Phrasing
import Routing
import SafeIO
import Speech
import VoiceService
import SpeechBackends

/// `voiceguide serve`: the HTTP voice-instructions service of `VoiceService` (POST /v1/voice, proxy mode for an
/// OSRM or Valhalla router, /health, /metrics, /v1/locales) until SIGTERM or SIGINT, which drain it.
public enum ServeCommand: VoiceGuideCommand {
    /// The subcommand name.
    public static let name = "serve"
    /// One line for the command list.
    public static let summary = "Serve voice instructions over HTTP (POST /v1/voice; proxy for OSRM or Valhalla)."
    /// Usage after the command name.
    public static let usage = "[--host ADDR] [--port N] [--upstream URL --upstream-kind osrm|valhalla] [--upstream-ca FILE] [--upstream-timeout S] "
        + "[--max-body BYTES] [--large-body BYTES] [--max-connections N] [--head-timeout S] [--body-timeout S] [--idle-timeout S] "
        + "[--drain-window S] [--drain-timeout S] [--cors-origin ORIGIN|*] [--no-gzip] [--log-format text|json] [--durations words|speech [--voice VOICE]] [--locale TAG] [--data-dir DIR]"
    /// The options the command accepts.
    public static let options: [OptionSpec] = [
        OptionSpec("host", value: "ADDR", help: "Address to bind (default 127.0.0.1; 0.0.0.0 for all)."),
        OptionSpec("port", value: "N", help: "TCP port (default 8080; 0 picks a free one)."),
        OptionSpec("upstream", value: "URL", help: "Proxy mode: the router asked for GET /route/v1/… (http[s]://HOST:PORT)."),
        OptionSpec("upstream-kind", value: "KIND", help: "osrm (default) or valhalla."),
        OptionSpec("upstream-ca", value: "FILE", help: "PEM file of the certificate authorities trusted for an https:// upstream, instead of the system's (a private CA)."),
        OptionSpec("upstream-timeout", value: "S", help: "Seconds for an upstream answer before 504 (default 10)."),
        OptionSpec("max-body", value: "BYTES", help: "Largest request body (default 33554432 = 32 MB); larger is 413."),
        OptionSpec("large-body", value: "BYTES", help: "A body of at least BYTES is a large request (default 4194304 = 4 MiB): its render holds about ten times its size, so one renders at a time and another gets 503 with Retry-After: 1."),
        OptionSpec("max-connections", value: "N", help: "Most open connections (default 16384; idle ones cost no thread); beyond it only /health and /metrics are answered, anything else gets 503."),
        OptionSpec("head-timeout", value: "S", help: "Seconds for a request head once begun (default 10); then 408."),
        OptionSpec("body-timeout", value: "S", help: "Seconds for a request body (default 30); then 408."),
        OptionSpec("idle-timeout", value: "S", help: "Seconds a kept-alive connection may idle (default 15)."),
        OptionSpec("drain-window", value: "S", help: "Seconds after SIGTERM that the server still answers, with /health 503 \"draining\", so a load balancer stops sending (default 5; 0 stops accepting at once)."),
        OptionSpec("drain-timeout", value: "S", help: "Seconds SIGTERM then waits for in-flight requests (default 30)."),
        OptionSpec("cors-origin", value: "ORIGIN", help: "Let web pages from ORIGIN (https://app.example.com, or * for any) call the service: CORS headers and preflight answers."),
        OptionSpec("log-format", value: "FORMAT", help: "The access log on stderr, one line per request (method, path, status, bytes, ms, upstream ms, the reason of an error): text (default) or json."),
        OptionSpec("no-gzip", help: "Never gzip responses (default: bodies of 1 KiB or more, for clients that send Accept-Encoding: gzip)."),
        OptionSpec("durations", value: "MODEL", help: "Speaking times the planner places announcements by and the JSON reports: 'words' (the locale's words/s, default) or 'speech' (synthesized by the voice, as transcript --durations speech: the locale's eSpeak NG voice, or --voice; on the render workers, never the event loop)."),
        OptionSpec("voice", value: "VOICE", help: "With --durations speech, the voice for every request: espeak:NAME (or NAME), piper:NAME_OR_PATH (requests in another language than the voice's are timed by their locale's eSpeak NG voice), or piper for each locale's; see voiceguide say --list-voices. Repeat it to let a request pick one with voice=VOICE (only those; the first is the default). Made at start: missing 66, bad 65, engine unavailable 69."),
        OptionSpec("locale", value: "TAG", help: "Locale when a request names none (default en-US)."),
        PhrasingSupport.dataDirOption,
    ]
    /// Endpoints, for --help.
    public static let notes = """
        Endpoints:
          POST /v1/voice?locale=de-DE&units=metric&format=mapbox|json[&voice=VOICE]
               body: an OSRM, Mapbox or Valhalla (format osrm) route response
               no locale: the route's voiceLocale (else --locale, VoiceGuide-Warning)
          GET  /route/v1/driving/LON,LAT;LON,LAT?language=de&voice_units=metric
          GET  /directions/v5/mapbox/driving/LON,LAT;LON,LAT?language=de&steps=true&…
               proxy mode, with --upstream (the second is what the Mapbox SDKs call)
          GET  /health    GET /metrics (Prometheus)    GET /v1/locales
        SIGTERM or SIGINT drains: for --drain-window seconds requests are still
        answered (each closing its connection) and /health says 503 "draining";
        then new connections are refused and in-flight requests finish.
        A second signal stops at once.
        """

    /// Runs the server until SIGTERM/SIGINT; failures to start are `CLIError`s.
    public static func run(_ arguments: ParsedArguments, io: CommandIO) throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("serve takes no arguments, got '\(arguments.positionals.joined(separator: "' '"))'", command: name)
        }
        var limits = HTTPServerLimits()
        func seconds(_ option: String, _ fallback: Double) throws -> Double {
            try arguments.number(option, in: 0.1...86_400, command: name) ?? fallback
        }
        limits.maxBodyBytes = try arguments.number("max-body", in: 1...Double(1 << 34), command: name).map { Int(saturating: $0) } ?? limits.maxBodyBytes
        limits.largeBodyBytes = try arguments.number("large-body", in: 1...Double(1 << 34), command: name).map { Int(saturating: $0) } ?? limits.largeBodyBytes
        limits.maxConnections = try arguments.number("max-connections", in: 1...100_000, command: name).map { Int(saturating: $0) } ?? limits.maxConnections
        limits.headTimeout = try seconds("head-timeout", limits.headTimeout)
        limits.bodyTimeout = try seconds("body-timeout", limits.bodyTimeout)
        limits.idleTimeout = try seconds("idle-timeout", limits.idleTimeout)
        limits.drainTimeout = try seconds("drain-timeout", limits.drainTimeout)
        limits.drainWindow = try arguments.number("drain-window", in: 0...3600, command: name) ?? limits.drainWindow
        let port = try arguments.number("port", in: 0...65_535, command: name).map { UInt16(clamping: Int(saturating: $0)) } ?? 8080
        let host = arguments.values["host"] ?? "127.0.0.1"
        let upstreamTimeout = try seconds("upstream-timeout", 10)
        let kind = try arguments.choice("upstream-kind", of: ["osrm", "valhalla"], command: name)
        var upstream: VoiceUpstream?
        if let url = arguments.values["upstream"] {
            let caFile = try arguments.values["upstream-ca"].map { try RouterOptions.checkedCAFile($0, option: "upstream-ca") }
            do {
                upstream = kind == "valhalla" ? .valhalla(try ValhallaRouter(baseURL: url, timeout: upstreamTimeout, caFile: caFile))
                                              : .osrm(try OSRMRouter(baseURL: url, timeout: upstreamTimeout, caFile: caFile))
            } catch {
                throw CLIError.usage("option '--upstream': \(error)", command: name)
            }
        } else if kind != nil {
            throw CLIError.usage("option '--upstream-kind' needs '--upstream URL'", command: name)
        } else if arguments.values["upstream-ca"] != nil {
            throw CLIError.usage("option '--upstream-ca' needs '--upstream URL'", command: name)
        }
        let data = try PhrasingSupport.data(arguments, io: io)
        // A server's default is its own setting, never the shell's LANG: --locale or en-US.
        let tag = try PhrasingSupport.locale(arguments.values["locale"] ?? VoiceGuideData.defaultLocaleTag, data: data, io: io).profile.tag
        let voice = try durationVoice(arguments, locale: tag, data: data, io: io)
        let renderer = VoiceRenderer(data: data, maxBytes: limits.maxBodyBytes, durations: voice?.durations)
        let metrics = ServiceMetrics()
        let drain = Locked<HTTPServer?>(nil)
        let service = VoiceHTTPService(renderer: renderer, upstream: upstream, defaultLocale: tag, metrics: metrics,
                                       isDraining: { drain.withLock { $0?.isDraining ?? false } })
        var policy = HTTPResponsePolicy(gzipMinimumBytes: arguments.flags.contains("no-gzip") ? nil : 1024)
        if let origin = arguments.values["cors-origin"] {
            guard origin == "*" || (origin.hasPrefix("http://") || origin.hasPrefix("https://")) && !origin.dropFirst(8).contains("/") else {
                throw CLIError.usage("option '--cors-origin' must be * or an origin such as https://app.example.com (scheme and host, no path), got '\(origin)'", command: name)
            }
            policy.corsOrigin = origin
        }
        let logFormat = try arguments.choice("log-format", of: AccessLog.Format.allCases.map(\.rawValue), command: name)
            .flatMap(AccessLog.Format.init(rawValue:)) ?? .text
        let accessLog = AccessLog(format: logFormat) { line in io.error(line) }
        let server = HTTPServer(host: host, port: port, limits: limits, policy: policy, metrics: metrics, accessLog: accessLog,
                                handler: service)
        drain.withLock { $0 = server }
        signal(SIGPIPE, SIG_IGN)
        // Taken over before the listener opens (SignalDelivery loses no signal that arrives after this).
        let signals = SignalDelivery.install([SIGTERM, SIGINT]) { sig in
            let name = sig == SIGTERM ? "SIGTERM" : "SIGINT"
            guard !server.isDraining else {
                // A second signal while draining: the operator wants out now.
                io.error("voiceguide serve: \(name) again: stopping without waiting for \(metrics.requestsInFlight) in flight")
                exit(128 + sig)
            }
            io.error("voiceguide serve: \(name): draining (in flight: \(metrics.requestsInFlight))")
            server.shutdown()
        }
        defer { SignalDelivery.remove(signals) }
        do {
            try server.start()
        } catch {
            throw CLIError(.unavailable, "serve: \(error)")
        }
        io.error("voiceguide serve: listening on http://\(host.contains(":") ? "[\(host)]" : host):\(server.port)"
                 + (upstream.map { " (proxy for \($0.label))" } ?? "") + ", \(renderer.availableLocales.count) locales"
                 + (voice.map { ", speaking times from \($0.label)" } ?? ""))
        server.waitUntilStopped()
        io.error("voiceguide serve: stopped")
        return .ok
    }

    /// `--durations speech` and `--voice` (repeatable): the voices that time requests, made now (nil: words/s).
    /// `--voice` without `--durations speech` is a usage error, as for `transcript`.
    static func durationVoice(_ arguments: ParsedArguments, locale tag: String, data: VoiceGuideData,
                              io: CommandIO) throws -> ServeVoices? {
        let durations = try arguments.choice("durations", of: ["words", "speech"], command: name) ?? "words"
        let choices = (arguments.allValues["voice"] ?? arguments.values["voice"].map { [$0] } ?? []).map(VoiceChoice.init)
        guard durations == "speech" else {
            if !choices.isEmpty { throw CLIError.usage("--voice applies only to --durations speech", command: name) }
            return nil
        }
        return try ServeVoices(choices: choices, locale: try PhrasingSupport.locale(tag, data: data, io: io), data: data, io: io)
    }
}
