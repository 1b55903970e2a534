import Foundation
import VoiceGuideTestSupport
import Guidance
import JapaneseReading
import Phrasing
import Pronunciation
import RouteModel
import Testing

/// fi-FI: a prepare says where the maneuver is ("200 metrin päästä käänny toisesta oikealle"), not "drive 200 m and
/// then …", which sends a driver counting side roads from the wrong place; the exported text is written Finnish and
/// the `fi` voice is given the numeral in the genitive with its noun, as a Finn reads it.
@Suite struct FinnishNumberVoiceTests {
    static let data = VoiceGuideData(directory: Repository.root, nameReaders: NameReaders.provider)

    @Test(arguments: [
        ("200 metrin päästä käänny oikealle.", "kahdensadan metrin päästä käänny oikealle."),
        ("250 metrin päästä", "kahdensadanviidenkymmenen metrin päästä"),
        ("1 kilometrin päästä", "yhden kilometrin päästä"),
        ("1,2 kilometrin päästä", "yhden pilkku kahden kilometrin päästä"),
        ("12 kilometrin päästä", "kahdentoista kilometrin päästä"),
        ("1100 metrin", "tuhannensadan metrin"),
        ("25000 jalan", "kahdenkymmenenviidentuhannen jalan"),
        ("Jatka 200 metriä.", "Jatka 200 metriä."),
        ("Straße des 17. Juni", "Straße des 17. Juni"),
        ("E 65 31 km", "E 65 31 km"),
        ("A200 metrin", "A200 metrin"),
        ("1234567 metrin", "1234567 metrin"),
    ])
    func aNumberBeforeAGenitiveUnitTakesTheGenitive(written: String, said: String) throws {
        let voice = try Self.data.voicePronunciation(backend: "espeak", voice: "fi")
        #expect(voice.spoken(written) == said)
    }

    /// The fi phrase of a turn onto `name`, announced `meters` before it.
    static func turn(_ modifier: ManeuverModifier, onto name: String, _ kind: AnnouncementKind, meters: Double) throws -> Phrase {
        let builder = try data.loadLocale(tag: "fi-FI").builder()
        let step = Step(maneuver: Maneuver(type: .turn, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0)),
                        distance: 100, duration: 10, name: name, mode: "driving")
        return builder.phrase(Announcement(kind: kind, maneuver: ManeuverDescription(id: StepID(leg: 0, step: 1), step: step),
                                           spokenDistanceMeters: meters))
    }

    @Test func aPrepareSaysWhereTheTurnIs() throws {
        let p = try Self.turn(.right, onto: "Lönnrotinkatu", .prepare, meters: 200)
        #expect(p.display.hasPrefix("200 m:n päästä käänny oikealle"), "\(p.display)")
        #expect(p.spoken.hasPrefix("200 metrin päästä käänny oikealle"), "\(p.spoken)")
        let voice = try Self.data.voicePronunciation(backend: "espeak", voice: "fi")
        let said = try ESpeakBatch.phonemes([voice.spoken(p.spoken)], voice: "fi")[0]
        #expect(said.hasPrefix("k'ahdensadan m'etrIm p'&:st&"), "the voice says kahdensadan metrin päästä: \(said)")
    }

    @Test func halfKilometresTakeTheGenitiveFromTheBook() throws {
        let p = try Self.turn(.left, onto: "Mannerheimintie", .early, meters: 1500)
        #expect(p.display.hasPrefix("1,5 km:n päästä käänny vasemmalle"), "\(p.display)")
        #expect(p.spoken.hasPrefix("Puolentoista kilometrin päästä käänny vasemmalle"), "\(p.spoken)")
    }
}
