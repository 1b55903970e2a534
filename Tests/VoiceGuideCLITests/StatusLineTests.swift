import Foundation
import Testing
import Guidance
import RouteModel
@testable import VoiceGuideCLI

/// The live status line: most important first, in the locale's own words (phrasebook `ui` section).
@Suite struct StatusLineTests {
    private func line(_ locale: String, muted: Bool) throws -> String {
        let io = CommandIO(out: { _ in }, err: { _ in })
        let arguments = try ParsedArguments.parse(["--locale", locale], specs: GuidanceSettings.optionSpecs, command: "drive")
        let settings = try GuidanceSettings.load(routePath: CLIFixtures.example("city-berlin.json"), arguments: arguments,
                                                 command: "drive", io: io)
        var tracker = ProgressTracker(index: settings.index)
        var fixes = Simulator(index: settings.index)
        var progress: RouteProgress?
        for _ in 0..<30 { if let fix = fixes.next() { progress = tracker.update(fix.position) } }
        return StatusLine(settings: settings).render(progress: progress, muted: muted, speedup: 4, paused: false, wallRemaining: nil)
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
}
