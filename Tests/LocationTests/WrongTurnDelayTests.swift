import Testing
import VoiceGuideTestSupport

/// Going straight on where the route turns (the commonest wrong turn): off route is called within 5 s at 50 km/h
/// with 5 m GPS noise at 1 Hz in most drives, and never later than one fix after that (the route is 50 m away
/// only after 3.6 s; a vehicle past the end of a segment is judged by where the route goes next).
@Suite struct WrongTurnDelayTests {
    @Test func straightOnAtARightTurnIsOffRouteWithinFiveSeconds() throws {
        let (delays, missed) = WrongTurnScenario.offRouteDelays(seeds: 1...20)
        #expect(missed == 0, "off route before leaving the route, or never, in \(missed) of 20 drives")
        try #require(!delays.isEmpty)
        #expect(delays[delays.count / 2] <= 5.0, "median \(delays[delays.count / 2]) s: \(delays)")
        #expect(delays.allSatisfy { $0 <= 6.0 }, "\(delays)")
    }
}
