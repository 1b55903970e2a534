import Foundation

/// Where an HTTP service is: `http[s]://HOST[:PORT][/PREFIX]`; the parsed parts are what the client connects
/// to (over TLS for https) and prefixes to every request target.
public struct HTTPEndpoint: Sendable, Hashable, CustomStringConvertible {
    /// Why a URL is not a usable endpoint.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        /// The URL as given.
        public var url: String
        /// What is wrong with it.
        public var reason: String
        /// One line: `URL 'ftp://x': only http:// and https:// URLs are supported`.
        public var description: String { "URL '\(url)': \(reason)" }
    }

    /// Host name or address (IPv6 without brackets).
    public var host: String
    /// True for https: the client speaks TLS and checks the server's certificate.
    public var isSecure: Bool
    /// TCP port.
    public var port: UInt16
    /// The path prefix without a trailing slash ("" for none), e.g. "/valhalla".
    public var pathPrefix: String

    /// Creates an endpoint from its parts.
    public init(host: String, port: UInt16, pathPrefix: String = "", isSecure: Bool = false) {
        self.host = host
        self.isSecure = isSecure
        self.port = port
        self.pathPrefix = pathPrefix
    }

    /// Parses `http[s]://HOST[:PORT][/PREFIX]` (a missing scheme means http; port 80, or 443 for https, by default).
    public init(_ url: String) throws(ParseError) {
        var rest = Substring(url.trimmingCharacters(in: .whitespaces))
        var secure = false
        if let schemeEnd = rest.range(of: "://") {
            let scheme = rest[rest.startIndex..<schemeEnd.lowerBound].lowercased()
            guard scheme == "http" || scheme == "https" else {
                throw ParseError(url: url, reason: "only http:// and https:// URLs are supported")
            }
            secure = scheme == "https"
            rest = rest[schemeEnd.upperBound...]
        }
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let authority = rest[rest.startIndex..<authorityEnd]
        var path = String(rest[authorityEnd...])
        guard !path.contains("?"), !path.contains("#") else { throw ParseError(url: url, reason: "a query or fragment is not allowed") }
        guard !authority.contains("@") else { throw ParseError(url: url, reason: "user info is not supported") }
        var hostPart = authority
        var portPart: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { throw ParseError(url: url, reason: "unclosed '[' in the host") }
            hostPart = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { throw ParseError(url: url, reason: "junk after the IPv6 address") }
                portPart = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            hostPart = authority[authority.startIndex..<colon]
            portPart = authority[authority.index(after: colon)...]
        }
        guard !hostPart.isEmpty else { throw ParseError(url: url, reason: "no host") }
        guard hostPart.allSatisfy({ $0.isLetter || $0.isNumber || "-._:%".contains($0) }), hostPart.allSatisfy(\.isASCII) else {
            throw ParseError(url: url, reason: "invalid host '\(hostPart)'")
        }
        var port: UInt16 = secure ? 443 : 80
        if let portPart {
            guard let value = UInt16(portPart), value > 0 else { throw ParseError(url: url, reason: "invalid port '\(portPart)'") }
            port = value
        }
        while path.hasSuffix("/") { path.removeLast() }
        guard path.allSatisfy({ $0.isASCII && !$0.isWhitespace }) else {
            throw ParseError(url: url, reason: "the path must be ASCII without spaces (percent-encode it)")
        }
        self.init(host: String(hostPart), port: port, pathPrefix: path, isSecure: secure)
    }

    /// The value of the Host header (the port left out when it is the scheme's default).
    public var hostHeader: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (isSecure ? 443 : 80) ? name : "\(name):\(port)"
    }

    /// `http://host:port/prefix` or `https://…`.
    public var description: String { "\(isSecure ? "https" : "http")://\(hostHeader)\(pathPrefix)" }

    /// The absolute URL of `target` (path and query below the prefix).
    public func url(for target: String) -> String { description + target }
}
