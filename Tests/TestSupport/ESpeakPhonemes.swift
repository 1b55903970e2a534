import Foundation

/// What eSpeak NG actually says: the phoneme mnemonics of its own CLI, `espeak-ng -x -q -v VOICE TEXT` (one line
/// per clause). Speech tests compare our spoken text with a reference phrase written the way a native says it.
public enum ESpeakPhonemes {
    /// The CLI, installed by scripts/setup.sh.
    public static let executable = "/usr/bin/espeak-ng"

    /// The CLI's output for `text` in `voice` as it prints it; with `ssml`, the text is SSML (`-m`), as the drive
    /// gives it to the engine.
    public static func raw(_ text: String, voice: String, ssml: Bool = false) throws -> String {
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw Missing(description: "\(executable) is missing: run scripts/setup.sh")
        }
        let run = try ExternalProcess.run(executable, (ssml ? ["-m"] : []) + ["-x", "-q", "-v", voice, text],
                                          separateStandardError: true, timeout: 300)
        return run.out
    }

    /// The phonemes of `text` in `voice`, clauses joined by " | " (so a sentence break shows as one).
    public static func of(_ text: String, voice: String) throws -> String {
        let lines = try raw(text, voice: voice).split(whereSeparator: \.isNewline)
        return lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }.joined(separator: " | ")
    }

    /// The CLI is not installed.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to install it.
        public let description: String
    }
}
