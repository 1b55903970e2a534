import Foundation
import Testing
import Speech
import Phrasing
@testable import VoiceGuideCLI

/// The clock-agnostic drive loop, advanced in small steps as the live drive does.
@Suite struct DriveLoopTests {
    @Test func theMuteWindowMutesOnceAndStaysOpenAfterItCloses() throws {
        let io = CommandIO(out: { _ in }, err: { _ in })
        let arguments = try ParsedArguments.parse([], specs: GuidanceSettings.optionSpecs, command: "drive")
        let settings = try GuidanceSettings.load(routePath: CLIFixtures.example("city-dc.json"), arguments: arguments,
                                                 command: "drive", io: io)
        let clock = VirtualClock()
        let events = Locked<[SpeechEvent]>([])
        let controller = SpeechController(player: TextBackend(clock: clock, duration: { _ in 3 }), clock: clock,
                                          observer: { event in events.withLock { $0.append(event) } })
        // The roundabout's prepare triggers at 74 s, inside the window; the window closes between two fixes.
        let loop = DriveLoop(settings: settings, estimator: PhraseDurationEstimator(builder: settings.builder),
                             controller: controller, voice: "en-us", muteWindow: MuteWindow(from: 73.5, until: 74.2),
                             clockTime: { $0 }, onAnnouncement: { _, _, _ in })
        var target = 0.0
        while !loop.finished && target < 120 {
            target += 0.1  // live ticks: many calls between two 1 Hz fixes
            loop.run(until: target) { clock.advance(to: $0) }
            controller.advance(to: target)
        }
        let log = events.snapshot
        let prepare = try #require(log.first { $0.utterance.label == "prepare" }?.utterance.id)
        let ofPrepare = log.filter { $0.utterance.id == prepare }.map(\.kind)
        // Suppressed once by the window, said again once at unmute, heard to the end: never cut again.
        #expect(ofPrepare == [.muted, .started, .finished])
        #expect(log.filter { $0.kind == .muted }.count == 1)
    }
}
