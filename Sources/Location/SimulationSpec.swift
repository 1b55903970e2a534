import Foundation
import RouteModel
import SafeIO

/// The realism options of the simulator, parsed from their text values (`METERS`, `N`, `HZ`, `FROM:TO`,
/// `AT_METERS:ROUTE_FILE`) with `.usage` errors that name the `LocationError.Field` and the value; the CLI words
/// the field as its flag (`--gps-noise`, `--seed`, `--gps-rate`, `--gps-dropout`, `--detour`).
public struct SimulationSpec: Sendable, Equatable {
    /// A wrong turn: leave the planned route `atMeters` along it and drive `routeFile` instead.
    public struct Detour: Sendable, Equatable {
        /// Distance along the planned route where the detour starts, meters.
        public var atMeters: Double
        /// The route file whose geometry is driven after that.
        public var routeFile: String
        /// Creates a detour.
        public init(atMeters: Double, routeFile: String) {
            self.atMeters = atMeters
            self.routeFile = routeFile
        }
    }

    /// Gaussian noise per axis (σ), meters; nil for clean fixes.
    public var noiseMeters: Double?
    /// Seed of the noise.
    public var seed: UInt64 = 1
    /// Fixes per second.
    public var rateHz: Double = 1
    /// Simulated seconds without fixes (a tunnel), from…until.
    public var dropout: SimulatorOptions.Dropout?
    /// A wrong turn onto another route.
    public var detour: Detour?

    /// Creates the default: clean 1 Hz fixes.
    public init() {}

    /// Parses a noise value, METERS (0…1000).
    public static func parseNoise(_ text: String) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= 0, v <= 1000 else {
            throw bad(.noise, text, "expected meters of noise, 0 to 1000")
        }
        return v
    }

    /// Parses a seed, N (an unsigned 64-bit integer).
    public static func parseSeed(_ text: String) throws -> UInt64 {
        guard let v = UInt64(text) else { throw bad(.seed, text, "expected a whole number 0 to \(UInt64.max)") }
        return v
    }

    /// Parses a fix rate, HZ (0.1…50).
    public static func parseRate(_ text: String) throws -> Double {
        guard let v = Double(text), v.isFinite, v >= 0.1, v <= 50 else {
            throw bad(.rate, text, "expected fixes per second, 0.1 to 50")
        }
        return v
    }

    /// Parses a dropout, FROM:TO (simulated seconds, FROM < TO).
    public static func parseDropout(_ text: String) throws -> SimulatorOptions.Dropout {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let from = Double(parts[0]), let to = Double(parts[1]),
              from.isFinite, to.isFinite, from >= 0, to > from else {
            throw bad(.dropout, text, "expected FROM:TO in simulated seconds with FROM < TO, e.g. 120:150")
        }
        return SimulatorOptions.Dropout(fromSeconds: from, untilSeconds: to)
    }

    /// Parses a detour, AT_METERS:ROUTE_FILE.
    public static func parseDetour(_ text: String) throws -> Detour {
        guard let colon = text.firstIndex(of: ":"), let at = Double(text[..<colon]), at.isFinite, at >= 0,
              text.index(after: colon) < text.endIndex else {
            throw bad(.detour, text, "expected AT_METERS:ROUTE_FILE, e.g. 850:wrong-turn.json")
        }
        return Detour(atMeters: at, routeFile: String(text[text.index(after: colon)...]))
    }

    /// `base` with this spec's rate, noise and dropout.
    public func options(base: SimulatorOptions = SimulatorOptions()) -> SimulatorOptions {
        var options = base
        options.interval = 1 / rateHz
        options.noise = noiseMeters.map { SimulatorOptions.Noise(sigmaMeters: $0, seed: seed) }
        if let dropout { options.dropout = dropout }
        return options
    }

    /// Refuses (`.usage`) a dropout that leaves the drive of `route` (with `base` under this spec's options) without
    /// a single fix: the drive would end at 0:00 saying nothing. A dropout over part of the drive is kept.
    public func checkDropout(route: RouteIndex, base: SimulatorOptions = SimulatorOptions()) throws {
        guard let dropout else { return }
        var options = self.options(base: base)
        var probe = Simulator(index: route, options: options)
        guard probe.next() == nil else { return }
        options.dropout = nil
        var whole = Simulator(index: route, options: options)
        var last = options.startTime
        while let fix = whole.next() { last = fix.position.timestamp }
        let given = "\(Self.number(dropout.fromSeconds)):\(Self.number(dropout.untilSeconds))"
        throw Self.bad(.dropout, given, "covers the whole simulated drive (\(Self.clock(options.startTime)) to "
            + "\(Self.clock(last))), so there would be no fix at all; give a part of it, e.g. 60:90")
    }

    /// `120`, `0.5`, `1000000000` (no exponent).
    private static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(saturating: value)) : String(value)
    }

    /// `9:32` or `1:02:03`.
    private static func clock(_ seconds: Double) -> String {
        let whole = Int(saturating: seconds.rounded())
        let (h, m, s) = (whole / 3600, whole % 3600 / 60, whole % 60)
        let two: (Int) -> String = { $0 < 10 ? "0\($0)" : "\($0)" }
        return h > 0 ? "\(h):\(two(m)):\(two(s))" : "\(m):\(two(s))"
    }

    /// Loads the detour's route file: a missing file is `.missingInput`, a bad route `.badData`.
    public func loadDetourRoute() throws -> RouteIndex? {
        guard let detour else { return nil }
        let url = URL(fileURLWithPath: detour.routeFile)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw LocationError(.missingInput, field: .detour, "cannot read route file '\(detour.routeFile)': \((error as NSError).localizedDescription)")
        }
        do {
            let document = try RouteImporter().read(data, fileName: detour.routeFile)
            return RouteIndex(route: document.route)
        } catch {
            throw LocationError(.badData, field: .detour, error.description)
        }
    }

    private static func bad(_ field: LocationError.Field, _ value: String, _ why: String) -> LocationError {
        LocationError(.usage, field: field, value: value.quotedForMessage(), why)
    }
}
