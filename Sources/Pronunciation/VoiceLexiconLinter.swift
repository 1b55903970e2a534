import Foundation
import Phrasing

/// Checks the voice layers of a data directory (Voices/FORMAT.md): each file parses, sits at the path its
/// backend and voice name, and names a voice some locale uses. eSpeak entries' phonemes are checked by the tests
/// through `espeak-ng -x`.
public struct VoiceLexiconLinter: Sendable {
    /// The data directory.
    public let data: VoiceGuideData

    /// Creates a linter.
    public init(data: VoiceGuideData) { self.data = data }

    /// Every problem of every layer file, or of the given layer files.
    public func lint(paths: [String] = []) -> [LintProblem] {
        var problems: [LintProblem] = []
        let all = data.availableVoiceLexicons()
        let chosen = paths.isEmpty ? all : all.filter { layer in
            paths.contains { URL(fileURLWithPath: $0).standardizedFileURL.path == data.voiceLexiconURL(backend: layer.backend, voice: layer.voice).standardizedFileURL.path }
        }
        let voices = Set(data.availableLocales().compactMap { try? data.loadLocale(tag: $0).profile.voice.lowercased() })
        for layer in chosen {
            let file = data.voiceLexiconURL(backend: layer.backend, voice: layer.voice).path
            do throws(PhrasingError) {
                _ = try data.voiceLexicon(backend: layer.backend, voice: layer.voice)
                if layer.backend == "espeak", !voices.contains(layer.voice) {
                    problems.append(LintProblem(file: file, key: "voice", message: "no locale speaks with eSpeak NG voice '\(layer.voice)'"))
                }
            } catch {
                switch error {
                case .invalidData(_, let key, let message): problems.append(LintProblem(file: file, key: key, message: message))
                default: problems.append(LintProblem(file: file, key: "", message: error.description))
                }
            }
        }
        return problems
    }

    /// True when `path` is a layer file (under a `Voices/` folder).
    public static func isLayerPath(_ path: String) -> Bool {
        URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().deletingLastPathComponent().lastPathComponent == "Voices"
    }
}
