import Testing
@testable import Speech
@Test func SpeechBuilds() { #expect(Bool(true)) }
