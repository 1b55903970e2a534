import Foundation

/// The shared conformance checks for `SpeechSynthesizer` and `AudioSink`: every implementation's test
/// suite runs them. Each returns the list of violated requirements (empty when it conforms).
public enum SpeechConformance {
    /// Checks the `AudioSink` requirements on a fresh sink from `make` (called more than once).
    /// `readBack`, when given, returns the samples a closed sink stored, to check they are exactly what was written.
    public static func checkSink(_ make: () throws -> any AudioSink,
                                 readBack: ((any AudioSink) throws -> [Int16])? = nil) -> [String] {
        var problems: [String] = []
        func expect(_ ok: Bool, _ what: String) { if !ok { problems.append(what) } }
        do {
            let closed = try make()
            expect((try? closed.write([1, 2, 3])) == nil, "write before open must throw")
            expect((try? closed.drain()) == nil, "drain before open must throw")

            let sink = try make()
            try sink.open(sampleRate: 22050)
            let first: [Int16] = (0..<2000).map { Int16(truncatingIfNeeded: $0 * 37) }
            let second: [Int16] = (0..<1500).map { Int16(truncatingIfNeeded: -$0 * 11) }
            try sink.write(first)
            try sink.drain()
            try sink.write([])
            try sink.drop()
            try sink.write(second)
            try sink.drain()
            try sink.close()
            try sink.close()
            expect((try? sink.write([1])) == nil, "write after close must throw")
            if let readBack {
                let stored = try readBack(sink)
                expect(stored == first + second,
                       "drained audio must be stored exactly and in order (\(stored.count) frames, expected \(first.count + second.count))")
            }
        } catch {
            problems.append("unexpected error: \(error)")
        }
        return problems
    }

    /// Checks the `SpeechSynthesizer` requirements with `text` (a sentence in the synthesizer's default voice).
    public static func checkSynthesizer(_ synthesizer: any SpeechSynthesizer, text: String) -> [String] {
        var problems: [String] = []
        func expect(_ ok: Bool, _ what: String) { if !ok { problems.append(what) } }
        expect(synthesizer.sampleRate > 0, "sample rate must be positive")
        do {
            var chunks = 0, frames = 0
            let outcome = try synthesizer.synthesize(Utterance(text: text)) { event in
                if case .audio(let c) = event { chunks += 1; frames += c.count }
                return .proceed
            }
            expect(chunks > 1, "audio must stream in more than one chunk (got \(chunks))")
            expect(outcome.completed && outcome.frames == frames, "outcome must count every delivered frame")

            var afterStop = 0, stopped = false
            let cut = try synthesizer.synthesize(Utterance(text: text)) { event in
                if stopped { afterStop += 1 }
                if case .audio = event { stopped = true; return .stop }
                return .proceed
            }
            expect(!cut.completed, "a stop must end the synthesis early")
            expect(afterStop == 0, "no event may follow a stop (\(afterStop) did)")

            expect((try? synthesizer.render(Utterance(text: "<speak>broken", isSSML: true))) == nil,
                   "malformed SSML must be an error")

            let reference = Double(frames)
            let results = Locked<[Double]>([])
            DispatchQueue.concurrentPerform(iterations: 6) { _ in
                let d = (try? synthesizer.render(Utterance(text: text)).samples.count).map(Double.init) ?? -1
                results.withLock { $0.append(d) }
            }
            for d in results.snapshot {
                expect(abs(d - reference) <= reference * 0.05, "concurrent calls must all succeed alike (\(d) vs \(reference) frames)")
            }
        } catch {
            problems.append("unexpected error: \(error)")
        }
        return problems
    }
}
