import Testing
import RouteModel
@testable import Guidance
import VoiceGuideTestSupport

/// A very short last step, the departure after an intermediate stop, a stop named by its street.
@Suite struct ShortStepAndStopTests {
    /// A turn 7 m before the destination.
    static func sevenMeterFinalStep() -> RouteIndex {
        var b = ScenarioRouteBuilder(name: "Long Street")
        b.drive(600)
        b.maneuver(.turn, .right, turn: 90, name: "Court Lane")
        b.drive(7)
        return RouteIndex(route: b.build(side: .left))
    }

    @Test func arrivalSevenMetersAfterTheLastTurnIsAnnounced() {
        let run = OfflineGuidance.run(Self.sevenMeterFinalStep())
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1 then 0/2", "now 0/1 then 0/2", "arrive 0/2"])
    }

    @Test func aStopNamedOnlyByItsStreetIsYourFirstStop() {
        var b = ScenarioRouteBuilder(name: "First Street")
        b.drive(500)
        b.maneuver(.turn, .right, turn: 90, name: "Second Street")
        b.drive(400)
        b.waypoint("Second Street", side: .right)
        b.drive(300)
        let run = OfflineGuidance.run(RouteIndex(route: b.build()))
        let stop = run.announcements.first { $0.kind == .waypoint }?.maneuver
        #expect(stop?.waypointName == "" && stop?.waypointOrdinal == 1)
        #expect(summaries(run) == ["depart 0/0", "prepare 0/1", "now 0/1", "prepare 0/2", "waypoint 0/2", "depart 1/0",
                                   "prepare 1/1", "arrive 1/1"])
    }

    @Test func aStopWithItsOwnNameKeepsIt() {
        let arrival = Step(maneuver: Maneuver(type: .arrive, location: Coordinate(latitude: 0, longitude: 0)),
                           distance: 0, duration: 0, name: "Second Street")
        let approach = Step(maneuver: Maneuver(type: .turn, location: Coordinate(latitude: 0, longitude: 0)),
                            distance: 10, duration: 1, name: "First Street")
        #expect(ManeuverCatalog.stopName(" Bakery ", arrival: arrival, approach: approach) == "Bakery")
        #expect(ManeuverCatalog.stopName("second street", arrival: arrival, approach: approach) == "")
        #expect(ManeuverCatalog.stopName("First Street", arrival: arrival, approach: approach) == "")
    }

    @Test func aNotificationThatTurnsIsAnnouncedAndOneThatDoesNotIsSilent() {
        var b = ScenarioRouteBuilder(name: "Main Street")
        b.drive(500)
        b.maneuver(.notification, .straight, name: "Main Street")
        b.drive(500)
        b.maneuver(.notification, .left, turn: -90, name: "Harbour Lane")
        b.drive(400)
        let run = OfflineGuidance.run(RouteIndex(route: b.build()))
        #expect(summaries(run) == ["depart 0/0", "prepare 0/2", "now 0/2", "prepare 0/3", "arrive 0/3"])
    }

    @Test func theNextLegsDepartWaitsUntilTheVehicleMovesOn() throws {
        let index = Scenarios.multiLeg()
        let stopAt = index.steps[3].startMeters
        // Two minutes at the stop: the depart comes when driving on, not while standing there.
        let run = OfflineGuidance.run(index, options: SimulatorOptions(stops: [.init(atMeters: stopAt, seconds: 120)]))
        let waypoint = try #require(run.announcements.first { $0.kind == .waypoint })
        let depart = try #require(run.announcements.first { $0.kind == .depart && $0.maneuver?.id == StepID(leg: 1, step: 0) })
        #expect(depart.triggerSeconds - waypoint.triggerSeconds >= 120)
        #expect(depart.triggerMeters - stopAt < 30)
    }
}
