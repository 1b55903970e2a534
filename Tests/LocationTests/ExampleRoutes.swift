import Foundation
import VoiceGuideTestSupport
import RouteModel

/// The example routes of the repository, indexed.
enum ExampleRoutes {
    /// `Examples/Routes/`.
    static let folder = Repository.root.appendingPathComponent("Examples/Routes")

    /// The path of `name`.json.
    static func path(_ name: String) -> String { folder.appendingPathComponent("\(name).json").path }

    /// The route `name`.json, indexed.
    static func index(_ name: String) throws -> RouteIndex {
        let data = try Data(contentsOf: URL(fileURLWithPath: path(name)))
        return RouteIndex(route: try RouteImporter().read(data, fileName: name).route)
    }
}
