import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// The NMEA reader: talkers, checksums, invalid fixes, garbled input, derived motion and midnight.
@Suite struct NMEASourceTests {
    /// The textbook sentences, checksums as published.
    @Test func publishedExamplesVerify() throws {
        let rmc = try NMEASentence.parse(Array("$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A".utf8))
        guard case .rmc(let r) = rmc else { Issue.record("not RMC"); return }
        #expect(r.valid)
        #expect(r.timeOfDay == 45319)
        #expect(r.speedKnots == 22.4)
        #expect(r.course == 84.4)
        #expect(abs((r.coordinate?.latitude ?? 0) - (48 + 7.038 / 60)) < 1e-12)
        #expect(r.day == CivilDate.days(year: 1994, month: 3, day: 23))
        let gga = try NMEASentence.parse(Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47".utf8))
        #expect(gga == .gga(.init(timeOfDay: 45319, coordinate: NMEACoordinate(latitude: 48 + 7.038 / 60, longitude: 11 + 31.0 / 60), quality: 1, hdop: 0.9)))
        let vtg = try NMEASentence.parse(Array("$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48".utf8))
        #expect(vtg == .vtg(.init(course: 54.7, speedMetersPerSecond: 10.2 / 3.6, valid: true)))
        #expect(throws: NMEASentence.Problem.checksum) {
            try NMEASentence.parse(Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*46".utf8))
        }
    }

    @Test func everyTalkerAndInvalidFixesSkipped() throws {
        let lines = [
            TestFiles.nmea("GNRMC,100000.00,A,6010.0000,N,02456.0000,E,10.0,90.0,011226,,,A"),
            TestFiles.nmea("GNGGA,100000.00,6010.0000,N,02456.0000,E,1,12,0.8,10.0,M,17.0,M,,"),
            TestFiles.nmea("GLGSV,2,1,08,65,40,120,30,66,20,200,25,,,,,,,,"),
            TestFiles.nmea("BDGGA,100001.00,6010.0000,N,02456.0200,E,2,10,1.0,10.0,M,17.0,M,,"),
            TestFiles.nmea("GARMC,100002.00,V,,,,,,,011226,,,N"),
            TestFiles.nmea("GPGGA,100002.00,,,,,0,00,99.9,,M,,M,,"),
            TestFiles.nmea("GLRMC,100003.00,A,6010.0000,N,02456.0400,E,,,011226,,,A"),
            TestFiles.nmea("GLVTG,90.0,T,,M,19.4,N,36.0,K,A"),
            "$GPGGA,100004.00,6010.0000,N,02456.0600,E,1,12,0.8,10.0,M,17.0,M,,*00\r\n",
        ]
        let path = try TestFiles.write(lines.joined(), suffix: ".nmea")
        let source = try NMEASource(path: path)
        let events = try TestFiles.drain(source)
        let fixes = TestFiles.fixes(events)
        #expect(fixes.map(\.timestamp) == [0, 1, 3])
        let minutes: [Double] = fixes.map { (($0.coordinate.longitude - 24) * 60 * 100).rounded() }
        #expect(minutes == [5600, 5602, 5604])
        #expect(abs((fixes[0].speed ?? 0) - 10 * NMEAField.metersPerSecondPerKnot) < 1e-9)
        #expect(fixes[0].heading == 90 && fixes[0].accuracy == 4)
        #expect(abs((fixes[2].speed ?? 0) - 10) < 1e-9, "VTG km/h when RMC has no speed")
        #expect(fixes[2].heading == 90)
        #expect(events == [.fix(fixes[0]), .fix(fixes[1]), .status(.noFix), .status(.ok), .fix(fixes[2]), .end])
        let report = source.report
        #expect(report.fixes == 3)
        #expect(report.invalidFixes == 1)
        #expect(report.garbled == 1)
        #expect(report.checksumErrors == 1)
        #expect(report.firstBadLines == [9])
        #expect(report.description.contains("first at line 9"), "\(report)")
    }

    /// 10 % of the lines garbled (seeded): every fix with one intact sentence survives, at the right place.
    @Test func tenPercentGarbled() throws {
        var random = SplitMix64(seed: 2026)
        let start = Coordinate(latitude: 52.52, longitude: 13.405)
        var original = [Position]()
        var lines = [String]()
        for i in 0..<300 {
            let p = Position(coordinate: Geo.destination(from: start, bearing: 45, meters: Double(i) * 12), speed: 12,
                             heading: 45, accuracy: 3, timestamp: Double(i))
            original.append(p)
            guard let text = NMEAWriter.sentences(for: p, epoch: 1_790_000_000) else { Issue.record("no sentence"); return }
            lines += text.components(separatedBy: "\r\n").filter { !$0.isEmpty }.map { $0 + "\r\n" }
        }
        var garbled = Set<Int>()
        while garbled.count < lines.count / 10 { garbled.insert(Int(random.next() % UInt64(lines.count))) }
        for i in garbled {
            var bytes = Array(lines[i].utf8)
            if random.next() % 2 == 0 {
                bytes = Array(bytes.prefix(Int(random.next() % UInt64(bytes.count - 6)) + 3)) + [0x0A]
            } else {
                let at = 1 + Int(random.next() % UInt64(bytes.count - 6))
                bytes[at] = bytes[at] == UInt8(ascii: "7") ? UInt8(ascii: "8") : UInt8(ascii: "7")
            }
            lines[i] = String(decoding: bytes, as: UTF8.self)
        }
        let source = try NMEASource(path: try TestFiles.write(lines.joined(), suffix: ".nmea"))
        let fixes = TestFiles.fixes(try TestFiles.drain(source))
        let survivors = (0..<300).filter { !garbled.contains(2 * $0) || !garbled.contains(2 * $0 + 1) }
        #expect(fixes.count == survivors.count)
        for (fix, i) in zip(fixes, survivors) {
            #expect(Geo.distance(fix.coordinate, original[i].coordinate) < 0.01)
            #expect(fix.timestamp == Double(i - survivors[0]))
        }
        let report = source.report
        #expect(report.garbled == garbled.count, "\(report)")
        #expect(report.firstBadLines == Array(garbled.sorted().prefix(5).map { $0 + 1 }))
    }

    @Test func speedAndCourseDerivedWhenAbsent() throws {
        let start = Coordinate(latitude: 48.8566, longitude: 2.3522)
        var text = ""
        for i in 0..<5 {
            let c = Geo.destination(from: start, bearing: 0, meters: Double(i) * 15)
            let lat = NMEAField.angleText(c.latitude, degreeDigits: 2), lon = NMEAField.angleText(c.longitude, degreeDigits: 3)
            text += TestFiles.nmea("GPGGA,12000\(i).00,\(lat),N,\(lon),E,1,08,1.0,35.0,M,47.0,M,,")
        }
        let fixes = TestFiles.fixes(try TestFiles.drain(try NMEASource(path: try TestFiles.write(text, suffix: ".nmea"))))
        #expect(fixes.count == 5)
        #expect(fixes[0].speed == nil && fixes[0].heading == nil)
        for fix in fixes.dropFirst() {
            #expect(abs((fix.speed ?? 0) - 15) < 0.01)
            #expect(abs(fix.heading ?? 99) < 0.01 || abs((fix.heading ?? 0) - 360) < 0.01)
        }
    }

    @Test func midnightAndNewYear() throws {
        let gga = ["235958.50", "235959.50", "000000.50", "000001.50"].map {
            TestFiles.nmea("GPGGA,\($0),4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        }
        let ggaFixes = TestFiles.fixes(try TestFiles.drain(try NMEASource(path: try TestFiles.write(gga.joined(), suffix: ".nmea"))))
        #expect(ggaFixes.map(\.timestamp) == [0, 1, 2, 3])
        let rmc = [("235959.00", "311226"), ("000000.00", "010127"), ("000001.00", "")].map {
            TestFiles.nmea("GNRMC,\($0.0),A,4807.038,N,01131.000,E,0.0,,\($0.1),,,A")
        }
        let rmcFixes = TestFiles.fixes(try TestFiles.drain(try NMEASource(path: try TestFiles.write(rmc.joined(), suffix: ".nmea"))))
        #expect(rmcFixes.map(\.timestamp) == [0, 1, 2])
    }

    @Test func truncatedAndOverlongLinesAreGarbled() throws {
        let good = TestFiles.nmea("GPGGA,100000.00,6010.0000,N,02456.0000,E,1,12,0.8,10.0,M,17.0,M,,")
        let long = "$GPGGA," + String(repeating: "9", count: 5000) + "*00\n"
        let cut = String(good.prefix(30))
        let source = try NMEASource(path: try TestFiles.write(good + long + "\n\n" + cut, suffix: ".nmea"))
        #expect(TestFiles.fixes(try TestFiles.drain(source)).count == 1)
        let report = source.report
        #expect(report.garbled == 2)
        #expect(report.truncated == 2)
        #expect(report.firstBadLines == [2, 5])
    }

    @Test func noFixAtAllIsBadData() throws {
        let path = try TestFiles.write("{\"not\": \"nmea\"}\n" + TestFiles.nmea("GPGGA,100002.00,,,,,0,00,99.9,,M,,M,,"), suffix: ".nmea")
        let source = try NMEASource(path: path)
        #expect(throws: LocationError.self) { _ = try TestFiles.drain(source) }
        do { _ = try NMEASource(path: path).nextEvent() } catch let error as LocationError {
            #expect(error.kind == .badData)
            #expect(error.message == "\(path): no valid NMEA fix (RMC or GGA) in 2 lines; first garbled at line 1")
        }
    }

    @Test func missingFileAndDirectory() {
        for (path, needle) in [("/nonexistent/x.nmea", "No such file"), ("/tmp", "is a directory")] {
            do {
                _ = try NMEASource(path: path)
                Issue.record("opened \(path)")
            } catch let error as LocationError {
                #expect(error.kind == .missingInput)
                #expect(error.message.hasPrefix("nmea:\(path): ") && error.message.contains(needle), "\(error)")
            } catch { Issue.record("\(error)") }
        }
    }
}

/// Epochs complete as soon as their RMC and GGA are in, so a stream is not a fix behind.
@Suite struct NMEAEpochTests {
    static func sentence(_ body: String) throws -> NMEASentence {
        try NMEASentence.parse(Array(TestFiles.nmea(body).utf8.dropLast(2)))
    }

    @Test func rmcAndGGACompleteTheEpochAndATrailingVTGStaysWithIt() throws {
        var assembler = NMEAAssembler()
        var report = NMEAReport(name: "test")
        assembler.add(try Self.sentence("GPRMC,100000.00,A,6010.0000,N,02456.0000,E,10.0,90.0,011226,,,A"), report: &report)
        #expect(assembler.take().isEmpty)
        assembler.add(try Self.sentence("GPGGA,100000.00,6010.0000,N,02456.0000,E,1,12,0.8,10.0,M,17.0,M,,"), report: &report)
        #expect(assembler.take().count == 1, "delivered without waiting for the next epoch")
        assembler.add(try Self.sentence("GPGSA,A,3,05,07,,,,,,,,,,,1.5,0.8,1.2"), report: &report)
        assembler.add(try Self.sentence("GPVTG,180.0,T,,M,50.0,N,92.6,K,A"), report: &report)
        assembler.add(try Self.sentence("GPRMC,100001.00,A,6010.0000,N,02456.0200,E,,,011226,,,A"), report: &report)
        assembler.add(try Self.sentence("GPGGA,100001.00,6010.0000,N,02456.0200,E,1,12,0.8,10.0,M,17.0,M,,"), report: &report)
        let events = assembler.take()
        guard case .fix(let second) = events.last?.event else { Issue.record("no second fix: \(events)"); return }
        #expect(abs((second.heading ?? 0) - 90) < 0.5, "course derived from the fixes, not the previous epoch's VTG")
    }
}
