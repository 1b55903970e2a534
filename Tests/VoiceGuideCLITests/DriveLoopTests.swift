import Foundation
import Testing
import Speech
import Phrasing
import Navigation
@testable import VoiceGuideCLI

/// The clock-agnostic drive loop, advanced in small steps as the live drive does.
@Suite struct DriveLoopTests {
    private func settings() throws -> GuidanceSettings {
        let io = CommandIO(out: { _ in }, err: { _ in })
        let arguments = try ParsedArguments.parse([], specs: GuidanceSettings.optionSpecs, command: "drive")
        return try GuidanceSettings.load(routePath: CLIFixtures.example("city-dc.json"), arguments: arguments,
                                         command: "drive", io: io)
    }

    @Test func theMuteWindowMutesOnceAndStaysOpenAfterItCloses() throws {
        let settings = try settings()
        let clock = VirtualClock()
        let events = Locked<[SpeechEvent]>([])
        // The roundabout's prepare triggers at 74 s, inside the window; the window closes between two fixes.
        let navigator = Navigator(route: settings.index, builder: settings.builder,
                                  estimator: PhraseDurationEstimator(builder: settings.builder),
                                  player: TextBackend(clock: clock, duration: { _ in 3 }), clock: clock,
                                  options: settings.navigatorOptions(timebase: .identity, mute: MuteWindow(from: 73.5, until: 74.2)),
                                  observer: { event in
                                      if case .speech(let speech) = event.kind { events.withLock { $0.append(speech) } }
                                  })
        let loop = DriveLoop(navigator: navigator, speedKmh: nil)
        var target = 0.0
        while !loop.finished && target < 120 {
            target += 0.1  // live ticks: many calls between two 1 Hz fixes
            try loop.run(until: target)
        }
        let log = events.snapshot
        let prepare = try #require(log.first { $0.utterance.label == "prepare" }?.utterance.id)
        let ofPrepare = log.filter { $0.utterance.id == prepare }.map(\.kind)
        // Suppressed once by the window, said again once at unmute, heard to the end: never cut again.
        #expect(ofPrepare == [.muted, .started, .finished])
        #expect(log.filter { $0.kind == .muted }.count == 1)
    }

    @Test func textSpeechInDriveTimeKeepsEveryAnnouncementWhateverTheTickSize() throws {
        let settings = try settings()
        // A live text drive at ×20 with 10 ms ticks advances drive time by 0.2 s per tick: silent speech runs in
        // drive time, so nothing is dropped or cut, as in the transcript.
        let transcript = settings.plan(estimator: PhraseDurationEstimator(builder: settings.builder)).run.announcements
        let clock = VirtualClock()
        let kinds = Locked<[SpeechEvent.Kind]>([])
        let navigator = Navigator(route: settings.index, builder: settings.builder,
                                  estimator: PhraseDurationEstimator(builder: settings.builder), player: nil, clock: clock,
                                  options: settings.navigatorOptions(timebase: .identity, mute: nil),
                                  observer: { event in
                                      if case .speech(let speech) = event.kind { kinds.withLock { $0.append(speech.kind) } }
                                  })
        let loop = DriveLoop(navigator: navigator, speedKmh: nil)
        var target = 0.0
        while !loop.finished {
            target += 0.2
            try loop.run(until: target)
        }
        navigator.finish()
        let log = kinds.snapshot
        #expect(transcript.count >= 10)
        #expect(log.filter { $0 == .finished }.count == transcript.count)
        #expect(log.filter { $0 == .dropped || $0 == .interrupted }.isEmpty)
    }
}
