import Foundation
import RouteModel
import SafeIO
import VoiceGuideCLI
import VoiceGuideTestSupport

/// Child mode (`voiceguide-bench --cli-child ARGS…`): runs one `voiceguide` command in this fresh process with its
/// output discarded and prints `seconds peakKiB exitCode`.
func cliChild(_ arguments: [String]) -> Int32 {
    let io = CommandIO(out: { _ in }, err: { _ in })
    let start = benchNow()
    let code = VoiceGuideTool.main(arguments, io: io)
    print(String(format: "%.6f %d %d", benchNow() - start, peakResidentKiB(), code))
    return 0
}

/// Runs this bench binary with `arguments` (a child mode) and returns the space-separated fields it prints;
/// throws unless it exits 0 and prints `fields` of them.
func runBenchChild(_ arguments: [String], fields count: Int) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard process.terminationStatus == 0, fields.count == count else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "\(arguments.first ?? "") child failed: \(output)"])
    }
    return fields
}

/// Runs `voiceguide ARGS` in a child `voiceguide-bench --cli-child` and returns (seconds, peak KiB, exit code).
private func runCLIChild(_ arguments: [String]) throws -> (seconds: Double, peakKiB: Int, code: Int) {
    let fields = try runBenchChild(["--cli-child"] + arguments, fields: 3)
    guard let seconds = Double(fields[0]), let kib = Int(fields[1]), let code = Int(fields[2]) else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "cli child printed \(fields)"])
    }
    return (seconds, kib, code)
}

/// Large input within bounds: peak RSS and time of `inspect` (json, text) and `transcript` on a 50,000-step
/// route, against the budget of 10 × the input size + 50 MB; and a transcript of a route with a `duration: 1e9`
/// step (planned at a sane speed, so it costs what the plain route costs).
func largeRouteBenchmarks() -> [BenchFigure] {
    let directory = FileManager.default.temporaryDirectory
    let big = directory.appendingPathComponent("voiceguide-bench-50k.json")
    let slow = directory.appendingPathComponent("voiceguide-bench-duration-1e9.json")
    defer {
        try? FileManager.default.removeItem(at: big)
        try? FileManager.default.removeItem(at: slow)
    }
    var figures: [BenchFigure] = []
    do {
        // Two shapes: a turn every 70 m (many steps, few points), and a point-heavy one (2 million points).
        for (pointsPerStep, shape) in [(8, "50k steps"), (40, "50k steps, 2M points")] {
            let data = syntheticRouteJSON(steps: 50_000, pointsPerStep: pointsPerStep)
            try data.write(to: big)
            let budgetKiB = (10 * data.count + 50_000_000) / 1024
            figures.append(BenchFigure(name: "50,000-step route, \(pointsPerStep) points a step",
                                       value: String(format: "%.1f MB; budget %d MiB peak RSS", Double(data.count) / 1e6, budgetKiB / 1024),
                                       target: nil, met: nil))
            for arguments in [["inspect", big.path, "--format", "json"], ["inspect", big.path, "--format", "text"], ["transcript", big.path],
                              ["transcript", big.path, "--format", "json"], ["transcript", big.path, "--format", "mapbox"]] {
                let r = try runCLIChild(arguments)
                let name = arguments.filter { !$0.hasPrefix("/") }.joined(separator: " ") + ", " + shape
                figures.append(BenchFigure(name: name, value: String(format: "%.2f s, peak %.0f MiB (exit %d)", r.seconds, Double(r.peakKiB) / 1024, r.code),
                                           target: "≤ \(budgetKiB / 1024) MiB", met: r.code == 0 && r.peakKiB <= budgetKiB))
            }
        }
        // A 311 m step of the DC example with `duration: 1e9` (the campaign's 100-minute transcript).
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Tests/Fixtures/regressions/routes/duration-1e9.json")
        try Data(contentsOf: example).write(to: slow)
        let r = try runCLIChild(["transcript", slow.path])
        figures.append(BenchFigure(name: "transcript, a step with duration 1e9", value: String(format: "%.3f s (exit %d)", r.seconds, r.code),
                                   target: "≤ 1 s", met: r.code == 0 && r.seconds <= 1))
    } catch {
        figures.append(BenchFigure(name: "large-route bench", value: "failed: \(error)", target: nil, met: false))
    }
    return figures
}
