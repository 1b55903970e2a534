import Foundation
import Testing
import Speech

@Suite struct ControllerTests {
    /// Virtual time: the timeline of a short drive decided by the same rules as live playback.
    @Test func virtualTimelineWithTextBackend() {
        let clock = VirtualClock()
        let backend = TextBackend(clock: clock) { Double($0.text.split(separator: " ").count) * 0.5 }
        let c = SpeechController(player: backend, clock: clock)
        c.speak(Utterance(text: "continue for five kilometres now", priority: 0, deadline: 60, label: "continue")) // 2.5 s
        c.advance(to: 1)
        c.speak(Utterance(text: "turn left", priority: 4, deadline: 5, label: "now"))   // interrupts at 1, ends 2
        c.speak(Utterance(text: "then right", priority: 2, deadline: 1.5, label: "prepare")) // waits, stale at 2
        c.advance(to: 10)
        c.speak(Utterance(text: "arrive", priority: 4, deadline: 20, label: "arrive"))
        c.advance(to: 10.2)
        c.mute()
        c.speak(Utterance(text: "muted one", priority: 2, deadline: 11, label: "suppressed"))
        c.advance(to: 12)
        c.unmute()  // "suppressed" is stale (deadline 11); "arrive" (deadline 20) is still valid: said once again
        c.waitUntilIdle()
        let r = backend.records
        #expect(r.map(\.utterance.label) == ["continue", "now", "prepare", "arrive", "suppressed", "arrive"])
        #expect(r.map(\.outcome) == [.interrupted, .heard, .dropped, .muted, .muted, .heard])
        #expect(r[0].heardSeconds == 1)
        #expect(r[1].startTime == 1 && r[1].endTime == 2)
        #expect(r[2].endTime == 2)  // checked when "now" ended, past its 1.5 s deadline
        #expect(abs(r[3].heardSeconds - 0.2) < 1e-9)
        #expect(r[4].startTime == nil)
        #expect(r[5].startTime == 12 && r[5].endTime == 12.5)
        #expect(c.isIdle && !c.isMuted)
    }

    @Test func unmuteRepeatsTheStillValidInstructionOnce() {
        let clock = VirtualClock()
        let backend = TextBackend(clock: clock) { _ in 1 }
        let c = SpeechController(player: backend, clock: clock)
        c.mute()
        c.speak(Utterance(text: "in 400 m turn left", priority: 2, deadline: 30, label: "prepare"))
        c.advance(to: 5)
        c.unmute()
        c.unmute()
        c.waitUntilIdle()
        #expect(backend.records.map(\.outcome) == [.muted, .heard])
        #expect(backend.records[1].startTime == 5)
    }

    /// Real time: mute stops the playback thread within 50 ms and the sink stops receiving audio.
    @Test func muteStopsRealPlaybackWithin50ms() throws {
        let memory = MemorySink()
        let sink = PacedSink(memory, lead: 0.05)
        let synth = TaggingSynthesizer(frames: 22050 * 3, chunk: 1024)
        let player = StreamingPlayer(synthesizer: synth, sink: sink)
        let log = EventLog()
        let c = SpeechController(player: player, clock: SystemClock(), observer: log.add)
        c.speak(Utterance(text: "long", priority: 1, label: "long"))
        // Muted once playback is under way: a quarter second of audio at the sink (paced in real time).
        let under = SystemClock.monotonicSeconds() + 10
        while memory.samples.count < 22050 / 4, SystemClock.monotonicSeconds() < under { usleep(2_000) }
        let t0 = SystemClock.monotonicSeconds()
        c.mute()
        try player.shutdown()  // returns once the playback thread has dropped the sink
        let elapsed = SystemClock.monotonicSeconds() - t0
        #expect(elapsed < 0.05)
        let written = Double(memory.samples.count) / 22050
        #expect(written > 0.2 && written < 0.6)
        #expect(memory.counts.drops == 1)
        #expect(log.summary == ["started:long", "muted:long"])
    }

    @Test func volumeScalesSamples() throws {
        let sink = MemorySink()
        let player = StreamingPlayer(synthesizer: TaggingSynthesizer(frames: 100, chunk: 50), sink: sink)
        let c = SpeechController(player: player, clock: SystemClock())
        c.volume = 0.5
        c.speak(Utterance(id: 99, text: "x"))   // samples carry 100
        #expect(c.waitUntilIdle(timeout: 5))
        try player.shutdown()
        #expect(sink.samples == [Int16](repeating: 50, count: 100))
        #expect(c.volume == 0.5)
    }

    /// Hundreds of concurrent speak/mute/unmute calls: no crash, no overlapping audio, consistent events.
    @Test func concurrentStress() throws {
        let sink = MemorySink()
        let player = StreamingPlayer(synthesizer: TaggingSynthesizer(frames: 441, chunk: 147), sink: sink, periodFrames: 64)
        let log = EventLog()
        let c = SpeechController(player: player, clock: SystemClock(), observer: log.add)
        DispatchQueue.concurrentPerform(iterations: 400) { i in
            switch i % 10 {
            case 3: c.mute()
            case 7: c.unmute()
            default: c.speak(Utterance(text: "u\(i)", priority: i % 5, deadline: i % 4 == 0 ? 0.002 : nil, label: "u\(i)"))
            }
        }
        c.unmute()
        #expect(c.waitUntilIdle(timeout: 20))
        try player.shutdown()
        #expect(!c.isMuted && c.isIdle && c.current == nil)
        let events = log.all
        // Never two sounding at once; each submitted utterance reaches an end event.
        var speaking: Int?
        var ended = Set<Int>()
        var started: [Int16] = []
        for e in events {
            if e.kind == .started {
                #expect(speaking == nil)
                speaking = e.utterance.id
                started.append(TaggingSynthesizer.tag(e.utterance))
            } else {
                if speaking == e.utterance.id { speaking = nil }
                ended.insert(e.utterance.id)
            }
        }
        #expect(speaking == nil)
        #expect(ended.count == 320)
        // The sink got the utterances one after another, in the order they started: no interleaving.
        let sinkRuns = runs(sink.samples)
        #expect(isSubsequence(sinkRuns.map(\.0), of: started))
        let finished = Set(events.filter { $0.kind == .finished }.map { TaggingSynthesizer.tag($0.utterance) })
        for (tag, count) in sinkRuns where finished.contains(tag) { #expect(count >= 441) }
    }
}
