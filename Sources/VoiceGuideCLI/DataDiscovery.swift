import Foundation
import Phrasing

/// Where the command-line tool finds its data: the install layout is the CLI's knowledge, not the library's
/// (the library takes a data directory: `VoiceGuideData(directory:)`).
extension VoiceGuideData {
    /// Discovery order: `explicit` (--data-dir), `VOICEGUIDE_DATA`, walking up from the executable's directory
    /// (each level and its `share/voiceguide`, so a checkout's `.build/release/voiceguide` and an installed
    /// `PREFIX/bin/voiceguide` both find their data), the current directory, `/usr/local/share/voiceguide`,
    /// `/usr/share/voiceguide`.
    public static func discover(explicit: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
                                executablePath: String? = CommandLine.arguments.first,
                                currentDirectory: String = FileManager.default.currentDirectoryPath) throws(PhrasingError) -> VoiceGuideData {
        var searched: [String] = []
        func check(_ path: String) -> VoiceGuideData? {
            searched.append(path)
            let url = URL(fileURLWithPath: path)
            return isDataDirectory(url) ? VoiceGuideData(directory: url) : nil
        }
        if let explicit {
            if let d = check(explicit) { return d }
            throw .noDataDirectory(searched: searched)
        }
        if let env = environment["VOICEGUIDE_DATA"], !env.isEmpty, let d = check(env) { return d }
        if let exe = executablePath {
            var dir = URL(fileURLWithPath: exe).resolvingSymlinksInPath().deletingLastPathComponent()
            for _ in 0..<8 {
                if let d = check(dir.path) { return d }
                // An installed layout: PREFIX/bin/voiceguide with its data in PREFIX/share/voiceguide.
                if let d = check(dir.appendingPathComponent("share/voiceguide").path) { return d }
                let parent = dir.deletingLastPathComponent()
                if parent.path == dir.path { break }
                dir = parent
            }
        }
        for path in [currentDirectory, "/usr/local/share/voiceguide", "/usr/share/voiceguide"] {
            if let d = check(path) { return d }
        }
        throw .noDataDirectory(searched: searched)
    }
}
