import Foundation
import RouteModel
import Guidance
import Phrasing
import Pronunciation
import Speech
import Location
import Navigation
import VoiceGuideResources
import SpeechESpeakNG

// Usage: VoiceGuideExample [ROUTE.json] [OUT.wav]  — guides a drive of the route in British English into a WAV file.
do {
    let arguments = CommandLine.arguments.dropFirst()
    let routeURL = try arguments.first.map { URL(fileURLWithPath: $0) } ?? PackagedData.exampleRoute("uk-oxford.json")
    let wavPath = arguments.dropFirst().first ?? "guidance.wav"

    // The route: an OSRM v5 / Mapbox Directions response (from OSRM, Valhalla with format=osrm, GraphHopper…).
    let document = try RouteImporter().read(try Data(contentsOf: routeURL), fileName: routeURL.lastPathComponent)
    let route = RouteIndex(route: document.route)

    // The locale's words: the phrasebooks and locale data ship with the library.
    let locale = try VoiceGuideData.packaged().loadLocale(tag: "en-GB")
    let builder = locale.builder()

    // Speech: eSpeak NG rendered into a WAV file in virtual time (as fast as the machine allows).
    // The voice's pronunciation layer (Voices/espeak/<voice>.json) gives eSpeak what it needs; the exported text stays language.
    let pronunciation = try VoiceGuideData.packaged().voicePronunciation(backend: "espeak", voice: locale.profile.voice)
    let synthesizer = PronouncingSynthesizer(try ESpeakSynthesizer(voice: locale.profile.voice), pronunciation: pronunciation)
    let clock = VirtualClock()
    let sink = WAVFileSink(path: wavPath)
    let player = RenderingPlayer(synthesizer: synthesizer, sink: sink, clock: clock)
    let estimator = SynthesizedDurationEstimator(builder: builder, synthesizer: synthesizer, voice: locale.profile.voice)
    let navigator = Navigator(route: route, builder: builder, estimator: estimator, player: player, clock: clock) { event in
        if case .announced(_, let phrase, _) = event.kind {
            print(String(format: "%7.1f s  ", event.driveTime) + phrase.display)
        }
    }

    // Positions: any LocationSource. Here the simulator; a live app opens GpsdSource(host: "127.0.0.1", port: 2947)
    // (or NMEASource, GPXSource) and calls feed.run(until:) with the source's clock on a timer.
    let source = SimulatedLocationSource(index: route)
    let feed = LocationFeed(source: source, navigator: navigator)
    try feed.run(until: .infinity)  // a recorded source in virtual time: the whole drive, as fast as possible
    navigator.finish()
    try player.finish(padTo: navigator.driveTime)
    print(String(format: "wrote %@ (%.1f s)", wavPath, sink.secondsWritten))
} catch {
    FileHandle.standardError.write(Data("VoiceGuideExample: \(error)\n".utf8))
    exit(1)
}
