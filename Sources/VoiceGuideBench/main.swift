import Foundation

// voiceguide-bench: every figure comes from this one run (machines here are noisy, so ratios are
// measured side by side). Build with `swift build -c release` and run `.build/release/voiceguide-bench`.
// `--only SECTION-PREFIX` runs one section (e.g. `--only Large`).
// Each area adds its figures through a `*Benchmarks() -> [BenchFigure]` function in its own file.
if (4...5).contains(CommandLine.arguments.count), CommandLine.arguments[1] == "--drive-child" {
    exit(driveChild(route: CommandLine.arguments[2], wav: CommandLine.arguments[3],
                    voice: CommandLine.arguments.count == 5 ? CommandLine.arguments[4] : nil))
}
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--cli-child" {
    exit(cliChild(Array(CommandLine.arguments.dropFirst(2))))
}
if CommandLine.arguments.count >= 2, CommandLine.arguments[1] == "--mhd-child" {
    exit(microHTTPDChild(Array(CommandLine.arguments.dropFirst(2))))
}
var figures: [BenchFigure] = []
let sections: [(String, () -> [BenchFigure])] = [
    ("Route import", importBenchmarks),
    ("Large routes", largeRouteBenchmarks),
    ("Speech", speechBenchmarks),
    ("Neural voice (Piper) beside eSpeak NG", piperBenchmarks),
    ("Phrasing", phrasingBenchmarks),
    ("Japanese readings", japaneseReadingBenchmarks),
    ("Guidance", guidanceBenchmarks),
    ("Offline planning", planningBenchmarks),
    ("Drive", driveBenchmarks),
    ("Location", locationBenchmarks),
    ("Routing", routingBenchmarks),
    ("Navigation", navigationBenchmarks),
    ("Serve and batch", serveBenchmarks),
    ("Server event loop", eventLoopBenchmarks),
]
let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print("""
        Usage: voiceguide-bench [--only SECTION-PREFIX]
        Measures VoiceGuide's figures side by side in one run (build with `swift build -c release`).
        Sections: \(sections.map(\.0).joined(separator: ", ")).
        """)
    exit(0)
}
let only: String?
switch arguments.count {
case 0: only = nil
case 2 where arguments[0] == "--only": only = arguments[1]
default:
    FileHandle.standardError.write(Data("voiceguide-bench: unknown arguments '\(arguments.joined(separator: " "))' (see --help)\n".utf8))
    exit(64)
}
for (title, run) in sections where only.map({ title.hasPrefix($0) }) ?? true {
    print("== \(title)")
    let got = run()
    for f in got {
        let status = f.met.map { $0 ? "ok" : "MISSED" } ?? ""
        print("  \(f.name): \(f.value)" + (f.target.map { "  (target \($0)) \(status)" } ?? ""))
    }
    figures += got
}
let missed = figures.filter { $0.met == false }
print(missed.isEmpty ? "All targets met." : "\(missed.count) target(s) missed.")
