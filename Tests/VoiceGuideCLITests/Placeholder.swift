import Testing
@testable import VoiceGuideCLI
@Test func VoiceGuideCLIBuilds() { #expect(Bool(true)) }
