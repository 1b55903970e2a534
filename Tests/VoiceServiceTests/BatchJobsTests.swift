import Foundation
import Testing
import RouteModel
import Phrasing
import VoiceService
@testable import VoiceGuideCLI

/// `transcript --batch --jobs N`: lines transcribed at once on several threads, written in input order,
/// the same bytes as one at a time; on a terminal, stderr says how far it is.
@Suite struct BatchJobsTests {
    /// Sixty lines over the example routes in eight locales and both formats' inputs, with bad lines among them.
    static func input() throws -> String {
        let routes = try ["city-dc.json", "city-berlin.json", "uk-oxford.json", "motorway-bay-bridge.json", "multi-stop-manhattan.json"]
            .map { try ServeFixtures.json(ServeFixtures.exampleData($0)).serialized() }
        let locales = ["en-US", "de-DE", "fr-FR", "ja-JP", "fi-FI", "hu-HU", "zh-CN", "pt-BR"]
        var lines: [String] = []
        for n in 0..<60 {
            switch n % 13 {
            case 5: lines.append("not json \(n)")
            case 11: lines.append(#"{"id":\#(n),"locale":"xx-XX","route":\#(routes[0])}"#)
            default: lines.append(#"{"id":\#(n),"locale":"\#(locales[n % locales.count])","route":\#(routes[n % routes.count])}"#)
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Runs the batch in-process on `text`, fed in chunks of `chunk` bytes.
    static func run(_ batch: BatchTranscriber, jobs: Int, _ text: String, chunk: Int) -> (String, BatchTranscriber.Summary) {
        var bytes = Array(text.utf8)[...]
        var out = ""
        let summary = batch.run(jobs: jobs, read: { () -> [UInt8]? in
            guard !bytes.isEmpty else { return nil }
            let piece = Array(bytes.prefix(chunk))
            bytes = bytes.dropFirst(chunk)
            return piece
        }, emit: { out += $0 })
        return (out, summary)
    }

    @Test func parallelResultsAreTheSameBytesInInputOrder() throws {
        let text = try Self.input()
        let batch = BatchTranscriber(renderer: VoiceRenderer(data: VoiceGuideData(directory: ServeFixtures.repository)), format: .mapbox)
        let (serial, serialSummary) = Self.run(batch, jobs: 1, text, chunk: 1 << 20)
        #expect(serialSummary.lines == 60 && serialSummary.errors == 9)
        for (jobs, chunk) in [(2, 777), (4, 1 << 16), (8, 3)] {
            let (parallel, summary) = Self.run(batch, jobs: jobs, text, chunk: chunk)
            #expect(summary == serialSummary, "jobs \(jobs)")
            #expect(parallel == serial, "jobs \(jobs): the same lines, in the same order")
        }
        let numbers = serial.split(separator: "\n").compactMap { try? JSONParser().parse(Data($0.utf8))["line"]?.numberValue }
        #expect(numbers == (1...60).map(Double.init))
    }

    @Test func aTerminalSeesProgressAndAPipeDoesNot() throws {
        let text = try Self.input()
        for tty in [true, false] {
            let out = TestText(), err = TestText()
            let input = TestText()
            input.append(text)
            let io = CommandIO(out: { out.append($0) }, err: { err.append($0) }, environment: [:],
                               stdinChunk: { () -> [UInt8] in Array(input.take().utf8) }, stderrIsTTY: tty)
            let code = VoiceGuideTool.main(["transcript", "--batch", "--jobs", "3", "--format", "json"], io: io)
            #expect(code == 65, "nine lines fail: \(err.text)")
            #expect(out.text.split(separator: "\n").count == 60)
            #expect(err.text.contains("\rtranscript --batch: 1 done, 0 failed, ") == tty, "\(err.text)")
            #expect(err.text.contains("\r\u{1B}[K") == tty, "the progress line is cleared before the summary")
            #expect(err.text.hasSuffix("voiceguide: transcript --batch: 60 lines, 9 errors\n"), "\(err.text)")
        }
        let err = TestText()
        let io = CommandIO(out: { _ in }, err: { err.append($0) })
        #expect(VoiceGuideTool.main(["transcript", "--batch", "--jobs", "0"], io: io) == 64)
        #expect(err.text.contains("--jobs"), "\(err.text)")
    }
}

/// Text appended from any thread.
final class TestText: @unchecked Sendable {  // @unchecked: guarded by `lock`
    private let lock = NSLock()
    private var value = ""
    func append(_ s: String) { lock.withLock { value += s } }
    /// The text so far, and empty from then on.
    func take() -> String { lock.withLock { defer { value = "" }; return value } }
    var text: String { lock.withLock { value } }
}
