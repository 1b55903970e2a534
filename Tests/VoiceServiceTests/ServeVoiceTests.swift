import Foundation
import Testing
import RouteModel
import VoiceGuideTestSupport

/// `serve --durations speech [--voice VOICE]` against a real `voiceguide serve` with real eSpeak NG and the real
/// Piper voice (`piper:en_US-joe-medium`, prepared by scripts/setup.sh).
@Suite(.serialized) struct ServeVoiceTests {
    static let joe = ServeFixtures.repository.appendingPathComponent(".build/voices/en_US-joe-medium/en_US-joe-medium.onnx").path

    /// The `durationSeconds` of every announcement of a transcript JSON.
    static func durations(_ json: JSONValue?) -> [Double] {
        (json?["announcements"]?.arrayValue ?? []).compactMap { $0["durationSeconds"]?.numberValue }
    }

    /// The same route as `transcript --durations speech --voice VOICE --format json` gives, parsed.
    static func transcript(_ body: Data, voice: String?) throws -> JSONValue {
        var arguments = ["transcript", "-", "--format", "json", "--locale", "en-US"]
        if let voice { arguments += ["--durations", "speech", "--voice", voice] }
        let run = try ServeFixtures.run(arguments, stdin: body, timeout: 300)
        try #require(run.code == 0, "transcript failed: \(run.err)")
        return try ServeFixtures.json(run.out)
    }

    @Test func eSpeakDurationsAreTranscriptsAndPlaceTheMapboxInstructions() throws {
        let body = try ServeFixtures.exampleData("city-dc.json")
        let speech = try ServeProcess(["--durations", "speech", "--voice", "espeak:en-us"])
        let words = try ServeProcess()
        let spoken = try speech.request("POST", "/v1/voice?locale=en-US&format=json", body: body)
        let counted = try words.request("POST", "/v1/voice?locale=en-US&format=json", body: body)
        #expect(spoken.status == 200 && counted.status == 200, "\(spoken.text)")
        let served = Self.durations(spoken.json)
        #expect(served.count > 10)
        // Exactly what transcript --durations speech says with the same voice, and not the words/s model.
        #expect(served == Self.durations(try Self.transcript(body, voice: "espeak:en-us")))
        #expect(served != Self.durations(counted.json))
        #expect(Self.durations(counted.json) == Self.durations(try Self.transcript(body, voice: nil)))
        // The Mapbox form is planned with the same speaking times: on the motorway some instruction sits elsewhere.
        let motorway = try ServeFixtures.exampleData("motorway-bay-bridge.json")
        let spokenMapbox = try speech.request("POST", "/v1/voice?locale=en-US&format=mapbox", body: motorway)
        let countedMapbox = try words.request("POST", "/v1/voice?locale=en-US&format=mapbox", body: motorway)
        #expect(spokenMapbox.status == 200)
        #expect(spokenMapbox.body != countedMapbox.body, "speech durations moved no voice instruction")
        // The start line names the voice.
        #expect(speech.process.logTail().contains("speaking times from espeak:en-us"), "\(speech.process.logTail())")
        // Without --voice, each locale's own eSpeak NG voice: a German request is timed in German.
        let own = try ServeProcess(["--durations", "speech"])
        #expect(own.process.logTail().contains("speaking times from each locale's eSpeak NG voice"), "\(own.process.logTail())")
        let german = try own.request("POST", "/v1/voice?locale=de-DE&format=json", body: body)
        let germanWords = try words.request("POST", "/v1/voice?locale=de-DE&format=json", body: body)
        #expect(german.status == 200 && Self.durations(german.json) != Self.durations(germanWords.json))
    }

    @Test func piperDurationsComeFromTheNeuralAudioWhileHealthAnswersAtOnce() throws {
        guard FileManager.default.fileExists(atPath: Self.joe) else {
            Issue.record("\(Self.joe) is missing: run scripts/piper-setup.sh (scripts/setup.sh runs it)")
            return
        }
        let body = syntheticRouteJSON(steps: 4, pointsPerStep: 30)
        let server = try ServeProcess(["--durations", "speech", "--voice", "piper:en_US-joe-medium"])
        // The render synthesizes every announcement in the Piper voice on a render worker; meanwhile the event
        // loop answers /health at once.
        let render = try server.connect()
        var head = "POST /v1/voice?locale=en-US&format=json HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        head += "Content-Length: \(body.count)\r\n\r\n"
        try render.send(Array(head.utf8) + Array(body))
        let asked = Date()
        let health = try server.request("GET", "/health")
        let healthSeconds = Date().timeIntervalSince(asked)
        #expect(health.status == 200)
        #expect(healthSeconds < 1, "/health took \(healthSeconds) s during a Piper render")
        #expect(try render.readResponse(timeout: 0.01) == nil, "the render ended before /health was asked: nothing was tested")
        let answer = try #require(try render.readResponse(timeout: 300), "no answer: \(server.process.logTail())")
        let renderSeconds = Date().timeIntervalSince(asked)
        #expect(answer.status == 200, "\(answer.text)")
        #expect(renderSeconds > healthSeconds * 5, "render \(renderSeconds) s, health \(healthSeconds) s")
        let served = Self.durations(answer.json)
        #expect(served.count >= 3)
        // VITS samples noise, so two syntheses of a sentence differ by a few percent: the same voice through
        // transcript gives nearly the same times, eSpeak NG's are clearly other ones.
        let transcribed = Self.durations(try Self.transcript(body, voice: "piper:en_US-joe-medium"))
        let espeak = Self.durations(try Self.transcript(body, voice: "espeak:en-us"))
        #expect(served.count == transcribed.count)
        let total = served.reduce(0, +), piper = transcribed.reduce(0, +), fast = espeak.reduce(0, +)
        #expect(abs(total - piper) < 0.08 * piper, "serve \(served) vs transcript \(transcribed)")
        #expect(abs(total - fast) > 2 * abs(total - piper), "serve \(served) vs eSpeak NG \(espeak)")
        // A request in another language is timed by its locale's eSpeak NG voice, not refused.
        let german = try server.request("POST", "/v1/voice?locale=de-DE&format=json", body: body)
        #expect(german.status == 200, "\(german.text)")
        #expect(Self.durations(german.json).count >= 3)
    }

    @Test func aRequestPicksOnlyAVoiceTheServerWasStartedWith() throws {
        guard FileManager.default.fileExists(atPath: Self.joe) else {
            Issue.record("\(Self.joe) is missing: run scripts/piper-setup.sh (scripts/setup.sh runs it)")
            return
        }
        let body = syntheticRouteJSON(steps: 4, pointsPerStep: 30)
        let server = try ServeProcess(["--durations", "speech", "--voice", "en-us", "--voice", "piper:en_US-joe-medium"])
        #expect(server.process.logTail().contains("a request may name voice=espeak:en-us, piper:en_US-joe-medium"), "\(server.process.logTail())")
        let espeak = try server.request("POST", "/v1/voice?locale=en-US&format=json", body: body)
        let piper = try server.request("POST", "/v1/voice?locale=en-US&format=json&voice=piper:en_US-joe-medium", body: body)
        #expect(espeak.status == 200 && piper.status == 200, "\(piper.text)")
        // The default is the first voice, exactly transcript's; voice= picks the Piper voice (VITS samples noise:
        // within 8 %), whose times are clearly not eSpeak NG's.
        let fast = Self.durations(espeak.json), neural = Self.durations(piper.json)
        #expect(fast == Self.durations(try Self.transcript(body, voice: "espeak:en-us")))
        let joe = Self.durations(try Self.transcript(body, voice: "piper:en_US-joe-medium")).reduce(0, +)
        let total = neural.reduce(0, +), quick = fast.reduce(0, +)
        #expect(abs(total - joe) < 0.08 * joe, "\(neural) vs transcript \(joe)")
        #expect(abs(total - quick) > 2 * abs(total - joe), "\(neural) vs eSpeak NG \(fast)")
        // Not on the list: 400 naming the list, nothing loaded.
        let other = try server.request("POST", "/v1/voice?locale=en-US&format=json&voice=piper:/tmp/x.onnx", body: body)
        #expect(other.status == 400)
        #expect(other.text.contains("voice: 'piper:/tmp/x.onnx' is not a voice of this server; it has espeak:en-us, piper:en_US-joe-medium"), "\(other.text)")
        // A server timing by words takes no voice.
        let words = try ServeProcess()
        let refused = try words.request("POST", "/v1/voice?locale=en-US&format=json&voice=en-us", body: body)
        #expect(refused.status == 400 && refused.text.contains("--durations speech"), "\(refused.text)")
    }

    @Test func aBadVoiceStopsTheStartWithItsExitCode() throws {
        let missing = try ServeFixtures.run(["serve", "--port", "0", "--durations", "speech", "--voice", "piper:no_SUCH-voice-low"])
        #expect(missing.code == 66, "\(missing.err)")
        #expect(missing.err.contains("no_SUCH-voice-low: Piper voice"), "\(missing.err)")
        let wrongLanguage = try ServeFixtures.run(["serve", "--port", "0", "--locale", "de-DE", "--durations", "speech",
                                                   "--voice", "piper:en_US-joe-medium"])
        #expect(wrongLanguage.code == 65, "\(wrongLanguage.err)")
        #expect(wrongLanguage.err.contains("not the locale's language 'de'"), "\(wrongLanguage.err)")
        let noEngine = try ServeFixtures.run(["serve", "--port", "0", "--durations", "speech", "--voice", "piper:en_US-joe-medium"],
                                             environment: ["VOICEGUIDE_SHERPA_LIB": "/nonexistent/libsherpa-onnx-c-api.so"])
        #expect(noEngine.code == 69, "\(noEngine.err)")
        let unknown = try ServeFixtures.run(["serve", "--port", "0", "--durations", "speech", "--voice", "espeak:xx-nosuch"])
        #expect(unknown.code == 64, "\(unknown.err)")
        let withoutSpeech = try ServeFixtures.run(["serve", "--port", "0", "--voice", "espeak:en-us"])
        #expect(withoutSpeech.code == 64)
        #expect(withoutSpeech.err.contains("--voice applies only to --durations speech"), "\(withoutSpeech.err)")
        let badModel = try ServeFixtures.run(["serve", "--port", "0", "--durations", "estimate"])
        #expect(badModel.code == 64, "\(badModel.err)")
    }
}
