import Foundation
import Testing
@testable import RouteModel

@Suite struct JSONParserTests {
    func parse(_ text: String, maxDepth: Int = 512) throws -> JSONValue {
        try JSONParser(maxDepth: maxDepth).parse(Data(text.utf8))
    }

    func failure(_ text: String, maxDepth: Int = 512) -> JSONParseError? {
        do { _ = try parse(text, maxDepth: maxDepth); return nil } catch { return error as? JSONParseError }
    }

    @Test func parsesEveryKindKeepingMemberOrder() throws {
        let v = try parse(#" { "z": 1, "a": [true, false, null], "m": "x\"\u00e9\ud83d\ude00\n", "n": -12.5e1 } "#)
        #expect(v.objectMembers?.map(\.key) == ["z", "a", "m", "n"])
        #expect(v["z"] == .number(1))
        #expect(v["a"] == .array([.bool(true), .bool(false), .null]))
        #expect(v["m"] == .string("x\"é😀\n"))
        #expect(v["n"] == .number(-125))
    }

    @Test func numbersMatchFoundation() throws {
        let samples = ["0", "-0.0", "1", "0.1", "37.77493", "-122.419416", "1e-7", "123456789012345678901234",
                       "2.2250738585072014e-308", "9007199254740993", "0.30000000000000004", "5e-324", "1.7976931348623157e308"]
        for s in samples {
            #expect(try parse(s) == .number(Double(s)!), "\(s)")
        }
        #expect(try parse("1e400") == .number(.infinity))
    }

    @Test func syntaxErrorsGiveLineAndColumn() {
        let e = failure("{\n  \"a\": 1,\n  \"b\" 2\n}")
        #expect(e?.kind == .syntax)
        #expect(e?.line == 3)
        #expect(e?.column == 7)
        #expect(e?.reason == "expected ':' after member name \"b\", found '2'")
        for bad in ["", "[1,]", "{\"a\":1,}", "01", "1.", "-", "tru", "\"abc", "[1 2]", "{} x", "\"\\x\"", "\"\\ud800\"", "\"a\u{01}\""] {
            #expect(failure(bad)?.kind == .syntax, "\(bad)")
        }
    }

    @Test func depthIsBounded() {
        let deep = String(repeating: "[", count: 100_000)
        let e = failure(deep)
        #expect(e?.kind == .tooDeep(limit: 512))
        #expect(e?.column == 513)
        #expect(failure(String(repeating: "[", count: 10) + String(repeating: "]", count: 10), maxDepth: 10) == nil)
        #expect(failure(String(repeating: "{\"a\":", count: 11) + "1" + String(repeating: "}", count: 11), maxDepth: 10)?.kind == .tooDeep(limit: 10))
    }

    @Test func sizeIsBounded() {
        let parser = JSONParser(maxBytes: 8)
        do { _ = try parser.parse(Data("[1,2,3,4,5]".utf8)); Issue.record("no error") } catch {
            #expect(error.kind == .tooBig(bytes: 11, limit: 8))
        }
    }

    @Test func binaryInputIsRecognised() {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
        bytes += (0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        do { _ = try JSONParser().parse(Data(bytes)); Issue.record("parsed binary") } catch {
            #expect(error.kind == .binary)
        }
    }

    @Test func serializationRoundTripsAndIsStable() throws {
        let text = #"{"b":[1,2.5,-0.001,1e+21,"é\t\"\\",null,{}],"a":{"x":true,"y":[]}}"#
        let v = try parse(text)
        #expect(v.serialized() == text)
        #expect(try parse(v.serialized(pretty: true)) == v)
        #expect(v.serialized(pretty: true).hasPrefix("{\n  \"b\": [\n    1,"))
        // A short array of numbers (a coordinate) is one line; a longer one, or one with other values, is not.
        let geometry = try parse(#"{"coordinates":[[13.4,52.52],[13.41,52.53,34]],"many":[1,2,3,4,5,6,7,8,9]}"#)
        #expect(geometry.serialized(pretty: true) == """
            {
              "coordinates": [
                [13.4, 52.52],
                [13.41, 52.53, 34]
              ],
              "many": [
                1,
                2,
                3,
                4,
                5,
                6,
                7,
                8,
                9
              ]
            }

            """)
        #expect(try parse(geometry.serialized(pretty: true)) == geometry)
    }

    @Test func numbersAndStringsAreWrittenAsTheirShortForms() {
        let numbers: [Double] = [0, -0.0, 7, -5, 10, 999_999_999_999_999, -123_456_789_012_345, 1e15, 2.5, -0.001, 1e21, .nan]
        #expect(JSONValue.array(numbers.map(JSONValue.number)).serialized()
                == "[0,0,7,-5,10,999999999999999,-123456789012345,1000000000000000.0,2.5,-0.001,1e+21,null]")
        // Plain strings are copied whole; anything to escape (quotes, backslashes, controls, DEL, C1, U+2028) is not.
        let strings = ["Main Street", "", "Champs-Élysées", "東京", "a\"b", "a\\b", "tab\there", "del\u{7F}",
                       "c1\u{85}", "ls\u{2028}", "\u{E2}\u{80}"]
        #expect(JSONValue.array(strings.map(JSONValue.string)).serialized()
                == #"["Main Street","","Champs-Élysées","東京","a\"b","a\\b","tab\there","del\u007f","c1\u0085","ls\u2028","â\u0080"]"#)
        #expect(JSONValue.string("x").serializedBytes() == Array(#""x""#.utf8))
    }

    @Test func settingMembersKeepsOrder() throws {
        var v = try parse(#"{"a":1,"b":2}"#)
        v.setMember("a", to: .string("x"))
        v.setMember("c", to: .null)
        #expect(v.serialized() == #"{"a":"x","b":2,"c":null}"#)
        var arr = JSONValue.array([.null, .null])
        arr.setElement(1, to: .bool(true))
        #expect(arr == .array([.null, .bool(true)]))
    }
}
