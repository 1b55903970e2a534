import Foundation
import Guidance
import RouteModel
import Testing
@testable import Location

/// The simulator as a location source, and the realism options' parsing.
@Suite struct SimulatedSourceTests {
    @Test func rateNoiseAndDropout() throws {
        var spec = SimulationSpec()
        spec.rateHz = try SimulationSpec.parseRate("2")
        spec.noiseMeters = try SimulationSpec.parseNoise("5")
        spec.seed = try SimulationSpec.parseSeed("42")
        spec.dropout = try SimulationSpec.parseDropout("60:90")
        let index = try ExampleRoutes.index("city-berlin")
        let events = try TestFiles.drain(SimulatedLocationSource(index: index, options: spec.options()))
        let fixes = TestFiles.fixes(events)
        #expect(events.last == .end)
        #expect(fixes.filter { $0.timestamp < 10 }.count == 20)
        #expect(!fixes.contains { $0.timestamp >= 60 && $0.timestamp < 90 })
        let gap = events.firstIndex(of: .status(.noFix))
        #expect(gap != nil && events[(gap ?? 0) + 1] == .status(.ok))
        if let gap, case .fix(let before) = events[gap - 1], case .fix(let after) = events[gap + 2] {
            #expect(before.timestamp == 59.5 && after.timestamp == 90)
        } else { Issue.record("no fixes around the gap") }
        #expect(fixes.allSatisfy { $0.accuracy == 5 })
        let offsets = fixes.prefix(100).compactMap { index.path.project($0.coordinate, segments: 0..<index.path.segmentCount)?.offset }
        let rms = (offsets.map { $0 * $0 }.reduce(0, +) / Double(offsets.count)).squareRoot()
        #expect(rms > 2 && rms < 10, "noise of σ 5 m per axis: cross-track RMS \(rms)")
        let again = TestFiles.fixes(try TestFiles.drain(SimulatedLocationSource(index: index, options: spec.options())))
        #expect(again == fixes, "same seed, same fixes")
    }

    @Test func detourDrivesTheOtherRouteWithTimeContinuing() throws {
        let planned = try ExampleRoutes.index("city-berlin")
        var spec = SimulationSpec()
        spec.detour = try SimulationSpec.parseDetour("800:\(ExampleRoutes.path("uk-oxford"))")
        guard let detourIndex = try spec.loadDetourRoute() else { Issue.record("no detour route"); return }
        let source = SimulatedLocationSource(index: planned, options: spec.options(),
                                             detour: .init(atMeters: 800, index: detourIndex))
        let fixes = TestFiles.fixes(try TestFiles.drain(source))
        let split = fixes.firstIndex { Geo.distance($0.coordinate, detourIndex.path.coordinates[0]) < 1 }
        guard let split else { Issue.record("never reached the detour route"); return }
        #expect(split > 0)
        for fix in fixes[..<split] {
            let along = planned.path.project(fix.coordinate, segments: 0..<planned.path.segmentCount)
            #expect((along?.offset ?? 99) < 0.5)
            #expect((along?.distanceAlong ?? 9999) < 800)
        }
        for fix in fixes[split...] {
            #expect((detourIndex.path.project(fix.coordinate, segments: 0..<detourIndex.path.segmentCount)?.offset ?? 99) < 0.5)
        }
        #expect(zip(fixes, fixes.dropFirst()).allSatisfy { $1.timestamp - $0.timestamp == 1 })
    }

    @Test(arguments: [
        (LocationError.Field.noise, "-1"), (.noise, "x"), (.rate, "0"), (.rate, "100"), (.seed, "-3"),
        (.dropout, "30"), (.dropout, "40:30"), (.dropout, "a:b"), (.detour, "x:file.json"),
        (.detour, "100:"), (.detour, "100"),
    ])
    func badValuesAreUsageErrorsNamingThem(_ field: LocationError.Field, _ value: String) {
        do {
            switch field {
            case .noise: _ = try SimulationSpec.parseNoise(value)
            case .rate: _ = try SimulationSpec.parseRate(value)
            case .seed: _ = try SimulationSpec.parseSeed(value)
            case .dropout: _ = try SimulationSpec.parseDropout(value)
            default: _ = try SimulationSpec.parseDetour(value)
            }
            Issue.record("accepted \(field) \(value)")
        } catch let error as LocationError {
            // The library names the field and the value, never a command-line flag.
            #expect(error.kind == .usage && error.field == field && error.value == value)
            #expect(error.message.hasPrefix("\(field.rawValue) '\(value)': ") && !error.message.contains("--"))
        } catch { Issue.record("\(error)") }
    }

    @Test func detourFileErrors() throws {
        var spec = SimulationSpec()
        spec.detour = .init(atMeters: 10, routeFile: "/nonexistent/route.json")
        #expect(throws: LocationError.self) { _ = try spec.loadDetourRoute() }
        do { _ = try spec.loadDetourRoute() } catch let error as LocationError { #expect(error.kind == .missingInput) }
        spec.detour = .init(atMeters: 10, routeFile: try TestFiles.write("{\"routes\": []}", suffix: ".json"))
        do { _ = try spec.loadDetourRoute() } catch let error as LocationError {
            #expect(error.kind == .badData)
            #expect(error.field == .detour && error.message.hasPrefix("detour: "))
        }
    }

    @Test func eventStreamPacesAndEnds() async throws {
        var options = SimulatorOptions(interval: 0.5, dwellSeconds: 0)
        options.speedKmh = 200
        let source = SimulatedLocationSource(index: try ExampleRoutes.index("city-berlin"), options: options)
        var fixes = 0
        var ended = false
        for await event in source.events(speedup: nil) {
            if case .fix = event { fixes += 1 }
            if event == .end { ended = true }
        }
        #expect(ended && fixes > 100)
    }
}
