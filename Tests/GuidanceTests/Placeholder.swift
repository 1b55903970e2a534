import Testing
@testable import Guidance
@Test func GuidanceBuilds() { #expect(Bool(true)) }
