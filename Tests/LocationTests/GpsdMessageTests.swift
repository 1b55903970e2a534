import Testing
@testable import Location

/// gpsd JSON lines: absent fields, DEVICE changes, unknown classes, overlong lines.
@Suite struct GpsdMessageTests {
    @Test func tpvWithAndWithoutFields() throws {
        let full = try GpsdMessage.parse(Array(ParserFuzzTests.gpsdCorpus[0]))
        #expect(full == .tpv(.init(mode: 3, latitude: 60.1699, longitude: 24.9384, speed: 12.25, track: 91.2, eph: 4.2,
                                   time: UTCTime.parseISO8601("2026-11-30T10:00:00Z"), device: "tcp://127.0.0.1:4000")))
        let bare = try GpsdMessage.parse(Array(#"{"class":"TPV","mode":2,"lat":1.5,"lon":-2.5}"#.utf8))
        #expect(bare == .tpv(.init(mode: 2, latitude: 1.5, longitude: -2.5)))
        let absurd = try GpsdMessage.parse(Array(#"{"class":"TPV","mode":7,"lat":91,"lon":1e308,"speed":-3}"#.utf8))
        #expect(absurd == .tpv(.init(mode: 0)))
    }

    @Test func deviceChangesAndOtherClasses() throws {
        #expect(try GpsdMessage.parse(Array(ParserFuzzTests.gpsdCorpus[2])) == .device(path: "/dev/ttyUSB0", active: true))
        #expect(try GpsdMessage.parse(Array(#"{"class":"DEVICE","path":"/dev/ttyUSB0","activated":0}"#.utf8)) == .device(path: "/dev/ttyUSB0", active: false))
        #expect(try GpsdMessage.parse(Array(ParserFuzzTests.gpsdCorpus[4])) == .other("SKY"))
        let list = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/a","activated":0},{"class":"DEVICE","path":"/dev/b","activated":"2026-11-30T10:00:00Z"}]}"#
        #expect(try GpsdMessage.parse(Array(list.utf8)) == .devices(["/dev/b"]))
        #expect(throws: GpsdMessage.Problem.self) { try GpsdMessage.parse(Array(#"{"mode":3}"#.utf8)) }
        #expect(throws: GpsdMessage.Problem.self) { try GpsdMessage.parse(Array(#"{"class":"TPV","#.utf8)) }
    }

    @Test func linesLongerThanTheLimitAreCutAndMarked() {
        var splitter = LineSplitter(limit: GpsdSource.lineLimit)
        let long = Array(repeating: UInt8(ascii: "x"), count: GpsdSource.lineLimit + 4000)
        splitter.append(ParserFuzzTests.gpsdCorpus[1] + [0x0A] + long + [0x0A] + ParserFuzzTests.gpsdCorpus[1] + [0x0A])
        let lines = [splitter.next(), splitter.next(), splitter.next(), splitter.next()]
        #expect(lines[0] == .init(bytes: ParserFuzzTests.gpsdCorpus[1], truncated: false))
        #expect(lines[1]?.truncated == true && lines[1]?.bytes.count == GpsdSource.lineLimit)
        #expect(lines[2]?.truncated == false && lines[3] == nil)
    }
}
