import Foundation
import VoiceGuideTestSupport
import RouteModel
import Guidance
import Phrasing
import Speech
import Navigation

/// Example routes and locales from the checkout, and a navigator that records its events.
enum NavigationFixtures {
    static let repository = Repository.root

    /// An example route from `Examples/Routes/`.
    static func route(_ name: String) throws -> RouteIndex {
        let url = repository.appendingPathComponent("Examples/Routes/\(name)")
        let document = try RouteImporter().read(try Data(contentsOf: url), fileName: name)
        return RouteIndex(route: document.route)
    }

    /// A phrase builder for `tag`.
    static func builder(_ tag: String = "en-US") throws -> PhraseBuilder {
        try VoiceGuideData(directory: repository).loadLocale(tag: tag).builder()
    }
}

/// Collects a navigator's events.
final class EventLog: @unchecked Sendable {
    private let events = Locked<[NavigationEvent]>([])

    /// The observer to hand to a navigator.
    var observer: @Sendable (NavigationEvent) -> Void { { [events] e in events.withLock { $0.append(e) } } }
    /// Everything so far.
    var all: [NavigationEvent] { events.snapshot }
    /// The names of the events, in order.
    var names: [String] { all.map(\.name) }
    /// The speech events.
    var speech: [SpeechEvent] { all.compactMap { if case .speech(let s) = $0.kind { return s } else { return nil } } }
    /// The announcements, in trigger order.
    var announced: [(Announcement, Phrase, Int)] {
        all.compactMap { if case .announced(let a, let p, let id) = $0.kind { return (a, p, id) } else { return nil } }
    }
}

extension Navigator {
    /// Feeds every fix of a simulated drive (in virtual time), then finishes.
    func drive(_ options: SimulatorOptions = SimulatorOptions()) {
        for fix in Simulator(index: route, options: options) { update(fix.position) }
        finish()
    }
}
