import Testing
import Guidance
@testable import Phrasing
import RouteModel

/// A run of close turns (`Announcement.thenMore`): each further turn is one more terse "then" clause.
@Suite struct ThenRunTests {
    /// "Turn left onto Main St., then right onto Oak Ave., then …" with two more turns that carry names, a ref,
    /// destinations and lanes, which the run must leave out.
    func runAnnouncement() -> Announcement {
        let first = TestData.maneuver(.turn, .left, name: "Main St.")
        let then = ChainedManeuver(maneuver: TestData.maneuver(.turn, .right, name: "Oak Ave."), distanceMeters: 30,
                                   sayDistance: false)
        let lanes = LaneHint(position: .left, usableCount: 1, totalCount: 2)
        let third = TestData.maneuver(.turn, .left, name: "Elm St.", ref: "B 7", destinations: "Zentrum", lanes: lanes)
        let fourth = TestData.maneuver(.turn, .sharpRight, name: "Pine Rd.")
        var a = Announcement(kind: .now, maneuver: first, then: then)
        a.thenMore = [ChainedManeuver(maneuver: third, distanceMeters: 30, sayDistance: false),
                      ChainedManeuver(maneuver: fourth, distanceMeters: 30, sayDistance: false)]
        return a
    }

    @Test func englishRunOfTwoMore() throws {
        let p = try TestData.builder("en-US").phrase(runAnnouncement())
        #expect(p.display == "Turn left onto Main St., then turn right onto Oak Ave., then turn left, then turn sharp right.")
        #expect(p.spoken == "Turn left onto Main Street, then turn right onto Oak Avenue, then turn left, then turn sharp right.")
        #expect(p.ssml == "<speak xml:lang=\"en-US\">Turn left onto Main Street, then turn right onto Oak Avenue, then turn left, then turn sharp right.</speak>")
    }

    @Test func germanRunOfTwoMore() throws {
        let p = try TestData.builder("de-DE").phrase(runAnnouncement())
        #expect(p.display == "Biegen Sie links auf Main St. ab, danach biegen Sie rechts auf Oak Ave. ab, danach biegen Sie links ab, danach biegen Sie scharf rechts ab.")
        #expect(p.spoken == p.display)
        #expect(p.ssml == "<speak xml:lang=\"de-DE\">Biegen Sie links auf Main St. ab, danach biegen Sie rechts auf Oak Ave. ab, danach biegen Sie links ab, danach biegen Sie scharf rechts ab.</speak>")
    }

    @Test func japaneseRunJoinsWithTheFramesSeparator() throws {
        let p = try TestData.builder("ja-JP").phrase(runAnnouncement())
        #expect(p.display == "まもなく、左折して、Main St.に入ります。その先、右折して、Oak Ave.に入ります。その先、左折です。その先、大きく右方向です。")
    }

    @Test func onlyTheThenSaysItsDistance() throws {
        var a = runAnnouncement()
        a.then?.distanceMeters = 200
        a.then?.sayDistance = true
        let p = try TestData.builder("en-US").phrase(a)
        #expect(p.display == "Turn left onto Main St., then, in 650 ft, turn right onto Oak Ave., then turn left, then turn sharp right.")
    }

    @Test func withoutARunTheThenIsUnchanged() throws {
        let en = try TestData.builder("en-US")
        var a = runAnnouncement()
        a.thenMore = []
        #expect(en.phrase(a).display == "Turn left onto Main St., then turn right onto Oak Ave.")
    }

    /// The "then" word stands where natives put it: after the verb in sv, da, nb and fi ("och sväng sedan"), a new
    /// clause after a comma in cs and sk (never "a … a … a"), and no doubled "then … later" in tr.
    @Test(arguments: [
        ("sv-SE", "och sväng sedan höger in på Oak Ave., och sväng sedan vänster, och sväng sedan skarpt höger."),
        ("da-DK", "og drej derefter til højre ad Oak Ave., og drej derefter til venstre, og drej derefter skarpt til højre."),
        ("nb-NO", "og sving deretter til høyre inn på Oak Ave., og sving deretter til venstre, og sving deretter skarpt til høyre."),
        ("fi-FI", "käänny sitten oikealle kadulle Oak Ave., käänny sitten vasemmalle, käänny sitten jyrkästi oikealle."),
        ("cs-CZ", "pak odbočte vpravo do ulice Oak Ave., pak odbočte vlevo, pak odbočte ostře vpravo."),
        ("sk-SK", "potom odbočte doprava na ulicu Oak Ave., potom odbočte doľava, potom odbočte ostro doprava."),
    ])
    func thenWordWhereNativesPutIt(_ tag: String, _ expected: String) throws {
        // What follows the first turn: the three "then" clauses of the run.
        let said = try TestData.builder(tag).phrase(runAnnouncement()).display
        let thens = said.split(separator: ", ", maxSplits: 1).last.map(String.init)
        #expect(thens == expected)
    }

    /// The then clause's distance is heard as counted from the first maneuver ("150 m ileride"), not as a second
    /// countdown from now ("150 m sonra da"), and "ardından" is said once.
    @Test func turkishThenWithADistanceCountsFromTheFirstManeuver() throws {
        var a = runAnnouncement()
        a.thenMore = []
        a.then?.distanceMeters = 150
        a.then?.sayDistance = true
        let p = try TestData.builder("tr-TR").phrase(a)
        #expect(p.display.contains(", ardından 150 m ileride sağa dönün"), "\(p.display)")
        #expect(!p.display.contains("sonra da") && p.display.components(separatedBy: "ardından").count == 2, "\(p.display)")
    }

    @Test func joinerIsTheTextBeforeThenInTheNowFrame() {
        #expect(Phrasebook.thenJoiner(.string("{instruction|cap}[, {then}].")) == ", ")
        #expect(Phrasebook.thenJoiner(.string("まもなく、{instruction}[。{then}]。")) == "。")
        #expect(Phrasebook.thenJoiner(.string("{instruction}{then}")) == ", ")
        #expect(Phrasebook.thenJoiner(nil) == ", ")
    }
}
