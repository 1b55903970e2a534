import Foundation
import Guidance
import RouteModel
import VoiceGuideCLI
import VoiceGuideTestSupport

/// A city-style route of about `minutes` minutes at 50 km/h: a turn every 400–900 m, alternating sides.
func driveRouteFile(minutes: Double) throws -> String {
    var builder = ScenarioRouteBuilder(start: Coordinate(latitude: 48.1, longitude: 11.5), heading: 0,
                                       name: "Main Street", speedKmh: 50, vertexSpacing: 25)
    let total = minutes * 60 * 50 / 3.6
    var driven = 0.0
    var n = 0
    let streets = ["Oak Street", "Elm Avenue", "Pine Road", "Cedar Lane", "Maple Drive", "Birch Way", "Walnut Street"]
    while driven < total {
        let leg = 400 + Double((n * 137) % 500)
        builder.drive(leg)
        driven += leg
        let right = n % 2 == 0
        builder.maneuver(.turn, right ? .right : .left, turn: right ? 90 : -90, name: streets[n % streets.count])
        n += 1
    }
    builder.drive(300)
    let json = RouteJSONWriter.response(builder.build())
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-bench-\(Int(minutes))min.json").path
    try Data(json.serialized(pretty: false).utf8).write(to: URL(fileURLWithPath: path))
    return path
}

/// The peak resident set of this process's own memory map (VmHWM), in KiB. Unlike `ru_maxrss`, it is not
/// inflated by the parent's memory that a spawned child shares until it execs.
func peakResidentKiB() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
}

/// Child mode (`voiceguide-bench --drive-child ROUTE WAV`): renders the drive in this fresh process and prints
/// `seconds peakKiB`.
func driveChild(route: String, wav: String, voice: String? = nil) -> Int32 {
    let io = CommandIO(out: { _ in }, err: { _ in })
    let start = benchNow()
    let code = VoiceGuideTool.main(["drive", route, "--output", "wav:\(wav)"] + (voice.map { ["--voice", $0] } ?? []), io: io)
    print(String(format: "%.6f %d", benchNow() - start, peakResidentKiB()))
    return code
}

/// Runs a drive in a child `voiceguide-bench --drive-child` and returns (seconds, peak KiB) as it reports them.
func runDrive(route: String, wav: String, voice: String? = nil) throws -> (seconds: Double, peakKiB: Int) {
    let fields = try runBenchChild(["--drive-child", route, wav] + (voice.map { [$0] } ?? []), fields: 2)
    guard let seconds = Double(fields[0]), let kib = Int(fields[1]) else {
        throw CocoaError(.executableLoad, userInfo: [NSLocalizedDescriptionKey: "drive child printed \(fields)"])
    }
    return (seconds, kib)
}

/// Rendering a drive to WAV (target: ≥ 50× faster than real time) and its memory over a long route
/// (peak RSS of a 1-hour drive within 20 % of a 5-minute one). Each drive runs as its own process.
func driveBenchmarks() -> [BenchFigure] {
    do {
        let short = try driveRouteFile(minutes: 5)
        let long = try driveRouteFile(minutes: 60)
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-bench.wav").path
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let shortRun = try runDrive(route: short, wav: wav)
        let longRun = try runDrive(route: long, wav: wav)
        let attributes = try FileManager.default.attributesOfItem(atPath: wav)
        let audioSeconds = Double((attributes[.size] as? Int ?? 44) - 44) / 2 / 22050
        let speed = audioSeconds / longRun.seconds
        let growth = Double(longRun.peakKiB) / Double(max(1, shortRun.peakKiB)) - 1
        return [
            BenchFigure(name: "1-hour drive rendered to WAV", value: String(format: "%.2f s for %.0f s of audio", longRun.seconds, audioSeconds)),
            BenchFigure(name: "WAV rendering speed vs real time", value: String(format: "%.0f×", speed),
                        target: "≥ 50×", met: speed >= 50),
            BenchFigure(name: "peak RSS, 5-minute drive", value: "\(shortRun.peakKiB / 1024) MiB"),
            BenchFigure(name: "peak RSS, 1-hour drive", value: "\(longRun.peakKiB / 1024) MiB"),
            BenchFigure(name: "peak RSS growth, 1 hour vs 5 minutes", value: String(format: "%+.1f%%", growth * 100),
                        target: "≤ +20%", met: growth <= 0.20),
        ]
    } catch {
        return [BenchFigure(name: "drive benchmark", value: "failed: \(error)", target: "runs", met: false)]
    }
}
