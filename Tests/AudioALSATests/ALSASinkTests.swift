import Foundation
import Testing
import Speech
import SpeechESpeakNG
@testable import AudioALSA
import VoiceGuideTestSupport

/// A file-PCM device name capturing to a fresh raw file, and that file's path.
func captureDevice() -> (device: String, path: String) {
    let path = NSTemporaryDirectory() + "voiceguide-alsa-\(UUID().uuidString).raw"
    return ("file:'\(path)',raw", path)
}

/// The seconds of 22.05 kHz S16_LE audio in a raw capture so far (0 before it exists).
func capturedSeconds(_ path: String) -> Double {
    Double((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) / 44_100
}

/// The samples in a raw S16_LE capture.
func readRaw(_ path: String) throws -> [Int16] {
    let d = try Data(contentsOf: URL(fileURLWithPath: path))
    return stride(from: 0, to: d.count - 1, by: 2).map { Int16(bitPattern: UInt16(d[$0]) | UInt16(d[$0 + 1]) << 8) }
}

/// Records every chunk the wrapped synthesizer streams.
final class RecordingSynthesizer: SpeechSynthesizer, @unchecked Sendable {
    let inner: any SpeechSynthesizer
    let streamed = Locked<[Int16]>([])
    init(_ inner: any SpeechSynthesizer) { self.inner = inner }
    var sampleRate: Int { inner.sampleRate }
    func synthesize(_ u: Utterance, handler: (SynthesisEvent) -> SynthesisControl) throws -> SynthesisOutcome {
        try inner.synthesize(u) { e in
            let control = handler(e)
            if case .audio(let c) = e, control == .proceed { streamed.withLock { $0 += c } }
            return control
        }
    }
}

/// Open file descriptors of this process, or only those open on `path`.
func openDescriptors(on path: String? = nil) -> Int {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    guard let path else { return fds.count }
    return fds.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
}

/// Resident set size in bytes.
func residentBytes() -> Int {
    let statm = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8)) ?? ""
    let pages = statm.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
}

@Suite struct ALSASinkTests {
    @Test func conformsWithTheFilePCM() {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(SpeechConformance.checkSink({ ALSASink(device: device) }, readBack: { _ in try readRaw(path) }) == [])
    }

    @Test func unknownDeviceIsTypedUnavailableWithALSAText() {
        let sink = ALSASink(device: "voiceguide_no_such_pcm")
        #expect(throws: AudioDeviceUnavailable(device: "voiceguide_no_such_pcm", reason: "No such file or directory")) {
            try sink.open(sampleRate: 22050)
        }
        #expect(throws: AudioSinkError.notOpen) { try sink.write([1]) }
    }

    /// Real eSpeak NG through the real controller, player and ALSA: the capture holds exactly what was synthesized.
    @Test func fileCaptureHoldsExactlyTheSynthesizedBytes() throws {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let synth = RecordingSynthesizer(try ESpeakSynthesizer(voice: "en-gb", cacheSeconds: 0))
        let player = StreamingPlayer(synthesizer: synth, sink: ALSASink(device: device))
        let c = SpeechController(player: player, clock: SystemClock())
        c.speak(Utterance(text: "In three hundred metres, turn right onto the High Street."))
        c.speak(Utterance(text: "Then keep left.", voice: "de"))
        #expect(c.waitUntilIdle(timeout: 10))
        try player.shutdown()
        let captured = try readRaw(path)
        #expect(captured.count > 22050 * 2)
        #expect(captured == synth.streamed.snapshot)
    }

    @Test func muteMidUtteranceTruncatesTheCapture() throws {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let synth = try ESpeakSynthesizer(cacheSeconds: 0)
        let text = "Continue on the motorway for twelve kilometres, then take the exit towards the airport and the city centre."
        let full = try synth.render(Utterance(text: text)).duration
        let player = StreamingPlayer(synthesizer: synth, sink: PacedSink(ALSASink(device: device), lead: 0.05))
        let c = SpeechController(player: player, clock: SystemClock())
        c.speak(Utterance(text: text))
        // Muted once playback is under way: 0.35 s of audio in the capture (paced in real time).
        #expect(Waiting.until(timeout: 30) { capturedSeconds(path) >= 0.35 }, "no audio reached the capture")
        c.mute()
        try player.shutdown()
        let heard = Double(try readRaw(path).count) / 22050
        #expect(full > 5)
        #expect(heard > 0.3 && heard < 0.8, "captured \(heard) s of \(full) s")
        #expect(c.isMuted)
    }

    @Test func underrunIsRecoveredThroughTheSeam() throws {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let calls = Locked(0)
        let recovered = Locked<[Int32]>([])
        let seam = ALSAOperations(
            writei: { pcm, buffer, frames in
                let n = calls.withLock { $0 += 1; return $0 }
                return n == 3 ? -Int(EPIPE) : ALSAOperations.system.writei(pcm, buffer, frames)
            },
            recover: { pcm, code in
                recovered.withLock { $0.append(code) }
                return ALSAOperations.system.recover(pcm, code)
            })
        let sink = ALSASink(device: device, operations: seam)
        try sink.open(sampleRate: 22050)
        let pcm: [Int16] = (0..<(sink.periodFrames * 5)).map { Int16(truncatingIfNeeded: $0 &* 7) }
        try sink.write(pcm)
        try sink.drain()
        try sink.close()
        #expect(sink.recoveries == 1)
        #expect(recovered.snapshot == [-EPIPE])
        #expect(try readRaw(path) == pcm)
    }

    @Test func unrecoverableErrorCarriesALSAText() throws {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = ALSASink(device: device, operations: ALSAOperations(writei: { _, _, _ in -Int(EIO) }, recover: { _, c in c }))
        try sink.open(sampleRate: 22050)
        #expect(throws: AudioSinkError.failed(operation: "write to '\(device)'", reason: "Input/output error")) {
            try sink.write([1, 2, 3])
        }
        let failingRecovery = ALSASink(device: device, operations: ALSAOperations(writei: { _, _, _ in -Int(EPIPE) }, recover: { _, c in c }))
        try failingRecovery.open(sampleRate: 22050)
        #expect(throws: AudioSinkError.failed(operation: "recovery on '\(device)'", reason: "Broken pipe")) {
            try failingRecovery.write([1])
        }
    }

    /// 1,000 utterances, each opening, playing, draining and closing the file PCM: no descriptor or memory leak.
    @Test func thousandUtterancesDoNotLeak() throws {
        let (device, path) = captureDevice()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let synth = try ESpeakSynthesizer(cacheSeconds: 30)
        let phrases = ["Turn left.", "Turn right.", "Keep left.", "Keep right.", "Make a U-turn.",
                       "You have arrived.", "Take the first exit.", "Continue straight."]
        func utterance(_ i: Int) throws {
            let sink = ALSASink(device: device)
            try sink.open(sampleRate: synth.sampleRate)
            try sink.write(try synth.render(Utterance(text: phrases[i % phrases.count])).samples)
            try sink.drain()
            try sink.close()
        }
        let probe = ALSASink(device: device)
        try probe.open(sampleRate: synth.sampleRate)
        try probe.write([0, 1, 2])
        #expect(openDescriptors(on: path) == 1)  // the check below can see a leaked capture handle
        try probe.close()
        for i in 0..<100 { try utterance(i) }   // warm up caches and allocator
        let fds = openDescriptors(), rss = residentBytes()
        for i in 0..<1000 { try utterance(i) }
        // Other tests run in parallel and open files too: the capture file must have no descriptor left,
        // and the process total may move only by what they hold, far from one per utterance.
        #expect(openDescriptors(on: path) == 0)
        #expect(openDescriptors() - fds < 50)
        #expect(residentBytes() - rss < 16 << 20, "RSS grew by \(residentBytes() - rss) bytes")
        #expect(synth.cacheStatistics.hits >= 1000)
    }
}
