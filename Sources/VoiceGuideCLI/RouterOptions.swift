import Foundation
import RouteModel
import Routing

/// `--router URL [--router-kind osrm|valhalla] [--router-ca FILE]`: the routing server a command plans
/// (`route`) or replans (`drive`) through, parsed in one place.
struct RouterOptions {
    /// `--router URL`.
    var url: String?
    /// `--router-kind`; nil: asked of the server (off the caller's thread when driving).
    var kind: RouterKind?
    /// `--router-ca FILE`: the CAs trusted for an https router instead of the system's.
    var caFile: String?

    /// The `--router-ca` option as the commands that take `--router` list it.
    static let caOptionSpec = OptionSpec("router-ca", value: "FILE",
                                         help: "PEM file of the certificate authorities trusted for an https:// router, instead of the system's (a private CA).")

    /// Reads the options; `--router-kind` or `--router-ca` without `--router` is a usage error, a CA file that
    /// cannot be read is missing input (66).
    static func parse(_ arguments: ParsedArguments, command: String) throws -> RouterOptions {
        var options = RouterOptions(url: arguments.values["router"], kind: nil)
        if let kind = try arguments.choice("router-kind", of: RouterKind.allCases.map(\.rawValue), command: command) {
            guard options.url != nil else { throw CLIError.usage("--router-kind goes with --router URL", command: command) }
            options.kind = RouterKind(rawValue: kind)
        }
        if let caFile = arguments.values["router-ca"] {
            guard options.url != nil else { throw CLIError.usage("--router-ca goes with --router URL", command: command) }
            options.caFile = try checkedCAFile(caFile, option: "router-ca")
        }
        return options
    }

    /// `path` when it is a readable file; a missing-input error (66) naming `option` and the file otherwise.
    /// libcurl reads the file itself at each connection, so this is what makes a typo fail at start.
    static func checkedCAFile(_ path: String, option: String) throws -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              FileManager.default.isReadableFile(atPath: path) else {
            throw CLIError(.noInput, "\(path): cannot read the CA file of option '--\(option)'")
        }
        return path
    }

    /// The router, if `--router` was given (a bad URL is a usage error). Without `--router-kind` the kind is
    /// detected by the router itself, starting now in the background and otherwise on its first request.
    func router(command: String, timeout: Double = 5) throws -> (any BlockingRouter)? {
        guard let url else { return nil }
        do {
            guard let kind else {
                let detecting = try DetectingRouter(baseURL: url, timeout: timeout, caFile: caFile)
                detecting.detectInBackground()
                return detecting
            }
            return try kind.makeBlockingRouter(baseURL: url, timeout: timeout, caFile: caFile)
        } catch {
            throw CLIError.usage("--router '\(url)': \(error)", command: command)
        }
    }

    /// A router's failure as the CLI reports it: no route between the points is bad input (65); a router that
    /// cannot be reached, is slow, fails or answers garbage is unavailable (69).
    static func cliError(_ error: RouterError, router: String) -> CLIError {
        switch error {
        case .notOk:
            return CLIError(.dataError, "\(router): \(error)")
        case .httpStatus(let status, _) where (400..<500).contains(status):
            return CLIError(.dataError, "\(router): \(error)")
        default:
            return CLIError(.unavailable, "\(router): \(error)")
        }
    }

    /// `LAT,LON` as a coordinate; a usage error naming `option` otherwise.
    static func coordinate(_ text: String, option: String, command: String) throws -> Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
              (-90...90).contains(latitude), (-180...180).contains(longitude) else {
            throw CLIError.usage("option '--\(option)' needs LAT,LON in degrees (e.g. 60.1699,24.9384), got '\(text)'", command: command)
        }
        return Coordinate(latitude: latitude, longitude: longitude)
    }
}
