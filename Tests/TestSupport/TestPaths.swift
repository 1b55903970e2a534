import Foundation

/// The checkout these tests were built from: the one place that derives it (from this file's path), so no test
/// target computes its own.
public enum Repository {
    /// The repository's root folder.
    public static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
}

/// Where the tests find the products they run, in one place.
public enum TestPaths {
    /// The folder of the products built with these tests: the one the running test executable is in, so
    /// `swift test -c release` runs the release `voiceguide`, never a stale debug one.
    public static let products: URL = {
        let runner = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = runner.deletingLastPathComponent()
        // The runner may sit inside a bundle folder (`VoiceGuidePackageTests.xctest/…`): step out of it.
        while folder.path.contains(".xctest") { folder = folder.deletingLastPathComponent() }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("voiceguide").path) { return folder }
        return Repository.root.appendingPathComponent(".build/debug")
    }()

    /// The built executable `name` (`voiceguide`, `VoiceGuideExample`, `voiceguide-bench`).
    public static func product(_ name: String) -> String { products.appendingPathComponent(name).path }
}
