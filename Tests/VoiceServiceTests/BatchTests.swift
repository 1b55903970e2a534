import Foundation
import Testing
import RouteModel
import Phrasing
import VoiceService

/// `voiceguide transcript --batch`: one result per input line, in order, bad lines as error results.
@Suite(.serialized) struct BatchTests {
    static func compact(_ name: String) throws -> String { try ServeFixtures.json(ServeFixtures.exampleData(name)).serialized() }

    static func lines(_ data: Data) throws -> [JSONValue] {
        try String(decoding: data, as: UTF8.self).split(separator: "\n").map { try JSONParser().parse(Data($0.utf8)) }
    }

    @Test func goodAndBadLinesInOrder() throws {
        let dc = try Self.compact("city-dc.json")
        let berlin = try Self.compact("city-berlin.json")
        let input = [
            dc,
            #"{"id":"trip-2","locale":"de-DE","units":"metric","route":\#(berlin)}"#,
            "this is not json",
            #"{"id":4,"route":{"code":"Ok","routes":[{"legs":[{},{},{"steps":[{"maneuver":{}}]}]}]}}"#,
            #"{"id":5,"locale":"xx-XX","route":\#(dc)}"#,
            "",
            #"{"id":7,"route":"# + String(repeating: " ", count: dc.utf8.count + 3000) + "{}}",
            #"{"id":8,"locale":"fr-FR","route":\#(dc)}"# + "\r",
            #"{"id":9,"units":"parsecs","route":\#(dc)}"#,
            dc,  // the last line has no newline
        ].joined(separator: "\n")
        let run = try ServeFixtures.run(["transcript", "--batch", "--max-line", String(dc.utf8.count + 2000)], stdin: Data(input.utf8))
        #expect(run.code == 65, "any failed line makes the batch exit 65, so that set -e pipelines notice: \(run.err)")
        #expect(run.err.contains("10 lines, 6 errors"), "\(run.err)")
        let out = try Self.lines(run.out)
        try #require(out.count == 10, "one result per input line: \(String(decoding: run.out, as: UTF8.self).prefix(2000))")
        for (n, line) in out.enumerated() { #expect(line["line"]?.numberValue == Double(n + 1)) }
        #expect(out[0]["result"] == (try ServeFixtures.directTranscript(Data(dc.utf8), locale: "en-US", format: "json")))
        #expect(out[1]["id"] == .string("trip-2"))
        #expect(out[1]["result"] == (try ServeFixtures.directTranscript(Data(berlin.utf8), locale: "de-DE", units: "metric", format: "json")))
        func error(_ n: Int) -> (code: Double?, message: String) {
            (out[n]["error"]?["code"]?.numberValue, out[n]["error"]?["message"]?.stringValue ?? "no error")
        }
        #expect(error(2).code == 65 && error(2).message.hasPrefix("line 3: not JSON"), "\(error(2))")
        #expect(out[3]["id"] == .number(4))
        #expect(error(3).code == 65 && error(3).message.hasPrefix("line 4: routes[0].legs[0].steps: missing"), "\(error(3))")
        #expect(error(4).code == 64 && error(4).message.contains("unknown locale 'xx-XX'"), "\(error(4))")
        #expect(error(5).code == 65 && error(5).message == "line 6: empty line, expected a route response", "\(error(5))")
        #expect(out[6]["id"] == .null)
        #expect(error(6).code == 65 && error(6).message.contains("line 7: longer than the limit of"), "\(error(6))")
        #expect(out[7]["result"]?["locale"] == .string("fr-FR"), "a CRLF line is read like an LF line")
        #expect(error(8).code == 64 && error(8).message.contains("units: 'parsecs'"), "\(error(8))")
        #expect(out[9]["result"] != nil)
    }

    @Test func mapboxFormatMatchesTheTranscriptCommand() throws {
        let names = ["city-dc.json", "uk-oxford.json", "multi-stop-manhattan.json"]
        let input = try names.map { try Self.compact($0) }.joined(separator: "\n") + "\n"
        let run = try ServeFixtures.run(["transcript", "--batch", "--format", "mapbox", "--locale", "it-IT"], stdin: Data(input.utf8))
        #expect(run.code == 0, "\(run.err)")
        let out = try Self.lines(run.out)
        try #require(out.count == names.count)
        for (n, name) in names.enumerated() {
            #expect(out[n]["result"] == (try ServeFixtures.directTranscript(ServeFixtures.exampleData(name), locale: "it-IT")), "\(name)")
        }
    }

    @Test func resultsDoNotDependOnHowTheInputIsChunked() throws {
        let renderer = VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository))
        let batch = BatchTranscriber(renderer: renderer, maxLineBytes: 200_000)
        let input = Array((try Self.compact("city-dc.json") + "\nnope\n\n" + (try Self.compact("uk-oxford.json"))).utf8)
        func run(piece: Int) -> String {
            var offset = 0
            var out = ""
            _ = batch.run(read: { () -> [UInt8]? in
                defer { offset += piece }
                return offset < input.count ? Array(input[offset..<min(input.count, offset + piece)]) : nil
            }, emit: { out += $0 })
            return out
        }
        let whole = run(piece: input.count)
        #expect(whole.split(separator: "\n").count == 4)
        for piece in [1, 7, 4096] { #expect(run(piece: piece) == whole, "pieces of \(piece) bytes") }
    }

    @Test func batchUsageErrors() throws {
        let withRoute = try ServeFixtures.run(["transcript", "--batch", ServeFixtures.example("city-dc.json")])
        #expect(withRoute.code == 64 && withRoute.err.contains("takes no ROUTE"), "\(withRoute.err)")
        let withStats = try ServeFixtures.run(["transcript", "--batch", "--stats"])
        #expect(withStats.code == 64 && withStats.err.contains("'--stats' does not go with --batch"), "\(withStats.err)")
        let srt = try ServeFixtures.run(["transcript", "--batch", "--format", "srt"])
        #expect(srt.code == 64, "\(srt.err)")
        let empty = try ServeFixtures.run(["transcript", "--batch"])
        #expect(empty.code == 0 && empty.out.isEmpty && empty.err.contains("0 lines, 0 errors"), "\(empty.err)")
    }
}
