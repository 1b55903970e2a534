import Foundation
import Guidance
import RouteModel
@testable import Location

/// Temporary files for the reader tests, and draining recorded sources.
enum TestFiles {
    /// Writes `text` to a new temporary file with `suffix` and returns its path.
    static func write(_ text: String, suffix: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-loc-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A new temporary path (not created).
    static func path(suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("voiceguide-loc-\(UUID().uuidString)\(suffix)").path
    }

    /// Every event of a recorded source up to `.end`, checking that `peekTime` matches event order.
    static func drain(_ source: any LocationSource, limit: Int = 1_000_000) throws -> [LocationEvent] {
        var events = [LocationEvent]()
        var last = -Double.infinity
        while events.count < limit, let event = try source.nextEvent() {
            events.append(event)
            if event == .end { break }
            if let next = source.peekTime() {
                precondition(next >= last, "peekTime went backwards")
                last = next
            }
        }
        return events
    }

    /// The fixes among `events`.
    static func fixes(_ events: [LocationEvent]) -> [Position] {
        events.compactMap { if case .fix(let p) = $0 { p } else { nil } }
    }

    /// A sentence with its checksum.
    static func nmea(_ body: String) -> String { NMEAWriter.framed(body) }
}
