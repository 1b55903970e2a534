import Foundation
import VoiceGuideTestSupport
import Testing

/// The real `voiceguide` binary as a subprocess, for tests where a crash must show as a crash (a signal, exit 132)
/// rather than take the test runner down, and a hang as a time-out.
struct CLIProcess {
    static let binary = TestPaths.product("voiceguide")

    /// How one run ended.
    typealias Result = ProcessResult

    /// Runs `voiceguide arguments` with `stdin` (a file path, or nil for /dev/null), killed after `timeout` seconds.
    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:],
                    timeout: Double = 20) throws -> Result {
        var changes = environment
        changes["SWIFT_BACKTRACE"] = changes["SWIFT_BACKTRACE"] ?? "enable=no"
        return try ExternalProcess.capture(binary, arguments, environment: ExternalProcess.inheriting(changes),
                                           stdin: stdin.map { .file($0) } ?? .none, separateStandardError: true,
                                           timeout: timeout)
    }
}

/// A tiny lock-protected box for test plumbing.
final class TestBox<T>: @unchecked Sendable {
    private var value: T
    private let lock = NSLock()
    init(_ value: T) { self.value = value }
    func get() -> T { lock.withLock { value } }
    func set(_ v: T) { lock.withLock { value = v } }
}

/// A private copy of the data directory (`Locales/` + `Phrasebooks/`) that a test may mutate.
struct DataCopy {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-data-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for dir in ["Locales", "Phrasebooks"] {
            try FileManager.default.copyItem(at: CLIFixtures.repository.appendingPathComponent(dir), to: root.appendingPathComponent(dir))
        }
    }

    func remove() { try? FileManager.default.removeItem(at: root) }

    /// Sets the member at `path` (object keys and array indices) of the JSON file `file` to `value`.
    func set(_ file: String, path: [Any], to value: Any) throws {
        let url = root.appendingPathComponent(file)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url), options: [.fragmentsAllowed])
        let changed = Self.setting(json, path[...], value)
        try JSONSerialization.data(withJSONObject: changed, options: [.fragmentsAllowed]).write(to: url)
    }

    private static func setting(_ node: Any, _ path: ArraySlice<Any>, _ value: Any) -> Any {
        guard let key = path.first else { return value }
        if let k = key as? String, var object = node as? [String: Any] {
            object[k] = setting(object[k] ?? NSNull(), path.dropFirst(), value)
            return object
        }
        if let i = key as? Int, var array = node as? [Any], array.indices.contains(i) {
            array[i] = setting(array[i], path.dropFirst(), value)
            return array
        }
        return node
    }
}

/// Files kept under `Tests/Fixtures/regressions/`: every reproducer of the fuzz and fault campaign.
enum Regressions {
    static let directory = CLIFixtures.repository.appendingPathComponent("Tests/Fixtures/regressions")
    static func route(_ name: String) -> String { directory.appendingPathComponent("routes/\(name)").path }
    static func dataCases() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("data").path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }
}

/// Asserts the issue-14 contract for a failing run: no crash, no hang, one clear line on stderr, the given exit code.
func expectCleanFailure(_ r: CLIProcess.Result, code: Int32, mentioning words: [String] = [],
                        sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!r.crashed && !r.timedOut, "\(r.summary)", sourceLocation: sourceLocation)
    #expect(r.code == code, "\(r.summary)", sourceLocation: sourceLocation)
    #expect(r.errLines.count == 1, "expected one error line: \(r.summary)", sourceLocation: sourceLocation)
    for w in words { #expect(r.err.contains(w), "'\(w)' not in: \(r.err)", sourceLocation: sourceLocation) }
}
