import Foundation
import Testing
import VoiceGuideTestSupport
@testable import VoiceGuideCLI

/// Manual pages and shell completions are made from the help declarations: each page renders cleanly with
/// groff and names every option its `--help` names; each completion script works in its real shell.
@Suite struct ManualAndCompletionTests {
    private func temporary(_ name: String, _ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("vg-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The page rendered by groff as man(1) would (warnings on); returns (status, text, warnings).
    private func render(_ page: String) throws -> (Int32, String) {
        let path = try temporary("page.1", page)
        let rendered = try ExternalProcess.run("/usr/bin/groff", ["-man", "-Tutf8", "-ww", "-rLL=80n", path], timeout: 60)
        return (rendered.code, rendered.output)
    }

    @Test func everyCommandHasAPageThatSaysWhatItsHelpSays() throws {
        for command in VoiceGuideTool.commands {
            let run = ToolRun(["help", "--man", command.name])
            #expect(run.code == 0, "\(run.err)")
            let (status, text) = try render(run.out)
            #expect(status == 0)
            #expect(!text.contains("troff:") && !text.contains("groff:"), "\(command.name): \(text.prefix(400))")
            let plain = text.replacingOccurrences(of: "\u{8}.", with: "", options: .regularExpression)  // groff's overstrikes
                .replacingOccurrences(of: "‐", with: "-").replacingOccurrences(of: "−", with: "-")
            #expect(plain.contains("VOICEGUIDE-\(command.name.uppercased())"))
            for option in command.options {
                #expect(plain.contains("--\(option.name)"), "\(command.name) page lacks --\(option.name)")
                if let short = option.short { #expect(plain.contains("-\(short), --\(option.name)")) }
            }
        }
        let tool = ToolRun(["help", "--man"])
        let (status, text) = try render(tool.out)
        #expect(status == 0 && !text.contains("troff:") && !text.contains("groff:"), "\(text.prefix(400))")
        for command in VoiceGuideTool.commands { #expect(tool.out.contains("voiceguide\\-\(command.name)")) }
        #expect(ToolRun(["help", "--man", "nosuch"]).code == 64)
    }

    /// What bash offers for the words typed so far (the last one being completed).
    private func bashCompletes(_ script: String, _ words: [String]) throws -> [String] {
        let path = try temporary("voiceguide.bash", script)
        let array = words.map { "'\($0)'" }.joined(separator: " ")
        let finished = try ExternalProcess.run("/usr/bin/bash", ["-c", "source \(path); COMP_WORDS=(\(array)); COMP_CWORD=\(words.count - 1); _voiceguide; printf '%s\\n' \"${COMPREPLY[@]}\""], timeout: 30)
        let (status, output) = (finished.code, finished.output)
        #expect(status == 0, "\(output)")
        return output.split(separator: "\n").map(String.init)
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let script = ToolRun(["help", "--completion", "bash"]).out
        #expect(try bashCompletes(script, ["voiceguide", "dr"]) == ["drive"])
        #expect(try bashCompletes(script, ["voiceguide", "drive", "--lo"]).contains("--locale"))
        #expect(try bashCompletes(script, ["voiceguide", "drive", "--locale", "de"]) == ["de-DE"])
        #expect(try bashCompletes(script, ["voiceguide", "transcript", "-l", "fr-"]) == ["fr-CA", "fr-FR"])
        #expect(try bashCompletes(script, ["voiceguide", "drive", "--units", "im"]) == ["imperial"])
        #expect(try bashCompletes(script, ["voiceguide", "map", "--no"]) == ["--no-audio"])
    }

    @Test func fishCompletesCommandsAndOptions() throws {
        let fish = "/usr/bin/fish"
        guard FileManager.default.isExecutableFile(atPath: fish) else { Issue.record("fish is not installed: run scripts/setup.sh"); return }
        let path = try temporary("voiceguide.fish", ToolRun(["help", "--completion", "fish"]).out)
        let commands = try ExternalProcess.run(fish, ["--no-config", "-c", "source \(path); complete -C 'voiceguide dr'"], timeout: 30)
        #expect(commands.code == 0)
        #expect(commands.output.hasPrefix("drive\t"), "\(commands.output)")
        let values = try ExternalProcess.run(fish, ["--no-config", "-c", "source \(path); complete -C 'voiceguide drive --locale ja'"], timeout: 30)
        #expect(values.output.contains("ja-JP"), "\(values.output)")
    }

    @Test func zshScriptIsValidAndDeclaresEveryCommand() throws {
        let zsh = "/usr/bin/zsh"
        guard FileManager.default.isExecutableFile(atPath: zsh) else { Issue.record("zsh is not installed: run scripts/setup.sh"); return }
        let script = ToolRun(["help", "--completion", "zsh"]).out
        let path = try temporary("_voiceguide", script)
        let finished = try ExternalProcess.run(zsh, ["-n", path], timeout: 30)
        let (status, output) = (finished.code, finished.output)
        #expect(status == 0, "\(output)")
        #expect(script.hasPrefix("#compdef voiceguide"))
        for command in VoiceGuideTool.commands { #expect(script.contains("    \(command.name))\n")) }
        #expect(ToolRun(["help", "--completion", "tcsh"]).code == 64)
    }

    @Test func installPutsTheBinaryDataPagesAndCompletionsUnderThePrefix() throws {
        let binary = TestPaths.product("voiceguide")
        guard FileManager.default.isExecutableFile(atPath: binary) else { Issue.record("\(binary) is missing: run swift build"); return }
        // install.sh builds in release; here the same steps after the build run against the debug binary.
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("vg-prefix-\(UUID().uuidString)").path
        let script = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("scripts/install.sh"), encoding: .utf8)
        let steps = script.components(separatedBy: "\n").drop { !$0.hasPrefix("install -d") }
            .joined(separator: "\n").replacingOccurrences(of: ".build/release/voiceguide", with: binary)
        let finished = try ExternalProcess.run("/usr/bin/bash", ["-c", "set -euo pipefail; cd \(CLIFixtures.repository.path); prefix=\(prefix)\n" + steps], timeout: 120)
        let (status, output) = (finished.code, finished.output)
        #expect(status == 0, "\(output)")
        for file in ["bin/voiceguide", "share/voiceguide/Locales/de-DE.json", "share/man/man1/voiceguide.1", "share/man/man1/voiceguide-drive.1",
                     "share/man/man1/voiceguide-map.1", "share/bash-completion/completions/voiceguide", "share/zsh/site-functions/_voiceguide",
                     "share/fish/vendor_completions.d/voiceguide.fish"] {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + file), "\(file) not installed")
        }
        let man = try ExternalProcess.run("/usr/bin/man", ["-l", prefix + "/share/man/man1/voiceguide-drive.1"], environment: ["MANPAGER": "cat", "PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(man.code == 0 && man.output.contains("--locale"))
        // The systemd unit for a plain host verifies against that installation (its binary and its man page).
        let unit = try String(contentsOf: CLIFixtures.repository.appendingPathComponent("deploy/voiceguide.service"), encoding: .utf8)
            .replacingOccurrences(of: "/usr/local/bin/voiceguide", with: prefix + "/bin/voiceguide")
        let unitDir = prefix + "/units"
        try FileManager.default.createDirectory(atPath: unitDir, withIntermediateDirectories: true)
        try Data(unit.utf8).write(to: URL(fileURLWithPath: unitDir + "/voiceguide.service"))
        let verify = try ExternalProcess.run("/usr/bin/systemd-analyze", ["verify", unitDir + "/voiceguide.service"],
                                             environment: ["MANPATH": prefix + "/share/man", "PATH": "/usr/bin:/bin"], timeout: 60)
        #expect(verify.code == 0, "systemd-analyze verify: \(verify.output)")
    }
}
