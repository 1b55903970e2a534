/// Where positions come from (the CLI's `--location`).
public enum LocationSpec: Sendable, Equatable, CustomStringConvertible {
    /// The simulator drives the route (the default).
    case simulate
    /// An NMEA 0183 file; the path "-" is standard input.
    case nmea(path: String)
    /// A GPX track file; the path "-" is standard input.
    case gpx(path: String)
    /// A gpsd daemon over TCP.
    case gpsd(host: String, port: UInt16)

    /// gpsd's standard port.
    public static let defaultGpsdPort: UInt16 = 2947

    /// Parses `simulate`, `nmea:FILE`, `nmea:-`, `gpx:FILE`, `gpsd` or `gpsd://HOST[:PORT]`;
    /// a `.usage` error names the bad value.
    public static func parse(_ text: String) throws -> LocationSpec {
        let expected = "expected simulate, nmea:FILE, nmea:-, gpx:FILE, gpsd or gpsd://HOST:PORT"
        func bad(_ why: String) -> LocationError {
            LocationError(.usage, field: .location, value: text.quotedForMessage(), why)
        }
        if text == "simulate" { return .simulate }
        if text == "gpsd" { return .gpsd(host: "127.0.0.1", port: defaultGpsdPort) }
        if let path = text.dropPrefix("nmea:") {
            guard !path.isEmpty else { throw bad("no file after 'nmea:' (use nmea:- for standard input)") }
            return .nmea(path: path)
        }
        if let path = text.dropPrefix("gpx:") {
            guard !path.isEmpty else { throw bad("no file after 'gpx:'") }
            return .gpx(path: path)
        }
        if let rest = text.dropPrefix("gpsd://") {
            let (host, port) = try splitHostPort(rest, bad: bad)
            return .gpsd(host: host, port: port)
        }
        throw bad(expected)
    }

    /// `HOST`, `HOST:PORT`, `[V6]` or `[V6]:PORT`.
    private static func splitHostPort(_ text: String, bad: (String) -> LocationError) throws -> (String, UInt16) {
        var host = text
        var portText: String?
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]") else { throw bad("unclosed '[' in the host") }
            host = String(text[text.index(after: text.startIndex)..<close])
            let after = text[text.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw bad("expected ':PORT' after ']'") }
                portText = String(after.dropFirst())
            }
        } else if let colon = text.lastIndex(of: ":") {
            host = String(text[..<colon])
            guard !host.contains(":") else { throw bad("write an IPv6 address in brackets, e.g. gpsd://[::1]:2947") }
            portText = String(text[text.index(after: colon)...])
        }
        guard !host.isEmpty, !host.contains("/"), !host.contains(" ") else { throw bad("no valid host after 'gpsd://'") }
        guard let portText else { return (host, defaultGpsdPort) }
        guard let port = UInt16(portText), port > 0 else { throw bad("port '\(portText.quotedForMessage())' is not 1…65535") }
        return (host, port)
    }

    /// The value as `--location` takes it.
    public var description: String {
        switch self {
        case .simulate: "simulate"
        case .nmea(let path): "nmea:\(path)"
        case .gpx(let path): "gpx:\(path)"
        case .gpsd(let host, let port): "gpsd://\(host.contains(":") ? "[\(host)]" : host):\(port)"
        }
    }
}

extension String {
    /// The rest of the string after `prefix`, or nil when it does not start with it.
    func dropPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
