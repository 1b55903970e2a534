import Foundation

/// The phonemes eSpeak NG's CLI gives for `text` (`espeak-ng -x -q -v VOICE`), the reference for what the voice says.
/// With `ssml`, the text is SSML (`-m`), as the drive gives it to the engine.
func espeakPhonemes(_ text: String, voice: String, ssml: Bool = false) throws -> String {
    let exe = "/usr/bin/espeak-ng"
    guard FileManager.default.isExecutableFile(atPath: exe) else {
        throw PhonemeError(description: "\(exe) is missing (run scripts/setup.sh)")
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: exe)
    p.arguments = (ssml ? ["-m"] : []) + ["-x", "-q", "-v", voice, text]
    let out = Pipe()
    p.standardOutput = out
    try p.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

/// Phonemes without stress, length, pause and tie marks, so assertions name sounds ("jouCaku" for よんひゃく).
func plainPhonemes(_ text: String, voice: String) throws -> String {
    try espeakPhonemes(text, voice: voice).filter { !"',_!~:;| \n".contains($0) }
}

/// A missing reference tool.
struct PhonemeError: Error, CustomStringConvertible {
    let description: String
}
