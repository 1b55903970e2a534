import Testing
@testable import SpeechESpeakNG
@Test func SpeechESpeakNGBuilds() { #expect(Bool(true)) }
