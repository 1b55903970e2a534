import Testing
@testable import Phrasing
@Test func PhrasingBuilds() { #expect(Bool(true)) }
