import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// Seeded mutation fuzzers for the three position parsers: no crash, no hang (a time limit per
/// input), errors typed, and on success only valid positions in time order. Each runs for a bounded time.
@Suite struct ParserFuzzTests {
    static let budget = 3.0
    static let perInputLimit = 1.0

    /// Runs `body` with fresh mutated inputs until the budget is spent.
    static func fuzz(seed: UInt64, corpus: [[UInt8]], _ body: ([UInt8]) throws -> Void) rethrows -> Int {
        var mutator = Mutator(seed: seed)
        let start = Date()
        var runs = 0
        while Date().timeIntervalSince(start) < budget {
            let input = mutator.mutate(corpus[mutator.below(corpus.count)])
            let began = Date()
            try body(input)
            let took = Date().timeIntervalSince(began)
            #expect(took < perInputLimit, "input took \(took) s: \(String(decoding: input.prefix(200), as: UTF8.self))")
            runs += 1
        }
        return runs
    }

    /// Fixes are valid and in time order.
    static func checkFixes(_ events: [LocationEvent]) {
        let fixes = TestFiles.fixes(events)
        #expect(fixes.allSatisfy { $0.coordinate.isValid && $0.timestamp.isFinite && ($0.speed ?? 0).isFinite })
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $0.timestamp < $1.timestamp })
    }

    static let nmeaCorpus: [[UInt8]] = {
        var text = ""
        for i in 0..<6 {
            let p = Position(coordinate: Coordinate(latitude: -33.86 + Double(i) * 1e-4, longitude: 151.2), speed: 8,
                             heading: 350, accuracy: 4, timestamp: Double(i))
            text += NMEAWriter.sentences(for: p, epoch: 1_795_000_000, talker: ["GP", "GN", "GL", "GA", "BD", "GP"][i]) ?? ""
        }
        text += "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48\r\n$GPRMC,235959,V,,,,,,,311226,,,N*4A\r\n"
        return [Array(text.utf8)] + text.components(separatedBy: "\r\n").map { Array($0.utf8) }
    }()

    @Test func nmeaLines() throws {
        var parsed = 0
        let runs = Self.fuzz(seed: 1409, corpus: Self.nmeaCorpus) { input in
            for line in input.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                do {
                    _ = try NMEASentence.parse(Array(line))
                    parsed += 1
                } catch {
                    #expect(error is NMEASentence.Problem)
                }
            }
        }
        #expect(runs > 1000 && parsed > 0, "\(runs) runs, \(parsed) parsed")
    }

    @Test func nmeaFiles() throws {
        let path = TestFiles.path(suffix: ".nmea")
        let runs = try Self.fuzz(seed: 1410, corpus: [Self.nmeaCorpus[0]]) { input in
            try Data(input).write(to: URL(fileURLWithPath: path))
            do {
                let source = try NMEASource(path: path)
                let events = try TestFiles.drain(source)
                Self.checkFixes(events)
                #expect(events.last == .end)
            } catch let error as LocationError {
                #expect(error.kind == .badData && error.message.hasPrefix(path))
            }
        }
        #expect(runs > 50)
    }

    static let gpxCorpus: [[UInt8]] = {
        var points = ""
        for i in 0..<5 {
            points += "<trkpt lat=\"51.75\(i)\" lon=\"-1.25\"><ele>60</ele><time>2026-11-30T10:00:0\(i)Z</time><hdop>1.2</hdop>"
                + "<extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>8.1</gpxtpx:speed><gpxtpx:course>12</gpxtpx:course>"
                + "</gpxtpx:TrackPointExtension></extensions></trkpt>\n"
        }
        let document = "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\" "
            + "xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\">\n<wpt lat=\"1\" lon=\"2\"/>\n"
            + "<trk><trkseg>\n\(points)</trkseg></trk>\n<rte><rtept lat=\"1\" lon=\"2\"/></rte>\n</gpx>\n"
        return [Array(document.utf8)]
    }()

    @Test func gpxDocuments() throws {
        let path = TestFiles.path(suffix: ".gpx")
        var accepted = 0
        let runs = try Self.fuzz(seed: 1411, corpus: Self.gpxCorpus) { input in
            try Data(input).write(to: URL(fileURLWithPath: path))
            do {
                let events = try TestFiles.drain(try GPXSource(path: path, speed: input.count % 2 == 0 ? 10 : nil))
                Self.checkFixes(events)
                accepted += 1
            } catch let error as LocationError {
                #expect(error.kind == .badData && error.message.hasPrefix("gpx:\(path): "), "\(error)")
                #expect(!error.message.contains("\n"))
            }
        }
        #expect(runs > 50 && accepted > 0, "\(runs) runs, \(accepted) accepted")
    }

    static let gpsdCorpus: [[UInt8]] = [
        #"{"class":"TPV","device":"tcp://127.0.0.1:4000","mode":3,"time":"2026-11-30T10:00:00.000Z","ept":0.005,"lat":60.1699,"lon":24.9384,"altHAE":20.1,"epx":3.1,"epy":4.2,"track":91.2,"speed":12.25,"climb":0.0,"eps":8.4}"#,
        #"{"class":"TPV","mode":1}"#,
        #"{"class":"DEVICE","path":"/dev/ttyUSB0","driver":"NMEA0183","activated":"2026-11-30T10:00:00.000Z","native":0,"bps":9600}"#,
        #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
        #"{"class":"SKY","satellites":[{"PRN":5,"el":40,"az":120,"ss":30,"used":true}]}"#,
    ].map { Array($0.utf8) }

    @Test func gpsdLines() {
        var fixes = 0
        let runs = Self.fuzz(seed: 1412, corpus: Self.gpsdCorpus) { input in
            var splitter = LineSplitter(limit: GpsdSource.lineLimit)
            splitter.append(input + [0x0A])
            while let line = splitter.next() {
                do {
                    if case .tpv(let tpv) = try GpsdMessage.parse(line.bytes), tpv.mode >= 2,
                       let lat = tpv.latitude, let lon = tpv.longitude {
                        #expect(Coordinate(latitude: lat, longitude: lon).isValid)
                        fixes += 1
                    }
                } catch {
                    #expect(error is GpsdMessage.Problem)
                }
            }
        }
        #expect(runs > 1000 && fixes > 0, "\(runs) runs, \(fixes) fixes")
    }
}

/// Option values (`--location`, `--gps-dropout`, `--detour`, …) mutated: accepted or one usage line, never more.
@Suite struct OptionFuzzTests {
    @Test func optionValues() {
        let corpus = ["simulate", "nmea:drive.nmea", "gpx:-", "gpsd", "gpsd://[::1]:2947", "gpsd://10.0.0.1:4000",
                      "120:150", "850:wrong.json", "5", "0.5"].map { Array($0.utf8) }
        var accepted = 0
        let runs = ParserFuzzTests.fuzz(seed: 1413, corpus: corpus) { input in
            let text = String(decoding: input, as: UTF8.self)
            let parsers: [(String) throws -> Void] = [
                { _ = try LocationSpec.parse($0) }, { _ = try SimulationSpec.parseDropout($0) },
                { _ = try SimulationSpec.parseDetour($0) }, { _ = try SimulationSpec.parseNoise($0) },
                { _ = try SimulationSpec.parseRate($0) }, { _ = try SimulationSpec.parseSeed($0) },
            ]
            for parse in parsers {
                do {
                    try parse(text)
                    accepted += 1
                } catch let error as LocationError {
                    #expect(error.kind == .usage && !error.message.contains("\n") && !error.message.contains("\u{1B}"))
                } catch {
                    Issue.record("untyped \(error)")
                }
            }
        }
        #expect(runs > 1000 && accepted > 0)
    }
}
