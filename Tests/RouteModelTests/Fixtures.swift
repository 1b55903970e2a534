import Foundation
import VoiceGuideTestSupport
@testable import RouteModel

/// Example routes and JSON editing helpers shared by the route-model tests.
enum Fixtures {
    static let repository = Repository.root
    static let routes = repository.appendingPathComponent("Examples/Routes")
    static let exampleNames = ["city-dc.json", "motorway-bay-bridge.json", "multi-stop-manhattan.json",
                               "uk-oxford.json", "city-berlin.json"]

    static func data(_ name: String) throws -> Data { try Data(contentsOf: routes.appendingPathComponent(name)) }
    static func json(_ name: String) throws -> JSONValue { try JSONParser().parse(data(name)) }

    static func load(_ name: String, _ options: RouteImporter.Options = .init()) throws -> RouteDocument {
        try RouteImporter(options: options).read(data(name), fileName: name)
    }

    /// One step in a JSON path.
    enum Key: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case member(String), index(Int)
        init(stringLiteral value: String) { self = .member(value) }
        init(integerLiteral value: Int) { self = .index(value) }
    }

    /// `json` with the value at `path` replaced (nil removes the member).
    static func edit(_ json: JSONValue, _ path: [Key], _ value: JSONValue?) -> JSONValue {
        guard let head = path.first else { return value ?? .null }
        var copy = json
        switch head {
        case .member(let key):
            if path.count == 1 && value == nil { copy.removeMember(key); return copy }
            copy.setMember(key, to: edit(json[key] ?? .null, Array(path.dropFirst()), value))
        case .index(let i):
            copy.setElement(i, to: edit(json[i] ?? .null, Array(path.dropFirst()), value))
        }
        return copy
    }

    /// Imports an edited example and returns the error description (nil on success).
    static func importError(_ json: JSONValue, file: String = "city.json",
                            _ options: RouteImporter.Options = .init()) -> String? {
        do {
            _ = try RouteImporter(options: options).read(json.serializedData(), fileName: file)
            return nil
        } catch { return error.description }
    }
}
