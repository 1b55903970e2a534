import Foundation
import Guidance
import Phrasing
import RouteModel
import VoiceGuideCLI

/// Phrase renders per second on one core over a mix of maneuvers (target: ≥ 1,000,000/s).
func phrasingBenchmarks() -> [BenchFigure] {
    guard let data = try? VoiceGuideData.discover(), let loaded = try? data.loadLocale(tag: DefaultLocale.tag) else {
        return [BenchFigure(name: "phrase renders (en-US)", value: "no data directory", target: "≥ 1,000,000/s", met: false)]
    }
    var figures: [BenchFigure] = []
    for tag in ["en-US", "de-DE", "fi-FI", "hu-HU"] {  // fi and hu: agglutinative, case and vowel-harmony forms
        guard let builder = (try? data.loadLocale(tag: tag))?.builder() else { continue }
        let mix = phrasingBenchMix()
        let rounds = 200_000
        var sink = 0
        let seconds = medianSeconds(runs: 5) {
            for i in 0..<rounds { sink &+= builder.phrase(mix[i % mix.count]).ssml.utf8.count }
        }
        let rate = Double(rounds) / seconds
        figures.append(BenchFigure(name: "phrase renders/s on one core (\(tag), \(mix.count)-maneuver mix, display+spoken+SSML; sink \(sink % 10))",
                                   value: benchFormat(rate) + "/s", target: "≥ 1,000,000/s", met: rate >= 1_000_000))
    }
    _ = loaded
    return figures
}

/// A mix of announcements: turns with names and refs, ramps with exits and destinations, roundabouts, then-chains, lanes, arrivals.
private func phrasingBenchMix() -> [Announcement] {
    func m(_ type: ManeuverType, _ modifier: ManeuverModifier?, name: String = "", ref: String? = nil, dest: String? = nil,
           exits: String? = nil, exit: Int? = nil, lanes: LaneHint? = nil, side: ArrivalSide? = nil) -> ManeuverDescription {
        let maneuver = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0), bearingAfter: 80, exit: exit)
        return ManeuverDescription(id: StepID(leg: 0, step: 1),
                                   step: Step(maneuver: maneuver, distance: 300, duration: 20, name: name, ref: ref, destinations: dest, exits: exits),
                                   lanes: lanes, arrivalSide: side)
    }
    return [
        Announcement(kind: .prepare, maneuver: m(.turn, .left, name: "Market St"), spokenDistanceMeters: 402),
        Announcement(kind: .now, maneuver: m(.turn, .right, name: "Hauptstraße")),
        Announcement(kind: .prepare, maneuver: m(.offRamp, .slightRight, dest: "Boston, Worcester", exits: "23B"), spokenDistanceMeters: 800),
        Announcement(kind: .now, maneuver: m(.roundabout, nil, name: "Elm Rd", exit: 3)),
        Announcement(kind: .now, maneuver: m(.turn, .left, name: "A St"),
                     then: ChainedManeuver(maneuver: m(.turn, .right, name: "Kirchweg"), distanceMeters: 60, sayDistance: false)),
        Announcement(kind: .prepare, maneuver: m(.merge, .slightLeft, ref: "I-95"), spokenDistanceMeters: 3200),
        Announcement(kind: .prepare, maneuver: m(.turn, .left, name: "Page St", lanes: LaneHint(position: .left, usableCount: 2, totalCount: 4)),
                     spokenDistanceMeters: 200),
        Announcement(kind: .arrive, maneuver: m(.arrive, nil, side: .right)),
    ]
}
