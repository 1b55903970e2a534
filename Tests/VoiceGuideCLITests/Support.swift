import Foundation
import VoiceGuideCLI

/// Runs `voiceguide` in-process with captured stdout/stderr and optional stdin.
final class ToolRun: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""
    private(set) var code: Int32 = -1

    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }
    var errLines: [String] { err.split(separator: "\n", omittingEmptySubsequences: false).map(String.init).filter { !$0.isEmpty } }

    @discardableResult
    init(_ arguments: [String], stdin: Data = Data(), environment: [String: String] = [:]) {
        let io = CommandIO(out: { [unowned self] s in lock.withLock { outText += s } },
                           err: { [unowned self] s in lock.withLock { errText += s } },
                           stdin: { stdin }, environment: environment)
        code = VoiceGuideTool.main(arguments, io: io)
    }
}

enum CLIFixtures {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let exampleNames = ["city-dc.json", "motorway-bay-bridge.json", "multi-stop-manhattan.json",
                               "uk-oxford.json", "city-berlin.json"]

    static func example(_ name: String) -> String { repository.appendingPathComponent("Examples/Routes/\(name)").path }

    /// Writes `data` to a fresh temporary file and returns its path.
    static func temporaryFile(_ data: Data, name: String = "route.json") throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let url = dir.appendingPathComponent(name)
        try data.write(to: url)
        return url.path
    }
}
