/// Declares what a command accepts, for parsing and help.
public struct OptionSpec: Sendable {
    /// Long name without dashes, e.g. "locale".
    public var name: String
    /// Placeholder for the value ("TAG"); nil for a boolean flag.
    public var valueName: String?
    /// One-line help.
    public var help: String

    /// Creates an option that takes a value (`valueName` non-nil) or a flag.
    public init(_ name: String, value valueName: String? = nil, help: String) {
        self.name = name
        self.valueName = valueName
        self.help = help
    }

    /// The short options, the same letter for the same option in every command that has it.
    public static let shortNames: [Character: String] = ["l": "locale", "o": "output", "f": "format", "q": "quiet", "v": "verbose"]

    /// This option's one-letter form (`-l` for `--locale`), if it has one.
    public var short: Character? { Self.shortNames.first { $0.value == name }?.key }
}

/// Parsed command-line arguments: `--flag value`, `--flag=value`, `--` and `-` (stdin) are supported.
public struct ParsedArguments: Sendable {
    /// Positional arguments in order (`-` is kept as a positional).
    public var positionals: [String] = []
    /// Option values by name; the last occurrence wins.
    public var values: [String: String] = [:]
    /// Every value of each option, in the order given (for options that may be repeated, like `map --locale`).
    public var allValues: [String: [String]] = [:]
    /// Boolean flags that were given.
    public var flags: Set<String> = []

    /// Parses `arguments` against `specs`. Unknown options and missing values are usage errors.
    public static func parse(_ arguments: [String], specs: [OptionSpec], command: String) throws -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        let byName = Dictionary(specs.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        while index < arguments.count {
            var arg = arguments[index]
            index += 1
            if onlyPositionals || arg == "-" || !arg.hasPrefix("-") {
                result.positionals.append(arg)
                continue
            }
            if arg == "--" { onlyPositionals = true; continue }
            if arg.count == 2, let letter = arg.last, let long = OptionSpec.shortNames[letter], byName[long] != nil {
                arg = "--" + long  // -l de-DE is --locale de-DE
            }
            guard arg.hasPrefix("--") else {
                // "-locale" for "--locale": say so rather than only "unknown".
                let near = VoiceGuideTool.closest(to: String(arg.dropFirst()), in: specs.map(\.name) + ["help"]).map { "Did you mean '--\($0)'? " }
                throw CLIError(.usage, "unknown option '\(arg)' for '\(command)'",
                               hint: (near ?? "") + "Try 'voiceguide \(command) --help'.")
            }
            let body = arg.dropFirst(2)
            let name: String, inline: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq])
                inline = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
                inline = nil
            }
            guard let spec = byName[name] else {
                let near = VoiceGuideTool.closest(to: name, in: specs.map(\.name) + ["help"]).map { "Did you mean '--\($0)'? " }
                throw CLIError(.usage, "unknown option '--\(name)' for '\(command)'",
                               hint: (near ?? "") + "Try 'voiceguide \(command) --help'.")
            }
            if spec.valueName == nil {
                if inline != nil { throw CLIError.usage("option '--\(name)' takes no value", command: command) }
                result.flags.insert(name)
            } else if let inline {
                result.values[name] = inline
                result.allValues[name, default: []].append(inline)
            } else {
                guard index < arguments.count else {
                    throw CLIError.usage("option '--\(name)' needs a value (\(spec.valueName ?? "VALUE"))", command: command)
                }
                result.values[name] = arguments[index]
                result.allValues[name, default: []].append(arguments[index])
                index += 1
            }
        }
        return result
    }

    /// The value of `name` parsed as a finite number within `range`, or nil when absent.
    public func number(_ name: String, in range: ClosedRange<Double>, command: String) throws -> Double? {
        guard let raw = values[name] else { return nil }
        guard let v = Double(raw), v.isFinite, range.contains(v) else {
            throw CLIError.usage("option '--\(name)' needs a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound)), got '\(raw)'", command: command)
        }
        return v
    }

    /// The value of `name` checked against the allowed choices, or nil when absent.
    public func choice(_ name: String, of allowed: [String], command: String) throws -> String? {
        guard let raw = values[name] else { return nil }
        guard allowed.contains(raw) else {
            throw CLIError.usage("option '--\(name)' must be one of \(allowed.joined(separator: ", ")), got '\(raw)'", command: command)
        }
        return raw
    }

    private static func format(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }
}
