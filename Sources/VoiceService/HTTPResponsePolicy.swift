import Foundation

/// What `HTTPServer` adds to every response on the way out, apart from the handler: gzip for clients that accept
/// it, and CORS headers (with preflight answers) for web clients of one allowed origin.
public struct HTTPResponsePolicy: Sendable {
    /// Bodies of at least this many bytes are gzipped for a client whose `Accept-Encoding` takes gzip; nil never
    /// compresses. Smaller bodies cost more to compress than they save.
    public var gzipMinimumBytes: Int? = 1024
    /// The origin web pages may call from (`https://app.example.com`, or `*` for any); nil sends no CORS headers.
    public var corsOrigin: String?
    /// How long a browser may cache a preflight answer, in seconds.
    public var corsMaxAge = 600

    /// The defaults: gzip on, no CORS.
    public init(gzipMinimumBytes: Int? = 1024, corsOrigin: String? = nil) {
        self.gzipMinimumBytes = gzipMinimumBytes
        self.corsOrigin = corsOrigin
    }

    /// The answer to a CORS preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) when CORS is
    /// on; nil for any other request, which goes to the handler.
    public func preflight(_ request: HTTPServerRequest) -> HTTPServerResponse? {
        guard corsOrigin != nil, request.method == "OPTIONS", request.header("Origin") != nil,
              request.header("Access-Control-Request-Method") != nil else { return nil }
        var response = HTTPServerResponse(status: 204, endpoint: "preflight")
        response.headers.append(contentsOf: [("Access-Control-Allow-Methods", "GET, POST, HEAD, OPTIONS"),
                             ("Access-Control-Allow-Headers", "Content-Type, Accept-Encoding"),
                             ("Access-Control-Max-Age", String(corsMaxAge))])
        return finish(response, for: request)
    }

    /// `response` as it goes to the client of `request`: CORS headers when the request came from the allowed
    /// origin, and the body gzipped when the client accepts it and it is worth it.
    public func finish(_ response: HTTPServerResponse, for request: HTTPServerRequest) -> HTTPServerResponse {
        var response = response
        if let allowed = corsOrigin, let origin = request.header("Origin"), allowed == "*" || origin == allowed {
            response.headers.append(name: "Access-Control-Allow-Origin", value: allowed == "*" ? "*" : origin)
            if allowed != "*" { response.headers.append(name: "Vary", value: "Origin") }
        }
        if let minimum = gzipMinimumBytes, response.body.count >= minimum {
            response.headers.append(name: "Vary", value: "Accept-Encoding")
            if Self.acceptsGzip(request.header("Accept-Encoding")), let compressed = Gzip.compress(response.body) {
                response.body = compressed
                response.headers.append(name: "Content-Encoding", value: "gzip")
            }
        }
        return response
    }

    /// True when an `Accept-Encoding` value takes gzip: `gzip` or `*` listed without `q=0` (RFC 9110 §12.5.3).
    static func acceptsGzip(_ value: String?) -> Bool {
        guard let value else { return false }
        var gzip: Bool?, any: Bool?
        for item in value.split(separator: ",") {
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let coding = parts.first else { continue }
            let refused = parts.dropFirst().contains { $0.replacingOccurrences(of: " ", with: "").range(of: #"^q=0(\.0{0,3})?$"#, options: .regularExpression) != nil }
            if coding == "gzip" || coding == "x-gzip" { gzip = !refused }
            if coding == "*" { any = !refused }
        }
        return gzip ?? any ?? false
    }
}
