import Foundation
import Testing
@testable import RouteModel
import SafeIO

/// Hostile input at the library level: the safe building blocks (SafeIO) and the importer's plausibility checks.
@Suite struct SafeIOTests {
    @Test func saturatingConversionNeverTraps() {
        #expect(Int(saturating: 1e19) == Int.max)
        #expect(Int(saturating: -1e308) == Int.min)
        #expect(Int(saturating: .nan) == 0)
        #expect(Int(saturating: .infinity) == Int.max)
        #expect(Int(saturating: -2.7) == -2)
        #expect(Int(saturatingRounded: 2.5) == 3)
        #expect(Int(saturating: 9_223_372_036_854_774_784.0) == Int.max)
    }

    @Test func controlCharactersAreStrippedOrEscaped() {
        #expect(ControlCharacters.stripped("Main\u{1B}[2J St\n\u{85}") == "Main [2J St")
        #expect(ControlCharacters.stripped("Straße") == "Straße")
        #expect(ControlCharacters.escaped("a\nb\u{7}") == "a\\u{A}b\\u{7}")
        #expect(!ControlCharacters.contains("Ünïcödé 路 ✓"))
        #expect(ControlCharacters.contains("x\u{2028}"))
    }

    @Test func boundedReaderStopsEndlessInput() {
        #expect(throws: BoundedReadError.tooBig(limit: 1 << 20)) { try BoundedReader.read(path: "/dev/zero", limit: 1 << 20) }
        #expect(throws: BoundedReadError.isDirectory) { try BoundedReader.read(path: "/tmp") }
        #expect(throws: BoundedReadError.missing) { try BoundedReader.read(path: "/nonexistent/route.json") }
    }

    static func scratch() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-safeio-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func regularFilesAreReplacedWholeKeepingTheirMode() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/out.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("old".utf8), attributes: [.posixPermissions: 0o604])
        let file = try SafeOutputFile(path: path)
        #expect(!file.isInPlace && file.isSeekable)
        try file.write(Data("new text".utf8))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old", "the target changed before commit")
        try file.write(Data("N".utf8), at: 0)
        try file.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "New text")
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int == 0o604)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.txt"])
    }

    @Test func abandonedWritesLeaveTheTargetAlone() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/keep.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data("keep".utf8))
        do {
            let file = try SafeOutputFile(path: path)
            try file.write(Data("half".utf8))
        }  // deinit abandons
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["keep.txt"])
    }

    @Test func specialFilesAreWrittenInPlaceAndDirectoriesRefused() throws {
        let full = try SafeOutputFile(path: "/dev/full")
        #expect(full.isInPlace)
        #expect(throws: FileWriteError.self) { try full.write(Data(count: 10)) }
        full.abandon()
        #expect(throws: FileWriteError(path: "/tmp", operation: .create, reason: "is a directory")) { try SafeOutputFile(path: "/tmp") }
        #expect(throws: FileWriteError.self) { try SafeOutputFile(path: "/nonexistent-dir/x.wav") }
    }

    @Test func danglingSymlinksAreWrittenThrough() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "real.txt")
        let file = try SafeOutputFile(path: dir + "/link")
        try file.write(Data("x".utf8))
        try file.commit()
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link") == "real.txt")
        #expect(try String(contentsOfFile: dir + "/real.txt", encoding: .utf8) == "x")
    }
}

@Suite struct PlausibilityTests {
    func dc() throws -> JSONValue { try Fixtures.json("city-dc.json") }
    func read(_ json: JSONValue) throws -> RouteDocument { try RouteImporter().read(json, fileName: "t.json") }

    @Test func absurdSpeedsArePlannedAtFiftyKilometresPerHour() throws {
        for duration in [1e9, 1e7, 0.01] {
            let json = Fixtures.edit(try dc(), ["routes", 0, "legs", 0, "steps", 2, "duration"], .number(duration))
            let document = try read(json)
            let step = document.route.legs[0].steps[2]
            #expect(abs(step.duration - step.distance / (50 / 3.6)) < 1e-6)
            #expect(document.route.warnings.contains { $0.path == "routes[0].legs[0].steps[2].duration" && $0.message.contains("planned at 50 km/h") })
        }
        let plain = try read(try dc())
        #expect(plain.route.warnings.isEmpty)
    }

    @Test func overlongPronunciationIsDropped() throws {
        let long = String(repeating: "ə", count: 1200)
        let json = Fixtures.edit(try dc(), ["routes", 0, "legs", 0, "steps", 2, "pronunciation"], .string(long))
        let document = try read(json)
        #expect(document.route.legs[0].steps[2].pronunciation == nil)
        #expect(document.route.warnings.contains { $0.path.hasSuffix("steps[2].pronunciation") })
    }

    @Test func controlCharactersNeverEnterTheModel() throws {
        let json = Fixtures.edit(try dc(), ["routes", 0, "legs", 0, "steps", 2, "name"], .string("Evil\u{1B}[31m\nStreet\u{0}"))
        #expect(try read(json).route.legs[0].steps[2].name == "Evil [31m Street")
        let warning = ImportWarning(path: "x", message: "bad\nline")
        #expect(warning.description == "x: bad\\u{A}line")
    }

    @Test func byteOrderMarkIsAccepted() throws {
        let data = Data([0xEF, 0xBB, 0xBF]) + (try Fixtures.data("city-dc.json"))
        #expect(try RouteImporter().read(data, fileName: "bom.json").route.stepCount == 10)
    }

    @Test func theParsedTreeCanBeDropped() throws {
        var options = RouteImporter.Options()
        options.retainsJSON = false
        let document = try RouteImporter(options: options).read(Fixtures.data("city-dc.json"), fileName: "dc.json")
        #expect(document.json == .null && document.route.stepCount == 10)
    }

    @Test func stepsThatDoNotJoinAreWarningsThenErrors() throws {
        var json = try dc()
        // Reverse the middle steps: every step starts far from where the previous ended.
        let steps = try #require(json["routes"]?.arrayValue?.first?["legs"]?.arrayValue?.first?["steps"]?.arrayValue)
        let shuffled = [steps[0]] + steps[1..<(steps.count - 1)].reversed() + [steps[steps.count - 1]]
        json = Fixtures.edit(json, ["routes", 0, "legs", 0, "steps"], .array(shuffled))
        do {
            _ = try read(json)
            Issue.record("a shuffled route was accepted")
        } catch let error as RouteImportError {
            #expect(error.path == "routes[0].legs" && error.message.contains("do not follow each other"))
        }
    }
}
