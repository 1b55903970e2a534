import Foundation
import VoiceGuideTestSupport
import Testing
import Speech
@testable import SpeechPiper

/// The checkout these tests run from.
let packageRoot = Repository.root.path

/// The joe voice as scripts/piper-setup.sh prepares it (scripts/setup.sh runs that for the tests).
let joeModel = packageRoot + "/.build/voices/en_US-joe-medium/en_US-joe-medium.onnx"

/// The wheel's site-packages folder, or nil.
func sitePackages() -> String? {
    let lib = packageRoot + "/.build/venv/lib"
    let pythons = (try? FileManager.default.contentsOfDirectory(atPath: lib)) ?? []
    return pythons.filter { $0.hasPrefix("python3") }.sorted().map { lib + "/" + $0 + "/site-packages" }
        .first { FileManager.default.fileExists(atPath: $0 + "/sherpa_onnx") }
}

/// The joe synthesizer; a missing component fails the test with what to run (never a skip).
func joe(rate: Int = 175, cacheSeconds: Double = 0) throws -> PiperSynthesizer {
    guard FileManager.default.fileExists(atPath: joeModel) else {
        Issue.record("\(joeModel) is missing: run scripts/piper-setup.sh (scripts/setup.sh runs it)")
        throw PiperError.missingFile(path: joeModel, what: "the prepared joe voice")
    }
    return try PiperSynthesizer(modelPath: joeModel, rate: rate, cacheSeconds: cacheSeconds)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "voiceguide-piper-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
}

/// The samples in a raw S16_LE capture.
func readRaw(_ path: String) throws -> [Int16] {
    let d = try Data(contentsOf: URL(fileURLWithPath: path))
    return stride(from: 0, to: d.count - 1, by: 2).map { Int16(bitPattern: UInt16(d[$0]) | UInt16(d[$0 + 1]) << 8) }
}

/// Runs a process to its end (at most five minutes); its exit status and output.
@discardableResult
func run(_ executable: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    let result = try ExternalProcess.run(executable, arguments, timeout: 300)
    return (result.code, result.output)
}
