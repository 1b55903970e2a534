import Foundation
import Testing
import Speech
@testable import SpeechESpeakNG
import VoiceGuideTestSupport

/// Runs the espeak-ng CLI to a WAV file and returns its duration in seconds (data bytes / 2 / rate).
func cliDuration(voice: String, text: String) throws -> Double {
    let path = NSTemporaryDirectory() + "voiceguide-cli-\(UUID().uuidString).wav"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let run = try ExternalProcess.run("/usr/bin/espeak-ng", ["-v", voice, "-w", path, text], timeout: 300)
    try #require(run.code == 0, "espeak-ng -w: \(run.output)")
    let d = try Data(contentsOf: URL(fileURLWithPath: path))
    let rate = Int(d[24]) | Int(d[25]) << 8 | Int(d[26]) << 16
    // Our synthesizer drops eSpeak's digital silence at both ends (see SynthesisContext), so compare the
    // stretch from the CLI's first to its last non-zero sample.
    let samples = d.dropFirst(44).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
    guard let first = samples.firstIndex(where: { $0 != 0 }), let last = samples.lastIndex(where: { $0 != 0 }) else { return 0 }
    return Double(last - first + 1) / Double(rate)
}

@Suite struct ESpeakTests {
    @Test func conforms() throws {
        let synth = try ESpeakSynthesizer(cacheSeconds: 0)
        #expect(SpeechConformance.checkSynthesizer(synth, text: "In four hundred metres, turn left onto Main Street.") == [])
    }

    @Test func voiceResolution() throws {
        #expect(try ESpeakSynthesizer.resolveVoice("en-us").voice.identifier == "gmw/en-US")
        #expect(try ESpeakSynthesizer.resolveVoice("en-GB").voice.identifier == "gmw/en")
        #expect(try ESpeakSynthesizer.resolveVoice("fr-fr").voice.identifier == "roa/fr")
        #expect(try ESpeakSynthesizer.resolveVoice("zh").voice.identifier == "sit/cmn")
        let fallback = try ESpeakSynthesizer.resolveVoice("de-AT")
        #expect(fallback.voice.identifier == "gmw/de" && fallback.isFallback)
        #expect(try ESpeakSynthesizer.resolveVoice("pt-br").isFallback == false)
        #expect(throws: ESpeakError.unknownVoice("xx-yy", closeMatches: [])) { try ESpeakSynthesizer.resolveVoice("xx-yy") }
        do {
            _ = try ESpeakSynthesizer(voice: "eb-us")
            Issue.record("an unknown voice must throw")
        } catch ESpeakError.unknownVoice(let name, let close) {
            #expect(name == "eb-us")
            #expect(close.contains("en-us"))
        }
    }

    /// Durations in every launch-locale voice agree with the espeak-ng CLI within 10% (sound to sound).
    @Test(arguments: [
        ("en-us", "In four hundred feet, turn left onto Page Street."),
        ("en-gb", "In two hundred metres, at the roundabout, take the second exit."),
        ("de", "In dreihundert Metern links abbiegen auf die Hauptstraße."),
        ("fr-fr", "Dans trois cents mètres, tournez à gauche sur la rue de Rivoli."),
        ("es", "En trescientos metros, gire a la izquierda hacia la calle Mayor."),
        ("it", "Tra trecento metri, svolta a sinistra in via Roma."),
        ("pt-br", "Em trezentos metros, vire à esquerda na Avenida Paulista."),
        ("nl", "Over driehonderd meter linksaf naar de Damstraat."),
        ("pl", "Za trzysta metrów skręć w lewo w ulicę Marszałkowską."),
        ("ru", "Через триста метров поверните налево на Тверскую улицу."),
        ("ja", "三百メートル先、左方向です。"),
        ("cmn", "三百米后左转进入长安街。"),
    ])
    func durationMatchesCLI(_ voice: String, _ text: String) throws {
        let synth = try ESpeakSynthesizer(voice: voice, cacheSeconds: 0)
        let ours = try synth.render(Utterance(text: text)).duration
        let cli = try cliDuration(voice: voice, text: text)
        #expect(cli > 1)
        #expect(abs(ours - cli) / cli < 0.10, "\(voice): ours \(ours) s, CLI \(cli) s")
    }

    @Test func rateAndVolumeChangeTheAudio() throws {
        let text = "Continue straight for two kilometres."
        let normal = try ESpeakSynthesizer(rate: 175, cacheSeconds: 0).render(Utterance(text: text))
        let fast = try ESpeakSynthesizer(rate: 350, cacheSeconds: 0).render(Utterance(text: text))
        let quiet = try ESpeakSynthesizer(volume: 30, cacheSeconds: 0).render(Utterance(text: text))
        #expect(fast.duration < normal.duration * 0.7)
        #expect(quiet.rms < normal.rms * 0.5)
        #expect(try ESpeakSynthesizer(rate: 9999, pitch: -5).rate == 450)
    }

    @Test func voiceOfTheUtteranceIsUsed() throws {
        let synth = try ESpeakSynthesizer(voice: "en-us", cacheSeconds: 0)
        let text = "Hauptbahnhof Zürich"
        let en = try synth.render(Utterance(text: text))
        let de = try synth.render(Utterance(text: text, voice: "de"))
        #expect(en.samples.count != de.samples.count)
        #expect(throws: ESpeakError.self) { _ = try synth.render(Utterance(text: text, voice: "xx-zz")) }
    }

    @Test func ssmlMarksPassThroughAndMalformedSSMLIsRejected() throws {
        let synth = try ESpeakSynthesizer(cacheSeconds: 10)
        let ssml = "<speak>Turn left <mark name=\"street\"/>onto Main Street<break time=\"500ms\"/><mark name=\"end\"/>now.</speak>"
        var marks: [(String, Int)] = []
        var frames = 0
        for _ in 0..<2 {  // second pass comes from the cache and must report the same marks
            marks = []
            frames = 0
            _ = try synth.synthesize(Utterance(text: ssml, isSSML: true)) { e in
                switch e {
                case .mark(let name, let offset): marks.append((name, offset))
                case .audio(let c): frames += c.count
                }
                return .proceed
            }
            #expect(marks.map(\.0) == ["street", "end"])
            #expect(marks[0].1 > 0 && marks[0].1 < marks[1].1 && marks[1].1 < frames)
        }
        #expect(synth.cacheStatistics.hits == 1)
        #expect(throws: SSMLError.self) { try synth.render(Utterance(text: "<speak>Turn <b>left</speak>", isSSML: true)) }
    }

    @Test func stopAbortsMidUtterance() throws {
        let synth = try ESpeakSynthesizer(cacheSeconds: 0)
        let text = "This is a long sentence that keeps going for several seconds so that it can be cut short."
        let full = try synth.render(Utterance(text: text)).samples.count
        var got = 0
        let outcome = try synth.synthesize(Utterance(text: text)) { e in
            if case .audio(let c) = e { got += c.count }
            return got > 4000 ? .stop : .proceed
        }
        #expect(!outcome.completed)
        #expect(got < full / 4)
    }

    @Test func cacheReturnsIdenticalAudioAndIsBounded() throws {
        let synth = try ESpeakSynthesizer(cacheSeconds: 3)
        let a = try synth.render(Utterance(text: "Turn right."))
        let b = try synth.render(Utterance(text: "Turn right."))
        #expect(a == b)
        #expect(synth.cacheStatistics == (hits: 1, misses: 1))
        var cache = PCMCache(capacityFrames: 100)
        let key = { (t: String) in PCMCache.Key(text: t, isSSML: false, voice: "v", settings: [1, 1, 1]) }
        cache.put(key("a"), .init(samples: .init(repeating: 0, count: 60), marks: []))
        cache.put(key("b"), .init(samples: .init(repeating: 0, count: 30), marks: []))
        _ = cache.get(key("a"))
        cache.put(key("c"), .init(samples: .init(repeating: 0, count: 30), marks: []))  // evicts b, the least recent
        #expect(cache.get(key("b")) == nil && cache.get(key("a")) != nil && cache.get(key("c")) != nil)
        cache.put(key("d"), .init(samples: .init(repeating: 0, count: 101), marks: []))
        #expect(cache.get(key("d")) == nil)
    }
}

@Suite struct ESpeakPlaybackTests {
    /// Marks reach the player's observer in order while the utterance plays, and the event stream reports it.
    @Test func marksAndEventsFlowThroughThePlayer() async throws {
        let marks = Locked<[String]>([])
        let sink = MemorySink()
        let player = StreamingPlayer(synthesizer: try ESpeakSynthesizer(cacheSeconds: 0), sink: sink) { _, name in
            marks.withLock { $0.append(name) }
        }
        let controller = SpeechController(player: player, clock: SystemClock())
        let stream = controller.events()
        controller.speak(Utterance(text: "<speak><mark name=\"a\"/>Turn left <mark name=\"b\"/>now.</speak>", isSSML: true, label: "now"))
        var kinds: [SpeechEvent.Kind] = []
        for await event in stream {
            kinds.append(event.kind)
            if event.kind != .started { break }
        }
        try player.shutdown()
        #expect(kinds == [.started, .finished])
        #expect(marks.snapshot == ["a", "b"])
        #expect(sink.samples.count > 11025)
    }
}
