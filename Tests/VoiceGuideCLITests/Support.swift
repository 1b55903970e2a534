import Foundation
import VoiceGuideTestSupport
import RouteModel
import Routing
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
    /// A wrong turn planned by the real Valhalla at `router`: a route across central Helsinki, and the route a
    /// driver takes instead from 600 m along it; the two files, for `drive PLANNED --detour 600:WRONG`.
    static func valhallaWrongTurn(_ router: String) async throws -> (planned: String, wrong: String) {
        let valhalla = try ValhallaRouter(baseURL: router)
        let planned = try await valhalla.route(RouteRequest(origin: Coordinate(latitude: 60.1655, longitude: 24.9390),
                                                            destinations: [Coordinate(latitude: 60.1770, longitude: 24.9500)]))
        let index = RouteIndex(route: planned.document.route)
        let wrong = try await valhalla.route(RouteRequest(origin: index.path.coordinate(atDistance: 600),
                                                          heading: index.path.bearing(atDistance: 600),
                                                          destinations: [Coordinate(latitude: 60.1700, longitude: 24.9530)]))
        return (try temporaryFile(planned.body, name: "planned.json"), try temporaryFile(wrong.body, name: "wrong.json"))
    }

    static let repository = Repository.root
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
