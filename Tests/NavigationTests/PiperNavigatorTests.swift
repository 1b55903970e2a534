import Foundation
import Testing
import VoiceGuideTestSupport
import RouteModel
import Guidance
import Phrasing
import Pronunciation
import Speech
import SpeechBackends
import Location
import Navigation

/// A `Navigator` with the Piper voice through the library API alone, composed as `voiceguide drive` composes it:
/// `SpeechBackend.make` for the voice (eSpeak NG behind it), `SynthesizedDurationEstimator.plannedAhead` for the
/// synthesis ahead, the voice's pronunciation layer through the request's hook.
@Suite(.serialized) struct PiperNavigatorTests {
    static let voices = NavigationFixtures.repository.appendingPathComponent(".build/voices").path

    /// The checkout's data, its en-US locale and a request for that locale's Piper voice from the checkout's voices
    /// folder; nil, with the issue recorded, when setup has not installed the voice.
    static func piperRequest() throws -> (VoiceGuideData, LoadedLocale, SpeechBackend.Request)? {
        guard FileManager.default.fileExists(atPath: voices + "/en_US-joe-medium/en_US-joe-medium.onnx") else {
            Issue.record("\(voices)/en_US-joe-medium is missing: run scripts/piper-setup.sh (scripts/setup.sh runs it)")
            return nil
        }
        let data = VoiceGuideData(directory: NavigationFixtures.repository)
        let locale = try data.loadLocale(tag: "en-US")
        var request = SpeechBackend.Request(choice: .piper(nil), localeVoice: locale.profile.voice,
                                            localePiperVoice: locale.profile.piperVoice, language: locale.profile.language)
        request.environment["VOICEGUIDE_VOICES"] = voices
        return (data, locale, request)
    }

    @Test func navigatorSpeaksEveryAnnouncementInThePiperVoiceAtItsTrigger() throws {
        guard case (let data, let locale, var request)? = try Self.piperRequest() else { return }
        let builder = locale.builder()
        request.pronunciation = { synthesizer, backend, voice in
            PronouncingSynthesizer(synthesizer, pronunciation: try data.voicePronunciation(backend: backend, voice: voice))
        }
        let voice = try SpeechBackend.make(request)
        #expect(voice.backend == "piper" && voice.name == "en_US-joe-medium")
        #expect(voice.standIn != nil)

        let document = try RouteImporter().read(syntheticRouteJSON(steps: 4, pointsPerStep: 30), fileName: "synthetic.json")
        let route = RouteIndex(route: document.route)
        let planned = SynthesizedDurationEstimator.plannedAhead(route: route, builder: builder, synthesizer: voice.synthesizer,
                                                                voice: voice.name, standIn: voice.standIn)
        #expect(planned.run.announcements.count >= 3)
        // The durations are the Piper voice's real audio, not the words/s model.
        let words = PhraseDurationEstimator(builder: builder)
        #expect(planned.run.announcements.contains { abs($0.durationSeconds - words.duration(of: $0)) > 0.1 })

        let wav = NSTemporaryDirectory() + "voiceguide-piper-navigator-\(UUID().uuidString).wav"
        defer { try? FileManager.default.removeItem(atPath: wav) }
        let clock = VirtualClock()
        let sink = WAVFileSink(path: wav)
        let player = RenderingPlayer(synthesizer: voice.synthesizer, sink: sink, clock: clock)
        try player.prepare()
        let log = EventLog()
        let navigator = Navigator(route: route, builder: builder, estimator: planned.estimator, player: player, clock: clock,
                                  options: Navigator.Options(voice: voice.name), observer: log.observer)
        let feed = LocationFeed(source: SimulatedLocationSource(index: route), navigator: navigator)
        try feed.run(until: .infinity)
        navigator.finish()
        try player.finish(padTo: navigator.driveTime)

        // Every planned announcement said, each starting at its trigger, none by the eSpeak NG fallback.
        let announced = log.announced
        #expect(announced.map { $0.0.kind } == planned.run.announcements.map(\.kind))
        let triggers = Dictionary(log.all.compactMap { e -> (Int, Double)? in
            if case .announced(_, _, let id) = e.kind { return (id, e.driveTime) } else { return nil }
        }, uniquingKeysWith: { a, _ in a })
        let started = log.all.compactMap { e -> (Int, Double)? in
            if case .speech(let s) = e.kind, s.kind == .started { return (s.utterance.id, e.driveTime) } else { return nil }
        }
        #expect(started.count == announced.count, "\(log.names)")
        for (id, t) in started { #expect(abs(t - (triggers[id] ?? .infinity)) < 0.01, "announcement \(id) started late") }
        #expect(voice.fallbacks == 0)
        #expect(log.speech.allSatisfy { $0.utterance.voice == voice.name })
        // The WAV holds the neural voice's audio: its rate, and speech loud enough to be speech.
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wav)))
        let fmt = try #require((0..<min(bytes.count, 200) - 16).first { bytes[$0..<($0 + 4)].elementsEqual("fmt ".utf8) })
        let rate = (0..<4).reduce(0) { $0 | Int(bytes[fmt + 12 + $1]) << (8 * $1) }
        #expect(rate == voice.synthesizer.sampleRate && rate == 22050)
        #expect(sink.secondsWritten > planned.run.announcements.map(\.durationSeconds).reduce(0, +))
    }

    /// Without the synthesis ahead (the words/s model times the plan), no urgent announcement's Piper audio is
    /// ready at its trigger: eSpeak NG says each one at once, and `Voice.fallbacks` (what `drive` reports)
    /// counts exactly those.
    @Test func urgentAnnouncementsNotSynthesizedAheadAreSaidByESpeakAndCounted() throws {
        guard case let (_, locale, request)? = try Self.piperRequest() else { return }
        let builder = locale.builder()
        let voice = try SpeechBackend.make(request)
        let document = try RouteImporter().read(syntheticRouteJSON(steps: 4, pointsPerStep: 30), fileName: "synthetic.json")
        let route = RouteIndex(route: document.route)
        let clock = VirtualClock()
        let player = RenderingPlayer(synthesizer: voice.synthesizer, sink: MemorySink(), clock: clock)
        try player.prepare()
        let log = EventLog()
        let navigator = Navigator(route: route, builder: builder, estimator: PhraseDurationEstimator(builder: builder),
                                  player: player, clock: clock, options: Navigator.Options(voice: voice.name), observer: log.observer)
        try LocationFeed(source: SimulatedLocationSource(index: route), navigator: navigator).run(until: .infinity)
        navigator.finish()
        try player.finish(padTo: navigator.driveTime)
        let urgent = log.speech.filter { $0.kind == .started && $0.utterance.priority >= 4 }
        #expect(urgent.count >= 2)
        #expect(voice.fallbacks == urgent.count)
    }
}
