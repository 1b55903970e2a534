import Testing
@testable import Location

/// `--location` values: every accepted form, and usage errors that name the bad value.
@Suite struct LocationSpecTests {
    @Test func acceptsEveryForm() throws {
        #expect(try LocationSpec.parse("simulate") == .simulate)
        #expect(try LocationSpec.parse("nmea:drive.nmea") == .nmea(path: "drive.nmea"))
        #expect(try LocationSpec.parse("nmea:-") == .nmea(path: "-"))
        #expect(try LocationSpec.parse("gpx:a:b.gpx") == .gpx(path: "a:b.gpx"))
        #expect(try LocationSpec.parse("gpsd") == .gpsd(host: "127.0.0.1", port: 2947))
        #expect(try LocationSpec.parse("gpsd://10.0.0.2:4000") == .gpsd(host: "10.0.0.2", port: 4000))
        #expect(try LocationSpec.parse("gpsd://gps.local") == .gpsd(host: "gps.local", port: 2947))
        #expect(try LocationSpec.parse("gpsd://[::1]:2948") == .gpsd(host: "::1", port: 2948))
        #expect(LocationSpec.gpsd(host: "::1", port: 2948).description == "gpsd://[::1]:2948")
    }

    @Test(arguments: ["", "gps", "nmea:", "gpx:", "gpsd://", "gpsd://host:0", "gpsd://host:70000",
                      "gpsd://host:x", "gpsd://[::1", "gpsd://[::1]x", "file:x.nmea", "gpsd://::1:2947"])
    func rejectsWithTheValue(_ value: String) {
        do {
            _ = try LocationSpec.parse(value)
            Issue.record("accepted '\(value)'")
        } catch let error as LocationError {
            #expect(error.kind == .usage && error.field == .location)
            #expect(error.message.hasPrefix("location '\(value)': "))
        } catch {
            Issue.record("untyped error \(error)")
        }
    }
}

/// Input quoted in messages cannot break the line or carry escape codes.
@Suite struct QuotingTests {
    @Test func controlsAreEscapedAndLongValuesCut() {
        #expect("a\nb\u{1B}[31mc\u{85}".quotedForMessage() == "a\\u{a}b\\u{1b}[31mc\\u{85}")
        #expect(String(repeating: "x", count: 100).quotedForMessage(limit: 5) == "xxxxx…")
        do { _ = try LocationSpec.parse("nmea\nERROR: forged") } catch let error as LocationError {
            #expect(!error.message.contains("\n"))
        } catch { Issue.record("\(error)") }
    }
}
