import Foundation
import Testing
@testable import RouteModel

/// The parser's strict options (used for hand-written data such as phrasebooks) and their defaults (routes).
@Suite struct JSONParserOptionsTests {
    static let strict = JSONParser(rejectsDuplicateKeys: true, recordsKeyPath: true)

    func failure(_ text: String, _ parser: JSONParser = strict) -> JSONParseError? {
        do { _ = try parser.parse(Data(text.utf8)); return nil } catch { return error }
    }

    @Test func errorsNameTheMemberBeingRead() throws {
        let e = try #require(failure("{\n  \"a\": {\"b\": [1, {\"c\": tru}]}\n}"))
        #expect(e.keyPath == "a.b[1].c")
        #expect(e.line == 2 && e.column == 24)
        #expect(e.reason == "invalid literal (expected 'true')")
        #expect(e.description == "line 2, column 24: invalid literal (expected 'true') (at a.b[1].c)")
        let separator = try #require(failure("{\"x\": [1, 2], \"y\": \"s\" \"t\"}"))
        #expect(separator.keyPath == "y")
        let top = try #require(failure("[1, 2] 3"))
        #expect(top.keyPath == "")
    }

    @Test func pathsUnwindAfterEachMemberAndElement() throws {
        let e = try #require(failure("{\"a\": [1, 2], \"b\": {\"c\": 1}, \"d\": [[0], [1, x]]}"))
        #expect(e.keyPath == "d[1][1]")
    }

    @Test func duplicateMemberNamesAreRejectedOnlyWhenAsked() throws {
        let text = "{\"a\": 1, \"b\": {\"k\": 1, \"k\": 2}}"
        let e = try #require(failure(text))
        #expect(e.reason == "duplicate member name \"k\"")
        #expect(e.keyPath == "b.k")
        #expect(e.column == 24)
        let lenient = try JSONParser().parse(Data(text.utf8))
        #expect(lenient["b"]?["k"] == .number(2))
        #expect(lenient["b"]?.objectMembers?.count == 2)
    }

    @Test func defaultParserRecordsNoPath() throws {
        let e = try #require(failure("{\"a\": {\"b\": tru}}", JSONParser()))
        #expect(e.keyPath == "")
        #expect(e.description == "line 1, column 13: invalid literal (expected 'true')")
    }
}
