import Foundation
import Guidance
import JapaneseReading
import Phrasing
import RouteModel
import VoiceGuideCLI

/// Japanese readings: MeCab's load time, uncached name readings per second, and ja-JP phrase renders with the
/// reader (names memoized as in a drive; numbers and letters read on every render). Informational.
func japaneseReadingBenchmarks() -> [BenchFigure] {
    let start = Date()
    guard let tagger = try? MeCabTagger() else {
        return [BenchFigure(name: "MeCab", value: "dictionary missing (run scripts/setup.sh)", target: "loads", met: false)]
    }
    let load = Date().timeIntervalSince(start)
    let names = ["渋谷", "新宿通り", "首都高速都心環状線", "国道246号", "東名高速道路", "表参道", "青山通り", "環状七号線",
                 "名古屋", "大阪", "日本橋", "霞ケ関", "六本木ヒルズ"]
    var sink = 0
    let rounds = 200
    let seconds = medianSeconds(runs: 3) {
        for _ in 0..<rounds {
            let reader = JapaneseReader(tagger: tagger)
            for name in names { sink &+= reader.reading(of: name)?.utf8.count ?? 0 }
        }
    }
    var figures = [
        BenchFigure(name: "MeCab IPA dictionary load", value: benchFormat(load * 1000, decimals: 1) + " ms", target: nil, met: nil),
        BenchFigure(name: "Japanese name readings/s, uncached (\(names.count) road and place names)",
                    value: benchFormat(Double(rounds * names.count) / seconds) + "/s", target: nil, met: nil),
    ]
    guard var data = try? VoiceGuideData.discover() else { return figures }
    data.nameReaders = NameReaders.provider
    guard let builder = (try? data.loadLocale(tag: "ja-JP"))?.builder() else { return figures }
    func m(_ type: ManeuverType, _ modifier: ManeuverModifier?, name: String = "", dest: String? = nil, exits: String? = nil,
           exit: Int? = nil) -> ManeuverDescription {
        let maneuver = Maneuver(type: type, modifier: modifier, location: Coordinate(latitude: 0, longitude: 0), exit: exit)
        return ManeuverDescription(id: StepID(leg: 0, step: 1),
                                   step: Step(maneuver: maneuver, distance: 300, duration: 20, name: name, destinations: dest, exits: exits))
    }
    let mix = [
        Announcement(kind: .prepare, maneuver: m(.turn, .left, name: "明治通り"), spokenDistanceMeters: 402),
        Announcement(kind: .prepare, maneuver: m(.offRamp, .slightLeft, dest: "名古屋, 大阪", exits: "23B"), spokenDistanceMeters: 800),
        Announcement(kind: .now, maneuver: m(.roundabout, nil, name: "駅前通り", exit: 4)),
        Announcement(kind: .now, maneuver: m(.turn, .right, name: "Tokyo Midtown")),
    ]
    let phraseRounds = 50_000
    let phraseSeconds = medianSeconds(runs: 3) {
        for i in 0..<phraseRounds { sink &+= builder.phrase(mix[i % mix.count]).ssml.utf8.count }
    }
    figures.append(BenchFigure(name: "phrase renders/s on one core (ja-JP with readings, \(mix.count)-maneuver mix; sink \(sink % 10))",
                               value: benchFormat(Double(phraseRounds) / phraseSeconds) + "/s", target: nil, met: nil))
    return figures
}
