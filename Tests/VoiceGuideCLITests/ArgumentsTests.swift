import Foundation
import Testing
@testable import VoiceGuideCLI

@Suite struct ArgumentsTests {
    let specs = [OptionSpec("format", value: "FORMAT", help: ""), OptionSpec("verbose", help: "")]

    @Test func valuesFlagsAndPositionals() throws {
        let p = try ParsedArguments.parse(["a.json", "--format", "json", "--verbose", "-", "--format=text", "--", "--not-an-option"],
                                          specs: specs, command: "x")
        #expect(p.positionals == ["a.json", "-", "--not-an-option"])
        #expect(p.values == ["format": "text"])
        #expect(p.flags == ["verbose"])
        #expect(try ParsedArguments.parse(["--format="], specs: specs, command: "x").values == ["format": ""])
    }

    @Test func parserErrorsAreUsageErrors() {
        for (args, message) in [(["--nope"], "unknown option '--nope' for 'x'"), (["-q"], "unknown option '-q' for 'x'"),
                                (["--format"], "option '--format' needs a value (FORMAT)"),
                                (["--verbose=1"], "option '--verbose' takes no value")] {
            do { _ = try ParsedArguments.parse(args, specs: specs, command: "x"); Issue.record("accepted \(args)") } catch {
                guard let error = error as? CLIError else { Issue.record("\(error)"); continue }
                #expect(error.code == .usage)
                #expect(error.message == message)
                #expect(error.hint == "Try 'voiceguide x --help'.")
            }
        }
    }

    @Test func toolLevelUsageExitCodes() {
        let unknown = ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--colour"])
        #expect(unknown.code == 64)
        #expect(unknown.errLines == ["voiceguide inspect: unknown option '--colour' for 'inspect'", "Try 'voiceguide inspect --help'."])
        let missing = ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--format"])
        #expect(missing.code == 64)
        #expect(missing.errLines.first == "voiceguide inspect: option '--format' needs a value (FORMAT)")
        #expect(ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--format", "xml"]).code == 64)
        #expect(ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--polyline", "7"]).code == 64)
        #expect(ToolRun(["inspect", CLIFixtures.example("city-dc.json"), "--route-index", "1.5"]).code == 64)
        #expect(ToolRun(["inspect"]).errLines.first == "voiceguide inspect: missing ROUTE (a route file, an example route NAME, or - for standard input)")
        #expect(ToolRun(["inspect", "a", "b"]).code == 64)
        let typo = ToolRun(["inspekt"])
        #expect(typo.code == 64)
        #expect(typo.errLines == ["voiceguide: unknown command 'inspekt'", "Did you mean 'inspect'? Try 'voiceguide --help'."])
        #expect(ToolRun([]).code == 64)
    }

    @Test func helpAndVersion() {
        let help = ToolRun(["--help"])
        #expect(help.code == 0)
        // A summary wider than the 80 columns continues on indented lines.
        let width = (VoiceGuideTool.commands.map(\.name.count).max() ?? 0) + 4
        let unwrapped = help.out.replacingOccurrences(of: "\n" + String(repeating: " ", count: width), with: " ")
        for command in VoiceGuideTool.commands {
            let line = unwrapped.split(separator: "\n").first { $0.hasPrefix("  \(command.name) ") }
            #expect(line?.hasSuffix(command.summary) == true, "\(command.name) is listed with its summary")
        }
        #expect(VoiceGuideTool.commands.map(\.name) == ["drive", "route", "transcript", "serve", "inspect", "map", "say", "locales", "lint", "phrases", "config"])
        let version = ToolRun(["--version"])
        #expect(version.code == 0 && version.out == "voiceguide \(VoiceGuideTool.version)\n")
        let driveHelp = ToolRun(["drive", "--help"])
        #expect(driveHelp.code == 0 && driveHelp.out.contains("m mute/unmute, + faster, - slower, space pause, ? keys,"))
        let inspectHelp = ToolRun(["inspect", "--help"])
        #expect(inspectHelp.code == 0)
        #expect(inspectHelp.out.hasPrefix("voiceguide inspect — "))
        #expect(inspectHelp.out.contains("--route-index N"))
        #expect(inspectHelp.out.contains("--polyline 5|6"))
        // After `--`, --help is a positional, not a request for help.
        #expect(ToolRun(["inspect", "--", "--help"]).code == 66)
    }

    @Test func shortOptionsAreTheirLongOnes() throws {
        let specs = [OptionSpec("locale", value: "TAG", help: ""), OptionSpec("quiet", help: ""), OptionSpec("speed", value: "KMH", help: "")]
        let parsed = try ParsedArguments.parse(["-l", "de-DE", "-q", "route.json", "-"], specs: specs, command: "drive")
        #expect(parsed.values["locale"] == "de-DE")
        #expect(parsed.flags.contains("quiet"))
        #expect(parsed.positionals == ["route.json", "-"])
        // A letter whose option the command lacks is unknown, with the long name suggested where one is close.
        #expect(throws: CLIError.self) { try ParsedArguments.parse(["-o", "x"], specs: specs, command: "drive") }
        #expect(ToolRun(["transcript", "city-dc", "-l", "de-DE", "-f", "json"]).out
                == ToolRun(["transcript", "city-dc", "--locale", "de-DE", "--format", "json"]).out)
        #expect(ToolRun(["transcript", "-h"]).out.contains("-l, --locale TAG"))
        #expect(ToolRun(["transcript", "city-dc", "-h"]).code == 0)
    }
}
