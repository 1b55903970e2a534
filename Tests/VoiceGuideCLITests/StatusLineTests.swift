import Foundation
import Testing
import Guidance
import RouteModel
import Location
@testable import VoiceGuideCLI

/// The live status line: in the locale's own words (phrasebook `ui` section), the output mode as it is, and
/// fitted to the terminal's width by priority (the next maneuver and its distance first).
@Suite struct StatusLineTests {
    private func line(_ locale: String, muted: Bool, mode: StatusLine.Mode = .sound, alert: StatusLine.Alert = .init(),
                      columns: Int? = nil) throws -> String {
        let io = CommandIO(out: { _ in }, err: { _ in })
        let arguments = try ParsedArguments.parse(["--locale", locale], specs: GuidanceSettings.optionSpecs, command: "drive")
        let settings = try GuidanceSettings.load(routePath: CLIFixtures.example("city-berlin.json"), arguments: arguments,
                                                 command: "drive", io: io)
        var tracker = ProgressTracker(index: settings.index)
        var fixes = Simulator(index: settings.index)
        var progress: RouteProgress?
        for _ in 0..<30 { if let fix = fixes.next() { progress = tracker.update(fix.position) } }
        return StatusLine(settings: settings).render(progress: progress, muted: muted, speedup: 4, paused: false,
                                                     wallRemaining: 100, mode: mode, alert: alert, columns: columns)
    }

    /// The receiver's and the route's state: after the mode, in the locale's words, and kept before anything
    /// else when the terminal is narrow.
    @Test(arguments: [200, 80, 40, 24])
    func positionAndRouteWarningsAreShownFirst(columns: Int) throws {
        let lost = StatusLine.Alert(location: .lost("connection closed"), offRoute: true)
        let fitted = try line("en-US", muted: false, alert: lost, columns: columns)
        #expect(fitted.contains("GPS lost · off route"), "\(columns): \(fitted)")
        #expect(StatusLine.displayWidth(fitted) <= columns - 1, "\(columns): \(fitted)")
        if columns >= 80 { #expect(fitted.hasPrefix("sound ×4 │ GPS lost · off route │ "), "\(fitted)") }
        let cases: [(StatusLine.Alert, String)] = [
            (.init(location: .noFix), "no GPS fix"), (.init(location: .stale), "GPS stale"),
            (.init(location: .reconnecting(attempt: 2)), "GPS lost"), (.init(offRoute: true, rerouting: true), "rerouting…"),
        ]
        for (alert, text) in cases {
            #expect(try line("en-US", muted: false, alert: alert, columns: columns).contains(text), "\(columns): \(text)")
        }
        if columns >= 80 {
            #expect(try line("de-DE", muted: false, alert: .init(location: .noFix, offRoute: true), columns: columns)
                .contains("keine GPS-Position · abseits der Route"))
        }
        // All well: no warning field.
        #expect(try line("en-US", muted: false, columns: 200).components(separatedBy: " │ ").count
            == (try line("en-US", muted: false, alert: lost, columns: 200)).components(separatedBy: " │ ").count - 1)
    }

    @Test func germanWordsAndDecimalComma() throws {
        let de = try line("de-DE", muted: true)
        #expect(de.hasPrefix("STUMM ×4 │ "))
        #expect(de.contains("│ noch 4,"))
        #expect(de.hasSuffix("│ auf Straße des 17. Juni"))
    }

    @Test func englishAndJapaneseWordOrder() throws {
        #expect(try line("en-US", muted: false).hasPrefix("sound ×4 │ "))
        #expect(try line("ja-JP", muted: false).hasSuffix("Straße des 17. Juniを走行中"))
    }

    @Test func textModeSaysText() throws {
        #expect(try line("en-US", muted: false, mode: .text).hasPrefix("text ×4 │ "))
        #expect(try line("de-DE", muted: false, mode: .text).hasPrefix("Text ×4 │ "))
    }

    /// Wide terminals get every field; narrow ones keep the next maneuver and its distance first, then the
    /// state, and never exceed the width (the last column stays free).
    @Test(arguments: [200, 120, 80, 60, 40, 20])
    func fieldsFitTheWidthByPriority(columns: Int) throws {
        let full = try line("en-US", muted: false)
        let fitted = try line("en-US", muted: false, columns: columns)
        #expect(StatusLine.displayWidth(fitted) <= columns - 1, "\(columns): \(fitted)")
        let next = try #require(full.components(separatedBy: " │ ").first { $0.contains(": ") })
        let fields = fitted.components(separatedBy: " │ ")
        if StatusLine.displayWidth(full) <= columns - 1 {
            // The ETA is wall-clock time: the two renders may fall on either side of a second.
            let withoutETA = { (s: String) in s.replacingOccurrences(of: #"ETA \d\d:\d\d:\d\d"#, with: "ETA", options: .regularExpression) }
            #expect(withoutETA(fitted) == withoutETA(full))
        } else {
            // The next maneuver is there, whole or shortened with "…".
            let shown = try #require(fields.first { $0.contains(": ") || $0.hasSuffix("…") }, "\(columns): \(fitted)")
            #expect(shown == next || (shown.hasSuffix("…") && next.hasPrefix(String(shown.dropLast()))), "\(shown)")
        }
        // From 40 columns on the state (mute, mode, speed) is always shown too.
        if columns >= 40 { #expect(fitted.hasPrefix("sound ×4 │ "), "\(columns): \(fitted)") }
        if columns >= 120 { #expect(fields.count >= 4, "\(columns): \(fitted)") }
    }

    @Test func wideCharactersCountTwice() {
        #expect(StatusLine.displayWidth("残り 4 km") == 9)
        #expect(StatusLine.fit([(0, "前方300米左转"), (1, "已静音 ×4")], columns: 12) == "前方300米…")
    }
}
