import Foundation
import Speech
import SpeechESpeakNG
import SpeechPiper

/// The neural voice beside eSpeak NG, in one run: model load, real-time factor of each, first audio
/// at the sink cold and pre-synthesized, peak RSS, and a 1-hour drive rendered to WAV by each in its own process.
func piperBenchmarks() -> [BenchFigure] {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    let model = root + "/.build/voices/en_US-joe-medium/en_US-joe-medium.onnx"
    do {
        let loadStart = benchNow()
        let piper = try PiperSynthesizer(modelPath: model, cacheSeconds: 600)
        let load = benchNow() - loadStart
        let espeak = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0)
        let text = (0..<4).map { "In \(200 + $0 * 50) feet, turn left onto Station Road, then keep right." }.joined(separator: " ")
        let piperRTF = try realTime(piper, text, runs: 3)
        let espeakRTF = try realTime(espeak, text, runs: 9)
        let cold = try firstAudio(piper, prepared: false)
        let warm = try firstAudio(piper, prepared: true)
        let espeakFirst = try firstAudio(espeak, prepared: false)
        var figures = [
            BenchFigure(name: "Piper model load (en_US-joe-medium)", value: String(format: "%.2f s", load)),
            BenchFigure(name: "real-time factor, Piper / eSpeak NG", value: String(format: "%.1f× / %.0f×", piperRTF, espeakRTF),
                        target: "Piper ≥ 1×", met: piperRTF >= 1),
            BenchFigure(name: "first audio at the sink, Piper cold (median)", value: String(format: "%.0f ms", cold * 1000)),
            BenchFigure(name: "first audio at the sink, Piper pre-synthesized (median)", value: String(format: "%.2f ms", warm * 1000),
                        target: "≤ 20 ms", met: warm <= 0.020),
            BenchFigure(name: "first audio at the sink, eSpeak NG (median)", value: String(format: "%.2f ms", espeakFirst * 1000)),
            BenchFigure(name: "peak RSS with the Piper model loaded (this process)", value: "\(peakResidentKiB() / 1024) MiB"),
        ]
        let route = try driveRouteFile(minutes: 60)
        let wav = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-bench-piper.wav").path
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let withESpeak = try runDrive(route: route, wav: wav)
        let withPiper = try runDrive(route: route, wav: wav, voice: "piper:" + model)
        figures += [
            BenchFigure(name: "1-hour drive to WAV, Piper / eSpeak NG",
                        value: String(format: "%.1f s / %.1f s", withPiper.seconds, withESpeak.seconds),
                        target: "Piper ≤ 300 s", met: withPiper.seconds <= 300),
            BenchFigure(name: "peak RSS of that drive, Piper / eSpeak NG",
                        value: "\(withPiper.peakKiB / 1024) MiB / \(withESpeak.peakKiB / 1024) MiB"),
        ]
        return figures
    } catch {
        return [BenchFigure(name: "neural voice benchmarks", value: "failed: \(error) (run scripts/piper-setup.sh)", target: "runs", met: false)]
    }
}

/// Seconds of audio per second of synthesis.
private func realTime(_ synth: any SpeechSynthesizer, _ text: String, runs: Int) throws -> Double {
    var audio = 0.0, n = 0
    let wall = try medianSeconds(runs: runs) {
        n += 1
        audio = try synth.render(Utterance(text: text + (n > 0 ? " Number \(n)." : ""))).duration
    }
    return audio / wall
}

/// Median seconds from `speak` to the sink's first write through the real streaming player; `prepared`
/// synthesizes each utterance ahead first (what a drive does before the trigger).
private func firstAudio(_ synth: any SpeechSynthesizer, prepared: Bool) throws -> Double {
    let sink = MemorySink()
    let player = StreamingPlayer(synthesizer: synth, sink: sink)
    try player.prepare()
    let controller = SpeechController(player: player, clock: SystemClock())
    var times: [Double] = []
    for i in 0..<(prepared ? 11 : 5) {
        let utterance = Utterance(text: "In \(300 + i * 10 + (prepared ? 1 : 0)) feet, turn right onto Oak Street.")
        if prepared, let piper = synth as? PiperSynthesizer { try piper.prepare(utterance) }
        sink.resetFirstWrite()
        let start = SystemClock.monotonicSeconds()
        controller.speak(utterance)
        controller.waitUntilIdle(timeout: 60)
        if let first = sink.firstWriteTime { times.append(first - start) }
    }
    try player.shutdown()
    times.sort()
    return times.isEmpty ? .infinity : times[times.count / 2]
}
