import Foundation
import Testing
import Guidance
@testable import Phrasing
import RouteModel

/// Speaking times are remembered by what is said (`PhrasingKey`, in the builder's cache) and timed
/// from the spoken text alone (`PhraseBuilder.spokenText`). Both are shortcuts of `phrase(_:).spoken`: these tests
/// hold them to it on every announcement that the planner makes for the example routes and the real Valhalla
/// routes, in every locale, including the terse and lane-less forms the planner times as fallbacks.
@Suite struct PhrasingKeyTests {
    /// The example routes and the Valhalla fixtures that hold a route, planned once.
    static let indexes: [(name: String, index: RouteIndex)] = {
        let folders = ["Examples/Routes", "Tests/Fixtures/valhalla"].map { TestData.directory.appendingPathComponent($0) }
        var found: [(String, RouteIndex)] = []
        for folder in folders {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
                $0.hasSuffix(".json") && $0 != "MANIFEST.json" && $0 != "no-route.json"
            }
            for file in files.sorted() {
                guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file).path),
                      let document = try? RouteImporter().read(data, fileName: file) else { continue }
                found.append((file, RouteIndex(route: document.route)))
            }
        }
        return found
    }()

    /// What `duration(of:)` gave before the cache and the spoken-only render: the full phrase's spoken text.
    static func reference(_ builder: PhraseBuilder, _ announcement: Announcement) -> Double {
        let spoken = builder.phrase(announcement).spoken
        let text = builder.reader?.voiceText(spoken) ?? spoken
        let rate = builder.locale.speakingRate
        switch rate.per {
        case .word: return Double(text.split(whereSeparator: { $0 == " " }).count) / rate.perSecond
        case .character: return Double(text.filter { !$0.isWhitespace && !$0.isPunctuation }.count) / rate.perSecond
        }
    }

    /// The forms of `announcement` that the planner also times: terse, without lanes, without its "then".
    static func forms(of announcement: Announcement) -> [Announcement] {
        var terse = announcement
        terse.maneuver = announcement.maneuver?.terse
        var alone = announcement
        alone.then = nil
        alone.thenMore = []
        var noLanes = announcement
        noLanes.maneuver?.lanes = nil
        return [announcement, terse, alone, noLanes]
    }

    @Test func theRoutesAreFound() {
        #expect(Self.indexes.count >= 9, "example routes and Valhalla fixtures: \(Self.indexes.map(\.name))")
    }

    @Test(arguments: TestData.data.availableLocales())
    func cachedSpeakingTimesAreTheSpokenPhrasesTimes(_ tag: String) throws {
        let builder = try TestData.builder(tag)
        let estimator = PhraseDurationEstimator(builder: builder)
        var checked = 0
        for (name, index) in Self.indexes {
            let run = OfflineGuidance.run(index, estimator: estimator)
            #expect(!run.announcements.isEmpty, "\(tag) \(name): nothing planned")
            for (n, announcement) in run.announcements.enumerated() {
                for form in Self.forms(of: announcement) {
                    let at = "\(tag) \(name) #\(n) \(form.kind.rawValue)"
                    let phrase = builder.phrase(form)
                    // Nothing left out of the key changes the words, and the stored key matches the asked one.
                    let key = PhrasingKey(form)
                    #expect(builder.phrase(key.stored.announcement) == phrase, "\(at): the key phrases differently")
                    #expect(key == key.stored && key.hashValue == key.stored.hashValue, "\(at): stored key differs")
                    // With a reader (ja, zh) the speaking-time text is the spoken text as the reader reads it out.
                    #expect(builder.spokenText(form) == (builder.reader?.voiceText(phrase.spoken) ?? phrase.spoken), "\(at): spoken-only render differs")
                    // Asked twice (the second from the cache, at another trigger), the same as the full phrase's time.
                    var later = form
                    later.triggerMeters += 123.4
                    later.triggerSeconds += 9.5
                    later.distanceToManeuverMeters += 7
                    let expected = Self.reference(builder, form)
                    #expect(estimator.duration(of: form) == expected, "\(at): duration")
                    #expect(estimator.duration(of: later) == expected, "\(at): cached duration")
                    checked += 1
                }
            }
        }
        #expect(checked > 400, "\(tag): only \(checked) forms checked")
    }

    /// The stored properties of `value`, by name.
    static func fields(_ value: Any) -> Set<String> { Set(Mirror(reflecting: value).children.compactMap(\.label)) }

    @Test func everyFieldIsEitherComparedOrLeftOut() throws {
        let m = TestData.maneuver(.turn, .left, name: "Main Street")
        let chained = ChainedManeuver(maneuver: m, distanceMeters: 50, sayDistance: true)
        let announcement = Announcement(kind: .now, maneuver: m, then: chained)
        let compared = PhrasingKey.comparedFields, ignored = PhrasingKey.ignoredFields
        #expect(Self.fields(announcement) == Set(compared.announcement + ignored.announcement))
        #expect(Self.fields(chained) == Set(compared.chained))
        #expect(Self.fields(m) == Set(compared.description))
        let storage = try #require(Mirror(reflecting: m).children.first { $0.label == "storage" }?.value)
        #expect(Self.fields(storage) == Set(compared.storage))
        let fields = try #require(Mirror(reflecting: storage).children.first { $0.label == "fields" }?.value)
        #expect(Self.fields(fields) == Set(compared.fields))
        #expect(Self.fields(m.step) == Set(compared.step + ignored.step))
    }

    @Test func keysDifferWhenTheWordsCan() {
        let m = TestData.maneuver(.turn, .left, name: "Main Street")
        var other = m
        other.step.name = "Elm Street"
        var moved = Announcement(kind: .now, maneuver: m)
        moved.triggerMeters = 500
        moved.maneuver?.step.geometry = [Coordinate(latitude: 1, longitude: 2)]
        #expect(PhrasingKey(Announcement(kind: .now, maneuver: m)) == PhrasingKey(moved))
        #expect(PhrasingKey(Announcement(kind: .now, maneuver: m)) != PhrasingKey(Announcement(kind: .now, maneuver: other)))
        #expect(PhrasingKey(Announcement(kind: .now, maneuver: m)) != PhrasingKey(Announcement(kind: .prepare, maneuver: m)))
        #expect(PhrasingKey(Announcement(kind: .prepare, maneuver: m, spokenDistanceMeters: 400))
                != PhrasingKey(Announcement(kind: .prepare, maneuver: m, spokenDistanceMeters: 300)))
        var nth = m
        nth.sideRoadOrdinal = 2
        #expect(PhrasingKey(Announcement(kind: .now, maneuver: m)) != PhrasingKey(Announcement(kind: .now, maneuver: nth)))
        #expect(PhrasingKey(moved).stored.announcement.maneuver?.step.geometry.isEmpty == true)
    }

    @Test func wordsAreCountedBetweenSpaces() {
        for text in ["", " ", "Turn left.", "  In 400 feet,  turn right onto Main Street. ", "Biegen Sie links ab",
                     "Поверните налево", "a\u{00A0}b c", "x\ty z"] {
            #expect(PhraseDurationEstimator.wordCount(text) == text.split(whereSeparator: { $0 == " " }).count, "\(text)")
        }
    }

    @Test func aDescriptionsStepIsCopiedOnWrite() {
        let original = TestData.maneuver(.turn, .left, name: "Main Street")
        var copy = original
        copy.step.name = ""
        copy.step.maneuver.modifier = .right
        #expect(original.step.name == "Main Street")
        #expect(original.step.maneuver.modifier == .left)
        #expect(copy.step.name == "" && copy.step.maneuver.modifier == .right)
        #expect(copy != original)
        var same = original
        same.step.name = "Main Street"
        #expect(same == original && same.hashValue == original.hashValue)
        #expect(original.terse.step.name == "" && original.step.name == "Main Street")
    }
}
