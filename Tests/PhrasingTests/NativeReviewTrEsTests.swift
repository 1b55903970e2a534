import Guidance
import RouteModel
@testable import Phrasing
import Testing
import VoiceGuideTestSupport

/// tr-TR and es: what a native reviewer heard wrong, in the locale's words, and what the voice now says
/// (through the locale's eSpeak NG voice and its layer).
@Suite struct NativeReviewTrEsTests {
    // MARK: tr-TR

    /// "O 4'e" is said "O dörde" (one word, the suffix on the number), not "O dört", a pause, "e".
    @Test func turkishNumberAndSuffixAreOneWord() throws {
        let tr = try LocaleSpeaker("tr-TR")
        let phrase = tr.now(TestData.maneuver(.turn, .left, ref: "O-4"))
        #expect(phrase.display == "Sola dönün ve O-4'e girin.")
        #expect(phrase.spoken == "Sola dönün ve O 4'e girin.")
        #expect(tr.voice(phrase.spoken) == "Sola dönün ve O dörde girin.")
        let said = try ESpeakPhonemes.of(tr.voice(phrase.spoken), voice: tr.loaded.profile.voice)
        #expect(said.contains("dWRd'E") && !said.contains("_:_:"), "\(said)")
        #expect(try ESpeakPhonemes.of(phrase.spoken, voice: tr.loaded.profile.voice).contains("d'WRt 'E_:_:"), "eSpeak now reads 4'e as one word: revisit the reader")
        #expect(tr.voice("D 100'e katılın") == "D yüze katılın")
        #expect(tr.voice("S T 2080'e") == "S T iki bin seksene")
        #expect(tr.voice("3’ten sonra") == "üçten sonra")
        #expect(tr.voice("O 4 boyunca 400 metre") == "O 4 boyunca 400 metre", "a number without a suffix stays")
    }

    /// The screen never shows the ref's number twice ("UT 201 201 Expressway'e"); Turkish refs still come first.
    @Test func turkishRefIsNotRepeatedBeforeANameThatHoldsIt() throws {
        let tr = try LocaleSpeaker("tr-TR")
        #expect(tr.display(.turn, .left, name: "201 Expressway", ref: "UT 201") == "Sola dönün ve 201 Expressway'e girin.")
        #expect(tr.display(.turn, .left, name: "TEM Otoyolu", ref: "O-4") == "Sola dönün ve O-4 TEM Otoyolu'na girin.")
    }

    /// "üçüncü çıkışı kullanın", as Turkish navigation says it, never "çıkıştan çıkın".
    @Test func turkishExitIsUsedNotExitedFrom() throws {
        let tr = try LocaleSpeaker("tr-TR")
        let roundabout = tr.now(TestData.maneuver(.roundabout, name: "Halaskargazi Caddesi", exit: 3))
        #expect(roundabout.display == "Döner kavşakta üçüncü çıkışı kullanın ve Halaskargazi Caddesi'ne girin.")
        let ramp = tr.now(TestData.maneuver(.offRamp, .right, exits: "23B"))
        #expect(ramp.display == "Sağdaki 23B numaralı çıkışı kullanın.")
    }

    /// A name ending in é takes the front-vowel suffix after y: "Allé'ye", "Champs-Élysée'de".
    @Test func turkishSuffixAfterAccentedE() throws {
        let tr = try LocaleSpeaker("tr-TR")
        #expect(tr.display(.turn, .left, name: "Pile Allé") == "Sola dönün ve Pile Allé'ye girin.")
        #expect(tr.now(TestData.maneuver(.roundabout, exit: 2, rotary: "Place de l'Opéra")).display.contains("Place de l'Opéra"))
    }

    // MARK: es-ES, es-MX

    /// A roundabout without an exit number says where to leave it in one clause, so a chained maneuver has the
    /// only "y": "En la rotonda, tome la salida hacia … y luego gire …", never "entre … y salga … y luego".
    @Test(arguments: [
        ("es-ES", "En la rotonda, tome la salida hacia la calle de Alcalá y luego gire a la derecha por la calle de Goya."),
        ("es-MX", "En la glorieta, tome la salida hacia la calle de Alcalá y luego dé vuelta a la derecha en la calle de Goya."),
    ])
    func spanishRoundaboutChainHasOneAnd(tag: String, display: String) throws {
        let es = try LocaleSpeaker(tag)
        let phrase = es.chained(.now, TestData.maneuver(.roundabout, name: "Calle de Alcalá"),
                                then: TestData.maneuver(.turn, .right, name: "Calle de Goya"), meters: 100, sayDistance: false)
        #expect(phrase.display == display)
        #expect(phrase.display.components(separatedBy: " y ").count == 2, "\(phrase.display)")
        let named = es.now(TestData.maneuver(.roundabout, name: "Calle de Alcalá", rotary: "Plaza de Cibeles"))
        #expect(!named.display.contains(" y salga"), "\(named.display)")
    }
}
