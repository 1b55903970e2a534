import Foundation
import RouteModel
import Testing
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// The settings file: defaults for locale, units, voice, output and router that options override,
/// `voiceguide config` saying what is in effect and why, and every kind of bad file refused in one line.
@Suite struct UserConfigTests {
    /// A folder standing in for `$XDG_CONFIG_HOME` with `voiceguide/config.json` holding `text`.
    private func configHome(_ text: String) throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("vg-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("voiceguide"), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: home.appendingPathComponent("voiceguide/config.json"))
        return home
    }

    private func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Data(text.utf8)) }

    @Test func settingsAreDefaultsThatOptionsOverride() throws {
        let home = try configHome(#"{"locale": "de", "units": "imperial"}"#)
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["XDG_CONFIG_HOME": home.path, "LANG": "fr_FR.UTF-8"]
        let route = CLIFixtures.example("city-berlin.json")
        let configured = ToolRun(["transcript", route, "--format", "json"], environment: environment)
        #expect(configured.code == 0, "\(configured.err)")
        let document = try json(configured.out)
        #expect(document["locale"]?.stringValue == "de-DE", "the file's 'de' resolves as --locale de does, and beats LANG")
        #expect(document["units"]?.stringValue == "imperial")
        // The same as giving the options by hand.
        let byHand = ToolRun(["transcript", route, "--format", "json", "--locale", "de-DE", "--units", "imperial"])
        #expect(configured.out == byHand.out)
        // Options on the command line win over the file.
        let overridden = try json(ToolRun(["transcript", route, "--format", "json", "-l", "en-GB", "--units", "metric"], environment: environment).out)
        #expect(overridden["locale"]?.stringValue == "en-GB")
        #expect(overridden["units"]?.stringValue == "metric")
        // Without a file, the environment's locale applies again.
        let none = try json(ToolRun(["transcript", route, "--format", "json"], environment: ["VOICEGUIDE_CONFIG": "", "XDG_CONFIG_HOME": home.path, "LANG": "fr_FR.UTF-8"]).out)
        #expect(none["locale"]?.stringValue == "fr-FR")
    }

    @Test func outputAppliesOnlyWhereItIsTheAudioOutput() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vg-config-out-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let wav = folder.appendingPathComponent("said.wav").path
        let home = try configHome(#"{"output": "wav:\#(wav)"}"#)
        defer { try? FileManager.default.removeItem(at: home) }
        let say = ToolRun(["say", "Turn left."], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(say.code == 0, "\(say.err)")
        let size = (try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0
        #expect(size > 10_000, "say spoke into the configured WAV file")
        // map's --output is the file to write, never the audio output: still required, and still its own.
        let map = ToolRun(["map", "city-dc"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(map.code == 64, "\(map.err)")
    }

    @Test func configSaysWhatIsInEffectAndWhy() throws {
        let home = try configHome(#"{"units": "uk", "router": "http://127.0.0.1:8002"}"#)
        defer { try? FileManager.default.removeItem(at: home) }
        let run = ToolRun(["config"], environment: ["XDG_CONFIG_HOME": home.path, "LC_ALL": "de_AT.UTF-8"])
        #expect(run.code == 0, "\(run.err)")
        let file = home.appendingPathComponent("voiceguide/config.json").path
        let lines = run.out.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(lines.first == "# settings file: \(file)")
        #expect(lines.contains("locale de-DE (LC_ALL=de_AT.UTF-8)"), "\(run.out)")
        #expect(lines.contains("units uk (\(file))"), "\(run.out)")
        #expect(lines.contains("voice de (locale de-DE)"), "\(run.out)")
        #expect(lines.contains("output auto (default)"), "\(run.out)")
        #expect(lines.contains("router http://127.0.0.1:8002 (\(file))"), "\(run.out)")

        let asJSON = ToolRun(["config", "--format", "json"], environment: ["XDG_CONFIG_HOME": home.path])
        let settings = try json(asJSON.out)["settings"]?.arrayValue ?? []
        #expect(settings.map { $0["key"]?.stringValue ?? "" } == ["locale", "units", "voice", "output", "router", "places", "cameras"])
        #expect(settings.first?["value"]?.stringValue == "en-US" && settings.first?["source"]?.stringValue == "default")
        let empty = ToolRun(["config", "--format", "json"], environment: ["HOME": home.path])
        #expect(try json(empty.out)["fileExists"]?.boolValue == false)
        let results = try SchemaValidation.problems([asJSON.out, empty.out], schema: "config.schema.json")
        #expect(results == ["", ""], "\(results)")
    }

    @Test func badSettingsFilesGetOneLineNamingFileAndKey() throws {
        let cases: [(text: String, code: Int32, says: String)] = [
            (#"{"locale": "de-DE",}"#, 65, "line 1, column"),
            (#"{"locael": "de-DE"}"#, 65, "locael: unknown setting (did you mean 'locale'?)"),
            (#"{"units": 3}"#, 65, "units: must be a non-empty string, got number"),
            (#"{"units": "furlongs"}"#, 65, "units: must be metric, imperial or uk, got 'furlongs'"),
            (#"{"router": "127.0.0.1:8002"}"#, 65, "router: must be an http:// or https:// URL"),
            // The same forms as --output: an empty device or file name is refused here, not later as a usage error.
            (#"{"output": "wav:"}"#, 65, "output: must be auto, alsa, alsa:DEVICE, wav:FILE or text, got 'wav:'"),
            (#"{"output": "alsa:"}"#, 65, "output: must be auto, alsa, alsa:DEVICE, wav:FILE or text, got 'alsa:'"),
            (#"["de-DE"]"#, 65, "must be a JSON object, got array"),
            (#"{"locale": "de", "locale": "fr"}"#, 65, "locale"),
            (String(repeating: " ", count: 70_000) + "{}", 65, "more than 65536 bytes"),
        ]
        for c in cases {
            let home = try configHome(c.text)
            defer { try? FileManager.default.removeItem(at: home) }
            let run = ToolRun(["transcript", "city-dc"], environment: ["XDG_CONFIG_HOME": home.path])
            #expect(run.code == c.code, "\(c.text.prefix(40)): \(run.err)")
            #expect(run.errLines.count == 1, "\(run.err)")
            #expect(run.err.contains(home.path + "/voiceguide/config.json: "), "\(run.err)")
            #expect(run.err.contains(c.says), "\(c.text.prefix(40)): \(run.err)")
            #expect(run.out.isEmpty)
        }
        // A file named by $VOICEGUIDE_CONFIG must be there; the default place may be empty.
        let missing = ToolRun(["transcript", "city-dc"], environment: ["VOICEGUIDE_CONFIG": "/nonexistent/vg.json"])
        #expect(missing.code == 66 && missing.err.contains("/nonexistent/vg.json: cannot read the settings file: no such file"), "\(missing.err)")
        let directory = ToolRun(["transcript", "city-dc"], environment: ["VOICEGUIDE_CONFIG": "/tmp"])
        #expect(directory.code == 66 && directory.err.contains("is a directory"), "\(directory.err)")
        #expect(ToolRun(["transcript", "city-dc"], environment: ["HOME": "/nonexistent-home"]).code == 0)
    }

    @Test func aBadValueFromTheFileSaysWhereItCameFrom() throws {
        let home = try configHome(#"{"locale": "xx-YY"}"#)
        defer { try? FileManager.default.removeItem(at: home) }
        let run = ToolRun(["transcript", "city-dc"], environment: ["XDG_CONFIG_HOME": home.path])
        #expect(run.code != 0)
        #expect(run.errLines.last == "(settings from \(home.path)/voiceguide/config.json: locale xx-YY; options on the command line override them)",
                "\(run.err)")
        // serve takes nothing from the file: its locale default stays its own.
        #expect(!UserConfig.applies("locale", to: "serve", options: ServeCommand.options))
        #expect(UserConfig.applies("locale", to: "drive", options: DriveCommand.options))
        #expect(!UserConfig.applies("output", to: "map", options: MapCommand.options))
    }
}
