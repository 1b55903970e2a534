import RouteModel

extension LocationSpec {
    /// True when the spec names a live receiver (gpsd, or `nmea:` on a character device or socket), whose
    /// positions come in wall-clock time: known before opening, so a command can refuse what needs a recording.
    public var isLive: Bool {
        switch self {
        case .gpsd: true
        case .nmea(let path): NMEADeviceSource.isDevice(path)
        case .simulate, .gpx: false
        }
    }

    /// Opens the source this spec names: `simulate` drives `route` with `simulation`'s realism on top of `base`
    /// (loading the detour route if one is given); `nmea:` reads a recording, or a live receiver when the path is
    /// a character device or socket (`NMEADeviceSource`); `gpx:` uses `gpxSpeed` (m/s) for a track without times;
    /// `gpsd` connects at once (`.unavailable` when it is not running). A dropout over the whole simulated
    /// drive is `.usage` (`SimulationSpec.checkDropout`). Errors are `LocationError`s.
    public func open(route: RouteIndex, simulation: SimulationSpec = SimulationSpec(),
                     base: SimulatorOptions = SimulatorOptions(), gpxSpeed: Double? = nil) throws -> any LocationSource {
        if let receiver = try openReceiver(gpxSpeed: gpxSpeed) { return receiver }
        try simulation.checkDropout(route: route, base: base)
        let detour = try simulation.loadDetourRoute().map { index in
            SimulatedLocationSource.Detour(atMeters: simulation.detour?.atMeters ?? 0, index: index)
        }
        return SimulatedLocationSource(index: route, options: simulation.options(base: base), detour: detour)
    }

    /// Opens a source that needs no route (every one but `simulate`, which gives nil): before a route is planned
    /// from its first fix. Errors are `LocationError`s, as for `open(route:…)`.
    public func openReceiver(gpxSpeed: Double? = nil) throws -> (any LocationSource)? {
        switch self {
        case .simulate:
            return nil
        case .nmea(let path):
            return NMEADeviceSource.isDevice(path) ? try NMEADeviceSource(path: path) : try NMEASource(path: path)
        case .gpx(let path):
            return try GPXSource(path: path, speed: gpxSpeed)
        case .gpsd(let host, let port):
            return try GpsdSource(host: host, port: port)
        }
    }
}
