import Foundation
import VoiceGuideTestSupport

/// What eSpeak NG's CLI says (`espeak-ng -x -q -v VOICE`), many texts in one process: each text is one stdin line
/// followed by a sentinel line whose phonemes split the output (`-l 1000` ends a clause at every line).
enum ESpeakBatch {
    static let executable = "/usr/bin/espeak-ng"
    static let sentinel = "9999999"

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The phonemes of each text, clauses joined by " | ", in order.
    static func phonemes(_ texts: [String], voice: String) throws -> [String] {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Missing(description: "\(executable) is missing: run scripts/setup.sh")
        }
        let mark = try run(sentinel + "\n", voice: voice).trimmingCharacters(in: .whitespacesAndNewlines)
        let input = texts.map { $0.replacingOccurrences(of: "\n", with: " ") + "\n" + sentinel + "\n" }.joined()
        var groups: [[String]] = [[]]
        for line in try run(input, voice: voice).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == mark { groups.append([]); continue }
            if !trimmed.isEmpty { groups[groups.count - 1].append(trimmed) }
        }
        groups.removeLast()
        guard groups.count == texts.count else {
            throw Missing(description: "espeak-ng -v \(voice): \(groups.count) outputs for \(texts.count) texts")
        }
        return groups.map { $0.joined(separator: " | ") }
    }

    private static func run(_ input: String, voice: String) throws -> String {
        let run = try ExternalProcess.run(executable, ["-l", "1000", "-x", "-q", "-v", voice], stdin: .data(Data(input.utf8)),
                                          separateStandardError: true, timeout: 300)
        return run.out
    }
}
