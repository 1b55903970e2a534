import Foundation

/// Where Piper voices are found by name: each folder of `$VOICEGUIDE_VOICES` (colon-separated), the data
/// directory's `voices/`, then `.build/voices/` of a checkout above the working directory or the executable
/// (where scripts/piper-setup.sh prepares them). A voice NAME is `NAME.onnx` or `NAME/NAME.onnx` in a folder.
public struct PiperVoiceFolders: Sendable {
    /// The folders, in search order.
    public var folders: [String]

    /// The folders for this process.
    public init(dataDirectory: String?, environment: [String: String]) {
        var folders: [String] = []
        if let list = environment["VOICEGUIDE_VOICES"] {
            folders += list.split(separator: ":").map(String.init).filter { !$0.isEmpty }
        }
        if let dataDirectory { folders.append(dataDirectory + "/voices") }
        var starts = [FileManager.default.currentDirectoryPath]
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent().path {
            starts.append(executable)
        }
        for start in starts {
            var folder = URL(fileURLWithPath: start)
            for _ in 0..<8 {
                let candidate = folder.appendingPathComponent(".build/voices").path
                if FileManager.default.fileExists(atPath: candidate), !folders.contains(candidate) { folders.append(candidate) }
                let parent = folder.deletingLastPathComponent()
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        self.folders = folders
    }

    /// True when `text` names a file rather than a voice.
    public static func isPath(_ text: String) -> Bool { text.contains("/") || text.hasSuffix(".onnx") }

    /// The model file for `nameOrPath`, or nil when no folder has it.
    public func model(_ nameOrPath: String) -> String? {
        if Self.isPath(nameOrPath) { return nameOrPath }
        for folder in folders {
            for candidate in [folder + "/" + nameOrPath + ".onnx", folder + "/" + nameOrPath + "/" + nameOrPath + ".onnx"]
            where FileManager.default.fileExists(atPath: candidate) {
                return candidate
            }
        }
        return nil
    }

    /// Every voice in the folders: name and model path, first folder winning, sorted by name.
    public func installed() -> [(name: String, model: String)] {
        var found: [String: String] = [:]
        for folder in folders {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                let name = entry.hasSuffix(".onnx") ? String(entry.dropLast(5)) : entry
                guard found[name] == nil, let model = model(name), model.hasPrefix(folder + "/") else { continue }
                found[name] = model
            }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}
