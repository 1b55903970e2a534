import Foundation
import Speech
import SpeechESpeakNG

/// Speech figures: latency from `speak` to the first PCM frame at the sink, the same for
/// spawning the espeak-ng CLI, and synthesis speed as a real-time factor.
func speechBenchmarks() -> [BenchFigure] {
    do {
        let synth = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0)
        let ours = try firstFrameLatency(synth)
        let cli = try cliFirstBytesLatency()
        let rtf = try realTimeFactor(synth)
        return [
            BenchFigure(name: "speak → first PCM frame at the sink (median)", value: String(format: "%.3f ms", ours * 1000),
                        target: "≤ 10 ms", met: ours <= 0.010),
            BenchFigure(name: "spawn espeak-ng --stdout → first bytes (median)", value: String(format: "%.2f ms", cli * 1000),
                        target: nil, met: nil),
            BenchFigure(name: "CLI spawn latency / in-process latency", value: String(format: "%.0f×", cli / ours),
                        target: nil, met: nil),
            BenchFigure(name: "synthesis real-time factor", value: "\(benchFormat(rtf))×", target: "≥ 100×", met: rtf >= 100),
        ]
    } catch {
        return [BenchFigure(name: "speech benchmarks", value: "failed: \(error)", target: "runs", met: false)]
    }
}

/// Typical instructions, numbered so no two runs say the same thing.
private func instruction(_ i: Int) -> String {
    "In \(100 + i * 10) metres, turn left onto Station Road, then keep right."
}

/// Median seconds from `SpeechController.speak` to the sink's first write, through the real streaming player.
private func firstFrameLatency(_ synth: ESpeakSynthesizer) throws -> Double {
    let sink = MemorySink()
    let player = StreamingPlayer(synthesizer: synth, sink: sink)
    try player.prepare()
    let controller = SpeechController(player: player, clock: SystemClock())
    var times: [Double] = []
    for i in 0..<41 {
        sink.resetFirstWrite()
        let start = SystemClock.monotonicSeconds()
        controller.speak(Utterance(text: instruction(i)))
        controller.waitUntilIdle(timeout: 10)
        if let first = sink.firstWriteTime, i > 0 { times.append(first - start) }
    }
    try player.shutdown()
    times.sort()
    return times[times.count / 2]
}

/// Median seconds from spawning `espeak-ng --stdout` to reading its first bytes.
private func cliFirstBytesLatency() throws -> Double {
    var times: [Double] = []
    for i in 0..<15 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        process.arguments = ["-v", "en-us", "--stdout", instruction(i)]
        let pipe = Pipe()
        process.standardOutput = pipe
        let start = SystemClock.monotonicSeconds()
        try process.run()
        let first = pipe.fileHandleForReading.availableData
        let elapsed = SystemClock.monotonicSeconds() - start
        _ = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        if !first.isEmpty { times.append(elapsed) }
    }
    times.sort()
    return times[times.count / 2]
}

/// Seconds of audio synthesized per second of wall time, over a paragraph of instructions.
private func realTimeFactor(_ synth: ESpeakSynthesizer) throws -> Double {
    let text = (0..<6).map(instruction).joined(separator: " ")
    var audio = 0.0
    let wall = try medianSeconds(runs: 9) { audio = try synth.render(Utterance(text: text)).duration }
    return audio / wall
}
