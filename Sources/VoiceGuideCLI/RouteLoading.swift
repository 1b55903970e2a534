import Foundation
import RouteModel
import SafeIO

/// Loads a route for any command: from a path or `-` (stdin), with the CLI's error mapping
/// (missing file → 66, bad route data → 65, bad options → 64).
public enum RouteLoading {
    /// File name of the bundled default route (in `Examples/Routes/`), used by `drive` without ROUTE.
    public static let defaultRouteName = "city-dc.json"

    /// Options every route-reading command accepts.
    public static let optionSpecs: [OptionSpec] = [
        OptionSpec("route-index", value: "N", help: "Which of routes[] to use (default 0)."),
        OptionSpec("polyline", value: "5|6", help: "Force the polyline precision instead of detecting it."),
    ]

    /// Import options from `--route-index` and `--polyline`.
    public static func options(from arguments: ParsedArguments, command: String) throws(CLIError) -> RouteImporter.Options {
        var options = RouteImporter.Options()
        do {
            if let index = try arguments.number("route-index", in: 0...1_000_000, command: command) {
                guard index == index.rounded() else {
                    throw CLIError.usage("option '--route-index' needs a whole number, got '\(arguments.values["route-index"] ?? "")'", command: command)
                }
                options.routeIndex = Int(index)
            }
            if let precision = try arguments.choice("polyline", of: ["5", "6"], command: command) {
                options.polylinePrecision = Int(precision)
            }
        } catch let error as CLIError {
            throw error
        } catch {
            throw CLIError(.software, "\(error)")
        }
        return options
    }

    /// Reads and imports the route at `path` (`-` reads standard input, named `<stdin>` in messages).
    public static func load(path: String, io: CommandIO, options: RouteImporter.Options = .init()) throws(CLIError) -> RouteDocument {
        let data: Data
        let name: String
        if path == "-" {
            name = "<stdin>"
            data = try io.readStdin()
        } else {
            name = path
            data = try readFile(path, limit: options.maxBytes)
        }
        do {
            return try RouteImporter(options: options).read(data, fileName: name)
        } catch {
            throw CLIError(.dataError, error.description)
        }
    }

    /// Writes the import warnings to stderr, one line each (for commands whose stdout is not a report).
    public static func reportWarnings(_ document: RouteDocument, file: String, io: CommandIO) {
        for warning in document.route.warnings { io.error("warning: \(file): \(warning)") }
    }

    /// Reads a file: missing or unreadable → 66; larger than `limit` → 65, checked while reading, so a device or
    /// FIFO (`/dev/zero`) stops at the limit instead of filling memory.
    static func readFile(_ path: String, limit: Int) throws(CLIError) -> Data {
        do {
            return try BoundedReader.read(path: path, limit: limit)
        } catch {
            let name = ControlCharacters.escaped(path)
            switch error {
            case .missing: throw CLIError(.noInput, "\(name): no such file")
            case .isDirectory: throw CLIError(.noInput, "\(name): is a directory, expected a route file")
            case .tooBig(let limit):
                throw CLIError(.dataError, RouteImportError(file: path, path: "", kind: .streamTooBig(limit: limit)).description)
            case .failed: throw CLIError(.noInput, "\(name): cannot be read (\(error.reason))")
            }
        }
    }
}
