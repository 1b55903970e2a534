import Foundation
import Testing
import RouteModel

/// Douglas–Peucker thinning of overview lines: what it keeps, what it may drop, and that it never drops a point
/// farther than the tolerance from the thinned line.
@Suite struct LineSimplificationTests {
    /// A point `east` and `north` meters from 60.17 N, 24.94 E (central Helsinki).
    static func point(east: Double, north: Double) -> Coordinate {
        let metersPerDegree = Geo.earthRadius * .pi / 180
        return Coordinate(latitude: 60.17 + north / metersPerDegree,
                          longitude: 24.94 + east / (metersPerDegree * cos(60.17 * .pi / 180)))
    }

    /// The largest distance of any of `line`'s points from the line through the points at `kept`.
    static func worstOffset(_ line: [Coordinate], kept: [Int]) -> Double {
        line.map { p in
            zip(kept, kept.dropFirst()).map { LineSimplification.offset(of: p, from: line[$0], to: line[$1]) }.min() ?? .infinity
        }.max() ?? 0
    }

    @Test func pointsOnAStraightRoadAreDroppedAndTheEndsKept() {
        let line = (0...100).map { Self.point(east: Double($0) * 10, north: 0) }
        #expect(LineSimplification.keptIndices(line, tolerance: 1) == [0, 100])
    }

    @Test func aCornerIsKeptAndAWobbleUnderTheToleranceIsNot() {
        // East 500 m with a 0.5 m wobble at 250 m, then north 500 m: the corner stays, the wobble goes.
        var line = (0...50).map { Self.point(east: Double($0) * 10, north: $0 == 25 ? 0.5 : 0) }
        line += (1...50).map { Self.point(east: 500, north: Double($0) * 10) }
        let kept = LineSimplification.keptIndices(line, tolerance: 1)
        #expect(kept == [0, 50, 100])
        // Under a tightness of a quarter meter the wobble stays, with its neighbours (0.48 m off the line to it).
        #expect(LineSimplification.keptIndices(line, tolerance: 0.25) == [0, 24, 25, 26, 50, 100])
        #expect(Self.worstOffset(line, kept: kept) <= 1)
    }

    @Test func everyDroppedPointIsWithinTheToleranceOnAWindingRoad() {
        var generator = SystemRandomNumberGenerator()
        var heading = 0.0, east = 0.0, north = 0.0
        var line: [Coordinate] = []
        for _ in 0..<5_000 {
            line.append(Self.point(east: east, north: north))
            heading += Double.random(in: -0.3...0.3, using: &generator)
            east += 8 * sin(heading); north += 8 * cos(heading)
        }
        for tolerance in [1.0, 5, 40] {
            let kept = LineSimplification.keptIndices(line, tolerance: tolerance)
            #expect(kept.first == 0 && kept.last == line.count - 1 && kept == kept.sorted())
            #expect(kept.count < line.count)
            #expect(Self.worstOffset(line, kept: kept) <= tolerance + 1e-6, "tolerance \(tolerance)")
        }
    }

    @Test func shortLinesAreKeptWholeAndTheToleranceFollowsTheExtent() {
        let two = [Self.point(east: 0, north: 0), Self.point(east: 5, north: 5)]
        #expect(LineSimplification.keptIndices(two, tolerance: 100) == [0, 1])
        #expect(LineSimplification.keptIndices([], tolerance: 1).isEmpty)
        #expect(LineSimplification.overviewTolerance(two) == 1)
        let long = [Self.point(east: 0, north: 0), Self.point(east: 30_000, north: 40_000)]
        #expect(abs(LineSimplification.overviewTolerance(long) - 50) < 0.5)
    }

    @Test func aLongLineIsThinnedWithoutRecursion() {
        let line = (0..<200_000).map { Self.point(east: Double($0) * 0.5, north: ($0 / 1000) % 2 == 0 ? 0 : 3) }
        let kept = LineSimplification.keptIndices(line, tolerance: 1)
        #expect(kept.count < 1_000 && kept.first == 0 && kept.last == line.count - 1)
    }
}
