import Testing
import Speech

@Suite struct ArbiterTests {
    let cont = Utterance(id: 1, text: "Continue for 5 km", priority: 0, deadline: 100, label: "continue")
    let prep = Utterance(id: 2, text: "In 400 m turn left", priority: 2, deadline: 100, label: "prepare")
    let now = Utterance(id: 3, text: "Turn left", priority: 4, deadline: 100, label: "now")

    @Test func moreUrgentInterruptsLessUrgent() {
        var a = SpeechArbiter()
        #expect(a.submit(cont, at: 0).start == cont)
        let out = a.submit(now, at: 1.5)
        #expect(out.stop == cont)
        #expect(out.start == now)
        #expect(out.events.map(\.kind) == [.interrupted, .started])
        #expect(out.events[0].heardSeconds == 1.5)
        #expect(a.current == now)
    }

    @Test func equalOrLowerPriorityWaitsMostUrgentFirst() {
        var a = SpeechArbiter()
        _ = a.submit(prep, at: 0)
        let c = a.submit(cont, at: 0.1)
        #expect(c.start == nil && c.stop == nil && c.events.isEmpty)
        let p2 = Utterance(id: 4, text: "x", priority: 2, deadline: 100, label: "prepare2")
        _ = a.submit(p2, at: 0.2)
        #expect(a.queue.map(\.id) == [4, 1])
        let f = a.finished(id: 2, at: 2)
        #expect(f.events.map(\.kind) == [.finished, .started])
        #expect(f.start == p2)
    }

    @Test func staleUtterancesAreDroppedNotSpokenLate() {
        var a = SpeechArbiter()
        let late = Utterance(id: 9, text: "late", priority: 2, deadline: 5, label: "late")
        #expect(a.submit(late, at: 5).events.map(\.kind) == [.dropped])
        _ = a.submit(now, at: 0)
        let waiting = Utterance(id: 10, text: "w", priority: 1, deadline: 3, label: "w")
        _ = a.submit(waiting, at: 1)
        let f = a.finished(id: 3, at: 4)
        #expect(f.events.map(\.kind) == [.finished, .dropped])
        #expect(f.start == nil)
        #expect(a.isIdle)
    }

    @Test func muteCutsAndSuppressesUnmuteRepeatsOnlyLatestValid() {
        var a = SpeechArbiter()
        _ = a.submit(prep, at: 0)
        _ = a.submit(cont, at: 0.5)
        let m = a.mute(at: 1)
        #expect(m.stop == prep)
        #expect(m.events.map(\.kind) == [.muted, .muted])
        #expect(m.events[0].heardSeconds == 1)
        #expect(a.submit(now, at: 2).events.map(\.kind) == [.muted])
        let stale = Utterance(id: 5, text: "s", priority: 9, deadline: 2.5, label: "stale")
        _ = a.submit(stale, at: 2.2)
        let u = a.unmute(at: 3)
        #expect(u.start == now)  // stale (priority 9) is not replayed; `now` is the most urgent valid one
        #expect(a.queue.isEmpty)
    }

    @Test func unmuteWithoutDeadlineOrWithSayNothingRepeatsNothing() {
        var a = SpeechArbiter(unmutePolicy: .repeatLatestValid)
        _ = a.mute(at: 0)
        _ = a.submit(Utterance(id: 7, text: "no deadline", priority: 4), at: 1)
        #expect(a.unmute(at: 2).start == nil)
        var b = SpeechArbiter(unmutePolicy: .sayNothing)
        _ = b.mute(at: 0)
        _ = b.submit(now, at: 1)
        #expect(b.unmute(at: 2).events.isEmpty)
        #expect(!b.isMuted)
    }

    @Test func finishedForAnOldUtteranceIsIgnored() {
        var a = SpeechArbiter()
        _ = a.submit(cont, at: 0)
        _ = a.submit(now, at: 1)
        #expect(a.finished(id: cont.id, at: 2).events.isEmpty)
        #expect(a.current == now)
    }
}
