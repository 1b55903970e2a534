import Testing
@testable import RouteModel
@Test func RouteModelBuilds() { #expect(Bool(true)) }
