import Foundation
import Testing
@testable import RouteModel

/// The streamed route writer (what `inspect --format json` prints without a tree of 2 million positions) writes
/// the very bytes the tree would serialize to, in small pieces, pretty and compact.
@Suite struct JSONStreamWriterTests {
    @Test(arguments: [true, false]) func streamedRouteIsTheSerializedTree(pretty: Bool) throws {
        for name in Fixtures.exampleNames {
            let route = try Fixtures.load(name).route
            let leading = [JSONMember(key: "inspect", value: .object([JSONMember(key: "file", value: .string(name)),
                                                                       JSONMember(key: "warnings", value: .array([]))]))]
            let extras: (StepID, Step) -> [JSONMember] = { id, _ in [JSONMember(key: "flat", value: .number(Double(id.step)))] }
            var tree = RouteJSONWriter.response(route, stepExtras: extras)
            tree = .object(leading + (tree.objectMembers ?? []))
            var pieces: [String] = []
            var writer = JSONStreamWriter(pretty: pretty, chunkBytes: 512) { pieces.append($0) }
            RouteJSONWriter.write(route, leading: leading, to: &writer, stepExtras: extras)
            writer.finish()
            #expect(pieces.joined() == tree.serialized(pretty: pretty), "\(name)")
            #expect(pieces.count > 1, "\(name) is handed over in pieces")
        }
    }

    @Test func emptyContainersAndBareValues() {
        var text = ""
        var writer = JSONStreamWriter(pretty: true) { text += $0 }
        writer.beginObject()
        writer.key("a")
        writer.beginArray()
        writer.endArray()
        writer.key("b")
        writer.positions([])
        writer.key("c")
        writer.positions([Coordinate(latitude: 1.5, longitude: -2)])
        writer.endObject()
        writer.finish()
        let tree = JSONValue.object([JSONMember(key: "a", value: .array([])), JSONMember(key: "b", value: .array([])),
                                     JSONMember(key: "c", value: .array([.array([.number(-2), .number(1.5)])]))])
        #expect(text == tree.serialized(pretty: true))
    }
}
