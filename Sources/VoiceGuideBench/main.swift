import Foundation

// voiceguide-bench: every figure comes from this one run (machines here are noisy, so ratios are
// measured side by side). Build with `swift build -c release` and run `.build/release/voiceguide-bench`.
// `--only SECTION-PREFIX` runs one section (e.g. `--only Large`).
// Each area adds its figures through a `*Benchmarks() -> [BenchFigure]` function in its own file.
if CommandLine.arguments.count == 4, CommandLine.arguments[1] == "--drive-child" {
    exit(driveChild(route: CommandLine.arguments[2], wav: CommandLine.arguments[3]))
}
if CommandLine.arguments.count >= 3, CommandLine.arguments[1] == "--cli-child" {
    exit(cliChild(Array(CommandLine.arguments.dropFirst(2))))
}
var figures: [BenchFigure] = []
let sections: [(String, () -> [BenchFigure])] = [
    ("Route import", importBenchmarks),
    ("Large routes (issue 14)", largeRouteBenchmarks),
    ("Speech", speechBenchmarks),
    ("Phrasing", phrasingBenchmarks),
    ("Japanese readings", japaneseReadingBenchmarks),
    ("Guidance", guidanceBenchmarks),
    ("Offline planning (issue 12)", planningBenchmarks),
    ("Drive", driveBenchmarks),
    ("Location", locationBenchmarks),
    ("Routing", routingBenchmarks),
    ("Navigation", navigationBenchmarks),
    ("Serve and batch (issue 12)", serveBenchmarks),
]
let only = CommandLine.arguments.count == 3 && CommandLine.arguments[1] == "--only" ? CommandLine.arguments[2] : nil
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
