import Foundation
import RouteModel
import SafeIO

/// The user's settings file, `$XDG_CONFIG_HOME/voiceguide/config.json` (else `~/.config/voiceguide/config.json`;
/// `$VOICEGUIDE_CONFIG` names another file, or turns it off when empty): a JSON object whose members give the
/// defaults of options, e.g. `{"locale": "de-DE", "units": "metric", "voice": "de", "output": "text"}`
/// (`places` names the places file that `--to NAME` looks names up in; `cameras` the speed cameras file of
/// `--cameras`).
/// An option on the command line always wins. A setting applies to every command that has the option, except
/// `serve` (a service is configured by its own command line); `output` applies only where it is the audio
/// output (`drive`, `say`), not a file to write (`map`).
struct UserConfig {
    /// The settings a file may give, in the order `voiceguide config` lists them.
    static let keys = ["locale", "units", "voice", "output", "router", "places", "cameras"]
    /// Commands a setting does not apply to even though they have an option of that name.
    static let exceptions: [String: Set<String>] = ["output": ["map", "transcript", "serve"]]
    /// Commands that take no settings from the file.
    static let unconfigured: Set<String> = ["serve"]
    /// A settings file is small: anything larger is a mistake, refused before it is parsed.
    static let maxBytes = 64 << 10

    /// The file the settings came from.
    var path: String
    /// Each setting given, in file order.
    var settings: [(key: String, value: String)]


    /// The settings file to read, or nil when none is configured (no `$HOME`, or `$VOICEGUIDE_CONFIG` empty).
    static func location(_ environment: [String: String]) -> String? {
        if let explicit = environment["VOICEGUIDE_CONFIG"] { return explicit.isEmpty ? nil : explicit }
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/voiceguide/config.json" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/voiceguide/config.json"
    }

    /// Reads the settings file; nil when there is none (a missing file at the default place is no error, a
    /// missing `$VOICEGUIDE_CONFIG` is exit 66). Malformed JSON, an unknown key, a value that is not a string or
    /// not one the option takes: one line naming the file and the key, exit 65.
    static func load(_ environment: [String: String]) throws -> UserConfig? {
        guard let path = location(environment) else { return nil }
        let bytes: Data
        do { bytes = try BoundedReader.read(path: path, limit: maxBytes) } catch {
            if error == .missing, environment["VOICEGUIDE_CONFIG"] == nil { return nil }
            let tooBig = if case .tooBig = error { true } else { false }
            throw CLIError(tooBig ? .dataError : .noInput, "\(path): cannot read the settings file: \(error.reason)")
        }
        let json: JSONValue
        do { json = try JSONParser(maxDepth: 8, maxBytes: maxBytes, rejectsDuplicateKeys: true, recordsKeyPath: true).parse(bytes) } catch {
            throw CLIError(.dataError, "\(path): \(error)")
        }
        guard let members = json.objectMembers else {
            throw CLIError(.dataError, "\(path): the settings must be a JSON object, got \(json.typeName)")
        }
        var settings: [(key: String, value: String)] = []
        for member in members {
            guard keys.contains(member.key) else {
                let near = VoiceGuideTool.closest(to: member.key, in: keys).map { " (did you mean '\($0)'?)" } ?? ""
                throw CLIError(.dataError, "\(path): \(member.key): unknown setting\(near); the settings are \(keys.joined(separator: ", "))")
            }
            guard let value = member.value.stringValue, !value.isEmpty, !ControlCharacters.contains(value) else {
                throw CLIError(.dataError, "\(path): \(member.key): must be a non-empty string, got \(member.value.typeName)")
            }
            try check(member.key, value, path: path)
            settings.append((member.key, value))
        }
        return UserConfig(path: path, settings: settings)
    }

    /// Checks the values whose choices are known without loading data; a locale or voice is checked by the
    /// command that uses it, and an error then says where the value came from.
    private static func check(_ key: String, _ value: String, path: String) throws {
        switch key {
        case "units" where !["metric", "imperial", "uk"].contains(value):
            throw CLIError(.dataError, "\(path): units: must be metric, imperial or uk, got '\(value)'")
        case "output" where AudioOutput(value) == nil:
            throw CLIError(.dataError, "\(path): output: must be \(AudioOutput.forms), got '\(value)'")
        case "router" where URL(string: value)?.scheme.map({ ["http", "https"].contains($0) }) != true:
            throw CLIError(.dataError, "\(path): router: must be an http:// or https:// URL, got '\(value)'")
        default:
            break
        }
    }

    /// True when `key` is a default for `command`, whose options are `options`.
    static func applies(_ key: String, to command: String, options: [OptionSpec]) -> Bool {
        !unconfigured.contains(command) && !(exceptions[key]?.contains(command) ?? false) && options.contains { $0.name == key }
    }

    /// `arguments` with the settings filled in where the command line gave none; also which keys were filled.
    func applied(to arguments: ParsedArguments, command: String, options: [OptionSpec]) -> (ParsedArguments, [String]) {
        var result = arguments
        var filled: [String] = []
        for (key, value) in settings where result.values[key] == nil && Self.applies(key, to: command, options: options) {
            result.values[key] = value
            result.allValues[key] = [value]
            filled.append(key)
        }
        return (result, filled)
    }
}
