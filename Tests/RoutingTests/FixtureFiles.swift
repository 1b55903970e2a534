import Foundation
import VoiceGuideTestSupport

/// The committed real Valhalla responses under Tests/Fixtures/valhalla.
enum ValhallaFixtures {
    static let folder = Repository.root.appendingPathComponent("Tests/Fixtures/valhalla")

    /// The bytes of `name` (e.g. "city-turns.de-DE.json").
    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// An HTTP/1.1 200 response carrying `body` with a Content-Length.
    static func ok(_ body: Data, contentType: String = "application/json") -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: \(contentType)\r\nContent-Length: \(body.count)\r\nConnection: close\r\n\r\n".utf8) + body
    }
}
