import Foundation
import Testing
import Speech

/// Reads a 16-bit mono WAV written by WAVFileSink: (sampleRate, samples), checking the header fields: `RIFF`, the
/// 28-byte `JUNK` chunk reserved for RF64, `fmt `, then `data` at byte 80 holding the rest of the file.
func readWAV(_ path: String) throws -> (rate: Int, samples: [Int16]) {
    let d = try Data(contentsOf: URL(fileURLWithPath: path))
    func u32(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 | Int(d[o + 2]) << 16 | Int(d[o + 3]) << 24 }
    func u16(_ o: Int) -> Int { Int(d[o]) | Int(d[o + 1]) << 8 }
    #expect(String(decoding: d[0..<4], as: UTF8.self) == "RIFF")
    #expect(u32(4) == d.count - 8)
    #expect(String(decoding: d[8..<16], as: UTF8.self) == "WAVEJUNK")
    #expect(u32(16) == 28)
    #expect(String(decoding: d[48..<52], as: UTF8.self) == "fmt ")
    #expect(u32(52) == 16 && u16(56) == 1 && u16(58) == 1 && u16(70) == 16 && u16(68) == 2)
    #expect(u32(64) == u32(60) * 2)
    #expect(String(decoding: d[72..<76], as: UTF8.self) == "data")
    #expect(u32(76) == d.count - 80)
    let samples = stride(from: 80, to: d.count - 1, by: 2).map { Int16(bitPattern: UInt16(u16($0))) }
    return (u32(60), samples)
}

@Suite struct SinkTests {
    @Test func memorySinkConforms() {
        #expect(SpeechConformance.checkSink({ MemorySink() }, readBack: { ($0 as? MemorySink)?.samples ?? [] }) == [])
    }

    @Test func pacedSinkConforms() {
        let memory = MemorySink()
        #expect(SpeechConformance.checkSink({ PacedSink(memory, lead: 1) }, readBack: { _ in memory.samples }) == [])
    }

    @Test func wavSinkConforms() {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(SpeechConformance.checkSink({ WAVFileSink(path: path) }, readBack: { _ in try readWAV(path).samples }) == [])
    }

    @Test func estimatingSynthesizerConforms() {
        #expect(SpeechConformance.checkSynthesizer(EstimatingSynthesizer(), text: "In four hundred metres, turn left.") == [])
        #expect(abs(EstimatingSynthesizer(wordsPerMinute: 120, endPause: 0).seconds(for: Utterance(text: "a b c d")) - 2) < 1e-9)
    }

    @Test func wavAppendPlacesAudioAtOffsetsWithSilenceAndSoxAgrees() throws {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = WAVFileSink(path: path)
        try sink.open(sampleRate: 22050)
        try sink.append([Int16](repeating: 1000, count: 2205), at: 0.5)
        try sink.append([Int16](repeating: -7, count: 100), at: 0.55)  // before the end: starts at the end
        try sink.append([Int16](repeating: 5, count: 10), at: 2)
        try sink.close()
        let (rate, samples) = try readWAV(path)
        #expect(rate == 22050)
        #expect(samples.count == 44100 + 10)
        #expect(samples[0..<11025].allSatisfy { $0 == 0 })
        #expect(samples[11025..<13230].allSatisfy { $0 == 1000 })
        #expect(samples[13230..<13330].allSatisfy { $0 == -7 })
        #expect(samples[13330..<44100].allSatisfy { $0 == 0 })
        #expect(samples[44100...].allSatisfy { $0 == 5 })
        #expect(try soxiSampleCount(path) == "44110")
    }

    /// An hour-long timeline: streamed to disk, so the header and length are right without holding it in memory.
    @Test func hourLongTimeline() throws {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let sink = WAVFileSink(path: path)
        try sink.open(sampleRate: 22050)
        try sink.append([Int16](repeating: 9, count: 22050), at: 3599)
        try sink.close()
        let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
        #expect(size == 80 + 3600 * 22050 * 2)
        let h = try #require(FileHandle(forReadingAtPath: path))
        let header = try #require(try h.read(upToCount: 80))
        try h.seek(toOffset: UInt64(80 + 3599 * 22050 * 2))
        let tail = try #require(try h.read(upToCount: 4))
        try h.close()
        #expect(header[76..<80].withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) } == UInt32(3600 * 22050 * 2))
        #expect(Array(tail) == [9, 0, 9, 0])
    }

    /// Virtual time rendering: an interrupted utterance is cut in the file where the interruption happened.
    @Test func renderingPlayerCutsInterruptedAudioAtTheInterruption() throws {
        let path = temporaryPath(".wav")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = VirtualClock()
        let player = RenderingPlayer(synthesizer: TaggingSynthesizer(frames: 22050, chunk: 2205),
                                     sink: WAVFileSink(path: path), clock: clock)
        let c = SpeechController(player: player, clock: clock)
        c.speak(Utterance(id: 1, text: "a", priority: 0))   // 1 s, cut at 0.5
        c.advance(to: 0.5)
        c.speak(Utterance(id: 2, text: "b", priority: 4))   // 0.5 … 1.5
        c.advance(to: 3)
        c.speak(Utterance(id: 3, text: "c", priority: 0))   // 3 … 4
        c.waitUntilIdle()
        try player.finish(padTo: 5)
        let (_, samples) = try readWAV(path)
        #expect(samples.count == 5 * 22050)
        let r = runs(samples)
        #expect(r.map(\.0) == [2, 3, 0, 4, 0])
        #expect(r.map(\.1) == [11025, 22050, 33075, 22050, 22050])
    }
}

@Suite struct SSMLTests {
    @Test(arguments: [
        "<speak>Turn <emphasis>left</emphasis> now.</speak>",
        "<?xml version=\"1.0\"?>\n<speak version='1.0' xml:lang=\"en-US\"><mark name=\"m1\"/>A &amp; B &#233; &#x41;<break time=\"300ms\"/></speak>",
        "<speak><!-- note --><![CDATA[a < b]]><say-as interpret-as=\"characters\">A7</say-as></speak>\n",
    ])
    func wellFormed(_ text: String) throws {
        try SSMLValidator.validate(text)
    }

    @Test(arguments: [
        ("<speak>Turn left", 1, 17, "<speak> is not closed"),
        ("<speak><s>x</speak>", 1, 12, "</speak> does not match <s>"),
        ("<speak>\n a & b</speak>", 2, 4, "'&' must start an entity such as &amp;"),
        ("<speak><break time=300ms/></speak>", 1, 20, "the value of 'time' in <break> must be quoted"),
        ("<speak><mark name=\"1\" name=\"2\"/></speak>", 1, 23, "attribute 'name' repeated in <mark>"),
        ("<voice>x</voice>", 1, 1, "the root element must be <speak>, not <voice>"),
        ("<speak>x</speak> tail", 1, 18, "text after the closing </speak>"),
        ("hello", 1, 1, "expected the <speak> root element"),
        ("<speak>&bogus;</speak>", 1, 8, "unknown entity '&bogus;'"),
    ])
    func malformed(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: SSMLError(line: line, column: column, message: message)) { try SSMLValidator.validate(text) }
    }

    /// Markup that is well-formed XML but that a synthesizer would read aloud, fetch, or turn into hours of
    /// silence: refused with the reason, before it costs anything.
    @Test(arguments: [
        ("<!DOCTYPE speak [<!ENTITY a \"aaaa\">]><speak>&a;</speak>", 1, 1, "DOCTYPE is not allowed"),
        ("<speak><!ENTITY a \"b\"></speak>", 1, 8, "'<!' declarations are not allowed"),
        ("<speak><audio src=\"/etc/passwd\"/></speak>", 1, 8,
         "<audio> is not SSML that VoiceGuide accepts (allowed: break, emphasis, lang, mark, p, phoneme, prosody, s, say-as, speak, sub, tts:style, voice)"),
        ("<speak><voice foo=\"1\">x</voice></speak>", 1, 15, "<voice> takes no attribute 'foo' (it takes age, gender, languages, name, variant, xml:lang)"),
        ("<speak><break time=\"99999999999s\"/></speak>", 1, 8, "<break time='99999999999s'> is longer than 10 s"),
        ("<speak><break time=\"soon\"/></speak>", 1, 8, "<break time='soon'> must be a duration such as 500ms or 2s"),
        ("<speak>" + String(repeating: "<break time=\"9s\"/>", count: 7) + "</speak>", 1, 8 + 6 * 18,
         "the breaks add up to more than 60 s"),
        ("<speak><prosody rate=\"1%\">slow</prosody></speak>", 1, 8,
         "<prosody rate='1%'> must be x-slow … x-fast or a percentage from 25% to 400%"),
        ("<speak>" + String(repeating: "<s>", count: 16) + "x" + String(repeating: "</s>", count: 16) + "</speak>", 1, 8 + 15 * 3,
         "elements are nested more than 16 deep"),
    ])
    func refusedMarkup(_ text: String, _ line: Int, _ column: Int, _ message: String) {
        #expect(throws: SSMLError(line: line, column: column, message: message)) { try SSMLValidator.validate(text) }
    }

    /// What the bounds still let through: a pause of 10 s, six of them, the rate keywords and sensible percentages,
    /// the standard helpers for other engines (`<sub alias>`, `<phoneme alphabet="ipa">`, `<say-as>`).
    @Test func reasonableMarkupStillPasses() throws {
        try SSMLValidator.validate("<speak>" + String(repeating: "<break time=\"10s\"/>", count: 6) + "</speak>")
        try SSMLValidator.validate("<speak><prosody rate=\"x-slow\">a</prosody><prosody rate=\"-50%\">b</prosody><prosody rate=\"150%\">c</prosody></speak>")
        try SSMLValidator.validate("<speak xml:lang=\"en-US\"><sub alias=\"Interstate 95\">I-95</sub>, "
                                   + "<phoneme alphabet=\"ipa\" ph=\"ˈmɑːrjə\">Maria</phoneme>, <say-as interpret-as=\"characters\">VA</say-as></speak>")
        try SSMLValidator.validate("<speak>" + String(repeating: "<s>", count: 15) + "x" + String(repeating: "</s>", count: 15) + "</speak>")
    }
}
