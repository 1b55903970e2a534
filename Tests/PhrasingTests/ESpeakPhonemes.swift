import Foundation
import Testing

/// What eSpeak NG actually says: the phoneme mnemonics of `espeak-ng -x -q -v VOICE TEXT` (one line per clause).
/// Speech tests compare our spoken text with a reference phrase written the way a native speaker says it.
enum ESpeakPhonemes {
    static let executable = "/usr/bin/espeak-ng"

    /// The phonemes of `text` in `voice`, clauses joined by " | " (so a sentence break shows as one).
    static func of(_ text: String, voice: String) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Missing(message: "\(executable) is missing: run scripts/setup.sh")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-x", "-q", "-v", voice, text]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " | ")
    }

    struct Missing: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }
}
